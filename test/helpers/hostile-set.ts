/** The hostile documents of issue 27, one per parser, shared by the liveness test and `bench/hostile.ts`. */
import { hostileDocx, nestedHtml, nestedJson, nestedMarkdown, nestedOdt, nestedRtf, slowHtml, wideCsv } from './hostile-files.js';

export interface Hostile {
  name: string;
  /** Sent as document content (POST /v3/documents) or as an uploaded file. */
  content?: string;
  file?: { data: Buffer | string; filename: string; type: string };
  /** The code the document fails with; null = it is read (the parser copes, off the event loop). */
  code: string | null;
  /** Either outcome is right: read, or failed with `code` (work whose duration depends on the machine). */
  orRead?: boolean;
}

export const HOSTILE: Hostile[] = [
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

/** Sends one hostile document (as content or as a file) to a server; the HTTP status and the document id. */
export async function sendHostile(baseURL: string, apiKey: string, h: Hostile, containerTag = 'hostile'): Promise<{ status: number; body: string; id?: string }> {
  const auth = { authorization: `Bearer ${apiKey}` };
  let res: Response;
  if (h.content !== undefined) {
    res = await fetch(`${baseURL}/v3/documents`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ content: h.content, containerTag }) });
  } else {
    const form = new FormData();
    form.append('file', new Blob([h.file!.data], { type: h.file!.type }), h.file!.filename);
    form.append('containerTags', containerTag);
    res = await fetch(`${baseURL}/v3/documents/file`, { method: 'POST', headers: auth, body: form });
  }
  const body = await res.text();
  const id = res.ok ? (JSON.parse(body) as { id?: string }).id : undefined;
  return { status: res.status, body, id };
}

/** GET /v3/documents/:id: status, content and the failure's code and message. */
export async function hostileStatus(baseURL: string, apiKey: string, id: string) {
  const res = await fetch(`${baseURL}/v3/documents/${id}`, { headers: { authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(30_000) });
  return (await res.json()) as { status: string; content?: string; processingMetadata?: { errorCode?: string; error?: string } };
}
