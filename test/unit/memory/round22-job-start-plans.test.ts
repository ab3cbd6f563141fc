/**
 * Issue 26, round 22 (judge24): a planned job start ("starting at N26 next month") is the job once its date has passed
 * when the memory step runs, and never before.
 */
import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { factsReader } from './memory-fixture.js';

const read = factsReader();

/** The latest employer memories of the tag after the documents, each remembered at `now`. */
async function employersAt(now: string, ...docs: [string, string][]): Promise<string[]> {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  try {
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    for (const [i, [content, date]] of docs.entries()) {
      await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now, statedAt: `${date}T10:00:00.000Z` }, read(content, date));
    }
    return (await store.memories.findMemoriesBySubject('org', ['u'], 'Ben', 'employer')).filter((m) => m.isLatest && !m.isForgotten).map((m) => m.memory);
  } finally {
    await store.close();
  }
}

const chat: [string, string][] = [
  ['Ben: I work at Revolut, compliance team\nOla: fancy', '2026-01-16'],
  ['Ben: handed in my notice, starting at N26 next month\nOla: whoa congrats', '2026-03-17'],
];

describe('a planned job start', () => {
  it('is the job once its date has passed', async () => {
    expect(await employersAt('2026-11-29T09:00:00.000Z', ...chat)).toEqual(['Ben works at N26.']);
  });

  it('is not the job before its date', async () => {
    const now = await employersAt('2026-03-20T09:00:00.000Z', ...chat);
    expect(now).toEqual(['Ben works at Revolut, compliance team.']);
  });

  it('stays a plan when the start is in doubt', async () => {
    const unsure = await employersAt('2026-11-29T09:00:00.000Z', chat[0]!, ['Ben: might be starting at N26 next month, fingers crossed\nOla: good luck', '2026-03-17']);
    expect(unsure).not.toContain('Ben works at N26.');
  });
});
