import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ftsRowDelta } from '../../../src/storage/sqlite/fts-row-delta.js';

/** How keyword rows move document frequencies (fts-row-delta.ts), as the writes call it: inside their transaction. */
describe('ftsRowDelta', () => {
  it('still works after the first call on a connection ran in a transaction that rolled back', () => {
    const db = new Database(':memory:');
    const failed = db.transaction(() => {
      ftsRowDelta(db, [], ['otter'], () => true);
      throw new Error('the write failed');
    });
    expect(failed).toThrow('the write failed');
    expect(db.transaction(() => ftsRowDelta(db, ['otter'], ['heron'], () => true))()).toEqual(
      new Map([
        ['otter', -1],
        ['heron', 1],
      ]),
    );
  });
});
