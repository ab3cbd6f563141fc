/**
 * Conformance suite for the BlobStore port (uploaded originals): every adapter (files under the data directory,
 * GridFS) runs it unchanged, through `store.blobs` only.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/storage/blobs.js';
import type { Store } from '../../src/storage/store.js';
import type { CleanupStore, MakeStore } from './contract-context.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable | null): Promise<Buffer> {
  expect(stream).not.toBeNull();
  const parts: Buffer[] = [];
  for await (const c of stream!) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
}

/** Registers the suite; `makeStore` and `cleanup` as for runStoreContract. */
export function runBlobContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: Store;
    let blobs: BlobStore;
    let dir: string;
    const source = async (content: Buffer | string) => {
      const file = path.join(dir, `src-${randomUUID()}`);
      await fsp.writeFile(file, content);
      return file;
    };
    const put = async (key: string, content: Buffer | string, filename: string | null = 'a.txt') => blobs.putFile(key, await source(content), { contentType: 'text/plain', filename });

    beforeEach(async () => {
      store = await makeStore();
      blobs = store.blobs;
      dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mnemo-blob-contract-'));
    });
    afterEach(async () => {
      if (cleanup) await cleanup(store);
      await store.close();
      await fsp.rm(dir, { recursive: true, force: true });
    });

    it('stores a file with its size, type, name and SHA-256; the source may be removed afterwards', async () => {
      const src = await source('hello, blobs');
      const info = await blobs.putFile('org-1/doc-1/1', src, { contentType: 'text/plain', filename: 'Grüße 2024.txt' });
      await fsp.rm(src);
      expect(info).toEqual({
        key: 'org-1/doc-1/1',
        size: 12,
        contentType: 'text/plain',
        filename: 'Grüße 2024.txt',
        sha256: sha('hello, blobs'),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(await blobs.stat('org-1/doc-1/1')).toEqual(info);
      expect((await readAll(await blobs.openRead('org-1/doc-1/1'))).toString()).toBe('hello, blobs');
    });

    it('stores an empty file and a file without a name', async () => {
      const info = await put('org-1/empty', '', null);
      expect(info).toMatchObject({ size: 0, filename: null, sha256: sha('') });
      expect(await blobs.stat('org-1/empty')).toMatchObject({ size: 0, filename: null });
      expect((await readAll(await blobs.openRead('org-1/empty'))).length).toBe(0);
    });

    it('a put under an existing key replaces the blob', async () => {
      await put('org-1/doc-1/1', 'first version', 'one.txt');
      const second = await blobs.putFile('org-1/doc-1/1', await source('second'), { contentType: 'application/pdf', filename: 'two.pdf' });
      expect(await blobs.stat('org-1/doc-1/1')).toEqual(second);
      expect(second).toMatchObject({ size: 6, contentType: 'application/pdf', filename: 'two.pdf', sha256: sha('second') });
      expect((await readAll(await blobs.openRead('org-1/doc-1/1'))).toString()).toBe('second');
      expect(await blobs.deletePrefix('org-1/')).toBe(1);
    });

    it('reads byte ranges (inclusive end, clamped to the size; empty past the end)', async () => {
      await put('k', '0123456789');
      const range = async (start: number, end: number) => (await readAll(await blobs.openRead('k', { start, end }))).toString();
      expect(await range(0, 0)).toBe('0');
      expect(await range(3, 6)).toBe('3456');
      expect(await range(7, 1000)).toBe('789');
      expect(await range(9, 9)).toBe('9');
      expect(await range(10, 20)).toBe('');
      await expect(blobs.openRead('k', { start: 5, end: 4 })).rejects.toThrow(RangeError);
      await expect(blobs.openRead('k', { start: -1, end: 4 })).rejects.toThrow(RangeError);
    });

    it('answers null for a missing key and deleting it is no error', async () => {
      expect(await blobs.stat('org-1/missing')).toBeNull();
      expect(await blobs.openRead('org-1/missing')).toBeNull();
      expect(await blobs.openRead('org-1/missing', { start: 0, end: 1 })).toBeNull();
      expect(await blobs.toLocalFile('org-1/missing', dir)).toBeNull();
      await blobs.delete('org-1/missing');
      expect(await blobs.deletePrefix('org-1/')).toBe(0);
    });

    it('gives a local file with the bytes; release leaves the blob in place', async () => {
      await put('org-1/doc/1', 'local bytes', 'scan.PDF');
      const local = await blobs.toLocalFile('org-1/doc/1', path.join(dir, 'tmp'));
      expect(local).not.toBeNull();
      expect(await fsp.readFile(local!.path, 'utf8')).toBe('local bytes');
      await local!.release();
      expect((await readAll(await blobs.openRead('org-1/doc/1'))).toString()).toBe('local bytes');
    });

    it('deletes one key, and by prefix (a string prefix of keys), counting the blobs removed', async () => {
      for (const key of ['o1/d1/1', 'o1/d1/2', 'o1/d10/1', 'o1/d2/1', 'o2/d1/1']) await put(key, key);
      await blobs.delete('o1/d1/2');
      expect(await blobs.stat('o1/d1/2')).toBeNull();
      expect(await blobs.stat('o1/d1/1')).not.toBeNull();
      expect(await blobs.deletePrefix('o1/d1/')).toBe(1);
      expect(await blobs.stat('o1/d10/1')).not.toBeNull();
      expect(await blobs.deletePrefix('o1/d1')).toBe(1); // o1/d10/1
      expect(await blobs.deletePrefix('o1/')).toBe(1);
      expect(await blobs.stat('o1/d2/1')).toBeNull();
      expect((await readAll(await blobs.openRead('o2/d1/1'))).toString()).toBe('o2/d1/1');
    });

    it('a key may also be the prefix of another key', async () => {
      await put('a/b', 'parent');
      await put('a/b/c', 'child');
      expect((await readAll(await blobs.openRead('a/b'))).toString()).toBe('parent');
      expect((await readAll(await blobs.openRead('a/b/c'))).toString()).toBe('child');
      await blobs.delete('a/b');
      expect((await readAll(await blobs.openRead('a/b/c'))).toString()).toBe('child');
    });

    it('refuses unsafe keys and prefixes in every method', async () => {
      const src = await source('x');
      const bad = ['', '/abs', '../x', 'a/../b', 'a/./b', 'a//b', 'a/', '.hidden', 'a b', 'a\\b', 'ä', 'a~meta', 'a\u0000b', 'x'.repeat(600)];
      for (const key of bad) {
        await expect(blobs.putFile(key, src, { contentType: 'text/plain', filename: null }), key).rejects.toThrow(TypeError);
        await expect(blobs.stat(key), key).rejects.toThrow(TypeError);
        await expect(blobs.openRead(key), key).rejects.toThrow(TypeError);
        await expect(blobs.toLocalFile(key, dir), key).rejects.toThrow(TypeError);
        await expect(blobs.delete(key), key).rejects.toThrow(TypeError);
      }
      for (const prefix of ['', '/', '../', 'a/../', 'a//']) await expect(blobs.deletePrefix(prefix), prefix).rejects.toThrow(TypeError);
      expect(await blobs.deletePrefix('a/')).toBe(0);
    });

    it('round-trips a 20 MB file with the same SHA-256, streamed in bounded chunks', async () => {
      const file = path.join(dir, 'big.bin');
      const block = Buffer.alloc(1 << 20);
      const hash = createHash('sha256');
      const out = fs.createWriteStream(file);
      for (let i = 0; i < 20; i++) {
        for (let j = 0; j < block.length; j += 4) block.writeUInt32LE((i * 2654435761 + j * 40503) >>> 0, j);
        hash.update(block);
        if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      const expected = hash.digest('hex');

      const info = await blobs.putFile('org-1/big/1', file, { contentType: 'application/octet-stream', filename: 'big.bin' });
      expect(info).toMatchObject({ size: 20 << 20, sha256: expected });

      const readHash = createHash('sha256');
      let chunks = 0;
      let largest = 0;
      const stream = await blobs.openRead('org-1/big/1');
      for await (const c of stream!) {
        readHash.update(c as Buffer);
        chunks++;
        largest = Math.max(largest, (c as Buffer).length);
      }
      expect(readHash.digest('hex')).toBe(expected);
      expect(chunks).toBeGreaterThan(20);
      expect(largest).toBeLessThanOrEqual(1 << 20);

      const tail = await readAll(await blobs.openRead('org-1/big/1', { start: (20 << 20) - 10, end: (20 << 20) + 10 }));
      expect(tail).toHaveLength(10);
      const local = await blobs.toLocalFile('org-1/big/1', path.join(dir, 'tmp'));
      const localHash = createHash('sha256');
      await pipeline(fs.createReadStream(local!.path), localHash);
      expect(localHash.digest('hex')).toBe(expected);
      await local!.release();
    }, 120_000);
  });
}
