import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';

// Issue 27: a same-origin link whose redirect leaves the start origin made the crawler ingest the other origin's page.
describe('web crawler: a redirect off the start origin', () => {
  let site: TestSite;
  let other: TestSite;
  let rt: TestRuntime;
  let api: http.Server;
  let client: Supermemory;

  beforeAll(async () => {
    site = await startTestSite();
    other = await startTestSite();
    site.pages.set('/', { body: html('Home', '<a href="/away">Away</a> <a href="/about">About</a> <a href="/moved">Moved</a> <a href="/hop">Hop</a>') });
    site.pages.set('/about', { body: html('About', '<p>We repair bicycles.</p>') });
    site.pages.set('/away', { status: 302, headers: { location: `${other.base}/secret` } });
    // A same-origin hop is followed; a chain that leaves the origin on its second hop is not.
    site.pages.set('/moved', { status: 301, headers: { location: '/workshop' } });
    site.pages.set('/workshop', { body: html('Workshop', '<p>Open on Saturdays.</p>') });
    site.pages.set('/hop', { status: 302, headers: { location: '/hop2' } });
    site.pages.set('/hop2', { status: 307, headers: { location: `${other.base}/secret2` } });
    // The sitemap redirects to the other site too: not read from there.
    site.pages.set('/sitemap.xml', { status: 301, headers: { location: `${other.base}/sitemap.xml` } });
    other.pages.set('/secret', { body: html('Secret', '<p>Another site entirely.</p>') });
    other.pages.set('/secret2', { body: html('Secret 2', '<p>Another site entirely.</p>') });
    other.pages.set('/sitemap.xml', { type: 'application/xml', body: `<urlset><url><loc>${site.base}/about</loc></url></urlset>` });
    rt = await createTestRuntime({ MNEMO_URL_ALLOW_PRIVATE: 'true' });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    await site?.close();
    await other?.close();
  });

  it('keeps the same-origin pages (through same-origin redirects) and requests nothing of the other origin', async () => {
    await client.connections.create('web-crawler', { containerTags: ['bikes'], metadata: { startUrl: `${site.base}/` } });
    await (rt.syncRunner as EmbeddedSyncRunner).idle();
    await rt.settle();
    const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['bikes'] });
    expect(docs.map((d) => d.title).sort()).toEqual(['About', 'Home', 'Workshop']);
    for (const d of docs) expect((await client.documents.get(d.id)).content).not.toContain('Another site entirely');
    // The redirects to the other origin were answered, and not followed: that site saw no request at all.
    expect(site.log).toEqual(expect.arrayContaining(['302 /away', '302 /hop', '307 /hop2', '301 /sitemap.xml', '200 /workshop']));
    expect(other.log).toEqual([]);
  }, 60_000);
});
