import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyRecord } from '../../src/services/auth.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('scoped API keys', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const as = (key: string) => ({ authorization: `Bearer ${key}` });
  const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
    request(server)
      .post(path)
      .set(headers)
      .send(body as object);

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  const mint = async (body: Record<string, unknown>) => {
    const res = await post('/v3/auth/scoped-key', body);
    expect(res.status).toBe(200);
    return res.body as { key: string; id: string; name: string; containerTag: string; expiresAt: string | null; allowedEndpoints: string[] };
  };

  it('creates a key limited to one container tag, with the reference response shape', async () => {
    const k = await mint({ containerTag: 'alice', expiresInDays: 30 });
    expect(k).toMatchObject({ name: 'scoped_alice', containerTag: 'alice' });
    expect(k.key).toMatch(/^sm_\S{17,}$/);
    expect(Date.parse(k.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(k.allowedEndpoints).toEqual(expect.arrayContaining(['/v3/documents', '/v4/search', '/v4/profile']));
    const session = await request(server).get('/v3/session').set(as(k.key));
    expect(session.body).toMatchObject({ org: { id: 'org_default' }, accessType: 'restricted', scope: { type: 'scoped', tags: ['alice'], rateLimit: { max: 500, windowMs: 60_000 } } });
    const keys = await request(server).get('/v3/auth/keys').set(auth);
    const listed = keys.body.keys.find((x: { id: string }) => x.id === k.id);
    expect(listed).toMatchObject({ name: 'scoped_alice', type: 'scoped', containerTag: 'alice', enabled: true, revokedAt: null });
    expect(listed.prefix).toBe(k.key.slice(0, 7));
    expect(JSON.stringify(keys.body)).not.toContain(k.key);
    expect(JSON.stringify(keys.body)).not.toMatch(/keyHash/);
  });

  it('reads and writes only inside its tag: other tags are 403, other documents invisible', async () => {
    const k = await mint({ containerTag: 'alice' });
    const bobDoc = await post('/v3/documents', { content: 'Bob keeps a secret diary about sailing.', containerTag: 'bob', customId: 'diary' });
    const shared = await post('/v3/documents', { content: 'Alice and Bob share a sailing calendar.', containerTags: ['alice', 'bob'] });
    const mine = await post('/v3/documents', { content: 'Alice writes about sailing on Sundays.', customId: 'diary' }, as(k.key));
    expect(mine.status).toBe(200);
    await rt.settle();
    expect((await request(server).get(`/v3/documents/${mine.body.id}`).set(auth)).body.containerTags).toEqual(['alice']);

    expect((await post('/v3/documents', { content: 'x', containerTag: 'bob' }, as(k.key))).status).toBe(403);
    expect((await post('/v4/search', { q: 'sailing', containerTag: 'bob' }, as(k.key))).status).toBe(403);
    expect((await post('/v3/documents/list', { containerTags: ['alice', 'bob'] }, as(k.key))).status).toBe(403);
    expect((await post('/v4/profile', { containerTag: 'bob', q: 'sailing' }, as(k.key))).status).toBe(403);

    // Documents mode: every chunk result names its document (hybrid folds a chunk into the memory with its text).
    const search = await post('/v4/search', { q: 'sailing', threshold: 0, searchMode: 'documents' }, as(k.key));
    const found = search.body.results.map((r: { documentId: string }) => r.documentId).sort();
    expect(found).toEqual([mine.body.id, shared.body.id].sort());
    const hybrid = await post('/v4/search', { q: 'sailing', threshold: 0 }, as(k.key));
    expect(hybrid.body.results.length).toBeGreaterThan(0);
    for (const r of hybrid.body.results as { containerTags: string[]; documentId?: string }[]) {
      expect(r.containerTags).toContain('alice');
      expect(r.documentId).not.toBe(bobDoc.body.id);
    }
    const legacy = await post('/v3/search', { q: 'sailing diary' }, as(k.key));
    expect(legacy.body.results.map((r: { documentId: string }) => r.documentId)).not.toContain(bobDoc.body.id);
    const list = await post('/v3/documents/list', {}, as(k.key));
    expect(list.body.memories.map((m: { id: string }) => m.id).sort()).toEqual([mine.body.id, shared.body.id].sort());

    // By id or customId, the other tag's document does not exist for this key.
    expect((await request(server).get(`/v3/documents/${bobDoc.body.id}`).set(as(k.key))).status).toBe(404);
    expect((await request(server).get(`/v3/documents/${bobDoc.body.id}/chunks`).set(as(k.key))).status).toBe(404);
    expect((await request(server).get('/v3/documents/diary').set(as(k.key))).body.id).toBe(mine.body.id);
    expect((await request(server).patch(`/v3/documents/${bobDoc.body.id}`).set(as(k.key)).send({ title: 'x' })).status).toBe(404);
    expect((await request(server).delete(`/v3/documents/${bobDoc.body.id}`).set(as(k.key))).status).toBe(404);
    const bulk = await request(server)
      .delete('/v3/documents/bulk')
      .set(as(k.key))
      .send({ ids: [bobDoc.body.id] });
    expect(bulk.body).toMatchObject({ deletedCount: 0, errors: [{ id: bobDoc.body.id }] });
    expect(
      (
        await request(server)
          .delete('/v3/documents/bulk')
          .set(as(k.key))
          .send({ containerTags: ['bob'] })
      ).status,
    ).toBe(403);
    expect((await post('/v4/search', { q: 'sailing', docId: bobDoc.body.id, threshold: 0 }, as(k.key))).body.results).toEqual([]);

    // Moving its own document to another tag is refused; a shared document keeps the tags outside the scope.
    expect((await request(server).patch(`/v3/documents/${mine.body.id}`).set(as(k.key)).send({ containerTag: 'bob' })).status).toBe(403);
    expect((await request(server).delete(`/v3/documents/${shared.body.id}`).set(as(k.key))).status).toBe(204);
    expect((await request(server).get(`/v3/documents/${shared.body.id}`).set(auth)).body.containerTags).toEqual(['bob']);
    expect((await request(server).get(`/v3/documents/${bobDoc.body.id}`).set(auth)).status).toBe(200);
  });

  it('refuses settings, key minting and key administration with 403', async () => {
    const k = await mint({ containerTag: 'carol' });
    const calls = [
      await request(server).get('/v3/settings').set(as(k.key)),
      await request(server).patch('/v3/settings').set(as(k.key)).send({ chunkSize: 100 }),
      await post('/v3/auth/scoped-key', { containerTag: 'carol' }, as(k.key)),
      await request(server).get('/v3/auth/keys').set(as(k.key)),
      await request(server).put(`/v3/auth/keys/${k.id}/toggle`).set(as(k.key)),
      await request(server).delete(`/v3/auth/scoped-key/${k.id}`).set(as(k.key)),
      await request(server).get('/v3/container-tags/list').set(as(k.key)),
      await request(server).get('/v3/container-tags/other-tag/profile').set(as(k.key)),
    ];
    expect(calls.map((r) => [r.status, r.body.code])).toEqual(calls.map(() => [403, 'FORBIDDEN']));
    // Its own space's profile is the same read as POST /v4/profile for its tag.
    const own = await request(server).get('/v3/container-tags/carol/profile').set(as(k.key));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ profile: { static: expect.any(Array), dynamic: expect.any(Array) } });
  });

  it('rate-limits per key with 429, retry-after and x-ratelimit-* headers', async () => {
    const k = await mint({ containerTag: 'dave', rateLimitMax: 3, rateLimitTimeWindow: 60_000 });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await request(server).get('/v3/session').set(as(k.key));
      statuses.push(last.status);
      if (i === 0) expect(last.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.body.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    // Other keys have their own budget.
    expect((await request(server).get('/v3/session').set(auth)).status).toBe(200);
  });

  it('toggle disables and re-enables; revoke and expiry answer 401', async () => {
    const k = await mint({ containerTag: 'erin' });
    expect((await request(server).put(`/v3/auth/keys/${k.id}/toggle`).set(auth)).body).toEqual({ enabled: false });
    expect((await request(server).get('/v3/session').set(as(k.key))).status).toBe(401);
    expect((await request(server).put(`/v3/auth/keys/${k.id}/toggle`).set(auth)).body).toEqual({ enabled: true });
    expect((await request(server).get('/v3/session').set(as(k.key))).status).toBe(200);
    expect((await request(server).delete(`/v3/auth/scoped-key/${k.id}`).set(auth)).body).toEqual({ success: true });
    expect((await request(server).get('/v3/session').set(as(k.key))).status).toBe(401);
    expect((await request(server).put(`/v3/auth/keys/${k.id}/toggle`).set(auth)).status).toBe(404);
    expect((await request(server).delete('/v3/auth/scoped-key/key_missing').set(auth)).status).toBe(404);

    const expiredKey = 'sm_expired-key-0123456789abcdef';
    const past = new Date(Date.now() - 1000).toISOString();
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_default', name: 'old', key: expiredKey, kind: 'scoped', containerTags: ['erin'], expiresAt: past, now: past }));
    expect((await request(server).get('/v3/session').set(as(expiredKey))).status).toBe(401);
  });

  it('validates the scoped-key request', async () => {
    expect((await post('/v3/auth/scoped-key', {})).status).toBe(400);
    expect((await post('/v3/auth/scoped-key', { containerTag: 'bad tag' })).status).toBe(400);
    expect((await post('/v3/auth/scoped-key', { containerTag: 'ok', expiresInDays: 0 })).status).toBe(400);
    expect((await post('/v3/auth/scoped-key', { containerTag: 'ok', rateLimitMax: 20_000 })).status).toBe(400);
  });
});
