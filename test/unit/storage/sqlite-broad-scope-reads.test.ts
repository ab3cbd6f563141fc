import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { queryTerms } from '../../../src/text/tokenize.js';
import { addIndexed, makeOrg } from '../../storage/store-fixtures.js';

/** Keyword rows whose scope a call read: rows any statement returned with a `scope` column, from prepares during it. */
function countScopeRows(db: Database.Database): { rows: () => number; stop: () => void } {
  let rows = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const all = statement.all.bind(statement);
    statement.all = ((...args: unknown[]) => {
      const out = all(...args) as Record<string, unknown>[];
      rows += out.filter((r) => r !== null && typeof r === 'object' && 'scope' in r).length;
      return out;
    }) as typeof statement.all;
    return statement;
  }) as typeof db.prepare;
  return { rows: () => rows, stop: () => void (db.prepare = prepare) };
}

describe('SQLite keyword search of a broad tag reads the scopes it needs (issue 28)', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  const open = async (broadScopeMinRows: number) => {
    const store = new SqliteStore(':memory:', { broadScopeMinRows });
    await store.migrate();
    stores.push(store);
    return { store, db: (store as unknown as { db: Database.Database }).db };
  };
  /** 60 documents matching "herons", nine in ten tagged `wide` (a broad tag), the others `narrow`; same in each store. */
  const fill = async (store: SqliteStore, orgId: string) => {
    for (let i = 0; i < 60; i++) {
      const tag = i % 10 === 3 ? 'narrow' : 'wide';
      await addIndexed(store, orgId, [{ text: `herons ${'fish '.repeat(1 + (i % 7))}at dawn number ${i}` }], { containerTags: [tag] });
    }
  };

  it('answers the scoped search and reads the scope of about limit / share rows, not of the whole over-fetch', async () => {
    const org = makeOrg('broad');
    const broad = await open(0);
    const scoped = await open(1_000_000);
    for (const { store } of [broad, scoped]) {
      await store.accounts.upsertOrganization(org);
      await fill(store, org.id);
    }
    const q = { terms: queryTerms('herons fish'), limit: 10, containerTags: ['wide'] };
    const counter = countScopeRows(broad.db);
    const got = await broad.store.chunks.keywordSearch(org.id, q);
    counter.stop();
    const want = await scoped.store.chunks.keywordSearch(org.id, q);
    // The same rows in the same order as the scoped MATCH (chunk ids differ between the stores: compare the text).
    const text = async (store: SqliteStore, ids: string[]) => {
      const byId = new Map((await store.chunks.getChunksByIds(org.id, ids)).map((c) => [c.id, c.content]));
      return ids.map((id) => byId.get(id));
    };
    expect(got).toHaveLength(10);
    expect(
      await text(
        broad.store,
        got.map((h) => h.chunkId),
      ),
    ).toEqual(
      await text(
        scoped.store,
        want.map((h) => h.chunkId),
      ),
    );
    expect(got.map((h) => h.score)).toEqual(want.map((h) => h.score));
    // The tag holds 54 of 60 rows (share 0.9): ten kept need ~12 scopes read; the over-fetch is 30 rows.
    expect(counter.rows()).toBeGreaterThanOrEqual(10);
    expect(counter.rows()).toBeLessThanOrEqual(Math.ceil(10 / 0.9) + 2);
  });

  it('reads further scopes while the best rows lie outside the tags', async () => {
    const org = makeOrg('outside');
    const broad = await open(0);
    const scoped = await open(1_000_000);
    for (const { store } of [broad, scoped]) {
      await store.accounts.upsertOrganization(org);
      await fill(store, org.id);
      // Six more `narrow` documents that rank above every `wide` one: the first scopes read are all outside the tag.
      for (let i = 0; i < 6; i++) await addIndexed(store, org.id, [{ text: `herons herons herons egrets ${i}` }], { containerTags: ['narrow'] });
    }
    const q = { terms: queryTerms('herons'), limit: 10, containerTags: ['wide'] };
    const counter = countScopeRows(broad.db);
    const got = await broad.store.chunks.keywordSearch(org.id, q);
    counter.stop();
    const want = await scoped.store.chunks.keywordSearch(org.id, q);
    expect(got).toHaveLength(10);
    expect(got.map((h) => h.score)).toEqual(want.map((h) => h.score));
    // The tag holds 54 of 66 rows: the first batch is 13 rows, of which too few are in the tag to keep 10.
    expect(counter.rows()).toBeGreaterThan(Math.ceil(10 / (54 / 66)));
  });
});
