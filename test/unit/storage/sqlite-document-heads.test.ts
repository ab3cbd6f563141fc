import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_HEAD_COLUMNS } from '../../../src/storage/sqlite/rows.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { makeDocument, makeOrg } from '../../storage/store-fixtures.js';

describe('SqliteDocuments.getDocumentHeads', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  const open = async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    stores.push(store);
    return store;
  };

  it('reads every head column from the documents_head index, never the rows (their text runs over overflow pages)', async () => {
    const store = await open();
    const db = (store as unknown as { db: Database.Database }).db;
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT ${DOCUMENT_HEAD_COLUMNS.join(', ')} FROM documents INDEXED BY documents_head WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).all('o', '[]') as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING COVERING INDEX documents_head \(id=\?\)/);
  });

  it('answers heads equal to the rows of documents whose text spans many pages', async () => {
    const store = await open();
    const org = makeOrg('heads');
    await store.accounts.upsertOrganization(org);
    const long = 'word '.repeat(20_000);
    const docs = [0, 1, 2].map((i) => makeDocument(org.id, { raw: long, content: long, title: `t${i}`, metadata: { i } }));
    for (const d of docs) await store.documents.insertDocument(d);
    const heads = await store.documents.getDocumentHeads(
      org.id,
      docs.map((d) => d.id),
    );
    expect(heads.map((h) => [h.id, h.title, h.metadata]).sort()).toEqual(docs.map((d) => [d.id, d.title, { i: d.metadata.i }]).sort());
  });
});
