import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type Db, type GridFSFile, type ObjectId } from 'mongodb';
import type { BlobInfo, BlobStore } from '../blobs.js';
import { assertBlobKey, assertRange, HashingPassThrough, safeExtension } from '../blobs/blob-keys.js';

/** GridFS bucket of uploaded originals (collections `blobs.files` and `blobs.chunks`). */
export const BLOB_BUCKET = 'blobs';

interface BlobMetadata {
  contentType: string;
  filename: string | null;
  /** Set once the upload has completed; a files document without it is an upload still in progress. */
  sha256?: string;
}

/**
 * Blobs in GridFS: `filename` is the key, `metadata` holds contentType, the client's filename and sha256. A put
 * uploads a new GridFS file and then deletes the older ones of the key, so readers see the old or the new bytes,
 * never a mix. The SHA-256 is computed while uploading and written into the files document afterwards (FerretDB and
 * MongoDB both accept the update); readers only take files that have it.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(private readonly db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: BLOB_BUCKET });
  }

  private get files() {
    return this.db.collection<GridFSFile>(`${BLOB_BUCKET}.files`);
  }

  async putFile(key: string, sourcePath: string, info: { contentType: string; filename: string | null }): Promise<BlobInfo> {
    assertBlobKey(key);
    const metadata: BlobMetadata = { contentType: info.contentType, filename: info.filename };
    const upload = this.bucket.openUploadStream(key, { metadata });
    const hasher = new HashingPassThrough();
    try {
      await pipeline(fs.createReadStream(sourcePath), hasher, upload);
    } catch (err) {
      await this.bucket.delete(upload.id).catch(() => {});
      throw err;
    }
    const sha256 = hasher.digest();
    await this.files.updateOne({ _id: upload.id }, { $set: { 'metadata.sha256': sha256 } });
    const current = await this.latest(key);
    // Older files of the key go; so would a newer one's predecessor in a race, which leaves the newest in place.
    const stale = await this.files.find({ filename: key, _id: { $ne: current?._id ?? upload.id } }, { projection: { _id: 1, uploadDate: 1 } }).toArray();
    for (const f of stale) {
      if (current && f.uploadDate > current.uploadDate) continue;
      await this.bucket.delete(f._id as ObjectId).catch(() => {});
    }
    const uploaded = await this.files.findOne({ _id: upload.id });
    return toInfo(uploaded ?? ({ filename: key, length: hasher.size, uploadDate: new Date(), metadata: { ...metadata, sha256 } } as unknown as GridFSFile));
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    const file = await this.latest(key);
    return file ? toInfo(file) : null;
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    assertBlobKey(key);
    assertRange(range);
    const file = await this.latest(key);
    if (!file) return null;
    if (!range) return this.bucket.openDownloadStream(file._id);
    if (range.start >= file.length) return Readable.from([]);
    // GridFS's `end` is exclusive.
    return this.bucket.openDownloadStream(file._id, { start: range.start, end: Math.min(range.end, file.length - 1) + 1 });
  }

  async toLocalFile(key: string, tmpDir: string): Promise<{ path: string; release(): Promise<void> } | null> {
    assertBlobKey(key);
    const file = await this.latest(key);
    if (!file) return null;
    await fsp.mkdir(tmpDir, { recursive: true });
    const local = path.join(tmpDir, `mnemo-blob-${randomUUID()}${safeExtension((file.metadata as BlobMetadata).filename)}`);
    try {
      await pipeline(this.bucket.openDownloadStream(file._id), fs.createWriteStream(local, { flags: 'wx' }));
    } catch (err) {
      await fsp.rm(local, { force: true });
      throw err;
    }
    return { path: local, release: () => fsp.rm(local, { force: true }) };
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.deleteWhere({ filename: key });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertBlobKey(prefix, { prefix: true });
    // A range on filename rather than a regular expression: uses the bucket's filename index.
    return this.deleteWhere({ filename: { $gte: prefix, $lt: `${prefix}\uffff` } }, true);
  }

  private async deleteWhere(query: object, countKeys = false): Promise<number> {
    const files = await this.files.find(query, { projection: { _id: 1, filename: 1 } }).toArray();
    for (const f of files) await this.bucket.delete(f._id as ObjectId).catch(() => {});
    return countKeys ? new Set(files.map((f) => f.filename)).size : files.length;
  }

  /** The newest completed file of a key. */
  private async latest(key: string): Promise<GridFSFile | null> {
    return this.files.findOne({ filename: key, 'metadata.sha256': { $exists: true } }, { sort: { uploadDate: -1, _id: -1 } });
  }
}

function toInfo(f: GridFSFile): BlobInfo {
  const m = f.metadata as BlobMetadata;
  return {
    key: f.filename,
    size: f.length,
    contentType: m.contentType,
    filename: m.filename ?? null,
    sha256: m.sha256 ?? '',
    createdAt: f.uploadDate.toISOString(),
  };
}
