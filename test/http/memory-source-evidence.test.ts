/**
 * Issue 26, round 6: a memory inherits the evidence of the passage it was stated in. A one-line fact often does not
 * say what a question asks ("When did Caroline go to the support group?" against "Caroline found it deeply moving."),
 * while its source turn does; memories mode reads the chunk search beside the memory search, ranks a fact by its
 * own similarity and its best source passage's, and takes the facts of the best passages as candidates too.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const SUPPORT_GROUP = '[8 May 2023] Caroline: I went to the LGBTQ support group yesterday, and the stories there were so powerful.';
const PAINT = '[9 May 2023] Caroline: I bought new brushes at the art store downtown.';

async function setUp(env: Record<string, string> = {}) {
  const rt = await createTestRuntime(env);
  const app = rt.app.callback();
  const ids: string[] = [];
  for (const content of [SUPPORT_GROUP, PAINT]) ids.push((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'conv' })).body.id);
  await rt.settle();
  // The facts are written as the test needs them (not as the extractor words them).
  for (const id of ids) {
    const own = await rt.store.memories.memoriesOfDocument(DEFAULT_ORG_ID, id);
    await rt.store.memories.deleteMemories(
      DEFAULT_ORG_ID,
      own.map((m) => m.id),
    );
  }
  const [moved, store] = await storeMemories(rt, [
    memoryRecord({ memory: 'Caroline found it deeply moving.', subject: 'Caroline', containerTags: ['conv'], documentIds: [ids[0]!] }),
    memoryRecord({ memory: 'Caroline went to the support store for paint.', subject: 'Caroline', containerTags: ['conv'], documentIds: [ids[1]!] }),
  ]);
  return { rt, app, moved: moved!, store: store! };
}

const search = (app: Parameters<typeof request>[0], q: string) => request(app).post('/v4/search').set(auth).send({ q, containerTag: 'conv', searchMode: 'memories', threshold: 0 });

describe('memories mode: a memory inherits the evidence of its source passage', () => {
  let on: Awaited<ReturnType<typeof setUp>>;
  let off: Awaited<ReturnType<typeof setUp>>;
  const q = 'When did Caroline go to the LGBTQ support group?';

  beforeAll(async () => {
    on = await setUp();
    off = await setUp({ MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT: '0' });
  });
  afterAll(async () => {
    await on?.rt.close();
    await off?.rt.close();
  });

  it('ranks the fact of the passage that answers first, though its own words match less', async () => {
    const without = await search(off.app, q);
    expect(without.status).toBe(200);
    // On its own text, the word match ("support", "went") wins.
    expect(without.body.results[0].memory).toBe(off.store.memory);
    const res = await search(on.app, q);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { memory: string }) => r.memory)).toEqual([on.moved.memory, on.store.memory]);
    expect(res.body.results[0].similarity).toBeGreaterThan(res.body.results[1].similarity);
  });

  it('takes the facts of the best passages as candidates when the memory retrievers miss them', async () => {
    const vector = vi.spyOn(on.rt.store.memories, 'memoryVectorSearch').mockResolvedValue([]);
    const words = vi.spyOn(on.rt.store.memories, 'memoryKeywordSearch').mockResolvedValue([]);
    try {
      const res = await search(on.app, q);
      expect(res.status).toBe(200);
      expect(res.body.results[0]?.memory).toBe(on.moved.memory);
    } finally {
      vector.mockRestore();
      words.mockRestore();
    }
    // Without source evidence nothing brings them in.
    const v2 = vi.spyOn(off.rt.store.memories, 'memoryVectorSearch').mockResolvedValue([]);
    const w2 = vi.spyOn(off.rt.store.memories, 'memoryKeywordSearch').mockResolvedValue([]);
    try {
      expect((await search(off.app, q)).body.results).toEqual([]);
    } finally {
      v2.mockRestore();
      w2.mockRestore();
    }
  });

  it('keeps forgotten facts and other tags out of the candidates it adds', async () => {
    await on.rt.store.memories.updateMemory(DEFAULT_ORG_ID, on.moved.id, { isForgotten: true, forgottenAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    const vector = vi.spyOn(on.rt.store.memories, 'memoryVectorSearch').mockResolvedValue([]);
    const words = vi.spyOn(on.rt.store.memories, 'memoryKeywordSearch').mockResolvedValue([]);
    try {
      const res = await search(on.app, q);
      expect(res.body.results.map((r: { memory: string }) => r.memory)).not.toContain(on.moved.memory);
      const other = await request(on.app).post('/v4/search').set(auth).send({ q, containerTag: 'elsewhere', searchMode: 'memories', threshold: 0 });
      expect(other.body.results).toEqual([]);
    } finally {
      vector.mockRestore();
      words.mockRestore();
      await on.rt.store.memories.updateMemory(DEFAULT_ORG_ID, on.moved.id, { isForgotten: false, forgottenAt: null, updatedAt: new Date().toISOString() });
    }
  });
});

describe('memories mode: source evidence does not lift a fact of another attribute than the one asked about', () => {
  it('answers "where does she live" with the residence, not the job stated in a passage about where she lives', async () => {
    const rt = await createTestRuntime();
    try {
      const app = rt.app.callback();
      const job = (
        await request(app).post('/v3/documents').set(auth).send({ content: '[3 June 2023] Caroline: Where do I live? I live where I work, nights as a nurse, so I live at the hospital.', containerTag: 'gate' })
      ).body.id;
      const home = (await request(app).post('/v3/documents').set(auth).send({ content: '[4 June 2023] Caroline: Got the keys to the flat on Elm Street!', containerTag: 'gate' })).body.id;
      await rt.settle();
      for (const id of [job, home]) {
        const own = await rt.store.memories.memoriesOfDocument(DEFAULT_ORG_ID, id);
        await rt.store.memories.deleteMemories(
          DEFAULT_ORG_ID,
          own.map((m) => m.id),
        );
      }
      await storeMemories(rt, [
        memoryRecord({ memory: 'Caroline works as a nurse.', subject: 'Caroline', attribute: 'role', containerTags: ['gate'], documentIds: [job] }),
        memoryRecord({ memory: 'Caroline lives on Elm Street.', subject: 'Caroline', attribute: 'residence', containerTags: ['gate'], documentIds: [home] }),
      ]);
      const res = await request(app).post('/v4/search').set(auth).send({ q: 'Where does Caroline live?', containerTag: 'gate', searchMode: 'memories', threshold: 0 });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { memory: string }) => r.memory)).toEqual(['Caroline lives on Elm Street.', 'Caroline works as a nurse.']);
    } finally {
      await rt.close();
    }
  });
});
