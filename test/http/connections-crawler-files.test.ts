import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';

async function pdfWith(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([500, 200]).drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('web crawler: linked files through the extractors, and robots.txt Crawl-delay', () => {
  let site: TestSite;
  let rt: TestRuntime;
  let api: http.Server;
  let base: string;
  let client: Supermemory;

  beforeAll(async () => {
    site = await startTestSite();
    site.pages.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 1\nDisallow: /private\n' });
    site.pages.set('/', { body: html('Library', '<a href="/reports/annual.pdf">Annual report</a> <a href="/blob.bin">data</a> <a href="/guide">Guide</a>') });
    site.pages.set('/guide', { body: html('Guide', '<p>Borrowing takes three weeks.</p>') });
    site.pages.set('/reports/annual.pdf', { type: 'application/pdf', etag: '"pdf1"', body: await pdfWith('Visitors borrowed 48,000 books this year.') });
    site.pages.set('/blob.bin', { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3, 254, 255, 0, 7]) });
    rt = await createTestRuntime({ MNEMO_URL_ALLOW_PRIVATE: 'true' });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    await site?.close();
  });

  it('imports a linked PDF as a document of its own, skips a type no extractor reads, and spaces requests by Crawl-delay', async () => {
    const { id } = await client.connections.create('web-crawler', { containerTags: ['library'], metadata: { startUrl: `${site.base}/` } });
    await (rt.syncRunner as EmbeddedSyncRunner).idle();
    await rt.settle();
    const docs = await client.connections.listDocuments('web-crawler', { containerTags: ['library'] });
    expect(docs.map((d) => d.title).sort()).toEqual(['Guide', 'Library', 'annual.pdf']);
    const pdf = await client.documents.get(docs.find((d) => d.title === 'annual.pdf')!.id);
    expect(pdf).toMatchObject({ type: 'pdf', url: `${site.base}/reports/annual.pdf`, status: 'done' });
    expect(pdf.content).toContain('Visitors borrowed 48,000 books this year.');
    const runs = (await fetch(`${base}/v3/connections/${id}/sync-runs`, { headers: { authorization: `Bearer ${TEST_KEY}` } }).then((r) => r.json())) as { itemsProcessed: number; itemsFailed: number }[];
    // The unreadable binary is neither a document nor a failure.
    expect(runs[0]).toMatchObject({ itemsProcessed: 3, itemsFailed: 0 });

    // Page requests (robots.txt and sitemap lookups aside) come at least a Crawl-delay apart.
    const pages = site.hits.filter((h) => h.path !== '/robots.txt' && h.path !== '/sitemap.xml');
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < pages.length; i++) expect(pages[i]!.at - pages[i - 1]!.at).toBeGreaterThanOrEqual(950);
  }, 60_000);
});
