import { describe, expect, it } from 'vitest';
import { factsOfDirectWrite } from '../../../src/memory/direct-write.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import type { ExtractedFact } from '../../../src/memory/types.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/** Direct writes (POST /v4/memories) as agents phrase them: "The user ...", "X now reports to Y" (sentences written for this test). */
const written = (content: string) => factsOfDirectWrite(content, undefined, '2026-05-10T10:00:00.000Z');
const read = (content: string, date: string) => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;

async function current(...steps: [ExtractedFact[], string][]): Promise<string[]> {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
  for (const [i, [facts, date]] of steps.entries()) {
    await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, facts);
  }
  const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.map((m) => m.memory);
  await store.close();
  return latest;
}

describe('a direct write in the third person', () => {
  it('"The user ..." is the user\'s fact, with its attribute, in the caller\'s words', () => {
    expect(written('The user lives in Lisbon now.')).toMatchObject([{ text: 'The user lives in Lisbon now.', subject: 'the user', attribute: 'residence' }]);
    expect(written("The user's manager is Irene.")).toMatchObject([{ subject: 'the user', attribute: 'manager' }]);
    expect(written('User studies law at UCL.')).toMatchObject([{ subject: 'the user', attribute: 'education' }]);
  });

  it('versions the fact a document stated', async () => {
    const latest = await current([read('I live in Cork with my partner.', '2026-01-10'), '2026-01-10'], [written('The user lives in Lisbon now.'), '2026-05-10']);
    expect(latest.some((m) => /Lisbon/.test(m))).toBe(true);
    expect(latest.some((m) => /Cork/.test(m))).toBe(false);
  });

  it('"X now reports to Y" is X\'s manager and versions "X\'s manager is Z"', async () => {
    expect(written('Omar now reports to Hana Ito.')).toMatchObject([{ subject: 'Omar', attribute: 'manager' }]);
    const latest = await current([written("Omar's manager is Lev Brandt."), '2026-02-01'], [written('Omar now reports to Hana Ito.'), '2026-07-01']);
    expect(latest).toContain('Omar now reports to Hana Ito.');
    expect(latest.some((m) => /Lev Brandt/.test(m))).toBe(false);
  });

  it('other text is kept as written', () => {
    expect(written('Users prefer dark mode.')).toMatchObject([{ text: 'Users prefer dark mode.', subject: null }]);
  });
});
