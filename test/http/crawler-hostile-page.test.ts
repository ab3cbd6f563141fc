import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, waitFor, type ServerProcess } from '../helpers/server-process.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';
import { healthReport, healthWhile, longest, STALL_MS } from '../helpers/health-probe.js';

// Issue 27: the crawler found links with one pattern that rescanned the rest of the page from every unclosed "<a"
// (300 KB of them held the event loop for about 10 s; a 2 MB page, for minutes) while a sync ran in the server.
describe('web crawler: a page of unclosed <a tags', () => {
  let site: TestSite;
  let server: ServerProcess;
  let client: Supermemory;

  beforeAll(async () => {
    site = await startTestSite();
    site.pages.set('/', { body: html('Home', `<p>Welcome to the bicycle workshop.</p><a href="/about">About</a> ${'<a x'.repeat(75_000)}`) });
    site.pages.set('/about', { body: html('About', '<p>We repair bicycles on Saturdays.</p>') });
    server = await startServer({ MNEMO_EMBEDDINGS: 'hash', MNEMO_OCR: 'off', MNEMO_URL_ALLOW_PRIVATE: 'true' });
    client = new Supermemory({ apiKey: server.apiKey, baseURL: server.baseURL, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await site?.close();
  });

  it('GET /health keeps answering during the crawl; the page and its real link are read', async () => {
    const created = await client.connections.create('web-crawler', { containerTags: ['bikes'], metadata: { startUrl: `${site.base}/` } });
    const { latencies } = await healthWhile(
      server.baseURL,
      waitFor(
        async () => {
          const runs = (await client.get(`/v3/connections/${created.id}/sync-runs`)) as { status: string }[];
          if (!runs.some((r) => r.status === 'completed')) return false;
          const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['bikes'] });
          return docs.length === 2 && docs.every((d) => d.status === 'done' || d.status === 'failed');
        },
        240_000,
        250,
      ),
    );
    expect(longest(latencies), healthReport(latencies)).toBeLessThan(STALL_MS);

    const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['bikes'] });
    expect(docs.map((d) => d.title).sort()).toEqual(['About', 'Home']);
    const about = await client.documents.get(docs.find((d) => d.title === 'About')!.id);
    expect(about.content).toContain('We repair bicycles on Saturdays.');
  }, 300_000);
});
