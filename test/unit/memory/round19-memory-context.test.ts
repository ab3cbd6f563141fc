/**
 * Issue 26 (round 19): the context a memory's vector carries (memory/memory-context.ts). A chat stored one turn per
 * document embeds each memory with its source turn and the same-day turn stored before it; anything else embeds its
 * text alone.
 */
import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { storedVectorContext, turnVectorContext, withVectorContext } from '../../../src/memory/memory-context.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { makeDocument, makeOrg } from '../../storage/store-fixtures.js';

const DATE = '2026-05-03T14:00:00.000Z';
const ASK = '[2:00 pm on 3 May, 2026] Priya: How did the charity match go? Did your teammates sign the basketball?';
const ANSWER = '[2:01 pm on 3 May, 2026] Tom: Yes! They all signed it to show our friendship, I keep it on my shelf.';

describe('turnVectorContext', () => {
  it('is the same-day turn before and the turn itself, oldest first', () => {
    expect(turnVectorContext(ANSWER, ['[1:58 pm on 3 May, 2026] Tom: Hi Priya!', ASK], DATE)).toBe(`${ASK}\n${ANSWER}`);
  });

  it('is none after a turn of another day, a document that is not one chat turn, or nothing', () => {
    expect(turnVectorContext(ANSWER, ['[9:00 am on 20 April, 2026] Priya: Did your teammates sign the basketball?'], DATE)).toBeNull();
    expect(turnVectorContext(ANSWER, ['Shopping list: basketball, pump, chalk.'], DATE)).toBeNull();
    expect(turnVectorContext(ANSWER, [`${ASK}\n[2:00 pm on 3 May, 2026] Tom: One sec.`], DATE)).toBeNull();
    expect(turnVectorContext(ANSWER, [], DATE)).toBeNull();
  });

  it('gives a note, or a whole transcript, no context: its facts embed their text alone', () => {
    expect(turnVectorContext('I moved to Seattle in September.', [ASK], DATE)).toBeNull();
    // A note that reads as one "Label: ..." turn, first of its day, embeds its facts alone.
    expect(turnVectorContext('Client: Mrs Joan Pryce, 84. Lives alone. Mobility: walks to the shops daily.', [], DATE)).toBeNull();
    expect(turnVectorContext(`${ASK}\n${ANSWER}`, [ASK], DATE)).toBeNull();
  });

  it('puts the fact first and leaves a fact without context as it is', () => {
    expect(withVectorContext('Tom keeps it on a shelf.', 'ctx')).toBe('Tom keeps it on a shelf.\nctx');
    expect(withVectorContext('Tom keeps it on a shelf.', null)).toBe('Tom keeps it on a shelf.');
  });
});

describe('a memory of a one-turn chat document, by meaning', () => {
  it('is found by a question naming what only the turn before says, and its text stays the fact', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const embedder = createHashEmbedder();
    const org = makeOrg('turns');
    await store.accounts.upsertOrganization(org);
    const deps = { memories: store.memories, embedder, judge: createHeuristicJudge() };
    const docs = ['[9:00 am on 20 April, 2026] Tom: I keep my running shoes by the front door so I never skip a run.', ASK, ANSWER];
    const ids: string[] = [];
    for (const content of docs) {
      const doc = makeDocument(org.id, { containerTags: ['chat'], content });
      ids.push(doc.id);
      await store.documents.insertDocument(doc);
      const facts = extractFacts({ content, title: null, type: 'text', documentDate: DATE, metadata: {}, entityContext: null }).facts;
      const vectorContext = await storedVectorContext(store.documents, org.id, doc, DATE);
      await rememberFacts(deps, { orgId: org.id, containerTags: ['chat'], documentId: doc.id, now: DATE, vectorContext }, facts);
    }
    // A question naming the basketball, which only Priya's turn says: the two memories closest in meaning.
    const vector = await embedder.embedQuery('Who signed the basketball?');
    const found = await store.memories.memoryVectorSearch(org.id, { containerTags: ['chat'], vector, model: embedder.id, limit: 2 });
    const memories = await store.memories.getMemoriesByIds(
      org.id,
      found.map((f) => f.memoryId),
    );
    const answer = memories.find((m) => m.documentIds.includes(ids[2]!));
    expect(answer?.memory).toMatch(/shelf/);
    expect(answer?.memory).not.toMatch(/basketball|Priya/);
    await store.close();
  });
});
