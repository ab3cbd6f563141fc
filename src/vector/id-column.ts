/**
 * The chunk id of each row of an index (vector-index.ts). Rows read from an image keep their ids as the image's
 * bytes, newline-separated, with the offset of each: a million rows are one buffer and one Int32Array instead of a
 * million strings. Making those strings was most of an image read's decoding time at 1M rows, and they stayed on the
 * heap for every later full collection to mark. An id becomes a string only when asked for (the few rows a search
 * returns). Rows appended later (writes, catch-ups) are kept as strings.
 */
export class IdColumn {
  /** Ids of the first `base` rows (the image's), joined by newlines. */
  private readonly text: Buffer;
  /** Start of each base row's id in `text`, and one past the end of the last (+1, as if a newline followed it). */
  private readonly starts: Int32Array;
  private readonly base: number;
  private readonly added: string[] = [];

  private constructor(text: Buffer, starts: Int32Array) {
    this.text = text;
    this.starts = starts;
    this.base = starts.length - 1;
  }

  /** A column of ids held as strings (an index built from rows). */
  static empty(): IdColumn {
    return new IdColumn(Buffer.alloc(0), Int32Array.of(0));
  }

  /**
   * The column of `count` ids joined by newlines in `text` (an image's section), found `sliceBytes` at a time with a
   * yield after each slice; null when `text` does not hold exactly `count` ids.
   */
  static *fromText(text: Buffer, count: number, sliceBytes: number): Generator<void, IdColumn | null> {
    if (count === 0) return text.byteLength === 0 ? IdColumn.empty() : null;
    const starts = new Int32Array(count + 1);
    let n = 1;
    for (let from = 0; from < text.byteLength; from += sliceBytes) {
      const to = Math.min(text.byteLength, from + sliceBytes);
      for (let i = from; i < to; i++) {
        if (text[i] !== 10) continue;
        if (n >= count) return null;
        starts[n++] = i + 1;
      }
      yield;
    }
    if (n !== count) return null;
    starts[count] = text.byteLength + 1;
    return new IdColumn(text, starts);
  }

  get length(): number {
    return this.base + this.added.length;
  }

  /** The id of `row` (undefined past the end). */
  get(row: number): string | undefined {
    if (row < this.base) return row < 0 ? undefined : this.text.toString('utf8', this.starts[row]!, this.starts[row + 1]! - 1);
    return this.added[row - this.base];
  }

  /** Appends the id of the next row. */
  push(id: string): void {
    this.added.push(id);
  }

  /**
   * The first `count` ids joined by newlines, as buffers (the base rows' bytes as they are, the others in slices of
   * `sliceRows`); null when an added id holds a newline (never made by Mnemo: an image is then not written).
   */
  *joined(count: number, sliceRows: number): Generator<void, Buffer[] | null> {
    const out: Buffer[] = [];
    const fromBase = Math.min(count, this.base);
    if (fromBase > 0) out.push(this.text.subarray(0, this.starts[fromBase]! - 1));
    for (let from = fromBase; from < count; from += sliceRows) {
      const part = this.added.slice(from - this.base, Math.min(count, from + sliceRows) - this.base);
      for (const id of part) if (id.includes('\n')) return null;
      out.push(Buffer.from(`${from > 0 ? '\n' : ''}${part.join('\n')}`));
      yield;
    }
    return out;
  }
}
