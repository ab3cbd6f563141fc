import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyRecord } from '../../src/services/auth.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('search routes', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  // Chunk ranking is what most of these tests check: "documents" mode keeps memories out unless a test asks.
  const search = (body: object, headers: Record<string, string> = auth) =>
    request(server)
      .post('/v4/search')
      .set(headers)
      .send({ searchMode: 'documents', ...body });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
    const docs: [string, string, Record<string, unknown>, string?][] = [
      ['pets', 'Melanie adopted a golden retriever puppy named Oscar last spring.', { kind: 'pet' }],
      ['art', 'Melanie painted a sunset over the lake for her art class.', { kind: 'hobby' }],
      ['job', 'Caroline is studying psychology to become a school counselor.', { kind: 'career' }, 'career-note'],
      ['dup1', 'The meeting is moved to Thursday at noon.', { copy: 1 }],
      ['dup2', 'The meeting is moved to Thursday at noon.', { copy: 2 }],
      ['long', `# Diary\n\n${'Filler sentence about nothing in particular. '.repeat(60)}\n\n## Concert\n\nWe saw the band Radiohead live in Berlin and sang every song.`, {}],
    ];
    for (const [key, content, metadata, customId] of docs) {
      const res = await request(server)
        .post('/v3/documents')
        .set(auth)
        .send({ content, containerTag: 'search', metadata, ...(customId ? { customId } : {}) });
      ids[key] = res.body.id;
    }
    await request(server).post('/v3/documents').set(auth).send({ content: 'Melanie in another container paints too.', containerTag: 'elsewhere' });
    await rt.settle();
  });
  afterAll(() => rt.close());

  it('ranks the relevant chunk first with a calibrated similarity, sorted and within [0, 1]', async () => {
    const res = await search({ q: 'what did Melanie paint?', containerTag: 'search', threshold: 0 });
    expect(res.status).toBe(200);
    expect(res.body.results[0].documentId).toBe(ids.art);
    const sims = res.body.results.map((r: { similarity: number }) => r.similarity);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    for (const s of sims) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(res.body.total).toBe(res.body.results.length);
    expect(typeof res.body.timing).toBe('number');
    const top = res.body.results[0];
    expect(top).toMatchObject({ chunk: expect.stringContaining('sunset'), metadata: { kind: 'hobby' }, version: 1 });
    expect(typeof top.updatedAt).toBe('string');
  });

  it('applies the default threshold of 0.5 and honours explicit thresholds', async () => {
    const unrelated = await search({ q: 'quantum chromodynamics lattice gauge', containerTag: 'search' });
    expect(unrelated.body.results).toHaveLength(0);
    const strict = await search({ q: 'Melanie painted a sunset', containerTag: 'search', threshold: 1 });
    expect(strict.body.results).toHaveLength(0);
    const loose = await search({ q: 'Melanie', containerTag: 'search', threshold: 0 });
    expect(loose.body.results.map((r: { documentId: string }) => r.documentId)).toEqual(expect.arrayContaining([ids.art, ids.pets]));
  });

  it('limits results and de-duplicates identical content', async () => {
    const res = await search({ q: 'meeting moved Thursday noon', containerTag: 'search', threshold: 0 });
    const meeting = res.body.results.filter((r: { chunk: string }) => r.chunk.includes('meeting'));
    expect(meeting).toHaveLength(1);
    const one = await search({ q: 'Melanie', containerTag: 'search', threshold: 0, limit: 1 });
    expect(one.body.results).toHaveLength(1);
  });

  it('finds a passage inside a long document and scopes by docId (id or customId)', async () => {
    const res = await search({ q: 'Radiohead concert in Berlin', containerTag: 'search' });
    expect(res.body.results[0].documentId).toBe(ids.long);
    expect(res.body.results[0].chunk).toContain('Radiohead');
    const scoped = await search({ q: 'Melanie Caroline counselor', containerTag: 'search', threshold: 0, docId: 'career-note' });
    expect(new Set(scoped.body.results.map((r: { documentId: string }) => r.documentId))).toEqual(new Set([ids.job]));
  });

  it('searches the whole organisation without a container tag, and only the tag with one', async () => {
    const all = await search({ q: 'Melanie paints', threshold: 0 });
    const tags = new Set(all.body.results.flatMap((r: { containerTags: string[] }) => r.containerTags));
    expect(tags).toEqual(new Set(['search', 'elsewhere']));
    const one = await search({ q: 'Melanie paints', containerTag: 'elsewhere', threshold: 0 });
    expect(one.body.results.every((r: { containerTags: string[] }) => r.containerTags.includes('elsewhere'))).toBe(true);
  });

  it('returns memories only in memories mode, and memories with chunks in one ranking by default', async () => {
    const res = await search({ q: 'Melanie golden retriever puppy', containerTag: 'search', searchMode: 'memories', threshold: 0 });
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results) {
      expect(r).toMatchObject({ resultType: 'memory', memory: expect.any(String), version: 1, context: { parents: [], children: [] } });
      expect(r.chunk).toBeUndefined();
      expect(r.containerTags).toContain('search');
    }
    expect(res.body.results[0].memory).toMatch(/Melanie adopted a golden retriever/);
    const hybrid = await request(server).post('/v4/search').set(auth).send({ q: 'Melanie golden retriever puppy', containerTag: 'search', threshold: 0, limit: 20 });
    const kinds = new Set(hybrid.body.results.map((r: { resultType: string }) => r.resultType));
    expect(kinds).toEqual(new Set(['memory', 'chunk']));
    const sims = hybrid.body.results.map((r: { similarity: number }) => r.similarity);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
  });

  it('reranks with a second-stage scorer and keeps the contract', async () => {
    const res = await search({ q: 'golden retriever puppy', containerTag: 'search', rerank: true, threshold: 0 });
    expect(res.body.results[0].documentId).toBe(ids.pets);
    for (const r of res.body.results) expect(r.similarity).toBeLessThanOrEqual(1);
  });

  it('accepts legacy fields and include options', async () => {
    const res = await search({
      q: 'counselor',
      endUserId: 'search',
      documentThreshold: 0.1,
      chunkThreshold: 0.1,
      onlyMatchingChunks: true,
      include: { chunks: true, documents: true, summaries: true },
      rewriteQuery: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0].documents[0]).toMatchObject({ id: ids.job });
  });

  it('serves legacy /v3/search grouped by document', async () => {
    const res = await request(server)
      .post('/v3/search')
      .set(auth)
      .send({ q: 'Radiohead Berlin', containerTags: ['search'], chunkThreshold: 0.5, onlyMatchingChunks: false, includeFullDocs: true });
    expect(res.status).toBe(200);
    const top = res.body.results[0];
    expect(top.documentId).toBe(ids.long);
    expect(top.chunks.some((c: { isRelevant: boolean }) => c.isRelevant)).toBe(true);
    expect(top.chunks.some((c: { isRelevant: boolean }) => !c.isRelevant)).toBe(true);
    expect(top.content).toContain('Radiohead');
  });

  it('isolates organisations structurally', async () => {
    const otherKey = 'other-org-key-0123456789abcdef';
    await rt.store.accounts.upsertOrganization({ id: 'org_other', name: 'Other', slug: 'other', createdAt: new Date().toISOString() });
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_other', name: 'other', key: otherKey, kind: 'root', now: new Date().toISOString() }));
    const other = { authorization: `Bearer ${otherKey}` };
    const res = await search({ q: 'Melanie painted a sunset', containerTag: 'search', threshold: 0 }, other);
    expect(res.body.results).toHaveLength(0);
    expect((await request(server).get(`/v3/documents/${ids.art}`).set(other)).status).toBe(404);
    expect((await request(server).get('/v3/documents/career-note').set(other)).status).toBe(404);
    const mine = await request(server).post('/v3/documents').set(other).send({ content: 'Private to the other org', customId: 'career-note' });
    expect(mine.status).toBe(200);
    expect(mine.body.id).not.toBe(ids.job);
    expect((await request(server).get('/v3/documents/career-note').set(auth)).body.id).toBe(ids.job);
  });

  it('returns the profile shape with optional search results', async () => {
    const bare = await request(server).post('/v4/profile').set(auth).send({ containerTag: 'search' });
    expect(Object.keys(bare.body)).toEqual(['profile']);
    expect(bare.body.profile.static.concat(bare.body.profile.dynamic).join(' ')).toMatch(/Caroline is studying psychology/);
    expect((await request(server).post('/v4/profile').set(auth).send({ containerTag: 'nobody-here' })).body).toEqual({ profile: { static: [], dynamic: [] } });
    const withQ = await request(server).post('/v4/profile').set(auth).send({ containerTag: 'search', q: 'puppy' });
    const top = withQ.body.searchResults.results[0];
    expect(top.documentId === ids.pets || /puppy/.test(top.memory)).toBe(true);
    expect((await request(server).post('/v4/profile').set(auth).send({})).status).toBe(400);
  });
});
