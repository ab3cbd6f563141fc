import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Supermemory, { toFile } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED } from '../helpers/media.js';
import { TEST_KEY, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const FILES = path.join(SHARED, 'files');
const LIMIT = 64 * 1024;
const ORG = 'org_default';

/** POST /v3/documents/file through the official client and through hand-made multipart bodies. */
describe('POST /v3/documents/file', () => {
  let rt: TestRuntime;
  let server: http.Server;
  let baseURL: string;
  let client: Supermemory;

  beforeAll(async () => {
    // A JSON body cap far below the files uploaded here: it must not apply to uploads.
    rt = await createTestRuntime({ MNEMO_MAX_UPLOAD_BYTES: String(LIMIT), MNEMO_MAX_BODY_BYTES: '4096' });
    server = http.createServer(rt.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new Supermemory({ apiKey: TEST_KEY, baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rt.close();
  });

  const doc = async (id: string) => {
    await rt.settle();
    return (await client.documents.get(id)) as Awaited<ReturnType<typeof client.documents.get>> & Record<string, any>;
  };

  /** A multipart body by hand: parts are [name, value] or [name, {filename, type, data}]. */
  const multipart = (parts: [string, string | { filename: string; type?: string; data: Buffer }][], boundary = 'mnemoBoundary42') => {
    const chunks: Buffer[] = [];
    for (const [name, value] of parts) {
      if (typeof value === 'string') {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
      } else {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`));
        chunks.push(value.data, Buffer.from('\r\n'));
      }
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  };
  const post = async (body: Buffer, contentType: string, url = '/v3/documents/file') => {
    const res = await fetch(`${baseURL}${url}`, { method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': contentType }, body });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const count = async () => (await client.documents.list({ limit: 100 })).pagination.totalItems;

  it('uploads a text file and a markdown file through the client; the text is searchable', async () => {
    const txt = await client.documents.uploadFile({
      file: await toFile(Buffer.from('The lighthouse keeper logs every passing ship in a green ledger.'), 'ledger.txt'),
      containerTags: JSON.stringify(['uploads']),
      metadata: JSON.stringify({ source: 'desk', pages: 1 }),
    });
    expect(txt.status).toBe('queued');
    const md = await client.documents.uploadFile({ file: fs.createReadStream(path.join(FILES, 'readability_README.md')), containerTags: 'uploads' });
    const a = await doc(txt.id);
    expect(a).toMatchObject({ status: 'done', type: 'text', source: 'upload', containerTags: ['uploads'], metadata: { source: 'desk', pages: 1 } });
    // The list says so too (the console's Source column reads it).
    const listed = (await client.documents.list({ containerTags: ['uploads'] })).memories as unknown as Array<Record<string, unknown>>;
    expect(listed.find((d) => d.id === txt.id)?.source).toBe('upload');
    expect(a.content).toContain('green ledger');
    const b = await doc(md.id);
    expect(b.status).toBe('done');
    expect(b.content).toContain('Readability');
    const found = await client.search.documents({ q: 'lighthouse ledger ships', containerTags: ['uploads'] });
    expect(found.results.map((r) => r.documentId)).toContain(txt.id);
  });

  it('re-uploading under the same customId replaces the file and re-processes the document', async () => {
    const one = await client.documents.uploadFile({ file: await toFile(Buffer.from('First draft about penguins.'), 'draft.txt'), containerTag: 'cid', customId: 'draft-1' } as any);
    expect((await doc(one.id)).content).toContain('penguins');
    const first = (await rt.store.documents.getDocument(ORG, one.id))!.file!;
    expect(first).toMatchObject({ filename: 'draft.txt', mimeType: 'text/plain', size: 27 });
    expect(await rt.store.blobs.stat(first.key)).not.toBeNull();
    const two = await client.documents.uploadFile({ file: await toFile(Buffer.from('Second draft about walruses.'), 'draft.txt'), containerTag: 'cid', customId: 'draft-1' } as any);
    expect(two.id).toBe(one.id);
    const d = await doc(two.id);
    expect(d.content).toContain('walruses');
    expect(d.content).not.toContain('penguins');
    const second = (await rt.store.documents.getDocument(ORG, one.id))!.file!;
    expect(second.key).not.toBe(first.key);
    expect(await rt.store.blobs.stat(second.key)).not.toBeNull();
    expect(await rt.store.blobs.stat(first.key)).toBeNull();
  });

  it('refuses random bytes with 415 naming the supported types, and empty files with 400', async () => {
    const random = await post(...(Object.values(multipart([['file', { filename: 'markitdown_random.bin', data: fs.readFileSync(path.join(FILES, 'markitdown_random.bin')) }]])) as [Buffer, string]));
    expect(random.status).toBe(415);
    expect(random.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(random.body.error).toContain('application/pdf');
    const empty = await post(...(Object.values(multipart([['file', { filename: 'pdfplumber_empty.pdf', data: Buffer.alloc(0) }]])) as [Buffer, string]));
    expect(empty).toMatchObject({ status: 400, body: { code: 'EMPTY_FILE' } });
  });

  it('refuses a file over the cap with 413 and stores nothing', async () => {
    const before = await count();
    const big = multipart([['file', { filename: 'big.txt', type: 'text/plain', data: Buffer.alloc(LIMIT * 4, 'a') }]]);
    const res = await post(big.body, big.contentType);
    expect(res).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE' } });
    expect(await count()).toBe(before);
  });

  it('answers 400 for a missing file, two files, a file under another name, and bad metadata or tags', async () => {
    const file = { filename: 'a.txt', type: 'text/plain', data: Buffer.from('hello upload') };
    const cases: [string, ReturnType<typeof multipart>][] = [
      ['missing file', multipart([['containerTag', 'x']])],
      [
        'two files',
        multipart([
          ['file', file],
          ['file', file],
        ]),
      ],
      ['other name', multipart([['document', file]])],
      [
        'metadata not JSON',
        multipart([
          ['file', file],
          ['metadata', '{not json'],
        ]),
      ],
      [
        'metadata nested',
        multipart([
          ['file', file],
          ['metadata', '{"a":{"b":1}}'],
        ]),
      ],
      [
        'bad tag',
        multipart([
          ['file', file],
          ['containerTag', 'no spaces allowed'],
        ]),
      ],
      [
        'bad customId',
        multipart([
          ['file', file],
          ['customId', 'a/b'],
        ]),
      ],
    ];
    const before = await count();
    for (const [what, m] of cases) {
      const res = await post(m.body, m.contentType);
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe('VALIDATION_FAILED');
    }
    expect(await count()).toBe(before);
  });

  it('answers 400 for a truncated multipart body and keeps serving', async () => {
    const m = multipart([['file', { filename: 'a.txt', data: Buffer.from('some text that is cut off') }]]);
    const res = await post(m.body.subarray(0, m.body.length - 30), m.contentType);
    expect(res.status).toBe(400);
    expect((await fetch(`${baseURL}/health`)).status).toBe(200);
  });

  it('answers 415 for a JSON body on the upload route and for multipart on the JSON routes', async () => {
    const json = await post(Buffer.from('{"content":"x"}'), 'application/json');
    expect(json).toMatchObject({ status: 415, body: { code: 'MULTIPART_REQUIRED' } });
    const m = multipart([['content', 'hello']]);
    const res = await post(m.body, m.contentType, '/v3/documents');
    expect(res).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('detects the type from the bytes: an XLSX named .txt and declared text/plain is extracted as a workbook', async () => {
    const m = multipart([
      ['file', { filename: 'notes.txt', type: 'text/plain', data: fs.readFileSync(path.join(FILES, 'markitdown_test.xlsx')) }],
      ['containerTag', 'mislabelled'],
    ]);
    expect(m.body.length).toBeGreaterThan(4096);
    const res = await post(m.body, m.contentType);
    expect(res.status).toBe(200);
    const d = await doc(res.body.id);
    expect(d.status).toBe('done');
    expect(d.content).toContain('6ff4173b-42a5-4784-9b19-f49caff4d93d');
  });
});
