import fs from 'node:fs';

/**
 * The float vectors of an index image's rows, read from the image file where they lie in row order (the `floats`
 * section, vector/index-image.ts) instead of being looked up in the store by chunk id. A row is `dims` float32
 * values; a row the writer had no vector for starts with NaN. The rows of an image never change (a changed
 * document gets new rows after it), so the file serves them as long as the index keeps its row numbers; the file
 * descriptor stays valid when a newer image is renamed over the file.
 *
 * Why not the store: a SQLite lookup by chunk id walks the id index and the chunk's row (content included), ~25 µs
 * a row at 100k; a read at a known offset is one system call on a page the OS keeps cached.
 */
export class FloatRows {
  private readonly buffer: Buffer;
  private readonly view: Float32Array;
  private fd: number | null;

  constructor(
    fd: number,
    private readonly offset: number,
    readonly dims: number,
    /** Rows the file holds (rows 0..count of the image). */
    readonly count: number,
  ) {
    this.fd = fd;
    this.buffer = Buffer.alloc(dims * 4);
    this.view = new Float32Array(this.buffer.buffer, this.buffer.byteOffset, dims);
  }

  /**
   * The float vector of `row`, in a view that the next read overwrites (copy it to keep it); null when the file
   * does not hold the row, the writer had no vector for it, or the file is closed or cut short.
   */
  read(row: number): Float32Array | null {
    if (this.fd === null || row < 0 || row >= this.count) return null;
    const bytes = this.dims * 4;
    try {
      if (fs.readSync(this.fd, this.buffer, 0, bytes, this.offset + row * bytes) !== bytes) return null;
    } catch {
      return null;
    }
    return Number.isNaN(this.view[0]) ? null : this.view;
  }

  /**
   * Copies rows [from, to) into `out` (row order, `dims` values each) with one read; answers how many rows from
   * `from` on it copied (fewer when the file holds fewer, 0 when closed or cut short). A copied row the writer had no
   * vector for starts with NaN, as in the file.
   */
  readRows(from: number, to: number, out: Float32Array): number {
    const rows = Math.min(to, this.count) - from;
    if (this.fd === null || from < 0 || rows <= 0 || out.length < rows * this.dims) return 0;
    const bytes = rows * this.dims * 4;
    try {
      const target = new Uint8Array(out.buffer, out.byteOffset, bytes);
      return fs.readSync(this.fd, target, 0, bytes, this.offset + from * this.dims * 4) === bytes ? rows : 0;
    } catch {
      return 0;
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      fs.closeSync(fd);
    } catch {
      // Already closed: nothing holds it.
    }
  }
}
