import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../src/core/types.js';
import { documentFileKey } from '../../src/storage/blobs.js';
import { fileLinkKey, signFileLink } from '../../src/services/file-links.js';
import { INSTANCE_SECRET } from '../../src/services/master-secret.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const ORG = 'org_default';
const BYTES = Buffer.from('%PDF-1.4 pretend this is a scanned contract, 0123456789 abcdefghij');

describe('original files: signed links (GET /v3/documents/{id}/file-url, GET /v3/files/{token})', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  let dir: string;
  const as = (key: string) => ({ authorization: `Bearer ${key}` });

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mnemo-file-links-'));
  });
  afterAll(async () => {
    await rt.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  /** A document created through the API, then given a stored original through the store (as an upload would). */
  const seed = async (body: Record<string, unknown>, filename: string | null = 'Résumé — draft.pdf', bytes = BYTES) => {
    const res = await request(server)
      .post('/v3/documents')
      .set(auth)
      .send({ content: 'placeholder text', ...body });
    expect(res.status).toBe(200);
    const id = res.body.id as string;
    const src = path.join(dir, `${id}.src`);
    await fsp.writeFile(src, bytes);
    const key = documentFileKey(ORG, id, 1);
    const info = await rt.store.blobs.putFile(key, src, { contentType: 'application/pdf', filename });
    const file: StoredFile = { key, filename, mimeType: info.contentType, size: info.size, sha256: info.sha256 };
    await rt.settle();
    expect(await rt.store.documents.updateDocument(ORG, id, { file })).not.toBeNull();
    return { id, key };
  };
  const linkOf = async (id: string, headers = auth, query = '') => {
    const res = await request(server)
      .get(`/v3/documents/${encodeURIComponent(id)}/file-url${query}`)
      .set(headers);
    return res;
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const mint = async (containerTag: string) => (await request(server).post('/v3/auth/scoped-key').set(auth).send({ containerTag })).body.key as string;

  it('answers a short-lived link on this server that serves the original without an API key', async () => {
    const { id } = await seed({ containerTag: 'files-a' });
    const before = Date.now();
    const res = await linkOf(id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'url']);
    expect(res.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v3\/files\/[\w-]+\.[\w-]+$/);
    const ttl = Date.parse(res.body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(895_000);
    expect(ttl).toBeLessThanOrEqual(901_000);

    const file = await request(server).get(pathOf(res.body.url)).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, BYTES)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(BYTES.length));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _ draft.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%94%20draft.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.headers.etag).toBe(`"${createHash('sha256').update(BYTES).digest('hex')}"`);
    const head = await request(server).head(pathOf(res.body.url));
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(BYTES.length));
  });

  it('finds the document by customId, narrowed by containerTag when the customId is in several tags', async () => {
    const a = await seed({ containerTag: 'files-b', customId: 'contract-7' });
    await seed({ containerTag: 'files-c', customId: 'contract-7' }, 'other.pdf');
    expect((await linkOf('contract-7')).status).toBe(409);
    const res = await linkOf('contract-7', auth, '?containerTag=files-b');
    expect(res.status).toBe(200);
    const file = await request(server).get(pathOf(res.body.url));
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9");
    expect((await linkOf(a.id)).status).toBe(200);
  });

  it('404 FILE_NOT_FOUND for a document without a stored file, DOCUMENT_NOT_FOUND for no document', async () => {
    const plain = await request(server).post('/v3/documents').set(auth).send({ content: 'just text', containerTag: 'files-d' });
    const res = await linkOf(plain.body.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('FILE_NOT_FOUND');
    expect((await linkOf('no-such-document')).body.code).toBe('DOCUMENT_NOT_FOUND');
    expect((await request(server).get('/v3/documents/x/file-url')).status).toBe(401);
  });

  it('serves single byte ranges (206), refuses ranges past the end (416) and ignores ranges it does not support', async () => {
    const { id } = await seed({ containerTag: 'files-e' }, 'a.pdf');
    const url = pathOf((await linkOf(id)).body.url);
    const get = (range: string) => request(server).get(url).set('range', range).buffer(true).parse(binary);
    const size = BYTES.length;

    const first = await get('bytes=0-4');
    expect(first.status).toBe(206);
    expect((first.body as Buffer).toString()).toBe('%PDF-');
    expect(first.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect(first.headers['content-length']).toBe('5');
    const suffix = await get('bytes=-10');
    expect(suffix.status).toBe(206);
    expect((suffix.body as Buffer).toString()).toBe('abcdefghij');
    const open = await get(`bytes=${size - 3}-`);
    expect((open.body as Buffer).toString()).toBe('hij');
    expect(open.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    const clamped = await get(`bytes=${size - 2}-99999`);
    expect(clamped.headers['content-range']).toBe(`bytes ${size - 2}-${size - 1}/${size}`);

    const past = await get(`bytes=${size}-${size + 10}`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(JSON.parse((past.body as Buffer).toString()).code).toBe('RANGE_NOT_SATISFIABLE');

    for (const ignored of ['bytes=0-1,5-6', 'bytes=9-2', 'items=0-1', 'bytes=x-y']) {
      const whole = await get(ignored);
      expect(whole.status, ignored).toBe(200);
      expect((whole.body as Buffer).length, ignored).toBe(size);
    }
  });

  it('refuses tampered, foreign, malformed and expired links with 403 FILE_LINK_INVALID', async () => {
    const { id, key } = await seed({ containerTag: 'files-f' }, 'b.pdf');
    const token = pathOf((await linkOf(id)).body.url)
      .split('/')
      .pop()!;
    const [payload, signature] = token.split('.') as [string, string];
    const otherKey = documentFileKey(ORG, (await seed({ containerTag: 'files-f2' }, 'c.pdf')).id, 1);
    const forgedPayload = Buffer.from(JSON.stringify({ k: otherKey, e: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const secret = await rt.store.secrets.getOrCreate(INSTANCE_SECRET, () => 'unused');
    const expired = signFileLink(fileLinkKey(secret), { key, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const wrongSecret = signFileLink(fileLinkKey('some other secret of at least 32 chars'), { key, expiresAt: Math.floor(Date.now() / 1000) + 600 });

    for (const bad of [`${forgedPayload}.${signature}`, `${payload}.${flip(signature)}`, `${flip(payload)}.${signature}`, payload, `${token}.x`, 'garbage', expired, wrongSecret]) {
      const res = await request(server).get(`/v3/files/${bad}`);
      expect(res.status, bad).toBe(403);
      expect(res.body.code, bad).toBe('FILE_LINK_INVALID');
    }
    expect((await request(server).get(`/v3/files/${'a'.repeat(2000)}`)).status).toBe(400);
    // A valid link still works, and the same key signs a fresh link accepted by the server.
    expect((await request(server).get(`/v3/files/${token}`)).status).toBe(200);
    const fresh = signFileLink(fileLinkKey(secret), { key, expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await request(server).get(`/v3/files/${fresh}`)).status).toBe(200);
  });

  it('scoped keys get links for documents of their own tag only (another tag is 404)', async () => {
    const { id } = await seed({ containerTag: 'alice-files' });
    const alice = await mint('alice-files');
    const bob = await mint('bob-files');
    const mine = await linkOf(id, as(alice));
    expect(mine.status).toBe(200);
    expect((await request(server).get(pathOf(mine.body.url))).status).toBe(200);
    const theirs = await linkOf(id, as(bob));
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('DOCUMENT_NOT_FOUND');
  });

  it('deleting a document (single, bulk by ids, by tag) deletes its file; untagging a shared document keeps it', async () => {
    const single = await seed({ containerTag: 'del-a' });
    const link = pathOf((await linkOf(single.id)).body.url);
    expect((await request(server).delete(`/v3/documents/${single.id}`).set(auth)).status).toBe(204);
    expect(await rt.store.blobs.stat(single.key)).toBeNull();
    const after = await request(server).get(link);
    expect(after.status).toBe(404);
    expect(after.body.code).toBe('FILE_NOT_FOUND');

    const b1 = await seed({ containerTag: 'del-b' });
    const b2 = await seed({ containerTag: 'del-b' });
    expect(
      (
        await request(server)
          .delete('/v3/documents/bulk')
          .set(auth)
          .send({ ids: [b1.id, b2.id] })
      ).status,
    ).toBe(200);
    expect(await rt.store.blobs.stat(b1.key)).toBeNull();
    expect(await rt.store.blobs.stat(b2.key)).toBeNull();

    const only = await seed({ containerTag: 'del-c' });
    const shared = await seed({ containerTags: ['del-c', 'keep-d'] });
    const res = await request(server)
      .delete('/v3/documents/bulk')
      .set(auth)
      .send({ containerTags: ['del-c'] });
    expect(res.status).toBe(200);
    expect(await rt.store.blobs.stat(only.key)).toBeNull();
    expect(await rt.store.blobs.stat(shared.key)).not.toBeNull();
    expect((await linkOf(shared.id)).status).toBe(200);
  });

  it('new content from a non-file update replaces the original: the file is cleared and its blob deleted', async () => {
    const { id, key } = await seed({ containerTag: 'upd-a' });
    const sameContent = await request(server).patch(`/v3/documents/${id}`).set(auth).send({ title: 'renamed' });
    expect(sameContent.status).toBe(200);
    expect(await rt.store.blobs.stat(key)).not.toBeNull();
    const res = await request(server).patch(`/v3/documents/${id}`).set(auth).send({ content: 'entirely new text' });
    expect(res.status).toBe(200);
    expect(await rt.store.blobs.stat(key)).toBeNull();
    expect((await rt.store.documents.getDocument(ORG, id))!.file).toBeNull();
    expect((await linkOf(id)).body.code).toBe('FILE_NOT_FOUND');
    await rt.settle();
  });
});

describe('file link configuration', () => {
  it('uses MNEMO_PUBLIC_URL for the links and MNEMO_FILE_URL_TTL_SECONDS for their lifetime', async () => {
    const rt = await createTestRuntime({ MNEMO_PUBLIC_URL: 'https://mnemo.example.com/base/', MNEMO_FILE_URL_TTL_SECONDS: '60' });
    try {
      const server = rt.app.callback();
      const doc = await request(server).post('/v3/documents').set(auth).send({ content: 'text', containerTag: 'cfg' });
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mnemo-file-links-'));
      await fsp.writeFile(path.join(dir, 'f'), 'x');
      const key = documentFileKey(ORG, doc.body.id, 1);
      const info = await rt.store.blobs.putFile(key, path.join(dir, 'f'), { contentType: 'text/plain', filename: null });
      await fsp.rm(dir, { recursive: true });
      await rt.settle();
      await rt.store.documents.updateDocument(ORG, doc.body.id, { file: { key, filename: null, mimeType: 'text/plain', size: info.size, sha256: info.sha256 } });
      const before = Date.now();
      const res = await request(server).get(`/v3/documents/${doc.body.id}/file-url`).set(auth);
      expect(res.body.url).toMatch(/^https:\/\/mnemo\.example\.com\/base\/v3\/files\//);
      expect(Date.parse(res.body.expiresAt) - before).toBeLessThanOrEqual(61_000);
      expect(Date.parse(res.body.expiresAt) - before).toBeGreaterThan(55_000);
      const file = await request(server).get(new URL(res.body.url).pathname.replace('/base', ''));
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
    } finally {
      await rt.close();
    }
  });

  it('refuses a TTL over a day and a secret key shorter than 32 characters', async () => {
    await expect(createTestRuntime({ MNEMO_FILE_URL_TTL_SECONDS: '86401' })).rejects.toThrow(/MNEMO_FILE_URL_TTL_SECONDS/);
    await expect(createTestRuntime({ MNEMO_SECRET_KEY: 'short' })).rejects.toThrow(/MNEMO_SECRET_KEY/);
  });
});

/** supertest parser that keeps any body as a Buffer. */
function binary(res: request.Response, done: (err: Error | null, body: unknown) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const parts: Buffer[] = [];
  stream.on('data', (c: Buffer) => parts.push(Buffer.from(c)));
  stream.on('end', () => done(null, Buffer.concat(parts)));
}
