import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPages, pageRuns, prefetchBtrees, type PrefetchFile } from '../../src/storage/sqlite/page-prefetch.js';
import { searchPageTargets, warmSearchPages } from '../../src/storage/sqlite/search-pages.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { addIndexed, makeOrg, prng, randomUnit } from './store-fixtures.js';

/** The warm-up's page reads (page-prefetch.ts, search-pages.ts): the B-trees a search seeks through, read from the file. */
describe('SQLite page prefetch', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-prefetch-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const go = async () => true;

  /** A file with a table and an index of several levels each (small pages, long keys). */
  const file = path.join(dir, 'plain.db');
  let open: PrefetchFile;
  let db: Database.Database;
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
    const fd = fs.openSync(file, 'r');
    open = { fd, pageSize: 1024, pages: fs.fstatSync(fd).size / 1024 };
  });
  afterAll(() => {
    fs.closeSync(open.fd);
    db.close();
  });
  const root = (name: string) => db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck().get(name) as number;
  const pagesOf = (name: string, type?: string) =>
    db
      .prepare(`SELECT pageno FROM dbstat WHERE name = ? ${type ? 'AND pagetype = ?' : "AND pagetype <> 'overflow'"} ORDER BY pageno`)
      .pluck()
      .all(...(type ? [name, type] : [name])) as number[];

  it('reads every page of an index with its leaves, and only the interior pages of a table without', async () => {
    const index = 'sqlite_autoindex_t_1';
    expect(pagesOf(index, 'internal').length).toBeGreaterThan(1);
    expect(await prefetchBtrees(open, [{ root: root(index), leaves: true }], go)).toBe(pagesOf(index).length);
    const interior = pagesOf('t', 'internal').length;
    expect(interior).toBeGreaterThan(1);
    expect(await prefetchBtrees(open, [{ root: root('t'), leaves: false }], go)).toBe(interior);
    expect(await prefetchBtrees(open, [{ root: root('t'), leaves: true }], go)).toBe(pagesOf('t').length);
  });

  it('stops at the budget, before a level that would pass it, and when the pause says so', async () => {
    const all = pagesOf('sqlite_autoindex_t_1').length;
    const interior = pagesOf('sqlite_autoindex_t_1', 'internal').length;
    expect(await prefetchBtrees(open, [{ root: root('sqlite_autoindex_t_1'), leaves: true }], go, all - 1)).toBe(interior);
    expect(await prefetchBtrees(open, [{ root: root('sqlite_autoindex_t_1'), leaves: true }], async () => false)).toBe(1);
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

  it('names the keyword index structure, lengths and doclists, the chunk and document id indexes and the row tables of a store, and the warm-up reads them', async () => {
    const storeFile = path.join(dir, 'store.db');
    const store = new SqliteStore(storeFile);
    await store.migrate();
    const org = makeOrg('prefetch');
    await store.accounts.upsertOrganization(org);
    const rand = prng(3);
    for (let i = 0; i < 40; i++) await addIndexed(store, org.id, [{ text: `chunk ${i} words here`, vector: randomUnit(rand, 8) }]);
    await store.close();

    const check = new Database(storeFile, { readonly: true });
    try {
      const fts = check.prepare('SELECT table_name FROM keyword_indexes').pluck().get() as string;
      const names = ['idx', 'data', 'docsize'].map((s) => `${fts}_${s}`);
      const expected = [...names, 'sqlite_autoindex_chunks_1', 'sqlite_autoindex_documents_1', 'chunks', `${fts}_content`, 'documents'];
      const whole = (i: number) => i < 5;
      const roots = check.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').pluck();
      expect(searchPageTargets(check)).toEqual(expected.map((name, i) => ({ root: roots.get(name), leaves: whole(i) })));
      // Every page of the indexes, the interior pages of the tables (none while a table fits its root: the root).
      const count = (name: string, leaves: boolean) => {
        const rows = check.prepare("SELECT pagetype FROM dbstat WHERE name = ? AND pagetype <> 'overflow'").pluck().all(name) as string[];
        return leaves || rows.length === 1 ? rows.length : rows.filter((t) => t === 'internal').length;
      };
      const total = expected.reduce((n, name, i) => n + count(name, whole(i)), 0);
      expect(await warmSearchPages(check, storeFile, go)).toBe(total);
    } finally {
      check.close();
    }
    const reopened = new SqliteStore(storeFile);
    await reopened.migrate();
    await expect(reopened.warmUp()).resolves.toBeUndefined();
    await reopened.close();
    // A store closed before its warm-up began reads nothing and does not fail.
    const closed = new SqliteStore(storeFile);
    const warm = closed.warmUp();
    await closed.close();
    await expect(warm).resolves.toBeUndefined();
  });
});
