/** A growable list of row numbers in one Int32Array (a tag's partition of an index: scanned without a copy). */
export class RowList {
  private rows: Int32Array;
  private length = 0;

  private constructor(capacity: number) {
    this.rows = new Int32Array(capacity);
  }

  static empty(): RowList {
    return new RowList(8);
  }

  push(row: number): void {
    if (this.length === this.rows.length) {
      const grown = new Int32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    this.rows[this.length++] = row;
  }

  /** The rows pushed so far (a view: valid until the next push). */
  view(): Int32Array {
    return this.rows.subarray(0, this.length);
  }
}
