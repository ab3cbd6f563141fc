import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, waitFor, type ServerProcess } from '../helpers/server-process.js';
import { hostileDocx, nestedHtml, nestedJson, nestedMarkdown, nestedOdt, nestedRtf, slowHtml, wideCsv } from '../helpers/hostile-files.js';
import { healthBaseline, healthReport, healthWhile, p95 } from '../helpers/health-probe.js';

interface Hostile {
  name: string;
  /** Sent as document content (POST /v3/documents) or as an uploaded file. */
  content?: string;
  file?: { data: Buffer | string; filename: string; type: string };
  /** The code the document fails with; null = it is read (the parser copes, off the event loop). */
  code: string | null;
  /** Either outcome is right: read, or failed with `code` (work whose duration depends on the machine). */
  orRead?: boolean;
}

const HOSTILE: Hostile[] = [
  { name: 'HTML content nested 2,000 deep (blocked /health for 50 s)', content: nestedHtml(2000), code: 'EXTRACTION_LIMIT' },
  { name: 'HTML file nested 5,000 deep (froze the server > 5 min)', file: { data: nestedHtml(5000), filename: 'deep.html', type: 'text/html' }, code: 'EXTRACTION_LIMIT' },
  { name: 'HTML file nested 200,000 deep (2.2 MB, froze it > 20 min)', file: { data: nestedHtml(200_000), filename: 'deeper.html', type: 'text/html' }, code: 'EXTRACTION_LIMIT' },
  // 48,400 elements: past Readability's bounds, so the whole body is converted; that is quick on an idle machine and
  // may pass the 2 s parse limit on a loaded one. Either way the server keeps answering.
  { name: 'HTML slow for Readability', file: { data: slowHtml(400), filename: 'slow.html', type: 'text/html' }, code: 'EXTRACTION_LIMIT', orRead: true },
  { name: 'XML in a DOCX nested 100,000 deep', file: { data: hostileDocx({ depth: 100_000 }), filename: 'deep.docx', type: 'application/octet-stream' }, code: 'EXTRACTION_LIMIT' },
  { name: 'XML in an ODT nested 100,000 deep', file: { data: nestedOdt(100_000), filename: 'deep.odt', type: 'application/octet-stream' }, code: 'EXTRACTION_LIMIT' },
  { name: 'DOCX entity bomb', file: { data: hostileDocx({ entityBomb: true }), filename: 'lol.docx', type: 'application/octet-stream' }, code: 'FILE_CORRUPT' },
  { name: 'JSON nested 200,000 deep', file: { data: nestedJson(200_000), filename: 'deep.json', type: 'application/json' }, code: 'EXTRACTION_LIMIT' },
  { name: 'RTF nested 200,000 groups deep', file: { data: nestedRtf(200_000), filename: 'deep.rtf', type: 'application/rtf' }, code: 'EXTRACTION_LIMIT' },
  { name: 'CSV of 20,000 quoted columns', file: { data: wideCsv(20_000), filename: 'wide.csv', type: 'text/csv' }, code: null },
  { name: 'markdown of 300 nested list levels', file: { data: nestedMarkdown(300), filename: 'deep.md', type: 'text/markdown' }, code: null },
  // Text work on the event loop (src/text): the summary's emphasis and link patterns were quadratic on unclosed
  // openers (80 KB took 23 s); a paragraph of short sentences was segmented 4,096 characters per sentence in one go,
  // and a 1 MB line of list markers was split into words in one go (each held the event loop for 1-2 s).
  { name: 'markdown of 20,000 unclosed ** (summary took 23 s)', content: `Some words before it all. ${'**x '.repeat(20_000)}`, code: null },
  { name: 'markdown of 10,000 unclosed [ and _', file: { data: `Some words before it all. ${'[a _b '.repeat(10_000)}`, filename: 'open.md', type: 'text/markdown' }, code: null },
  { name: 'a 600 KB paragraph of 200,000 sentences', file: { data: 'A! '.repeat(200_000), filename: 'bang.txt', type: 'text/plain' }, code: null },
  { name: 'a 1 MB line of list markers', file: { data: '- '.repeat(500_000), filename: 'markers.md', type: 'text/markdown' }, code: null },
];

