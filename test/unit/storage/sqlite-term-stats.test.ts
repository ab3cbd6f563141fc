import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../../src/storage/blobs/fs-blob-store.js';
import { SqliteAccounts } from '../../../src/storage/sqlite/accounts.js';
import { SqliteChunks } from '../../../src/storage/sqlite/chunks.js';
import { SqliteDocuments } from '../../../src/storage/sqlite/documents.js';
import { registerFilterFunctions } from '../../../src/storage/sqlite/filter-sql.js';
import { migrate } from '../../../src/storage/sqlite/migrations.js';
import { KeywordIndexes, termStats } from '../../../src/storage/sqlite/sqlite-keyword.js';
import { tagScopeToken } from '../../../src/storage/scope-tokens.js';
import type { Store } from '../../../src/storage/store.js';
import { indexTerms } from '../../../src/text/tokenize.js';
import { addIndexed, indexDocument, makeChunk, makeOrg } from '../../storage/store-fixtures.js';

/** What a fresh walk of the organisation's keyword vocabulary counts (FTS5 reads every doclist): the reference. */
const freshWalk = (db: Database.Database, orgId: string, terms: readonly string[]) => termStats(db, new KeywordIndexes(db), orgId, terms, 0).docFrequencies;

const texts = {
  otters: ['Otters swim in the river, otters float on their backs.', 'The river otter eats fish and crabs.'],
  beavers: ['Beavers build dams across the river.', 'A beaver lodge is made of sticks and mud.'],
  revised: ['Otters were seen near the dam: the beavers moved upstream.', 'Crabs, fish and frogs; the otter ate them all.', 'Über-cute Otter pups (Ærø, 2024).'],
  herons: ['Herons wade in the river and spear fish.'],
};
const termsOf = (ts: readonly string[]) => [...new Set(ts.flatMap((t) => indexTerms(t)))];

