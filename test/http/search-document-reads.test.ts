/**
 * Issue 28 (1M cold p95): a hybrid /v4/search keeps 50 chunk hits as the memory side's source evidence, which needs
 * only each chunk's document id. Document heads are read for the chunks the page shows (or folds into a memory),
 * not for all 50: these tests count the documents read through the store.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const THINGS = ['fence', 'door', 'shed', 'bike', 'room', 'desk', 'chair', 'boat', 'gate', 'wall', 'kite', 'mug', 'vase', 'lamp', 'sign', 'box', 'pot', 'stool', 'frame', 'drum'];

describe('hybrid search reads the documents of the page only', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  let getDocumentHeads: TestRuntime['store']['documents']['getDocumentHeads'];
  const read: string[][] = [];

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    const ids: string[] = [];
    for (const [i, thing] of THINGS.entries()) {
      const content = `On ${i + 1} May Melanie painted the ${thing} blue in her garden.`;
      const res = await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'paint' });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    await rt.settle(50_000);
    // Half of the documents without their memories, so that the page holds chunk results as well as memories.
    for (const id of ids.filter((_, i) => i % 2 === 0)) {
      const own = await rt.store.memories.memoriesOfDocument(DEFAULT_ORG_ID, id);
      await rt.store.memories.deleteMemories(
        DEFAULT_ORG_ID,
        own.map((m) => m.id),
      );
    }
    getDocumentHeads = rt.store.documents.getDocumentHeads.bind(rt.store.documents);
  });
  afterEach(() => {
    rt.store.documents.getDocumentHeads = getDocumentHeads;
    read.length = 0;
  });
  afterAll(async () => {
    await rt?.close();
  });

  const counting = (drop: ReadonlySet<string> = new Set()) => {
    rt.store.documents.getDocumentHeads = async (orgId, ids) => {
      read.push([...ids]);
      return (await getDocumentHeads(orgId, ids)).filter((d) => !drop.has(d.id));
    };
  };
  const search = (body: Record<string, unknown>) =>
    request(app)
      .post('/v4/search')
      .set(auth)
      .send({ q: 'What did Melanie paint blue?', containerTag: 'paint', threshold: 0, searchMode: 'hybrid', ...body });
  type Result = { resultType: 'chunk' | 'memory'; documentId?: string; chunk?: string; title?: unknown };

  it('with limit 5, reads the heads of at most 5 documents, and every chunk result still carries its document', async () => {
    counting();
    const res = await search({ limit: 5 });
    expect(res.status).toBe(200);
    const results = res.body.results as Result[];
    expect(results).toHaveLength(5);
    const readIds = new Set(read.flat());
    expect(readIds.size).toBeGreaterThan(0);
    expect(readIds.size).toBeLessThanOrEqual(5);
    const chunks = results.filter((r) => r.resultType === 'chunk');
    expect(chunks.length).toBeGreaterThan(0);
    expect(results.some((r) => r.resultType === 'memory')).toBe(true);
    for (const r of chunks) {
      expect(readIds.has(r.documentId!)).toBe(true);
      expect(r).toHaveProperty('title');
    }
    // A memory that folded a chunk names that chunk's document, which was read too (it could have been deleted).
    for (const r of results.filter((r) => r.resultType === 'memory' && r.documentId)) expect(readIds.has(r.documentId!)).toBe(true);
  });

  it('a memories-only search reads no document heads', async () => {
    counting();
    const res = await search({ limit: 5, searchMode: 'memories' });
    expect(res.status).toBe(200);
    expect(read.flat()).toEqual([]);
  });

  it('a chunk whose document is gone by the time heads are read is left out, and the page is filled from the next', async () => {
    counting();
    const first = (await search({ limit: 5, searchMode: 'documents' })).body.results as Result[];
    const gone = first[0]!.documentId!;
    read.length = 0;
    counting(new Set([gone]));
    const res = await search({ limit: 5 });
    expect(res.status).toBe(200);
    const results = res.body.results as Result[];
    expect(results).toHaveLength(5);
    expect(results.filter((r) => r.resultType === 'chunk').map((r) => r.documentId)).not.toContain(gone);
    expect(results.map((r) => r.documentId)).not.toContain(gone);
  });
});
