/**
 * Row numbers of the chunks keyword searches returned lately, by chunk id. A search reads its keyword hits' rows right
 * after it found them (getChunksWithTerms); by rowid that read skips the chunk id index, whose random-UUID leaves are
 * one disk read a hit on a cold database (issue 28). FTS5 rowids are chunk rowids, so the keyword side knows them.
 *
 * A hint, never the truth: a rowid is reused once its chunk is deleted, so a read by rowid keeps only rows whose id
 * is the one asked for, and reads the others by id.
 */
export class ChunkRowids {
  private readonly byId = new Map<string, number>();

  /** `capacity`: ids remembered; the oldest go first (a search notes ~100). */
  constructor(private readonly capacity = 4096) {}

  /** Remembers the rowid of a chunk a keyword search returned. */
  note(chunkId: string, rowid: number): void {
    this.byId.delete(chunkId);
    this.byId.set(chunkId, rowid);
    if (this.byId.size > this.capacity) this.byId.delete(this.byId.keys().next().value!);
  }

  /** The ids split into those with a remembered rowid (with it) and the rest. */
  split(chunkIds: readonly string[]): { known: Map<number, string>; unknown: string[] } {
    const known = new Map<number, string>();
    const unknown: string[] = [];
    for (const id of chunkIds) {
      const rowid = this.byId.get(id);
      if (rowid === undefined || known.has(rowid)) unknown.push(id);
      else known.set(rowid, id);
    }
    return { known, unknown };
  }
}