/** The chunk stores' keyword statistics across document activations and deletes (the cache in term-stats-cache.ts). */
describe('SQLite term statistics after an activation or a delete', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const f of cleanup.splice(0)) f();
  });

  /** Chunks and documents on one connection that counts reads of a keyword table's vocabulary. */
  const open = (file = ':memory:') => {
    let vocabReads = 0;
    const db = new Database(file, {
      verbose: (sql) => {
        if (typeof sql === 'string' && /\bfts_[0-9a-f]{24}_vocab\b/.test(sql)) vocabReads++;
      },
    });
    registerFilterFunctions(db);
    migrate(db);
    const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-term-stats-'));
    cleanup.push(() => {
      if (db.open) db.close();
      fs.rmSync(blobDir, { recursive: true, force: true });
    });
    const chunks = new SqliteChunks(db, null);
    const documents = new SqliteDocuments(db, chunks, new FsBlobStore(blobDir));
    return { db, chunks, store: { chunks, documents } as unknown as Store, vocabReads: () => vocabReads };
  };

  it('moves the cached counts along with the document (equal to a cold recount) instead of reading the vocabulary again', async () => {
    const { db, chunks, store, vocabReads } = open();
    const accounts = new SqliteAccounts(db);
    const [org, other] = [makeOrg('a'), makeOrg('b')].map((o) => o.id) as [string, string];
    for (const o of [org, other]) await accounts.upsertOrganization({ ...makeOrg(o), id: o });
    const otters = await addIndexed(
      store,
      org,
      texts.otters.map((text) => ({ text })),
      { containerTags: ['wild', 'rivers'] },
    );
    await addIndexed(
      store,
      org,
      texts.beavers.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    await addIndexed(
      store,
      other,
      texts.otters.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    // Every term of every text before and after, the scope tokens of the tags, and a term no chunk holds.
    const asked = [...termsOf([...texts.otters, ...texts.beavers, ...texts.revised, ...texts.herons]), ...['wild', 'rivers', 'ponds'].map((t) => tagScopeToken(org, t)), 'zyzzyva'];
    await chunks.termStats(org, asked);
    await chunks.termStats(other, asked);

    // A new generation of one document (rows removed and added), then a new document with a tag never seen.
    await indexDocument(
      store,
      otters.doc,
      texts.revised.map((text) => ({ text })),
      { generation: 2 },
    );
    await addIndexed(
      store,
      org,
      texts.herons.map((text) => ({ text })),
      { containerTags: ['ponds', 'wild'] },
    );

    const reads = vocabReads();
    const warm = await chunks.termStats(org, asked);
    const warmOther = await chunks.termStats(other, asked);
    expect(vocabReads()).toBe(reads);

    const cold = new SqliteChunks(db, null);
    expect(warm).toEqual(await cold.termStats(org, asked));
    expect(warmOther).toEqual(await cold.termStats(other, asked));
    expect(warm.docFrequencies).toEqual(freshWalk(db, org, asked));
    expect(warmOther.docFrequencies).toEqual(freshWalk(db, other, asked));
    expect(warm.totalChunks).toBe(texts.revised.length + texts.beavers.length + texts.herons.length);
    // The frequencies did move: "otter" is in the three new rows (none of the old ones counts), "dam" now in two chunks, "wild" in all six.
    expect(warm.docFrequencies.get('otter')).toBe(3);
    expect(warm.docFrequencies.get('dam')).toBe(2);
    expect(warm.docFrequencies.get(tagScopeToken(org, 'wild'))).toBe(6);
    expect(warm.docFrequencies.has('zyzzyva')).toBe(false);
  });

  it('moves the cached counts along with a delete (equal to a cold recount), a staged generation and other organisations untouched', async () => {
    const { db, chunks, store, vocabReads } = open();
    const accounts = new SqliteAccounts(db);
    const [org, other] = [makeOrg('a'), makeOrg('b')].map((o) => o.id) as [string, string];
    for (const o of [org, other]) await accounts.upsertOrganization({ ...makeOrg(o), id: o });
    const otters = await addIndexed(
      store,
      org,
      texts.otters.map((text) => ({ text })),
      { containerTags: ['wild', 'rivers'] },
    );
    const beavers = await addIndexed(
      store,
      org,
      texts.beavers.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    const herons = await addIndexed(
      store,
      org,
      texts.herons.map((text) => ({ text })),
      { containerTags: ['ponds'] },
    );
    // A new generation of the otters staged (not activated): its chunks are not searchable, before or after.
    const staged = { orgId: org, documentId: otters.doc.id, generation: 2 };
    await store.chunks.replaceChunks(
      staged,
      texts.revised.map((text, i) => makeChunk(staged, i, text)),
    );
    await addIndexed(
      store,
      other,
      texts.otters.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    const asked = [...termsOf([...texts.otters, ...texts.beavers, ...texts.revised, ...texts.herons]), ...['wild', 'rivers', 'ponds'].map((t) => tagScopeToken(org, t)), 'zyzzyva'];
    await chunks.termStats(org, asked);
    await chunks.termStats(other, asked);

    // Two documents in one delete, then one more alone; an id that does not exist changes nothing.
    await store.documents.deleteDocuments(org, [otters.doc.id, herons.doc.id, 'missing']);
    await store.documents.deleteDocuments(org, ['missing']);

    const reads = vocabReads();
    const warm = await chunks.termStats(org, asked);
    const warmOther = await chunks.termStats(other, asked);
    expect(vocabReads()).toBe(reads);

    const cold = new SqliteChunks(db, null);
    expect(warm).toEqual(await cold.termStats(org, asked));
    expect(warmOther).toEqual(await cold.termStats(other, asked));
    expect(warm.docFrequencies).toEqual(freshWalk(db, org, asked));
    expect(warmOther.docFrequencies).toEqual(freshWalk(db, other, asked));
    expect(warm.totalChunks).toBe(texts.beavers.length);
    // "otter" was only in the deleted document (and the staged generation, never counted); "river" is left in the beavers' dam.
    expect(warm.docFrequencies.has('otter')).toBe(false);
    expect(warm.docFrequencies.get('river')).toBe(1);
    expect(warm.docFrequencies.get(tagScopeToken(org, 'wild'))).toBe(2);
    expect(warm.docFrequencies.has(tagScopeToken(org, 'ponds'))).toBe(false);
    expect(warmOther.docFrequencies.get('otter')).toBe(2);

    const readsBefore = vocabReads();
    await store.documents.deleteDocuments(org, [beavers.doc.id]);
    const empty = await chunks.termStats(org, asked);
    expect(vocabReads()).toBe(readsBefore);
    expect(empty).toEqual(await new SqliteChunks(db, null).termStats(org, asked));
    expect(empty.docFrequencies).toEqual(freshWalk(db, org, asked));
    expect(empty.totalChunks).toBe(0);
  });

  /** A store's writes on a database file, then the connection closed (a stop, or a crash after the commits). */
  const seed = async (file: string) => {
    const { db, store } = open(file);
    const accounts = new SqliteAccounts(db);
    const [org, other] = [makeOrg('a'), makeOrg('b')].map((o) => o.id) as [string, string];
    for (const o of [org, other]) await accounts.upsertOrganization({ ...makeOrg(o), id: o });
    const otters = await addIndexed(
      store,
      org,
      texts.otters.map((text) => ({ text })),
      { containerTags: ['wild', 'rivers'] },
    );
    const beavers = await addIndexed(
      store,
      org,
      texts.beavers.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    const herons = await addIndexed(
      store,
      other,
      texts.herons.map((text) => ({ text })),
      { containerTags: ['wild'] },
    );
    await indexDocument(
      store,
      otters.doc,
      texts.revised.map((text) => ({ text })),
      { generation: 2 },
    );
    db.close();
    const asked = [...termsOf([...texts.otters, ...texts.beavers, ...texts.revised, ...texts.herons]), ...['wild', 'rivers', 'ponds'].map((t) => tagScopeToken(org, t)), 'zyzzyva'];
    return { org, other, otters, beavers, herons, asked };
  };

  const tempFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-term-stats-file-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return path.join(dir, 'mnemo.db');
  };

  it('a restarted store answers the frequencies a fresh walk of the vocabulary counts, without walking it', async () => {
    const file = tempFile();
    const { org, other, asked } = await seed(file);

    const { db, chunks, vocabReads } = open(file);
    const stats = await chunks.termStats(org, asked);
    const statsOther = await chunks.termStats(other, asked);
    expect(vocabReads()).toBe(0);
    expect(stats.docFrequencies).toEqual(freshWalk(db, org, asked));
    expect(statsOther.docFrequencies).toEqual(freshWalk(db, other, asked));
    expect(stats.totalChunks).toBe(texts.revised.length + texts.beavers.length);
    expect(stats.docFrequencies.get('otter')).toBe(3);
    expect(statsOther.docFrequencies.get('heron')).toBe(1);
  });

  it('writes after a restart (a new generation, a retag, a delete, a new document) move the frequencies, cached and stored', async () => {
    const file = tempFile();
    const { org, other, otters, beavers, herons, asked } = await seed(file);

    const first = open(file);
    await first.chunks.termStats(org, asked);
    await indexDocument(
      first.store,
      { ...otters.doc, generation: 2 },
      texts.otters.map((text) => ({ text })),
      { generation: 3 },
    );
    await first.store.documents.updateDocument(org, beavers.doc.id, { containerTags: ['ponds'] });
    await addIndexed(
      first.store,
      org,
      texts.herons.map((text) => ({ text })),
      { containerTags: ['ponds', 'wild'] },
    );
    await first.store.documents.deleteDocuments(other, [herons.doc.id]);

    const cached = await first.chunks.termStats(org, asked);
    expect(cached.docFrequencies).toEqual(freshWalk(first.db, org, asked));
    expect(cached.docFrequencies.get(tagScopeToken(org, 'ponds'))).toBe(texts.beavers.length + texts.herons.length);
    expect(cached.docFrequencies.get(tagScopeToken(org, 'wild'))).toBe(texts.otters.length + texts.herons.length);
    expect(cached.docFrequencies.get('otter')).toBe(2);
    first.db.close();

    const second = open(file);
    const stored = await second.chunks.termStats(org, asked);
    const storedOther = await second.chunks.termStats(other, asked);
    expect(second.vocabReads()).toBe(0);
    expect(stored).toEqual(cached);
    expect(stored.docFrequencies).toEqual(freshWalk(second.db, org, asked));
    expect(storedOther).toEqual({ totalChunks: 0, docFrequencies: new Map() });
    expect(freshWalk(second.db, other, asked)).toEqual(new Map());
  });

  it('the migration that brings the stored frequencies counts them once from an existing database', async () => {
    const file = tempFile();
    const { org, other, asked } = await seed(file);
    // The database as the release before it left it: no stored frequencies, the migration not applied.
    const before = new Database(file);
    before.exec("DROP TABLE keyword_terms; DELETE FROM schema_migrations WHERE name = 'keyword-terms'");
    before.close();

    const { db, chunks, vocabReads } = open(file);
    const reads = vocabReads();
    const stats = await chunks.termStats(org, asked);
    expect(vocabReads()).toBe(reads);
    expect(stats.docFrequencies).toEqual(freshWalk(db, org, asked));
    expect((await chunks.termStats(other, asked)).docFrequencies).toEqual(freshWalk(db, other, asked));
    expect(stats.docFrequencies.get('otter')).toBe(3);
  });
});
