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
import { tagScopeToken } from '../../../src/storage/scope-tokens.js';
import type { Store } from '../../../src/storage/store.js';
import { indexTerms } from '../../../src/text/tokenize.js';
import { addIndexed, indexDocument, makeChunk, makeOrg } from '../../storage/store-fixtures.js';

/** The chunk stores' keyword statistics across document activations and deletes (the cache in term-stats-cache.ts). */
describe('SQLite term statistics after an activation or a delete', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const f of cleanup.splice(0)) f();
  });

  /** Chunks and documents on one connection that counts reads of a keyword table's vocabulary. */
  const open = () => {
    let vocabReads = 0;
    const db = new Database(':memory:', {
      verbose: (sql) => {
        if (typeof sql === 'string' && /\bfts_[0-9a-f]{24}_vocab\b/.test(sql)) vocabReads++;
      },
    });
    registerFilterFunctions(db);
    migrate(db);
    const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-term-stats-'));
    cleanup.push(() => {
      db.close();
      fs.rmSync(blobDir, { recursive: true, force: true });
    });
    const chunks = new SqliteChunks(db, null);
    const documents = new SqliteDocuments(db, chunks, new FsBlobStore(blobDir));
    return { db, chunks, store: { chunks, documents } as unknown as Store, vocabReads: () => vocabReads };
  };

  const texts = {
    otters: ['Otters swim in the river, otters float on their backs.', 'The river otter eats fish and crabs.'],
    beavers: ['Beavers build dams across the river.', 'A beaver lodge is made of sticks and mud.'],
    revised: ['Otters were seen near the dam: the beavers moved upstream.', 'Crabs, fish and frogs; the otter ate them all.', 'Über-cute Otter pups (Ærø, 2024).'],
    herons: ['Herons wade in the river and spear fish.'],
  };
  const termsOf = (ts: readonly string[]) => [...new Set(ts.flatMap((t) => indexTerms(t)))];

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
    expect(empty.totalChunks).toBe(0);
  });
});
