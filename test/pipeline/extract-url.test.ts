import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { SHARED } from '../helpers/media.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('URL extraction', () => {
  let site: http.Server;
  let base: string;
  const runtimes: TestRuntime[] = [];

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url === '/article') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<html><head><title>Octopus facts</title></head><body><nav>Home | About</nav><article><h1>Octopuses</h1>
          <p>${'Octopuses have three hearts and blue blood. They can change colour in milliseconds. '.repeat(8)}</p></article></body></html>`);
      } else if (req.url === '/moved') {
        res.statusCode = 301;
        res.setHeader('location', '/article');
        res.end();
      } else if (req.url === '/paper.pdf') {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n'));
      } else if (req.url === '/huge') {
        res.setHeader('content-type', 'text/plain');
        res.end('x'.repeat(200_000));
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('too late'), 5_000);
      } else if (req.url === '/photo.png') {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
      } else if (req.url === '/clip') {
        // WebM is not sniffed (only its NUL bytes are), so the declared type decides.
        res.setHeader('content-type', 'video/webm');
        res.end(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0x1f]));
      } else if (req.url === '/song') {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0])]));
      } else if (req.url === '/report.docx') {
        res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
        res.end(Buffer.concat([Buffer.from('PK'), Buffer.from([3, 4, 20, 0, 0, 0])]));
      } else if (req.url === '/readme.md') {
        res.setHeader('content-type', 'text/markdown');
        res.end('# Sourdough\n\n![logo](logo.png)\n\nA **starter** needs flour, water and [patience](https://example.com) to become bubbly.\n\n## Feeding\n\nFeed it daily.');
      } else if (req.url === '/files/multicolumn' || req.url === '/files/test.docx' || req.url === '/files/scan') {
        // Real files, served with a useless content type: detection goes by the bytes.
        const file = ({ '/files/test.docx': 'markitdown_test.docx', '/files/scan': 'ocrmypdf_c02-22.pdf' } as Record<string, string>)[req.url] ?? 'sample-files_multicolumn.pdf';
        res.setHeader('content-type', 'application/octet-stream');
        res.end(fs.readFileSync(path.join(SHARED, 'files', file)));
      } else if (req.url === '/latin1.txt') {
        // Windows-1252 bytes and no charset: the same sniffing as an uploaded text file.
        res.setHeader('content-type', 'text/plain');
        res.end(Buffer.from('Crème brûlée à la carte, déjà vu au café de Noël, façade élégante, naïve Zoë.', 'latin1'));
      } else if (req.url === '/sjis.txt') {
        res.setHeader('content-type', 'text/plain; charset="Shift_JIS"');
        res.end(Buffer.from([0x93, 0x8c, 0x8b, 0x9e, 0x82, 0xcd, 0x93, 0xfa, 0x96, 0x7b, 0x82, 0xcc, 0x8e, 0xf1, 0x93, 0x73, 0x82, 0xc5, 0x82, 0xb7]));
      } else if (req.url === '/order.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ order: { id: 'A-77', customer: 'Ines', items: [{ sku: 'kettle', qty: 1 }] } }));
      } else if (req.url === '/notes.txt') {
        res.setHeader('content-type', 'text/plain');
        res.end('Plain text notes served over HTTP about sourdough starters.');
      } else {
        res.statusCode = 404;
        res.end('nope');
      }
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const rt of runtimes) await rt.close();
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
  });

  async function ingest(env: Record<string, string>, url: string) {
    const rt = await createTestRuntime({ MNEMO_INGEST_MAX_ATTEMPTS: '1', ...env });
    runtimes.push(rt);
    const res = await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: url, containerTag: 'web' });
    await rt.settle();
    return { rt, doc: (await request(rt.app.callback()).get(`/v3/documents/${res.body.id}`).set(auth)).body };
  }

  it('refuses private and loopback addresses by default (SSRF guard)', async () => {
    const { doc } = await ingest({}, `${base}/article`);
    expect(doc.status).toBe('failed');
    expect(doc.processingMetadata).toMatchObject({ failedStep: 'extract', errorCode: 'URL_BLOCKED' });
    expect(doc.processingMetadata.error).toContain('private or local address');
    const meta = await ingest({}, 'http://169.254.169.254/latest/meta-data/');
    expect(meta.doc.processingMetadata.errorCode).toBe('URL_BLOCKED');
    const named = await ingest({}, `${base.replace('127.0.0.1', 'localhost')}/article`);
    expect(named.doc.processingMetadata.errorCode).toBe('URL_BLOCKED');
    expect(named.doc.processingMetadata.error).not.toMatch(/127\.0\.0\.1|::1|resolves to/);
  });

  it('fails at once, without retries, when the host name does not resolve', async () => {
    const started = Date.now();
    const { doc } = await ingest({ MNEMO_INGEST_MAX_ATTEMPTS: '5', MNEMO_INGEST_RETRY_BASE_MS: '2000' }, 'http://no-such-host.invalid/page');
    expect(doc.status).toBe('failed');
    expect(doc.processingMetadata).toMatchObject({ errorCode: 'URL_FETCH_FAILED', attempts: 1 });
    expect(doc.processingMetadata.error).toContain('does not resolve');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fetches an allowed page, follows redirects and extracts the article', async () => {
    const { rt, doc } = await ingest({ MNEMO_URL_ALLOW_PRIVATE: 'true' }, `${base}/moved`);
    expect(doc.status).toBe('done');
    expect(doc).toMatchObject({ type: 'webpage', title: 'Octopus facts', url: `${base}/article` });
    expect(doc.content).toContain('three hearts');
    const found = await request(rt.app.callback()).post('/v4/search').set(auth).send({ q: 'how many hearts does an octopus have', containerTag: 'web' });
    expect(found.body.results[0].chunk).toContain('three hearts');
  });

  it('allows hosts the operator lists while still refusing others', async () => {
    const ok = await ingest({ MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1' }, `${base}/notes.txt`);
    expect(ok.doc.status).toBe('done');
    expect(ok.doc.content).toContain('sourdough');
  });

  it('extracts a PDF and a DOCX behind a URL with the same extractors as uploads', async () => {
    const env = { MNEMO_URL_ALLOW_PRIVATE: 'true' };
    const pdf = await ingest(env, `${base}/files/multicolumn`);
    expect(pdf.doc).toMatchObject({ status: 'done', type: 'pdf', url: `${base}/files/multicolumn` });
    expect(pdf.doc.content.replace(/\s+/g, ' ')).toContain('This is a sample document with two columns filled with Lorem Ipsum text');
    const extract = pdf.doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'extract');
    expect(extract.metadata.extraction).toMatchObject({ mime: 'application/pdf', extractor: 'pdf' });
    // The last progress report is kept: every page done.
    expect(pdf.doc.processingMetadata.extraction).toMatchObject({ unit: 'pages', done: 3, total: 3 });
    const docx = await ingest(env, `${base}/files/test.docx`);
    expect(docx.doc.status).toBe('done');
    expect(docx.doc.content).toContain('314b0a30-5b04-470b-b9f7-eed2c2bec74a');
  });

  it('an extraction over MNEMO_EXTRACT_TIMEOUT_MS is stopped and fails with EXTRACTION_TIMEOUT', async () => {
    // The scan needs OCR, which takes longer than one second.
    const { rt, doc } = await ingest({ MNEMO_URL_ALLOW_PRIVATE: 'true', MNEMO_EXTRACT_TIMEOUT_MS: '1000' }, `${base}/files/scan`);
    expect(doc).toMatchObject({ status: 'failed', type: 'pdf' });
    expect(doc.processingMetadata).toMatchObject({ failedStep: 'extract', errorCode: 'EXTRACTION_TIMEOUT' });
    expect(doc.processingMetadata.error).toContain('MNEMO_EXTRACT_TIMEOUT_MS');
    const res = await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'still serving', containerTag: 'web' });
    expect(res.status).toBe(200);
  });

  it('a damaged binary resource fails in extraction with a reason, keeping its detected type and final URL', async () => {
    const env = { MNEMO_URL_ALLOW_PRIVATE: 'true' };
    for (const [path, type] of [
      ['/paper.pdf', 'pdf'],
      ['/photo.png', 'image'],
      ['/clip', 'video'],
      ['/report.docx', 'text'],
    ] as const) {
      const { doc } = await ingest(env, `${base}${path}`);
      expect(doc, path).toMatchObject({ status: 'failed', type, url: `${base}${path}` });
      expect(doc.processingMetadata.failedStep, path).toBe('extract');
      // The image extractor may not be installed (UNSUPPORTED_CONTENT), ffmpeg may be missing (ENGINE_UNAVAILABLE).
      expect(['FILE_CORRUPT', 'EXTRACTION_FAILED', 'UNSUPPORTED_CONTENT', 'ENGINE_UNAVAILABLE'], path).toContain(doc.processingMetadata.errorCode);
      expect(doc.processingMetadata.error.length, path).toBeGreaterThan(10);
    }
    expect((await ingest(env, `${base}/paper.pdf`)).doc.processingMetadata.errorCode).toBe('FILE_CORRUPT');
    expect((await ingest(env, `${base}/report.docx`)).doc.processingMetadata.errorCode).toBe('FILE_CORRUPT');
    // Nine bytes of an ID3 header sent as application/octet-stream: nothing can tell what it is.
    const song = await ingest(env, `${base}/song`);
    expect(song.doc.processingMetadata).toMatchObject({ failedStep: 'extract', errorCode: 'UNSUPPORTED_CONTENT' });
    expect(song.doc.processingMetadata.error).toContain('application/octet-stream');
  });

  it('summarises a webpage, a markdown file and a text file the same way: first prose, whole sentences, bounded', async () => {
    const env = { MNEMO_URL_ALLOW_PRIVATE: 'true' };
    const page = await ingest(env, `${base}/article`);
    expect(page.doc.summary).toMatch(/^Octopuses have three hearts and blue blood\. They can change colour in milliseconds\./);
    expect(page.doc.summary.length).toBeLessThanOrEqual(300);
    expect(page.doc.summary).toMatch(/\.$/);
    const md = await ingest(env, `${base}/readme.md`);
    expect(md.doc).toMatchObject({ type: 'webpage', summary: 'A starter needs flour, water and patience to become bubbly.' });
    const txt = await ingest(env, `${base}/notes.txt`);
    expect(txt.doc.summary).toBe('Plain text notes served over HTTP about sourdough starters.');
  });

  it('decodes text bodies by their declared charset, or sniffs like uploads when none is declared', async () => {
    const env = { MNEMO_URL_ALLOW_PRIVATE: 'true' };
    const latin1 = await ingest(env, `${base}/latin1.txt`);
    expect(latin1.doc.content).toContain('Crème brûlée à la carte, déjà vu au café de Noël');
    const sjis = await ingest(env, `${base}/sjis.txt`);
    expect(sjis.doc.content).toBe('東京は日本の首都です');
  });

  it('renders JSON behind a URL with the JSON extractor (key paths), like an uploaded .json', async () => {
    const json = await ingest({ MNEMO_URL_ALLOW_PRIVATE: 'true' }, `${base}/order.json`);
    expect(json.doc.status).toBe('done');
    expect(json.doc.content).toContain('order.id: A-77');
    expect(json.doc.content).toContain('order.items[0].sku: kettle');
  });

  it('fails clearly on unsupported formats, oversized bodies, HTTP errors and timeouts', async () => {
    const env = { MNEMO_URL_ALLOW_PRIVATE: 'true', MNEMO_URL_MAX_BYTES: '100000', MNEMO_URL_FETCH_TIMEOUT_MS: '300' };
    const huge = await ingest(env, `${base}/huge`);
    expect(huge.doc.processingMetadata.error).toContain('limit');
    const missing = await ingest(env, `${base}/missing`);
    expect(missing.doc.processingMetadata.error).toContain('HTTP 404');
    const slow = await ingest(env, `${base}/slow`);
    expect(slow.doc.status).toBe('failed');
    expect(slow.doc.processingMetadata.error).toContain('timed out');
  });
});
