import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';

describe('connections: the web crawler through the official client (embedded mode)', () => {
  let rt: TestRuntime;
  let api: http.Server;
  let client: Supermemory;
  let site: TestSite;
  const idle = () => (rt.syncRunner as EmbeddedSyncRunner).idle();

  beforeAll(async () => {
    site = await startTestSite();
    const b = site.base;
    site.pages.set('/robots.txt', { type: 'text/plain', body: `User-agent: *\nDisallow: /private\n\nSitemap: ${b}/sitemap.xml\n` });
    site.pages.set('/sitemap.xml', { type: 'application/xml', body: `<?xml version="1.0"?><urlset><url><loc>${b}/orphan</loc></url></urlset>` });
    site.pages.set('/', {
      body: html(
        'Home',
        `<a href="/a">A</a> <a href='${b}/b#part'>B</a> <a href="/private/secret">S</a> <a href="/loop">L</a> <a href="/broken">X</a>
        <a href="/huge">H</a> <a href="/to-private">P</a> <a href="https://other.example/page">off site</a> <a href="mailto:x@y.z">m</a>`,
      ),
    });
    site.pages.set('/a', { etag: '"a1"', body: html('Alpha', '<p>Aardvarks dig burrows at night.</p>') });
    site.pages.set('/b', { body: html('Bravo', '<p>Badgers are stubborn.</p>'), headers: { 'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT' } });
    site.pages.set('/orphan', { body: html('Orphan', '<p>Only the sitemap knows ocelots live here.</p>') });
    site.pages.set('/private/secret', { body: html('Secret', '<p>never crawled</p>') });
    site.pages.set('/loop', { status: 302, headers: { location: '/loop2' } });
    site.pages.set('/loop2', { status: 302, headers: { location: '/loop' } });
    site.pages.set('/broken', { status: 500, body: 'boom' });
    site.pages.set('/huge', { body: html('Huge', `<p>${'z'.repeat(3 * 1024 * 1024)}</p>`) });
    site.pages.set('/to-private', { status: 302, headers: { location: 'http://10.0.0.1/internal' } });

    // Loopback is allowed by name (the test site); any other private address stays refused.
    rt = await createTestRuntime({ MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1', MNEMO_URL_MAX_REDIRECTS: '3' });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  });
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    await site?.close();
  });

  let connectionId: string;
  const docByUrl = async () => {
    const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['site'] });
    return new Map(docs.map((d) => [(d as unknown as { url: string }).url, d]));
  };

  it('connects a site: crawls same-site pages and the sitemap within robots.txt, records failures, documents become searchable', async () => {
    const created = await client.connections.create('web-crawler', { containerTags: ['site'], metadata: { startUrl: `${site.base}/` } });
    expect(created.id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(created.authLink ?? null).toBeNull();
    connectionId = created.id;
    await idle();
    await rt.settle();

    const docs = await docByUrl();
    expect([...docs.keys()].sort()).toEqual([`${site.base}/`, `${site.base}/a`, `${site.base}/b`, `${site.base}/orphan`].sort());
    expect([...docs.values()].every((d) => d.status === 'done')).toBe(true);
    expect(site.requests('/private/secret')).toBe(0);
    expect(site.log.some((l) => l.includes('other.example'))).toBe(false);

    const alpha = await client.documents.get(docs.get(`${site.base}/a`)!.id);
    expect(alpha.content).toContain('Aardvarks dig burrows');
    expect(alpha).toMatchObject({ connectionId, source: 'web-crawler', url: `${site.base}/a`, containerTags: ['site'] });

    const runs = (await request(api).get(`/v3/connections/${connectionId}/sync-runs`).set(auth)).body as Record<string, unknown>[];
    expect(runs).toHaveLength(1);
    // Failed: the redirect loop, the 500 and the huge page. The redirect to a private address leaves the site's
    // origin, so it is not followed at all (nothing requested there) and is no page of this crawl.
    expect(runs[0]).toMatchObject({ connectionId, status: 'completed', triggerType: 'event', itemsProcessed: 4, itemsFailed: 3, error: null });
    expect(runs[0]!.completedAt).toEqual(expect.any(String));

    const search = await request(api)
      .post('/v3/search')
      .set(auth)
      .send({ q: 'ocelots', containerTags: ['site'] });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('ocelots');
  });

  it('reads connections back without credentials: get, list, getByTag', async () => {
    const got = await client.connections.getByID(connectionId);
    expect(got).toMatchObject({ id: connectionId, provider: 'web-crawler', containerTags: ['site'], documentLimit: 10000, metadata: { startUrl: `${site.base}/` } });
    expect(JSON.stringify(got)).not.toMatch(/credentials/);
    expect((await client.connections.list({ containerTags: ['site'] })).map((c) => c.id)).toEqual([connectionId]);
    expect(await client.connections.list({ containerTags: ['elsewhere'] })).toEqual([]);
    const byUser = await request(api).get('/v3/connections?endUserId=site').set(auth);
    expect(byUser.body.map((c: { id: string }) => c.id)).toEqual([connectionId]);
    expect((await client.connections.getByTag('web-crawler', { containerTags: ['site'] })).id).toBe(connectionId);
  });

  it('re-syncs on import: unchanged pages answer 304 and are not re-processed, a page gone upstream loses its document', async () => {
    const before = await docByUrl();
    const alphaBefore = await client.documents.get(before.get(`${site.base}/a`)!.id);
    site.pages.delete('/b');
    site.pages.set('/', { body: html('Home', '<a href="/a">A</a> <a href="/broken">X</a>') });
    const log304 = site.log.filter((l) => l === '304 /a').length;

    const answer = await client.connections.import('web-crawler', { containerTags: ['site'] });
    expect(typeof answer).toBe('string');
    expect(JSON.parse(answer)).toMatchObject({ message: 'Manual sync initiated', provider: 'web-crawler' });
    await idle();
    await rt.settle();

    expect(site.log.filter((l) => l === '304 /a').length).toBe(log304 + 1);
    const alphaAfter = await client.documents.get(alphaBefore.id);
    expect(alphaAfter.updatedAt).toBe(alphaBefore.updatedAt);
    const after = await docByUrl();
    expect(after.has(`${site.base}/b`)).toBe(false);
    await expect(client.documents.get(before.get(`${site.base}/b`)!.id)).rejects.toMatchObject({ status: 404 });
    // The sitemap still lists the orphan page.
    expect(after.has(`${site.base}/orphan`)).toBe(true);
    const runs = (await request(api).get(`/v3/connections/${connectionId}/sync-runs`).set(auth)).body as { triggerType: string; itemsFailed: number }[];
    expect(runs.map((r) => r.triggerType)).toEqual(['manual', 'event']);
    expect(runs[0]!.itemsFailed).toBe(1);
  });

  it('disconnects keeping the documents (deleteDocuments=false) or deleting them (default)', async () => {
    const kept = await docByUrl();
    expect(await client.connections.deleteByID(connectionId, { deleteDocuments: 'false' })).toEqual({ id: connectionId, provider: 'web-crawler' });
    await expect(client.connections.getByID(connectionId)).rejects.toMatchObject({ status: 404 });
    for (const d of kept.values()) expect((await client.documents.get(d.id)).id).toBe(d.id);

    const second = await client.connections.create('web-crawler', { containerTags: ['site2'], documentLimit: 2, metadata: { startUrl: `${site.base}/` } });
    await idle();
    const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['site2'] });
    expect(docs).toHaveLength(2);
    expect(await client.connections.deleteByProvider('web-crawler', { containerTags: ['site2'] })).toEqual({ id: second.id, provider: 'web-crawler' });
    for (const d of docs) await expect(client.documents.get(d.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses unknown providers, bad settings, private start URLs and scoped keys with clear 4xx', async () => {
    const unknown = await request(api).post('/v3/connections/granola').set(auth).send({});
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
    expect(unknown.body.error).toContain('web-crawler');
    // An OAuth-only provider without its app configured names what to set.
    const unconfigured = await request(api).post('/v3/connections/gmail').set(auth).send({});
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body).toMatchObject({ code: 'OAUTH_NOT_CONFIGURED', details: { variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] } });
    const missing = await request(api).post('/v3/connections/web-crawler').set(auth).send({ metadata: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('metadata.startUrl');
    const priv = await request(api)
      .post('/v3/connections/web-crawler')
      .set(auth)
      .send({ metadata: { startUrl: 'http://169.254.169.254/latest' } });
    expect(priv.status).toBe(400);
    expect(priv.body.code).toBe('CONNECTOR_CONFIG_INVALID');
    const limit = await request(api)
      .post('/v3/connections/web-crawler')
      .set(auth)
      .send({ documentLimit: 10001, metadata: { startUrl: site.base } });
    expect(limit.status).toBe(400);
    expect((await request(api).get('/v3/connections/nope').set(auth)).status).toBe(404);
    // GET and DELETE share the template /v3/connections/{idOrProvider}: a malformed id is named by that parameter.
    const badGet = await request(api).get('/v3/connections/a.b').set(auth);
    expect(badGet.status).toBe(400);
    expect(badGet.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'path.idOrProvider' }] });
    const badDelete = await request(api)
      .delete('/v3/connections/a.b')
      .set(auth)
      .send({ containerTags: ['site'] });
    expect(badDelete.status).toBe(400);
    expect(badDelete.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'path.idOrProvider' }] });

    const key = (await request(api).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 'site' })).body.key as string;
    const scoped = await request(api)
      .post('/v3/connections/list')
      .set({ authorization: `Bearer ${key}` })
      .send({});
    expect(scoped.status).toBe(403);
  });
});
