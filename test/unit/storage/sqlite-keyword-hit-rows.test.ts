import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ChunkRowids } from '../../../src/storage/sqlite/chunk-rowids.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { queryTerms } from '../../../src/text/tokenize.js';
import { addIndexed, makeOrg } from '../../storage/store-fixtures.js';

/** Statements a call runs, with their parameters, from the connection's prepares during it. */
function recordStatements(db: Database.Database): { runs: { sql: string; args: unknown[] }[]; stop: () => void } {
  const runs: { sql: string; args: unknown[] }[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const all = statement.all.bind(statement);
    statement.all = ((...args: unknown[]) => {
      runs.push({ sql, args });
      return all(...args);
    }) as typeof statement.all;
    return statement;
  }) as typeof db.prepare;
  return { runs, stop: () => void (db.prepare = prepare) };
}

describe('SQLite keyword hits read by rowid (issue 28)', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  const open = async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    stores.push(store);
    const org = makeOrg('rowids');
    await store.accounts.upsertOrganization(org);
    return { store, org, db: (store as unknown as { db: Database.Database }).db };
  };

  it("reads a keyword search's hits without the chunk id index, as they are", async () => {
    const { store, org, db } = await open();
    for (let i = 0; i < 5; i++) await addIndexed(store, org.id, [{ text: `herons fish at dawn ${i}` }, { text: `cranes dance ${i}` }]);
    const hits = await store.chunks.keywordSearch(org.id, { terms: queryTerms('herons'), limit: 10 });
    expect(hits).toHaveLength(5);
    const ids = hits.map((h) => h.chunkId);
    const recorder = recordStatements(db);
    const got = await store.chunks.getChunksWithTerms(org.id, ids);
    recorder.stop();
    expect(got.chunks.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(got.chunks.every((c) => c.content.startsWith('herons fish at dawn'))).toBe(true);
    expect(got.terms).toEqual(await store.chunks.getChunkTerms(org.id, ids));
    // Every statement of the read finds chunk rows by rowid; none looks an id up in the id index.
    expect(recorder.runs.length).toBeGreaterThan(0);
    for (const { sql, args } of recorder.runs) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail).join('\n');
      expect(plan).not.toMatch(/sqlite_autoindex_chunks/);
      expect(plan).toMatch(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
  });

  it('does not take a chunk for the one whose rowid it reuses', async () => {
    const { store, org, db } = await open();
    await addIndexed(store, org.id, [{ text: 'kingfishers dive' }]);
    const gone = await addIndexed(store, org.id, [{ text: 'kingfishers nest in banks' }]);
    const [hit] = (await store.chunks.keywordSearch(org.id, { terms: queryTerms('nest'), limit: 10 })).map((h) => h.chunkId);
    expect(hit).toBe(gone.chunks[0]!.id);
    const rowidOf = (id: string) => (db.prepare('SELECT rowid FROM chunks WHERE id = ?').get(id) as { rowid: number } | undefined)?.rowid;
    const oldRowid = rowidOf(hit!);
    await store.documents.deleteDocuments(org.id, [gone.doc.id]);
    const came = await addIndexed(store, org.id, [{ text: 'egrets wade' }]);
    expect(rowidOf(came.chunks[0]!.id)).toBe(oldRowid);
    expect((await store.chunks.getChunksWithTerms(org.id, [hit!])).chunks).toEqual([]);
    const both = await store.chunks.getChunksWithTerms(org.id, [hit!, came.chunks[0]!.id]);
    expect(both.chunks.map((c) => c.content)).toEqual(['egrets wade']);
  });
});

describe('ChunkRowids', () => {
  it('forgets the oldest ids beyond its capacity and reads a rowid asked twice by id', () => {
    const rowids = new ChunkRowids(2);
    rowids.note('a', 1);
    rowids.note('b', 2);
    rowids.note('a', 1);
    rowids.note('c', 3);
    expect(rowids.split(['a', 'b', 'c'])).toEqual({
      known: new Map([
        [1, 'a'],
        [3, 'c'],
      ]),
      unknown: ['b'],
    });
    rowids.note('d', 3);
    expect(rowids.split(['c', 'd'])).toEqual({ known: new Map([[3, 'c']]), unknown: ['d'] });
  });
});
