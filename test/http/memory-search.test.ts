/**
 * Issue 26: hybrid search returns each text once; a search reads the version context and the source documents of
 * its page in one batch each (it ran a version-history query per memory hit), and so does a list with history;
 * docId scopes memories before the limit.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('memory search: one result per text, batched reads', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  const chains: MemoryRecord[][] = [];
  let docId: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    const added = await request(app).post('/v3/documents').set(auth).send({ content: 'Dana keeps bees on the roof of her house.', containerTag: 'hyb' });
    docId = added.body.id;
    await rt.settle();
    await storeMemories(rt, [memoryRecord({ memory: 'Dana keeps bees on the roof of her house.', containerTags: ['hyb'], documentIds: [docId] })]);
    // Twelve chains of three versions about lanterns, each with a source document.
    for (let i = 0; i < 12; i++) {
      const v1 = memoryRecord({ memory: `Dana owns lantern number ${i}, an old one.`, containerTags: ['batch'], documentIds: [docId], createdAt: '2026-01-01T00:00:00.000Z' });
      const v2 = memoryRecord({ ...v1, id: `${v1.id}-2`, memory: `Dana owns lantern number ${i}, a newer one.`, version: 2, parentMemoryId: v1.id, relation: 'updates' });
      const v3 = memoryRecord({ ...v1, id: `${v1.id}-3`, memory: `Dana owns lantern number ${i}, the newest one.`, version: 3, parentMemoryId: v2.id, relation: 'updates', documentIds: i % 3 === 0 ? [docId] : [] });
      await storeMemories(rt, [{ ...v1, isLatest: false }, { ...v2, isLatest: false }, v3]);
      chains.push([v1, v2, v3]);
    }
  });
  afterAll(() => rt?.close());

  it('hybrid search folds a chunk and a memory with the same text into one result, the memory', async () => {
    const res = await request(app).post('/v4/search').set(auth).send({ q: 'Where does Dana keep bees?', containerTag: 'hyb', threshold: 0 });
    expect(res.status).toBe(200);
    const texts = res.body.results.map((r: { memory?: string; chunk?: string }) => (r.memory ?? r.chunk)!.toLowerCase().replace(/[.\s]+$/, ''));
    expect(new Set(texts).size).toBe(texts.length);
    const bees = res.body.results.filter((r: { memory?: string; chunk?: string }) => /bees/.test(r.memory ?? r.chunk ?? ''));
    expect(bees).toHaveLength(1);
    expect(bees[0].resultType).toBe('memory');
    // The folded chunk's document stays named on the result (clients read documentId off hybrid results).
    expect(bees[0].documentId).toBe(docId);
  });

  it('reads the version context and source documents of a page in one batch each', async () => {
    const history = vi.spyOn(rt.store.memories, 'memoryHistory');
    const single = vi.spyOn(rt.store.memories, 'getMemory');
    const documents = vi.spyOn(rt.store.documents, 'getDocumentsByIds');
    try {
      const res = await request(app)
        .post('/v4/search')
        .set(auth)
        .send({ q: 'Dana lantern newest', containerTag: 'batch', searchMode: 'memories', threshold: 0, limit: 10, include: { documents: true, relatedMemories: true } });
      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(10);
      for (const r of res.body.results) {
        const chain = chains.find((c) => c[2]!.id === r.id)!;
        expect(r.context.parents.map((p: { memory: string; version: number }) => [p.memory, p.version])).toEqual([
          [chain[1]!.memory, -1],
          [chain[0]!.memory, -2],
        ]);
        expect(r.context.children).toEqual([]);
        expect(r.documents.map((d: { id: string }) => d.id)).toEqual(chain[2]!.documentIds);
      }
      expect(history).not.toHaveBeenCalled();
      expect(single).not.toHaveBeenCalled();
      expect(documents.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('lists memories with their history in one read of the chains', async () => {
    const history = vi.spyOn(rt.store.memories, 'memoryHistory');
    try {
      const res = await request(app).post('/v4/memories/list').set(auth).send({ containerTag: 'batch', history: true, limit: 12 });
      expect(res.status).toBe(200);
      expect(res.body.memoryEntries).toHaveLength(12);
      for (const e of res.body.memoryEntries) {
        const chain = chains.find((c) => c[2]!.id === e.id)!;
        expect(e.history.map((h: { id: string; version: number }) => [h.id, h.version])).toEqual(chain.map((m) => [m.id, m.version]));
      }
      expect(history).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('docId keeps the memories of that document, up to the limit', async () => {
    const res = await request(app).post('/v4/search').set(auth).send({ q: 'Dana lantern', containerTag: 'batch', searchMode: 'memories', threshold: 0, limit: 3, docId });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(3);
    const withDoc = new Set(chains.filter((c) => c[2]!.documentIds.includes(docId)).map((c) => c[2]!.id));
    for (const r of res.body.results) expect(withDoc.has(r.id)).toBe(true);
  });
});

describe('hybrid search and profile questions embed the question once', () => {
  let rt: TestRuntime;
  const queries: string[] = [];

  beforeAll(async () => {
    // A model takes milliseconds per query: both sides of a hybrid search ask while the first call is in flight.
    const hash = createHashEmbedder();
    const slow: Embedder = {
      ...hash,
      embedQuery: async (text) => {
        queries.push(text);
        await new Promise((r) => setTimeout(r, 30));
        return hash.embedQuery(text);
      },
    };
    rt = await createTestRuntime({}, { embedder: slow });
    await storeMemories(rt, [memoryRecord({ memory: 'Dana keeps bees on the roof.', containerTags: ['once'] })]);
  });
  afterAll(() => rt?.close());

  it('one query embedding for the memory and the chunk side', async () => {
    const app = rt.app.callback();
    queries.length = 0;
    const res = await request(app).post('/v4/search').set(auth).send({ q: 'Where are the bees?', containerTag: 'once', threshold: 0 });
    expect(res.status).toBe(200);
    expect(res.body.results.some((r: { memory?: string }) => /bees/.test(r.memory ?? ''))).toBe(true);
    expect(queries).toEqual(['Where are the bees?']);
    const profile = await request(app).post('/v4/profile').set(auth).send({ containerTag: 'once', q: 'Who keeps bees?' });
    expect(profile.status).toBe(200);
    expect(queries).toEqual(['Where are the bees?', 'Who keeps bees?']);
    // Nothing is kept once a search is answered: the same question later is embedded again.
    await request(app).post('/v4/search').set(auth).send({ q: 'Where are the bees?', containerTag: 'once', threshold: 0 });
    expect(queries).toHaveLength(3);
  });
});
