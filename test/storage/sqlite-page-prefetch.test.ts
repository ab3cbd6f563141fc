import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { childPages, pageRuns, prefetchBtrees, type PageReader } from '../../src/storage/sqlite/page-prefetch.js';
import { searchPageTargets, warmSearchPages } from '../../src/storage/sqlite/search-pages.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { addIndexed, makeOrg, prng, randomUnit } from './store-fixtures.js';

/** The warm-up's page reads (page-prefetch.ts, search-pages.ts): the B-trees a search walks, read from the file. */
describe('SQLite page prefetch', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-prefetch-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A file with a table and an index of several levels each (small pages, long keys). */
  const file = path.join(dir, 'plain.db');
  let fd: number;
  let geometry: { pageSize: number; pages: number };
  let db: Database.Database;
  const reads: { first: number; count: number }[] = [];
  const read: PageReader = (first, count) => {
    reads.push({ first, count });
    const buffer = Buffer.alloc(count * 1024);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.byteLength, (first - 1) * 1024));
  };
  beforeAll(() => {
    db = new Database(file);
    db.pragma('page_size = 1024');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT UNIQUE, body TEXT); CREATE TABLE other (x TEXT)');
    const insert = db.prepare('INSERT INTO t (k, body) VALUES (?, ?)');
    const other = db.prepare('INSERT INTO other (x) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 6000; i++) {
        insert.run(`key-${(i * 7919) % 6000}-${'x'.repeat(40)}`, 'y'.repeat(300));
        if (i % 3 === 0) other.run('z'.repeat(200));
      }
    })();
    fd = fs.openSync(file, 'r');
    geometry = { pageSize: 1024, pages: fs.fstatSync(fd).size / 1024 };
  });
  afterAll(() => {
    fs.closeSync(fd);
    db.close();
  });
  const root = (name: string) => db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck().get(name) as number;
  const pagesOf = (name: string, type?: string) =>
    db
      .prepare(`SELECT pageno FROM dbstat WHERE name = ? ${type ? 'AND pagetype = ?' : "AND pagetype <> 'overflow'"} ORDER BY pageno`)
      .pluck()
      .all(...(type ? [name, type] : [name])) as number[];

  it('reads every page of an index with its leaves, and only the interior pages of a table without', () => {
    const index = 'sqlite_autoindex_t_1';
    expect(pagesOf(index, 'internal').length).toBeGreaterThan(1);
    expect(prefetchBtrees(read, geometry, [{ root: root(index), leaves: true }])).toBe(pagesOf(index).length);
    const interior = pagesOf('t', 'internal');
    expect(interior.length).toBeGreaterThan(1);
    reads.length = 0;
    expect(prefetchBtrees(read, geometry, [{ root: root('t'), leaves: false }])).toBe(interior.length);
    // The pages read cover every interior page; of the leaves only the one that tells the walk where to stop.
    const read1 = new Set(reads.flatMap((r) => Array.from({ length: r.count }, (_, i) => r.first + i)));
    for (const p of interior) expect(read1.has(p)).toBe(true);
    const leaves = pagesOf('t', 'leaf').filter((p) => read1.has(p));
    expect(leaves.length).toBeLessThan(pagesOf('t', 'leaf').length / 4);
    expect(prefetchBtrees(read, geometry, [{ root: root('t'), leaves: true }])).toBe(pagesOf('t').length);
  });

  it('stops at the budget, before a level that would pass it', () => {
    const all = pagesOf('sqlite_autoindex_t_1').length;
    const interior = pagesOf('sqlite_autoindex_t_1', 'internal').length;
    expect(prefetchBtrees(read, geometry, [{ root: root('sqlite_autoindex_t_1'), leaves: true }], all - 1)).toBe(interior);
  });

  it('skips what is not a B-tree page (a page of the WAL not yet in the file, a free page)', () => {
    const page = new Uint8Array(1024);
    expect(childPages(page, 5, 100)).toBeUndefined();
    page[0] = 0x0d;
    expect(childPages(page, 5, 100)).toBeNull();
    // An interior table page with one cell pointing at page 7 and a right-most child 9, and one out of the file.
    const interior = new Uint8Array(1024);
    const view = new DataView(interior.buffer);
    interior[0] = 0x05;
    view.setUint16(3, 2);
    view.setUint32(8, 9);
    view.setUint16(12, 1000);
    view.setUint16(14, 1010);
    view.setUint32(1000, 7);
    view.setUint32(1010, 5000);
    expect(childPages(interior, 3, 100)).toEqual([7, 9]);
  });

  it('reads neighbouring pages together', () => {
    expect(pageRuns([10, 3, 4, 5, 100, 12, 3], 4096)).toEqual([
      { first: 3, count: 10 },
      { first: 100, count: 1 },
    ]);
  });

  it("names the interior pages of a store's chunk rows, keyword rows and document heads, FTS5's structure and lengths and the chunk id index; its warm-up reads them on a worker thread", async () => {
    const storeFile = path.join(dir, 'store.db');
    const store = new SqliteStore(storeFile);
    await store.migrate();
    const org = makeOrg('prefetch');
    await store.accounts.upsertOrganization(org);
    const rand = prng(3);
    for (let i = 0; i < 40; i++) await addIndexed(store, org.id, [{ text: `chunk ${i} words here ${'filler '.repeat(400)}`, vector: randomUnit(rand, 8) }]);
    await store.close();

    const check = new Database(storeFile, { readonly: true });
    try {
      const fts = check.prepare('SELECT table_name FROM keyword_indexes').pluck().get() as string;
      const expected: [string, boolean][] = [
        ['chunks', false],
        [`${fts}_content`, false],
        ['documents_head', false],
        [`${fts}_idx`, true],
        [`${fts}_docsize`, true],
        ['sqlite_autoindex_chunks_1', true],
      ];
      const roots = check.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck();
      expect(searchPageTargets(check)).toEqual(expected.map(([name, leaves]) => ({ root: roots.get(name), leaves })));
      // Every page of the small trees, the interior pages of the others (none while a tree fits its root: the root).
      const count = (name: string, leaves: boolean) => {
        const rows = check.prepare("SELECT pagetype FROM dbstat WHERE name = ? AND pagetype <> 'overflow'").pluck().all(name) as string[];
        return leaves || rows.length === 1 ? rows.length : rows.filter((t) => t === 'internal').length;
      };
      expect(count('chunks', true)).toBeGreaterThan(count('chunks', false));
      const total = expected.reduce((n, [name, leaves]) => n + count(name, leaves), 0);
      expect(await warmSearchPages(check, storeFile).done).toBe(total);
    } finally {
      check.close();
    }
    // Through the store: the worker boots (tsx registered in it) and walks the file; a failure would be logged.
    const logger = { warn: vi.fn() };
    const reopened = new SqliteStore(storeFile, { pageWarmUpMinBytes: 0, logger });
    await reopened.migrate();
    await expect(reopened.warmUp()).resolves.toBeUndefined();
    expect(logger.warn).not.toHaveBeenCalled();
    await reopened.close();
  });
});
