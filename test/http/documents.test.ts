import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('document routes', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const post = (path: string, body: unknown) =>
    request(server)
      .post(path)
      .set(auth)
      .send(body as object);
  const get = (path: string) => request(server).get(path).set(auth);

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('defaults the container tag, keeps tag order, and reports processing metadata', async () => {
    const a = await post('/v3/documents', { content: 'Plain note without a tag' });
    const b = await post('/v3/documents', { content: 'Tagged twice', containerTags: ['zeta', 'alpha'] });
    await rt.settle();
    expect((await get(`/v3/documents/${a.body.id}`)).body.containerTags).toEqual(['sm_project_default']);
    const doc = (await get(`/v3/documents/${b.body.id}`)).body;
    expect(doc.containerTags).toEqual(['zeta', 'alpha']);
    expect(doc.status).toBe('done');
    expect(doc.type).toBe('text');
    expect(doc.chunkCount).toBe(1);
    const pm = doc.processingMetadata;
    expect(pm.finalStatus).toBe('done');
    expect(pm.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['extract', 'completed'],
      ['chunk', 'completed'],
      ['memories', 'completed'],
      ['embed', 'completed'],
      ['index', 'completed'],
    ]);
    for (const s of pm.steps) expect(s.duration).toBeGreaterThanOrEqual(0);
  });

  it('extracts HTML to markdown with its title', async () => {
    const html = `<!doctype html><html><head><title>Trip notes</title></head><body><article><h1>Lisbon</h1>
      <p>We visited the Belem tower and ate pasteis de nata at the bakery next to the monastery. ${'The weather was sunny. '.repeat(10)}</p>
      <script>alert(1)</script></article></body></html>`;
    const res = await post('/v3/documents', { content: html, containerTag: 'html' });
    await rt.settle();
    const doc = (await get(`/v3/documents/${res.body.id}`)).body;
    expect(doc.status).toBe('done');
    expect(doc.title).toBe('Trip notes');
    expect(doc.type).toBe('webpage');
    expect(doc.content).toContain('Belem tower');
    expect(doc.content).not.toContain('alert(1)');
    expect(doc.content).not.toContain('<p>');
  });

  it('splits long markdown into ordered chunks along its headings', async () => {
    const section = (n: number) => `## Section ${n}\n\n${`Sentence ${n} about topic number ${n} with some words. `.repeat(40)}`;
    const md = `# Handbook\n\n${[1, 2, 3].map(section).join('\n\n')}`;
    const res = await post('/v3/documents', { content: md, containerTag: 'md' });
    await rt.settle();
    const chunks = (await get(`/v3/documents/${res.body.id}/chunks`)).body;
    expect(chunks.documentId).toBe(res.body.id);
    expect(chunks.total).toBeGreaterThan(3);
    expect(chunks.chunks.map((c: { position: number }) => c.position)).toEqual([...Array(chunks.total).keys()]);
    const withSection3 = chunks.chunks.filter((c: { metadata: { headings?: string[] } }) => c.metadata.headings?.includes('Section 3'));
    expect(withSection3.length).toBeGreaterThan(0);
    expect(withSection3[0].content).toContain('topic number 3');
  });

  it('re-processes on PATCH only when content changes', async () => {
    const res = await post('/v3/documents', { content: 'Original text about apples', containerTag: 'patch' });
    await rt.settle();
    const before = (await get(`/v3/documents/${res.body.id}`)).body;
    const meta = await request(server)
      .patch(`/v3/documents/${res.body.id}`)
      .set(auth)
      .send({ metadata: { fruit: 'apple' } });
    expect(meta.body).toEqual({ id: res.body.id, status: 'done' });
    const changed = await request(server).patch(`/v3/documents/${res.body.id}`).set(auth).send({ content: 'New text about pears' });
    expect(changed.body.status).toBe('queued');
    await rt.settle();
    const after = (await get(`/v3/documents/${res.body.id}`)).body;
    expect(after.content).toBe('New text about pears');
    expect(after.metadata).toEqual({ fruit: 'apple' });
    expect(after.createdAt).toBe(before.createdAt);
    const search = await post('/v4/search', { q: 'apples', containerTag: 'patch', threshold: 0 });
    expect(search.body.results.map((r: { chunk: string }) => r.chunk)).not.toContain('Original text about apples');
  });

  it('add and PATCH carry every field the body names; fields a PATCH leaves out stay as they were', async () => {
    const fields = (d: Record<string, unknown>) => {
      const { customId, containerTags, title, filepath, taskType, metadata, forgetAfter, entityContext } = d;
      return { customId, containerTags, title, filepath, taskType, metadata, forgetAfter, entityContext };
    };
    const added = await post('/v3/documents', {
      content: 'A note about herons fishing at dawn',
      containerTag: 'fields-a',
      customId: 'heron-note',
      title: 'Herons',
      filepath: '/birds/herons.md',
      taskType: 'superrag',
      metadata: { kind: 'bird' },
      forgetAfter: '2099-01-01T00:00:00.000Z',
      entityContext: 'A birdwatching diary',
    });
    expect(added.status).toBe(200);
    await rt.settle();
    expect(fields((await get(`/v3/documents/${added.body.id}`)).body)).toEqual({
      customId: 'heron-note',
      containerTags: ['fields-a'],
      title: 'Herons',
      filepath: '/birds/herons.md',
      taskType: 'superrag',
      metadata: { kind: 'bird' },
      forgetAfter: '2099-01-01T00:00:00.000Z',
      entityContext: 'A birdwatching diary',
    });
    const patched = await request(server)
      .patch(`/v3/documents/${added.body.id}`)
      .set(auth)
      .send({ containerTags: ['fields-b'], customId: 'heron-note-2', title: 'Grey herons', filepath: '/birds/grey.md', forgetAfter: null, entityContext: 'A field guide' });
    expect(patched.status).toBe(200);
    await rt.settle();
    expect(fields((await get(`/v3/documents/${added.body.id}`)).body)).toEqual({
      customId: 'heron-note-2',
      containerTags: ['fields-b'],
      title: 'Grey herons',
      filepath: '/birds/grey.md',
      taskType: 'superrag',
      metadata: { kind: 'bird' },
      forgetAfter: null,
      entityContext: 'A field guide',
    });
  });

  it('moves a document between container tags without re-processing', async () => {
    const res = await post('/v3/documents', { content: 'Portable note about kayaks', containerTag: 'from-tag', customId: 'kayak' });
    await rt.settle();
    await request(server).patch('/v3/documents/kayak').set(auth).send({ containerTag: 'to-tag' });
    const inOld = await post('/v4/search', { q: 'kayaks', containerTag: 'from-tag', threshold: 0 });
    const inNew = await post('/v4/search', { q: 'kayaks', containerTag: 'to-tag', threshold: 0 });
    expect(inOld.body.results).toHaveLength(0);
    expect(inNew.body.results.map((r: { documentId: string }) => r.documentId)).toEqual([res.body.id]);
  });

  it('batch-adds with per-item results and rejects empty or oversized batches', async () => {
    const res = await post('/v3/documents/batch', {
      containerTag: 'batch',
      metadata: { source: 'import' },
      documents: ['just a string', { content: 'an object', metadata: { n: 1 } }, { content: '' }, { content: 'bad tag', containerTag: 'no spaces allowed' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(2);
    expect(res.body.failed).toBe(2);
    expect(res.body.results[2]).toMatchObject({ id: '', status: 'error' });
    expect(res.body.results[2].error).toContain('content');
    await rt.settle();
    const obj = (await get(`/v3/documents/${res.body.results[1].id}`)).body;
    expect(obj.metadata).toEqual({ source: 'import', n: 1 });
    expect(obj.containerTags).toEqual(['batch']);
    expect((await post('/v3/documents/batch', { documents: [] })).status).toBe(400);
    expect((await post('/v3/documents/batch', { documents: Array(601).fill('x') })).status).toBe(400);
  });

  it('lists with tag operators, status, metadata filters, sorting and the GET form', async () => {
    await post('/v3/documents', { content: 'L1', containerTags: ['l-a', 'l-b'], metadata: { kind: 'x', rank: 1 } });
    await post('/v3/documents', { content: 'L2', containerTags: ['l-a'], metadata: { kind: 'y', rank: 2 } });
    await post('/v3/documents', { content: 'L3', containerTags: ['l-b'], metadata: { kind: 'x', rank: 3 } });
    await rt.settle();
    const and = await post('/v3/documents/list', { containerTags: ['l-a', 'l-b'], operator: 'AND' });
    expect(and.body.memories.map((m: { title: string }) => m.title)).toEqual(['L1']);
    const or = await post('/v3/documents/list', { containerTags: ['l-a', 'l-b'], operator: 'OR', sort: 'createdAt', order: 'asc' });
    expect(or.body.memories.map((m: { title: string }) => m.title)).toEqual(['L1', 'L2', 'L3']);
    expect(or.body.memories[0].content).toBeUndefined();
    const filtered = await post('/v3/documents/list', {
      containerTags: ['l-a', 'l-b'],
      operator: 'OR',
      includeContent: true,
      filters: JSON.stringify({
        AND: [
          { key: 'kind', value: 'x' },
          { key: 'rank', value: '2', filterType: 'numeric', numericOperator: '>' },
        ],
      }),
    });
    expect(filtered.body.memories.map((m: { content: string }) => m.content)).toEqual(['L3']);
    const viaGet = await get('/v3/documents?containerTags=l-a,l-b&operator=OR&limit=2&page=2&sort=createdAt&order=asc');
    expect(viaGet.body.memories.map((m: { title: string }) => m.title)).toEqual(['L3']);
    expect(viaGet.body.pagination).toEqual({ currentPage: 2, limit: 2, totalItems: 3, totalPages: 2 });
    const bad = await post('/v3/documents/list', { limit: 5000 });
    expect(bad.status).toBe(400);
  });

  it('deletes by id or customId, in bulk by ids, and whole container tags', async () => {
    const a = await post('/v3/documents', { content: 'delete me A', containerTag: 'del', customId: 'del-a' });
    await post('/v3/documents', { content: 'delete me B', containerTag: 'del', customId: 'del-b' });
    await post('/v3/documents', { content: 'delete me C', containerTag: 'del-2' });
    await rt.settle();
    const del = await request(server).delete('/v3/documents/del-a').set(auth);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await get(`/v3/documents/${a.body.id}`)).status).toBe(404);
    expect((await get(`/v3/documents/${a.body.id}/chunks`)).status).toBe(404);
    expect((await request(server).delete('/v3/documents/del-a').set(auth)).status).toBe(404);
    const none = await request(server).delete('/v3/documents/bulk').set(auth).send({});
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("One of 'ids', 'containerTags' or 'filepath' must be provided");
    const byTag = await request(server)
      .delete('/v3/documents/bulk')
      .set(auth)
      .send({ containerTags: ['del', 'del-2'] });
    expect(byTag.body).toEqual({ success: true, deletedCount: 2, untaggedCount: 0, containerTags: ['del', 'del-2'] });
    const search = await post('/v4/search', { q: 'delete me', threshold: 0 });
    expect(search.body.results.filter((r: { chunk?: string; memory?: string }) => (r.chunk ?? r.memory ?? '').startsWith('delete me'))).toHaveLength(0);
  });

  it('deleting a container tag untags documents that carry another tag and deletes only those left with none', async () => {
    const shared = await post('/v3/documents', { content: 'shared between two spaces', containerTags: ['space-x', 'space-y'] });
    const only = await post('/v3/documents', { content: 'only in space x', containerTag: 'space-x' });
    await rt.settle();
    const res = await request(server)
      .delete('/v3/documents/bulk')
      .set(auth)
      .send({ containerTags: ['space-x'] });
    expect(res.body).toEqual({ success: true, deletedCount: 1, untaggedCount: 1, containerTags: ['space-x'] });
    expect((await get(`/v3/documents/${only.body.id}`)).status).toBe(404);
    const kept = await get(`/v3/documents/${shared.body.id}`);
    expect(kept.body.containerTags).toEqual(['space-y']);
    // The untagged document is still searchable in its remaining space, and no longer in the deleted one. (In hybrid
    // mode its chunk is folded into the memory with the same text, so its chunks are looked at alone.)
    const inY = await post('/v4/search', { q: 'shared between two spaces', containerTag: 'space-y', threshold: 0, searchMode: 'documents' });
    expect(inY.body.results.map((r: { documentId: string }) => r.documentId)).toContain(shared.body.id);
    const inX = await post('/v4/search', { q: 'shared between two spaces', containerTag: 'space-x', threshold: 0 });
    expect(inX.body.results).toEqual([]);
  });

  it('several container tags in a list mean any of them unless operator is AND', async () => {
    await post('/v3/documents', { content: 'any-1', containerTags: ['any-a'] });
    await post('/v3/documents', { content: 'any-2', containerTags: ['any-a', 'any-b'] });
    await post('/v3/documents', { content: 'any-3', containerTags: ['any-b'] });
    await rt.settle();
    const titles = (r: { body: { memories: { content: string }[] } }) => r.body.memories.map((m) => m.content).sort();
    const anyOf = await post('/v3/documents/list', { containerTags: ['any-a', 'any-b'], includeContent: true });
    expect(titles(anyOf)).toEqual(['any-1', 'any-2', 'any-3']);
    const viaGet = await get('/v3/documents?containerTags=any-a,any-b&includeContent=true');
    expect(titles(viaGet)).toEqual(['any-1', 'any-2', 'any-3']);
    const allOf = await post('/v3/documents/list', { containerTags: ['any-a', 'any-b'], operator: 'AND', includeContent: true });
    expect(titles(allOf)).toEqual(['any-2']);
  });

  describe('customId is scoped by container tag', () => {
    it('the same customId under another tag is another document; re-sending it under its own tag updates in place', async () => {
      const a = await post('/v3/documents', { content: 'Alice likes tea', customId: 'note-1', containerTag: 'user-a' });
      const b = await post('/v3/documents', { content: 'Bob likes coffee', customId: 'note-1', containerTag: 'user-b' });
      expect(b.body.id).not.toBe(a.body.id);
      await rt.settle();
      expect((await get(`/v3/documents/${a.body.id}`)).body).toMatchObject({ content: 'Alice likes tea', containerTags: ['user-a'] });
      expect((await get(`/v3/documents/${b.body.id}`)).body).toMatchObject({ content: 'Bob likes coffee', containerTags: ['user-b'] });

      const again = await post('/v3/documents', { content: 'Alice likes green tea', customId: 'note-1', containerTag: 'user-a' });
      expect(again.body.id).toBe(a.body.id);
      await rt.settle();
      expect((await get(`/v3/documents/${a.body.id}`)).body.content).toBe('Alice likes green tea');
      expect((await get(`/v3/documents/${b.body.id}`)).body.content).toBe('Bob likes coffee');
    });

    it('a lookup, update or delete by a customId held under several tags answers 409 AMBIGUOUS_CUSTOM_ID unless narrowed', async () => {
      const a = await post('/v3/documents', { content: 'first amb', customId: 'amb', containerTag: 'amb-a' });
      const b = await post('/v3/documents', { content: 'second amb', customId: 'amb', containerTags: ['amb-b', 'amb-c'] });
      await rt.settle();
      for (const res of [
        await get('/v3/documents/amb'),
        await request(server).patch('/v3/documents/amb').set(auth).send({ title: 'x' }),
        await request(server).delete('/v3/documents/amb').set(auth),
        await get('/v3/documents/amb/chunks'),
      ]) {
        expect(res.status).toBe(409);
        expect(res.headers['x-should-retry']).toBe('false');
        expect(res.body).toMatchObject({ code: 'AMBIGUOUS_CUSTOM_ID', details: { customId: 'amb', containerTags: ['amb-a', 'amb-b', 'amb-c'] } });
      }
      expect((await get('/v3/documents/amb?containerTag=amb-c')).body.id).toBe(b.body.id);
      expect((await get('/v3/documents/amb?containerTags=amb-a,zzz')).body.id).toBe(a.body.id);
      expect((await get('/v3/documents/amb?containerTag=nowhere')).status).toBe(404);
      const patched = await request(server).patch('/v3/documents/amb?containerTag=amb-a').set(auth).send({ title: 'Renamed' });
      expect(patched.body.id).toBe(a.body.id);
      expect((await get(`/v3/documents/${a.body.id}`)).body.title).toBe('Renamed');
      // A body tag narrows a PATCH too (and sets the document's tags).
      const moved = await request(server)
        .patch('/v3/documents/amb')
        .set(auth)
        .send({ containerTags: ['amb-b', 'amb-c'], title: 'B' });
      expect(moved.body.id).toBe(b.body.id);

      const bulk = await request(server)
        .delete('/v3/documents/bulk')
        .set(auth)
        .send({ ids: ['amb'] });
      expect(bulk.body).toMatchObject({ success: true, deletedCount: 0, errors: [{ id: 'amb' }] });
      expect(bulk.body.errors[0].error).toContain('several container tags');
      const narrowed = await request(server)
        .delete('/v3/documents/bulk')
        .set(auth)
        .send({ ids: ['amb'], containerTags: ['amb-b'] });
      expect(narrowed.body).toMatchObject({ success: true, deletedCount: 1 });
      // One match left: the customId alone resolves again.
      expect((await get('/v3/documents/amb')).body.id).toBe(a.body.id);
      expect((await request(server).delete('/v3/documents/amb').set(auth)).status).toBe(204);
    });

    it('a search docId given as a customId is narrowed by the request tags', async () => {
      await post('/v3/documents', { content: 'Lighthouse keeper notes for user one', customId: 'doc-s', containerTag: 'srch-1' });
      await post('/v3/documents', { content: 'Lighthouse keeper notes for user two', customId: 'doc-s', containerTag: 'srch-2' });
      await rt.settle();
      const ambiguousSearch = await post('/v4/search', { q: 'lighthouse keeper', docId: 'doc-s', threshold: 0 });
      expect(ambiguousSearch.status).toBe(409);
      const one = await post('/v4/search', { q: 'lighthouse keeper', docId: 'doc-s', containerTag: 'srch-2', threshold: 0 });
      expect(one.body.results.map((r: { chunk: string }) => r.chunk)).toEqual(['Lighthouse keeper notes for user two']);
    });

    it('refuses a customId equal to the id of another document', async () => {
      const a = await post('/v3/documents', { content: 'owner of the id', containerTag: 'ids' });
      const clash = await post('/v3/documents', { content: 'tries to take it', customId: a.body.id, containerTag: 'ids-other' });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('CUSTOM_ID_IS_DOCUMENT_ID');
      const other = await post('/v3/documents', { content: 'another one', containerTag: 'ids' });
      const patch = await request(server).patch(`/v3/documents/${other.body.id}`).set(auth).send({ customId: a.body.id });
      expect(patch.status).toBe(409);
      await rt.settle();
      expect((await get(`/v3/documents/${a.body.id}`)).body).toMatchObject({ id: a.body.id, content: 'owner of the id', customId: null });
      expect((await get(`/v3/documents/${other.body.id}`)).body.customId).toBeNull();
    });
  });

  it('lists documents that are still processing', async () => {
    const idle = await createTestRuntime({}, { start: false });
    try {
      const s = idle.app.callback();
      await request(s).post('/v3/documents').set(auth).send({ content: 'waiting', containerTag: 'p' });
      const res = await request(s).get('/v3/documents/processing').set(auth);
      expect(res.body.totalCount).toBe(1);
      expect(res.body.documents[0]).toMatchObject({ status: 'queued', containerTags: ['p'] });
    } finally {
      await idle.close();
    }
  });

  it('persists settings and applies chunkSize to new documents', async () => {
    const bad = await request(server).patch('/v3/settings').set(auth).send({ filterPrompt: 'only work' });
    expect(bad.status).toBe(400);
    // LLM filtering needs an LLM: without MNEMO_LLM_URL the setting is refused, saying why.
    const noLlm = await request(server).patch('/v3/settings').set(auth).send({ shouldLLMFilter: true, filterPrompt: 'work things' });
    expect(noLlm.status).toBe(400);
    expect(noLlm.body.code).toBe('LLM_NOT_CONFIGURED');
    expect(noLlm.body.error).toContain('MNEMO_LLM_URL');
    const res = await request(server).patch('/v3/settings').set(auth).send({ chunkSize: 64, workspacePrompt: 'notes' });
    expect(res.body).toMatchObject({ orgId: 'org_default', updated: { chunkSize: 64, workspacePrompt: 'notes' } });
    const got = (await get('/v3/settings')).body;
    expect(got).toMatchObject({ chunkSize: 64, shouldLLMFilter: null, workspacePrompt: 'notes', categories: null });
    const doc = await post('/v3/documents', { content: 'word '.repeat(400), containerTag: 'small-chunks' });
    await rt.settle();
    const chunks = (await get(`/v3/documents/${doc.body.id}/chunks`)).body.chunks;
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(64);
    await request(server).patch('/v3/settings').set(auth).send({ chunkSize: -1 });
  });
});
