import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Longest accepted blob key (well under any filesystem's path limit once placed under the data directory). */
export const MAX_BLOB_KEY_LENGTH = 512;

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Throws unless `key` is a relative path of safe segments (letters, digits, `.`, `_`, `-`; none empty, none
 * starting with a dot, so no `..`), the same rule for every adapter. A prefix may also end with `/`.
 */
export function assertBlobKey(key: string, { prefix = false } = {}): void {
  const body = typeof key === 'string' && prefix && key.endsWith('/') ? key.slice(0, -1) : key;
  if (typeof body !== 'string' || key.length > MAX_BLOB_KEY_LENGTH || !body.split('/').every((s) => SEGMENT.test(s))) {
    throw new TypeError(`invalid blob ${prefix ? 'prefix' : 'key'}: ${JSON.stringify(String(key).slice(0, 80))}`);
  }
}

/** Throws unless the range is 0 ≤ start ≤ end (an `end` past the last byte is clamped by the adapters). */
export function assertRange(range: { start: number; end: number } | undefined): void {
  if (range && !(Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.end >= range.start)) {
    throw new RangeError(`invalid byte range ${range.start}-${range.end}`);
  }
}

/** A pass-through stream that hashes (SHA-256) and counts the bytes going through it. */
export class HashingPassThrough extends Transform {
  private readonly hash: Hash = createHash('sha256');
  size = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }

  /** Hex digest; call once, after the stream has finished. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** A file extension safe to put on a temporary copy (so tools that look at names see the right one), or ''. */
export function safeExtension(filename: string | null): string {
  const m = filename ? /\.([A-Za-z0-9]{1,10})$/.exec(filename) : null;
  return m ? `.${m[1]!.toLowerCase()}` : '';
}
