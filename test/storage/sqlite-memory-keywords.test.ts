/**
 * Issue 26 (speed): the SQLite memory keyword search checks the organisation and the tags on the rows its terms match,
 * after the match, rather than as scope tokens inside it (bm25 read the whole posting list of each scope token once
 * per query). The rows outside the scope must then neither take the places of the scope's own rows nor change their
 * scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { queryTerms } from '../../src/text/tokenize.js';
import { makeMemory } from './memory-contract.js';
import { makeOrg } from './store-fixtures.js';

const orgA = makeOrg('keywords-a');
const orgB = makeOrg('keywords-b');
let store: SqliteStore;

beforeAll(async () => {
  store = new SqliteStore(':memory:');
  await store.migrate();
  for (const o of [orgA, orgB]) await store.accounts.upsertOrganization(o);
});
afterAll(() => store.close());

describe('SQLite memory keyword search scope', () => {
  it("finds a tag's own matches when better matches of other tags and organisations fill more than the limit", async () => {
    const own = makeMemory(orgA.id, { memory: 'Dana walked past the heron pond.', containerTags: ['user-a'] });
    const shared = makeMemory(orgA.id, { memory: 'The heron pond has a heron and a heron chick.', containerTags: ['user-a', 'user-b'] });
    await store.memories.insertMemory(own);
    await store.memories.insertMemory(shared);
    for (let i = 0; i < 6; i++) {
      await store.memories.insertMemory(makeMemory(orgA.id, { memory: `Heron heron pond ${i}.`, containerTags: ['user-b'] }));
      await store.memories.insertMemory(makeMemory(orgB.id, { memory: `Heron heron pond ${i}.`, containerTags: ['user-a'] }));
    }
    await store.memories.insertMemory(makeMemory(orgA.id, { memory: 'A forgotten heron pond.', containerTags: ['user-a'], isForgotten: true }));
    const kw = (o: object) => store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('heron pond'), limit: 2, ...o });

    const inTag = await kw({ containerTags: ['user-a'] });
    expect(inTag.map((c) => c.memoryId).sort()).toEqual([own.id, shared.id].sort());
    // Each row scores the same whatever else the scope holds: the organisation-wide search of many rows agrees.
    const wide = new Map((await store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('heron pond'), limit: 50 })).map((c) => [c.memoryId, c.score]));
    for (const c of inTag) expect(c.score).toBe(wide.get(c.memoryId));
    expect(wide.size).toBe(8);
    // Any of a memory's tags finds it; another organisation's rows never come back.
    expect((await kw({ containerTags: ['user-b'] })).map((c) => c.memoryId)).not.toContain(own.id);
    expect((await kw({ containerTags: ['user-c', 'user-a'] })).map((c) => c.memoryId).sort()).toEqual([own.id, shared.id].sort());
    expect((await store.memories.memoryKeywordSearch(orgB.id, { terms: queryTerms('heron pond'), limit: 50, containerTags: ['user-a'] })).length).toBe(6);
  });
});
