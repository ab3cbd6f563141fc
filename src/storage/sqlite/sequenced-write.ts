import type Database from 'better-sqlite3';

/**
 * Runs `write` in a transaction that takes the write lock at once and reads the change sequence (kept by triggers,
 * migrations 10 and 11) before and after it. An in-memory index that applies the write itself then moves from `from`
 * to `to` only if it was at `from` (VectorIndex.advance): another process's writes in between are caught up later.
 */
export function sequencedWrite<T>(db: Database.Database, seq: () => number, write: () => T): { value: T; from: number; to: number } {
  return db
    .transaction(() => {
      const from = seq();
      const value = write();
      return { value, from, to: seq() };
    })
    .immediate();
}
