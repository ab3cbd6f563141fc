import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyRecord } from '../../src/services/auth.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

type Headers = Record<string, string>;
type Entry = Record<string, unknown> & { id: string; memory: string; containerTags: string[]; documentIds: string[] };
type GraphDocument = Record<string, unknown> & { id: string; memoryEntries: Entry[] };

const CAROLINE = 'Caroline moved to Boston last year. She works as a nurse.';
const MELANIE = 'Melanie adopted a dog named Oscar. She teaches painting classes on weekends.';

/** POST /v3/documents/documents and /by-ids: documents with their memory entries (the memory graph's data source). */
describe('documents with memories', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const as = (key: string): Headers => ({ authorization: `Bearer ${key}` });
  const get = (path: string, headers: Headers = auth) => request(server).get(path).set(headers);
  const post = (path: string, body: unknown, headers: Headers = auth) =>
    request(server)
      .post(path)
      .set(headers)
      .send(body as object);
  const add = async (body: Record<string, unknown>, headers: Headers = auth) => {
    const res = await post('/v3/documents', body, headers);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const graph = async (body: Record<string, unknown>, headers: Headers = auth) => {
    const res = await post('/v3/documents/documents', body, headers);
    expect(res.status).toBe(200);
    return res.body as { documents: GraphDocument[]; pagination: Record<string, number> };
  };
  const byIds = async (body: Record<string, unknown>, headers: Headers = auth) => {
    const res = await post('/v3/documents/documents/by-ids', body, headers);
    expect(res.status).toBe(200);
    return res.body as { documents: GraphDocument[]; pagination: Record<string, number> };
  };
  /** Ids of the tag's memories per /v4/memories/list, every version, forgotten ones included. */
  const memoryIds = async (containerTag: string) => {
    const { memories } = await rt.store.memories.listMemories('org_default', {
      containerTags: [containerTag],
      includeForgotten: true,
      includeSuperseded: true,
      limit: 1000,
      offset: 0,
    });
    return memories.map((m) => m.id).sort();
  };

  let caroline: string;
  let melanie: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
    caroline = await add({ content: CAROLINE, containerTag: 'graph-caroline', customId: 'chat-1', metadata: { source: 'chat', session: 1 } });
    melanie = await add({ content: MELANIE, containerTag: 'graph-melanie', customId: 'chat-1' });
    await rt.settle();
  });
  afterAll(() => rt.close());

  it('answers each document with every field of GET /v3/documents/{id} and its memory entries', async () => {
    const { documents, pagination } = await graph({ containerTags: ['graph-caroline'] });
    expect(pagination).toEqual({ currentPage: 1, limit: 10, totalItems: 1, totalPages: 1 });
    const [doc] = documents;
    const single = (await get(`/v3/documents/${caroline}`)).body as Record<string, unknown>;
    const { memoryEntries, ...fields } = doc!;
    expect(fields).toEqual({ ...single, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(fields).toMatchObject({ status: 'done', chunkCount: expect.any(Number), tokenCount: expect.any(Number), processingMetadata: expect.any(Object) });

    // The offline extractor learned from the document; every memory naming it is listed, with its source link.
    expect(memoryEntries.length).toBeGreaterThan(0);
    expect(memoryEntries.map((m) => m.id).sort()).toEqual(await memoryIds('graph-caroline'));
    expect(memoryEntries.map((m) => m.memory).join(' ')).toMatch(/Boston/);
    for (const m of memoryEntries) {
      expect(m).toMatchObject({
        version: 1,
        isLatest: true,
        isForgotten: false,
        documentIds: [caroline],
        containerTags: ['graph-caroline'],
        memoryRelations: {},
        sourceRelevanceScore: 1,
        sourceMetadata: { source: 'chat', session: 1 },
        spaceContainerTag: 'graph-caroline',
      });
      expect(Date.parse(m.sourceAddedAt as string)).toBeGreaterThanOrEqual(Date.parse(doc!.createdAt as string));
    }
  });

  it('pages, sorts and filters by tag and source', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await add({ content: `Paging note ${n}: the team meets on Mondays.`, containerTag: 'graph-pages' }));
    await rt.settle();
    const first = await graph({ containerTags: ['graph-pages'], limit: 2, sort: 'createdAt', order: 'asc' });
    expect(first.documents.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination).toEqual({ currentPage: 1, limit: 2, totalItems: 3, totalPages: 2 });
    const second = await graph({ containerTags: ['graph-pages'], limit: '2', page: '2', sort: 'createdAt', order: 'asc' });
    expect(second.documents.map((d) => d.id)).toEqual(ids.slice(2));
    expect((await graph({ containerTags: ['graph-pages'] })).documents.map((d) => d.id)).toEqual([...ids].reverse());

    // Documents added over the API have the source "api".
    const api = await graph({ containerTags: ['graph-pages'], sources: ['api'], limit: 2, page: 2, order: 'asc' });
    expect(api.documents.map((d) => d.id)).toEqual(ids.slice(2));
    expect(api.pagination).toEqual({ currentPage: 2, limit: 2, totalItems: 3, totalPages: 2 });
    expect((await graph({ sources: ['notion'] })).pagination.totalItems).toBe(0);

    // Without tags: every document of the organisation.
    const all = await graph({ limit: 1100 });
    expect(all.documents.map((d) => d.id)).toEqual(expect.arrayContaining([caroline, melanie, ...ids]));
    expect(all.pagination.totalItems).toBe(all.documents.length);
  });

  it('lists every version of a memory and forgotten ones, linked by memoryRelations', async () => {
    const doc = await add({ content: CAROLINE, containerTag: 'graph-versions' });
    await rt.settle();
    const [original] = (await graph({ containerTags: ['graph-versions'] })).documents[0]!.memoryEntries;
    expect(original).toBeDefined();
    const updated = await request(server).patch('/v4/memories').set(auth).send({ containerTag: 'graph-versions', id: original!.id, newContent: 'Caroline moved to Chicago in 2025.' });
    expect(updated.status).toBe(200);

    const entries = (await graph({ containerTags: ['graph-versions'] })).documents[0]!.memoryEntries;
    const old = entries.find((m) => m.id === original!.id)!;
    const next = entries.find((m) => m.id === updated.body.id)!;
    expect(old).toMatchObject({ isLatest: false, version: 1 });
    expect(next).toMatchObject({ isLatest: true, version: 2, parentMemoryId: original!.id, relation: 'updates', memoryRelations: { [original!.id]: 'updates' }, documentIds: [doc] });

    const forgotten = await request(server).delete('/v4/memories').set(auth).send({ containerTag: 'graph-versions', id: next.id });
    expect(forgotten.status).toBe(200);
    const after = (await graph({ containerTags: ['graph-versions'] })).documents[0]!.memoryEntries;
    expect(after.find((m) => m.id === next.id)).toMatchObject({ isForgotten: true });
  });

  it('by-ids: by id or by customId, in the order asked, unknown ids left out', async () => {
    const byId = await byIds({ ids: [melanie, 'no-such-document', caroline, melanie] });
    expect(byId.documents.map((d) => d.id)).toEqual([melanie, caroline]);
    expect(byId.pagination).toMatchObject({ currentPage: 1, totalItems: 2, totalPages: 1 });
    expect(byId.documents[1]!.memoryEntries.map((m) => m.id).sort()).toEqual(await memoryIds('graph-caroline'));
    expect(byId.documents[0]!.memoryEntries.every((m) => m.containerTags.includes('graph-melanie'))).toBe(true);

    // "chat-1" is a customId under two tags: both documents, unless the tags narrow it.
    const both = await byIds({ ids: ['chat-1'], by: 'customId' });
    expect(both.documents.map((d) => d.id).sort()).toEqual([caroline, melanie].sort());
    const one = await byIds({ ids: ['chat-1'], by: 'customId', containerTags: ['graph-melanie'] });
    expect(one.documents.map((d) => d.id)).toEqual([melanie]);
    expect((await byIds({ ids: [caroline], containerTags: ['graph-melanie'] })).documents).toEqual([]);
    expect((await byIds({ ids: ['chat-1'] })).documents).toEqual([]);
  });

  it('validates input and keeps "documents" from being read as a document id', async () => {
    for (const body of [{ limit: 1101 }, { limit: 0 }, { page: 0 }, { sort: 'title' }, { containerTags: ['bad tag'] }, { sources: 'api' }]) {
      expect((await post('/v3/documents/documents', body)).status).toBe(400);
    }
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: ['x'], by: 'title' }, { ids: Array.from({ length: 1101 }, (_, i) => `d${i}`) }]) {
      expect((await post('/v3/documents/documents/by-ids', body)).status).toBe(400);
    }
    expect((await request(server).post('/v3/documents/documents')).status).toBe(401);
    // GET has no such route: "documents" is then looked up as an id, and no document has it.
    expect((await get('/v3/documents/documents')).body.code).toBe('DOCUMENT_NOT_FOUND');
  });

  it('scoped keys see only their tag: documents and memories; other tags answer 403', async () => {
    const shared = await add({ content: 'Caroline and Melanie went camping in June.', containerTags: ['graph-caroline', 'graph-melanie'] });
    await rt.settle();
    const minted = await post('/v3/auth/scoped-key', { containerTag: 'graph-caroline' });
    expect(minted.status).toBe(200);
    const scoped = as(minted.body.key as string);

    const seen = await graph({}, scoped);
    expect(seen.documents.map((d) => d.id).sort()).toEqual([caroline, shared].sort());
    expect(seen.pagination.totalItems).toBe(2);
    for (const d of seen.documents) for (const m of d.memoryEntries) expect(m.containerTags).toContain('graph-caroline');
    expect((await graph({ containerTags: ['graph-caroline'] }, scoped)).documents).toHaveLength(2);

    for (const res of [
      await post('/v3/documents/documents', { containerTags: ['graph-melanie'] }, scoped),
      await post('/v3/documents/documents', { containerTags: ['graph-caroline', 'graph-melanie'] }, scoped),
      await post('/v3/documents/documents/by-ids', { ids: [melanie], containerTags: ['graph-melanie'] }, scoped),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await byIds({ ids: [melanie, caroline] }, scoped)).documents.map((d) => d.id)).toEqual([caroline]);
    expect((await byIds({ ids: ['chat-1'], by: 'customId' }, scoped)).documents.map((d) => d.id)).toEqual([caroline]);
  });

  it('keeps two organisations apart', async () => {
    const otherKey = 'other-org-key-memory-graph-0123456789';
    await rt.store.accounts.upsertOrganization({ id: 'org_graph', name: 'Graph', slug: 'graph', createdAt: new Date().toISOString() });
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_graph', name: 'other', key: otherKey, kind: 'root', now: new Date().toISOString() }));
    const other = as(otherKey);
    const theirs = await add({ content: CAROLINE, containerTag: 'graph-caroline', customId: 'chat-1' }, other);
    await rt.settle();

    const mine = await graph({ containerTags: ['graph-caroline'] });
    expect(mine.documents.map((d) => d.id)).not.toContain(theirs);
    const seen = await graph({ containerTags: ['graph-caroline'] }, other);
    expect(seen.documents.map((d) => d.id)).toEqual([theirs]);
    expect(seen.documents[0]!.memoryEntries.length).toBeGreaterThan(0);
    const ours = new Set(mine.documents.flatMap((d) => d.memoryEntries.map((m) => m.id)));
    for (const m of seen.documents[0]!.memoryEntries) {
      expect(ours.has(m.id)).toBe(false);
      expect(m.documentIds).toEqual([theirs]);
    }
    expect((await byIds({ ids: [caroline, melanie] }, other)).documents).toEqual([]);
    expect((await byIds({ ids: ['chat-1'], by: 'customId' }, other)).documents.map((d) => d.id)).toEqual([theirs]);
  });
});
