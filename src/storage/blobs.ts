import type { Readable } from 'node:stream';

/** A stored original file (an upload), kept so its document can be re-processed and served back. */
export interface BlobInfo {
  key: string;
  size: number;
  /** Detected MIME type. */
  contentType: string;
  filename: string | null;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  createdAt: string;
}

/**
 * The key of a document's original file for one generation: `<orgId>/<documentId>/<generation>`. Deleting a
 * document removes every blob under `<orgId>/<documentId>/` (see removeDocumentBlobs), whatever its generation.
 */
export function documentFileKey(orgId: string, documentId: string, generation: number): string {
  return `${orgId}/${documentId}/${generation}`;
}

/**
 * Removes the blobs of deleted documents that had a file: that file and anything else under the document's key
 * prefix (an earlier generation's file a crash left behind). Used by
 * the stores after the rows are gone (a failure here leaves an orphaned blob, never a document without its file),
 * so errors are reported to `onError` rather than thrown.
 */
export async function removeDocumentBlobs(blobs: BlobStore, orgId: string, docs: readonly { id: string; fileKey: string | null }[], onError: (err: unknown) => void = () => {}): Promise<void> {
  for (const d of docs) {
    if (!d.fileKey) continue;
    try {
      await blobs.delete(d.fileKey);
      await blobs.deletePrefix(`${orgId}/${d.id}/`);
    } catch (err) {
      onError(err);
    }
  }
}

/**
 * Original files by key. Keys are chosen by the caller (`<orgId>/<documentId>/<generation>`-like, no "..", no
 * leading "/"); a put under an existing key replaces it. Adapters: a directory on disk (embedded) and GridFS
 * (MongoDB); one contract suite (test/storage/blob-contract.ts) runs on both.
 */
export interface BlobStore {
  /** Stores the file at `sourcePath` (which the caller may delete afterwards) under `key`. */
  putFile(key: string, sourcePath: string, info: { contentType: string; filename: string | null }): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | null>;
  /** The bytes, or a byte range (inclusive `end`), as a stream; null when there is no such blob. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /**
   * A local file with the blob's bytes for extractors that need a path: the stored file itself on disk, or a
   * temporary copy (GridFS) that `release` removes. Null when there is no such blob.
   */
  toLocalFile(key: string, tmpDir: string): Promise<{ path: string; release(): Promise<void> } | null>;
  /** Removes the blob; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix` (an organisation or a document); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
}