// Issue 27: one small hostile document blocked every request. Each parser gets its own pathological input while
// /health is measured in the same (real, separate-process) server.
describe('the server keeps answering while hostile documents are parsed', () => {
  let server: ServerProcess;
  const auth = () => ({ authorization: `Bearer ${server.apiKey}` });

  beforeAll(async () => {
    server = await startServer({ MNEMO_EMBEDDINGS: 'hash', MNEMO_OCR: 'off', MNEMO_EXTRACT_PARSE_TIMEOUT_MS: '2000' });
  }, 60_000);
  afterAll(() => server?.stop('SIGKILL'));

  const add = async (h: Hostile): Promise<string> => {
    let res: Response;
    if (h.content !== undefined) {
      res = await fetch(`${server.baseURL}/v3/documents`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ content: h.content, containerTag: 'hostile' }) });
    } else {
      const form = new FormData();
      form.append('file', new Blob([h.file!.data], { type: h.file!.type }), h.file!.filename);
      form.append('containerTags', 'hostile');
      res = await fetch(`${server.baseURL}/v3/documents/file`, { method: 'POST', headers: auth(), body: form });
    }
    expect(res.status, `${h.name}: ${await res.clone().text()}`).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const get = async (id: string) => {
    const res = await fetch(`${server.baseURL}/v3/documents/${id}`, { headers: auth(), signal: AbortSignal.timeout(30_000) });
    return (await res.json()) as { status: string; content?: string; processingMetadata?: { errorCode?: string; error?: string } };
  };

  it('GET /health p95 stays under 100 ms; each document fails with a neutral limit error (or is read)', async () => {
    // The machine's own noise first (other processes share its 2 cores): the hostile documents must add < 100 ms.
    const baseline = await healthBaseline(server.baseURL);
    const ids: string[] = [];
    for (const h of HOSTILE) ids.push(await add(h));
    // Measured for as long as the documents are processed (at least 40 samples).
    const { latencies } = await healthWhile(
      server.baseURL,
      waitFor(async () => (await Promise.all(ids.map(get))).every((d) => d.status === 'done' || d.status === 'failed'), 240_000, 500),
    );
    // Before the fix one document held every request for 9 s to 20 min; now p95 < 100 ms on an idle machine, and
    // on a loaded one under 100 ms more than the same server's p95 just before.
    expect(p95(latencies), healthReport(latencies, baseline)).toBeLessThan(100 + p95(baseline));

    for (const [i, h] of HOSTILE.entries()) {
      const doc = await get(ids[i]!);
      if (h.code === null || (h.orRead && doc.status === 'done')) {
        expect(doc.status, h.name).toBe('done');
        continue;
      }
      expect({ status: doc.status, code: doc.processingMetadata?.errorCode }, h.name).toEqual({ status: 'failed', code: h.code });
      expect(doc.processingMetadata?.error, h.name).not.toMatch(/xmldom|call stack|RangeError|entity not found/i);
      if (h.code === 'EXTRACTION_LIMIT') expect(doc.processingMetadata?.error, h.name).toMatch(/levels deep|took longer than 2 s/);
    }

    // The workers that were terminated were replaced: an ordinary page is read afterwards.
    const ok = await add({ name: 'ordinary page', content: '<html><body><article><h1>Harbor log</h1><p>The ferry left at noon with forty passengers aboard.</p></article></body></html>', code: null });
    await waitFor(async () => ['done', 'failed'].includes((await get(ok)).status), 60_000, 100);
    expect(await get(ok)).toMatchObject({ status: 'done', content: expect.stringContaining('ferry left at noon') });
  }, 300_000);
});
