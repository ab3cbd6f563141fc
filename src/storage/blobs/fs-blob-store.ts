import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobInfo, BlobStore } from '../blobs.js';
import { assertBlobKey, assertRange, HashingPassThrough } from './blob-keys.js';

/** What `<key>~meta` holds: the blob's description and the name of its current data file. */
interface BlobMeta extends BlobInfo {
  data: string;
}

/**
 * Blobs as files under a directory (the embedded store's `<dataDir>/files`). A key `a/b/c` is the directory
 * `a/b/` holding `c~meta` (JSON: info and the current data file) and `c~<uuid>` (the bytes). `~` never occurs in a
 * key, so a key may also be a prefix of another key (`a/b` and `a/b/c`). Writes are atomic: the data goes to a new
 * file, then a renamed meta file switches to it, then the old data file is removed (open readers keep their bytes).
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string, suffix: string): string {
    return path.join(this.root, ...key.split('/')) + `~${suffix}`;
  }

  async putFile(key: string, sourcePath: string, info: { contentType: string; filename: string | null }): Promise<BlobInfo> {
    assertBlobKey(key);
    const metaPath = this.pathOf(key, 'meta');
    await fsp.mkdir(path.dirname(metaPath), { recursive: true });
    const data = randomUUID();
    const dataPath = this.pathOf(key, data);
    const hasher = new HashingPassThrough();
    try {
      await pipeline(fs.createReadStream(sourcePath), hasher, fs.createWriteStream(dataPath, { flags: 'wx' }));
      await syncFile(dataPath);
      const blob: BlobInfo = {
        key,
        size: hasher.size,
        contentType: info.contentType,
        filename: info.filename,
        sha256: hasher.digest(),
        createdAt: new Date().toISOString(),
      };
      const previous = await this.readMeta(key);
      const tmp = this.pathOf(key, `tmp-${randomUUID()}`);
      await fsp.writeFile(tmp, JSON.stringify({ ...blob, data } satisfies BlobMeta), { flag: 'wx' });
      await syncFile(tmp);
      await fsp.rename(tmp, metaPath);
      if (previous && previous.data !== data) await fsp.rm(this.pathOf(key, previous.data), { force: true });
      return blob;
    } catch (err) {
      await fsp.rm(dataPath, { force: true });
      throw err;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    const meta = await this.readMeta(key);
    if (!meta) return null;
    const { data: _data, ...info } = meta;
    return info;
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    assertBlobKey(key);
    assertRange(range);
    // A replace between reading the meta file and opening the data file removes that file: read the meta again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const meta = await this.readMeta(key);
      if (!meta) return null;
      const handle = await fsp.open(this.pathOf(key, meta.data), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) continue;
      if (range && range.start >= meta.size) {
        await handle.close();
        return Readable.from([]);
      }
      return handle.createReadStream(range ? { start: range.start, end: Math.min(range.end, meta.size - 1) } : {});
    }
    return null;
  }

  async toLocalFile(key: string): Promise<{ path: string; release(): Promise<void> } | null> {
    assertBlobKey(key);
    const meta = await this.readMeta(key);
    return meta ? { path: this.pathOf(key, meta.data), release: async () => {} } : null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    const meta = await this.readMeta(key);
    if (!meta) return;
    await fsp.rm(this.pathOf(key, 'meta'), { force: true });
    // Every `<name>~…` file belongs to this key: the data file, and any left by an interrupted or racing put.
    const metaPath = this.pathOf(key, 'meta');
    const stem = `${path.basename(metaPath).slice(0, -'meta'.length)}`;
    const siblings = await fsp.readdir(path.dirname(metaPath)).catch(() => [] as string[]);
    for (const name of siblings) if (name.startsWith(stem)) await fsp.rm(path.join(path.dirname(metaPath), name), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertBlobKey(prefix, { prefix: true });
    // Only the directory named by the prefix's complete segments can hold matching keys.
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash < 0 ? '' : prefix.slice(0, slash);
    let count = 0;
    for (const key of await this.keysUnder(dirKey)) {
      if (!key.startsWith(prefix)) continue;
      await this.delete(key);
      count++;
    }
    return count;
  }

  /** Every key stored under the directory `dirKey` ('' = the root), at any depth. */
  private async keysUnder(dirKey: string): Promise<string[]> {
    const dir = dirKey ? path.join(this.root, ...dirKey.split('/')) : this.root;
    const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('~meta'))
      .map((e) =>
        path
          .relative(this.root, path.join(e.parentPath ?? e.path, e.name.slice(0, -'~meta'.length)))
          .split(path.sep)
          .join('/'),
      );
  }

  private async readMeta(key: string): Promise<BlobMeta | null> {
    try {
      return JSON.parse(await fsp.readFile(this.pathOf(key, 'meta'), 'utf8')) as BlobMeta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw err;
    }
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
