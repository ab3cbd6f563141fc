import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/text/tokenize.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { DUE_DOCUMENTS_SQL } from '../../src/storage/sqlite/documents.js';
import { STALE_EMBEDDINGS_SQL } from '../../src/storage/sqlite/chunks.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { runAccountsContract } from './accounts-contract.js';
import { runStoreContract } from './store-contract.js';
import { runDocumentsContract } from './documents-contract.js';
import { runChunksContract } from './chunks-contract.js';
import { runSettingsContract } from './settings-contract.js';
import { makeMemory, runMemoryContract } from './memory-contract.js';
import { runBlobContract } from './blob-contract.js';
import { runSecretContract } from './secret-contract.js';
import { runConnectionContract } from './connection-contract.js';
import { documentToRow } from '../../src/storage/sqlite/rows.js';
import { addIndexed, axis, chunkIdsOf, indexDocument, isoAt, makeDocument, makeOrg, MODEL, prng, randomUnit } from './store-fixtures.js';

const openMemory =
  (options: { broadScopeMinRows?: number } = {}) =>
  async () => {
    const store = new SqliteStore(':memory:', options);
    await store.migrate();
    return store;
  };

runStoreContract('sqlite :memory:', openMemory());
runDocumentsContract('sqlite :memory:', openMemory());
runChunksContract('sqlite :memory:', openMemory());
runSettingsContract('sqlite :memory:', openMemory());
// The broad-tag keyword path (sqlite-keyword.ts) at any size: the same contracts, with scopes of a quarter of the
// organisation or more matched on the terms alone and filtered.
runStoreContract('sqlite :memory:, broad-tag keyword path', openMemory({ broadScopeMinRows: 0 }));
runChunksContract('sqlite :memory:, broad-tag keyword path', openMemory({ broadScopeMinRows: 0 }));
runAccountsContract('sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

runMemoryContract('sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

runBlobContract('files of sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

runSecretContract('sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

runConnectionContract('sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

describe('SqliteStore on a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-sqlite-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = async (file: string) => {
    const store = new SqliteStore(file);
    await store.migrate();
    return store;
  };

  it('keeps blobs under <data dir>/files and a secret in the data dir, both surviving a restart', async () => {
    const file = path.join(dir, 'mnemo.db');
    const src = path.join(dir, 'upload.bin');
    fs.writeFileSync(src, 'original bytes');
    const first = await open(file);
    await first.blobs.putFile('org/doc/1', src, { contentType: 'application/octet-stream', filename: null });
    const secret = await first.secrets.getOrCreate('file-links', () => 'generated-once');
    await first.close();
    expect(fs.readdirSync(path.join(dir, 'files', 'org', 'doc')).some((n) => n.startsWith('1~'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'file-links.secret')).mode & 0o077).toBe(0);

    const second = await open(file);
    try {
      expect((await second.blobs.stat('org/doc/1'))!.size).toBe(14);
      expect(await second.secrets.getOrCreate('file-links', () => 'another')).toBe(secret);
      // A data file an interrupted put left behind goes with the key.
      fs.writeFileSync(path.join(dir, 'files', 'org', 'doc', '1~orphan-data'), 'x');
      fs.writeFileSync(path.join(dir, 'files', 'org', 'doc', '10~meta-of-another-key'), 'x');
      await second.blobs.delete('org/doc/1');
      expect(fs.readdirSync(path.join(dir, 'files', 'org', 'doc'))).toEqual(['10~meta-of-another-key']);
    } finally {
      await second.close();
    }
  });

  it('keeps documents, chunks, both indexes, settings and keys across close and reopen', async () => {
    const file = path.join(dir, 'nested', 'mnemo.db');
    const org = makeOrg('file');
    const key = {
      id: 'key-1',
      orgId: org.id,
      name: 'k',
      keyHash: 'hash-file',
      prefix: 'mn_',
      kind: 'root' as const,
      permission: 'write' as const,
      containerTags: null,
      expiresAt: null,
      enabled: true,
      rateLimitMax: null,
      rateLimitWindowMs: null,
      expiryNotices: [],
      createdAt: isoAt(1),
      revokedAt: null,
    };
    const first = await open(file);
    await first.accounts.upsertOrganization(org);
    await first.accounts.insertApiKey(key);
    await first.settings.updateSettings(org.id, { chunkSize: 256 });
    const { doc, chunks } = await addIndexed(first, org.id, [
      { text: 'persistent lighthouse keeper', vector: axis(0) },
      { text: 'second chunk about tides', vector: axis(1) },
    ]);
    const terms = queryTerms('lighthouse');
    const vectorBefore = await first.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 5 });
    const keywordBefore = await first.chunks.keywordSearch(org.id, { terms, limit: 5 });
    await first.close();

    const second = await open(file);
    try {
      expect(await second.accounts.getOrganization(org.id)).toEqual(org);
      expect(await second.accounts.findApiKeyByHash('hash-file')).toEqual(key);
      expect(await second.settings.getSettings(org.id)).toEqual({ chunkSize: 256 });
      expect(await second.documents.getDocument(org.id, doc.id)).toEqual(doc);
      expect(await second.chunks.getChunks(org.id, doc.id)).toEqual(chunks);
      expect(await second.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 5 })).toEqual(vectorBefore);
      expect(await second.chunks.keywordSearch(org.id, { terms, limit: 5 })).toEqual(keywordBefore);
      expect(chunkIdsOf(keywordBefore)).toEqual([chunks[0]!.id]);
    } finally {
      await second.close();
    }
  });

  it('a cold load from the stored int8 rows matches the warm index after adds, new generations and deletes', async () => {
    const file = path.join(dir, 'mnemo.db');
    const org = makeOrg('cold');
    const first = await open(file);
    await first.accounts.upsertOrganization(org);
    const rand = prng(11);
    const docs = [];
    for (let i = 0; i < 30; i++)
      docs.push(
        await addIndexed(
          first,
          org.id,
          [
            { text: `a ${i}`, vector: randomUnit(rand, 32) },
            { text: `b ${i}`, vector: randomUnit(rand, 32) },
          ],
          { containerTags: [`t${i % 3}`] },
        ),
      );
    // A new generation of one document, another deleted, a third moved to another tag.
    await indexDocument(first, docs[0]!.doc, [{ text: 'replaced', vector: randomUnit(rand, 32) }], { generation: 2 });
    await first.documents.deleteDocuments(org.id, [docs[1]!.doc.id]);
    await first.documents.updateDocument(org.id, docs[2]!.doc.id, { containerTags: ['t9'] });
    const queries = Array.from({ length: 5 }, () => randomUnit(rand, 32));
    const scopes = [{}, { containerTags: ['t0'] }, { containerTags: ['t9'] }];
    const warm = [];
    for (const q of queries) for (const scope of scopes) warm.push(await first.chunks.vectorSearch(org.id, { vector: q, model: MODEL, limit: 100, ...scope }));
    expect(warm[0]!.map((h) => h.documentId)).not.toContain(docs[1]!.doc.id);
    await first.close();

    const cold = async () => {
      const store = await open(file);
      try {
        const out = [];
        for (const q of queries) for (const scope of scopes) out.push(await store.chunks.vectorSearch(org.id, { vector: q, model: MODEL, limit: 100, ...scope }));
        return out;
      } finally {
        await store.close();
      }
    };
    expect(await cold()).toEqual(warm);

    // A database from before the stored rows: the migration fills them from the float vectors.
    const db = new Database(file);
    db.exec('DROP TABLE chunk_vectors');
    db.prepare('DELETE FROM schema_migrations WHERE version = 9').run();
    db.close();
    expect(await cold()).toEqual(warm);
    const check = new Database(file, { readonly: true });
    try {
      const stored = check.prepare('SELECT count(*) AS n FROM chunk_vectors').get() as { n: number };
      const active = check.prepare('SELECT count(*) AS n FROM chunks WHERE active = 1 AND embedding IS NOT NULL').get() as { n: number };
      expect(stored.n).toBe(active.n);
      expect(stored.n).toBe(29 * 2 - 1);
    } finally {
      check.close();
    }
  });

  describe('vector index images and change tracking', () => {
    const openWith = async (file: string) => {
      const store = new SqliteStore(file, { imageMinRows: 0 });
      await store.migrate();
      return store;
    };
    const rand = prng(23);
    const queries = Array.from({ length: 4 }, () => randomUnit(rand, 32));
    const scopes = [{}, { containerTags: ['t0'] }, { containerTags: ['t9'] }];
    const answers = async (store: SqliteStore, orgId: string) => {
      const out = [];
      for (const q of queries) for (const scope of scopes) out.push(await store.chunks.vectorSearch(orgId, { vector: q, model: MODEL, limit: 50, ...scope }));
      return out;
    };
    /** What a store that rebuilds from the stored rows answers (no image trusted). */
    const fromRows = async (file: string, orgId: string) => {
      const db = new Database(file);
      db.prepare('DELETE FROM vector_snapshots').run();
      db.close();
      const store = await openWith(file);
      try {
        return await answers(store, orgId);
      } finally {
        await store.close();
      }
    };
    /** Two stores on one file (as two processes would hold it), with an organisation. */
    const twoStores = async (name: string) => {
      const file = path.join(dir, `${name}.db`);
      const org = makeOrg(name);
      const a = await openWith(file);
      const b = await openWith(file);
      await a.accounts.upsertOrganization(org);
      return { file, org, a, b };
    };
    const add = (store: SqliteStore, orgId: string, i: number, tag = `t${i % 3}`) =>
      addIndexed(
        store,
        orgId,
        [
          { text: `a ${i}`, vector: randomUnit(rand, 32) },
          { text: `b ${i}`, vector: randomUnit(rand, 32) },
        ],
        { containerTags: [tag] },
      );

    it('writes an image at close, starts from it and catches up on changes made after it', async () => {
      const file = path.join(dir, 'mnemo.db');
      const org = makeOrg('image');
      const first = await openWith(file);
      await first.accounts.upsertOrganization(org);
      const docs = [];
      for (let i = 0; i < 30; i++) docs.push(await add(first, org.id, i));
      await answers(first, org.id);
      await first.close();
      const images = fs.readdirSync(`${file}-vectors`);
      expect(images).toHaveLength(1);

      // Changes while no index is loaded (as another process makes them): a new generation, a delete, a retag, an add.
      const second = await openWith(file);
      await indexDocument(second, docs[0]!.doc, [{ text: 'replaced', vector: randomUnit(rand, 32) }], { generation: 2 });
      await second.documents.deleteDocuments(org.id, [docs[1]!.doc.id]);
      await second.documents.updateDocument(org.id, docs[2]!.doc.id, { containerTags: ['t9'] });
      await add(second, org.id, 99, 't0');
      await second.close();

      const third = await openWith(file);
      const caughtUp = await answers(third, org.id);
      await third.close();
      expect(caughtUp[0]!.map((h) => h.documentId)).not.toContain(docs[1]!.doc.id);
      expect(caughtUp[2]!.map((h) => h.documentId)).toEqual([docs[2]!.doc.id, docs[2]!.doc.id]);
      expect(caughtUp).toEqual(await fromRows(file, org.id));

      // The image really is what loads: rows removed behind the triggers' back are still found through it.
      const fourth = await openWith(file);
      await answers(fourth, org.id);
      await fourth.close();
      const db = new Database(file);
      db.exec('DROP TRIGGER chunk_vectors_changed_delete');
      db.prepare('DELETE FROM chunk_vectors WHERE document_id = ?').run(docs[5]!.doc.id);
      db.close();
      const fifth = await openWith(file);
      expect((await answers(fifth, org.id))[0]!.map((h) => h.documentId)).toContain(docs[5]!.doc.id);
      await fifth.close();
      expect((await fromRows(file, org.id))[0]!.map((h) => h.documentId)).not.toContain(docs[5]!.doc.id);
    });

    it("keeps the rows' floats in the image and rescores from them: the chunks' stored floats are not read again", async () => {
      const file = path.join(dir, 'floats.db');
      const org = makeOrg('floats');
      const first = await openWith(file);
      await first.accounts.upsertOrganization(org);
      const added = [];
      for (let i = 0; i < 30; i++) added.push(await add(first, org.id, i));
      const want = await answers(first, org.id);
      const chunks = added.flatMap((a) => a.chunks);
      const ids = chunks.map((c) => c.id);
      const docIds = chunks.map((c) => c.documentId);
      const wantScores = await first.chunks.scoreChunkVectors(org.id, MODEL, queries[0]!, ids);
      await first.close();
      // Floats overwritten behind the image's back (the chunk-vector triggers do not see this column): a store that
      // read them would score every row 0.
      const db = new Database(file);
      db.prepare('UPDATE chunks SET embedding = zeroblob(length(embedding))').run();
      db.close();
      const second = await openWith(file);
      const got = await answers(second, org.id);
      // Keyword candidates' vector evidence, given their documents, comes from the image too; without them, from
      // the chunks' (zeroed) floats.
      const scores = await second.chunks.scoreChunkVectors(org.id, MODEL, queries[0]!, ids, docIds);
      const stored = await second.chunks.scoreChunkVectors(org.id, MODEL, queries[0]!, ids);
      await second.close();
      expect(got).toEqual(want);
      expect(got[0]![0]!.score).toBeGreaterThan(0.1);
      expect(scores).toEqual(wantScores);
      expect(wantScores.size).toBe(60);
      expect([...stored.values()].every((v) => v === 0)).toBe(true);
    });

    it('a new image copies the floats of the rows the current one holds and looks up only the rows added since', async () => {
      const file = path.join(dir, 'resave.db');
      const org = makeOrg('resave');
      const first = await openWith(file);
      await first.accounts.upsertOrganization(org);
      const added = [];
      for (let i = 0; i < 30; i++) added.push(await add(first, org.id, i));
      await answers(first, org.id);
      const chunks = added.flatMap((a) => a.chunks);
      const ids = chunks.map((c) => c.id);
      const docIds = chunks.map((c) => c.documentId);
      const wantScores = await first.chunks.scoreChunkVectors(org.id, MODEL, queries[0]!, ids);
      await first.close();

      const second = await openWith(file);
      await answers(second, org.id); // restored from the image, floats from its file
      // Floats overwritten behind the image's back: a new image that looked the old rows up again would hold zeros.
      const db = new Database(file);
      db.prepare('UPDATE chunks SET embedding = zeroblob(length(embedding))').run();
      db.close();
      const later = [];
      for (let i = 30; i < 40; i++) later.push(await add(second, org.id, i)); // enough changes for a new image at close
      await answers(second, org.id);
      const laterChunks = later.flatMap((a) => a.chunks);
      const laterScores = await second.chunks.scoreChunkVectors(
        org.id,
        MODEL,
        queries[0]!,
        laterChunks.map((c) => c.id),
      );
      await second.close();
      const stamps = new Database(file).prepare('SELECT seq FROM vector_snapshots').pluck().all() as number[];
      expect(stamps).toHaveLength(1);

      const third = await openWith(file);
      await answers(third, org.id); // restored from the new image
      const scores = await third.chunks.scoreChunkVectors(org.id, MODEL, queries[0]!, ids, docIds);
      const newRows = await third.chunks.scoreChunkVectors(
        org.id,
        MODEL,
        queries[0]!,
        laterChunks.map((c) => c.id),
        laterChunks.map((c) => c.documentId),
      );
      await third.close();
      expect(scores).toEqual(wantScores);
      expect(newRows).toEqual(laterScores);
      expect([...newRows.values()].some((v) => v !== 0)).toBe(true);
    });

    it('a store sees the writes another store makes on the same file (API and worker processes)', async () => {
      const { file, org, a: api, b: worker } = await twoStores('shared');
      const docs = [];
      for (let i = 0; i < 12; i++) docs.push(await add(worker, org.id, i));
      await answers(api, org.id); // the API process loads its index
      const added = await add(worker, org.id, 50, 't9');
      await worker.documents.deleteDocuments(org.id, [docs[3]!.doc.id]);
      await worker.documents.updateDocument(org.id, docs[4]!.doc.id, { containerTags: ['t9'] });
      // A write of the API's own after the worker's: its index must not take the worker's changes as seen.
      const own = await add(api, org.id, 51, 't9');
      const seen = await answers(api, org.id);
      expect(seen[2]!.map((h) => h.documentId).sort()).toEqual([added.doc.id, added.doc.id, docs[4]!.doc.id, docs[4]!.doc.id, own.doc.id, own.doc.id].sort());
      expect(seen[0]!.map((h) => h.documentId)).not.toContain(docs[3]!.doc.id);
      await worker.close();
      await api.close();
      expect(seen).toEqual(await fromRows(file, org.id));
    });

    it('prunes the change rows of deleted documents once an image covers them; an index older than that reloads', async () => {
      const { file, org, a: writer, b: reader } = await twoStores('prune');
      const docs = [];
      for (let i = 0; i < 20; i++) docs.push(await add(writer, org.id, i));
      await answers(reader, org.id); // loaded before the deletions
      await answers(writer, org.id);
      const gone = docs.slice(0, 6).map((d) => d.doc.id);
      await writer.documents.deleteDocuments(org.id, gone);
      await writer.close(); // writes the image and prunes
      const db = new Database(file, { readonly: true });
      const left = db.prepare('SELECT document_id FROM vector_changes WHERE document_id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(gone));
      const floor = db.prepare('SELECT pruned_through FROM vector_floors WHERE org_id = ?').pluck().get(org.id) as number;
      db.close();
      expect(left.length).toBeLessThanOrEqual(1); // at most the newest row, which keeps the sequence
      expect(floor).toBeGreaterThan(0);
      // The reader's index predates the pruned rows: it reloads instead of missing the deletions.
      const seen = await answers(reader, org.id);
      for (const hits of seen) for (const h of hits) expect(gone).not.toContain(h.documentId);
      await reader.close();
      expect(seen).toEqual(await fromRows(file, org.id));
    });

    it("a store's memory search sees the memories another store writes on the same file", async () => {
      const { org, a: api, b: worker } = await twoStores('memories');
      const first = makeMemory(org.id);
      await worker.memories.insertMemory(first, { model: MODEL, vector: axis(0) });
      const search = async () => (await api.memories.memoryVectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 10 })).map((c) => c.memoryId).sort();
      expect(await search()).toEqual([first.id]); // the API process loads its memory index
      const second = makeMemory(org.id);
      await worker.memories.insertMemory(second, { model: MODEL, vector: axis(1) });
      await worker.memories.updateMemory(org.id, first.id, { isForgotten: true });
      // The API's own write after the worker's must not hide them.
      const own = makeMemory(org.id);
      await api.memories.insertMemory(own, { model: MODEL, vector: axis(2) });
      expect(await search()).toEqual([second.id, own.id].sort());
      await worker.memories.deleteMemories(org.id, [second.id]);
      expect(await search()).toEqual([own.id]);
      await worker.close();
      await api.close();
    });
  });

  it('migrates a version-1 database (customId unique per organisation) to customIds per container tag, keeping its data', async () => {
    const file = path.join(dir, 'v1.db');
    const org = makeOrg('legacy');
    const old = makeDocument(org.id, { customId: 'note-1', containerTags: ['user-a', 'shared'] });
    const db = new Database(file);
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    db.exec(MIGRATIONS[0]!.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)').run(MIGRATIONS[0]!.name, isoAt(0));
    db.prepare('INSERT INTO organizations (id, name, slug, created_at) VALUES (?, ?, ?, ?)').run(org.id, org.name, org.slug, org.createdAt);
    const row = documentToRow(old);
    delete row.file; // added by migration 7
    const cols = Object.keys(row);
    db.prepare(`INSERT INTO documents (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    for (const t of old.containerTags) db.prepare('INSERT INTO document_tags (org_id, tag, document_id) VALUES (?, ?, ?)').run(org.id, t, old.id);
    db.close();

    const store = await open(file);
    try {
      expect(await store.documents.findDocumentsByCustomId(org.id, 'note-1', ['shared'])).toEqual([old]);
      // The legacy document still holds its customId under both of its tags...
      await expect(store.documents.insertDocument(makeDocument(org.id, { customId: 'note-1', containerTags: ['user-a'] }))).rejects.toMatchObject({
        code: 'CUSTOM_ID_CONFLICT',
      });
      // ...and the same customId under another tag is another document.
      const userB = makeDocument(org.id, { customId: 'note-1', containerTags: ['user-b'] });
      await store.documents.insertDocument(userB);
      expect(await store.documents.findDocumentsByCustomId(org.id, 'note-1')).toEqual([old, userB]);
    } finally {
      await store.close();
    }
  });

  it('records each migration once, however often migrate() runs', async () => {
    const file = path.join(dir, 'mnemo.db');
    const store = await open(file);
    expect(store.kind).toBe('sqlite');
    await store.migrate();
    await store.close();
    await (await open(file)).close();

    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    } finally {
      db.close();
    }
  });
});

describe('sqlite due-work query', () => {
  it('finds due documents through the documents_due index, not by reading every document row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-due-'));
    const file = path.join(dir, 'mnemo.db');
    const store = new SqliteStore(file);
    await store.migrate();
    const org = makeOrg('due');
    await store.accounts.upsertOrganization(org);
    const queued = makeDocument(org.id, { status: 'queued', nextRunAt: 5 });
    await store.documents.insertDocument(queued);
    await store.documents.insertDocument(makeDocument(org.id, { status: 'done' }));
    await store.documents.insertDocument(makeDocument(org.id, { status: 'embedding', nextRunAt: 10_000 }));
    expect((await store.documents.findDueDocuments(100, 10, new Set())).map((d) => d.id)).toEqual([queued.id]);
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${DUE_DOCUMENTS_SQL}`).all(0, '[]', 1) as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toContain('USING INDEX documents_due');
    } finally {
      db.close();
    }
  });
});

describe('sqlite re-embedding check', () => {
  it('finds chunks of another model through the chunks_embedding_model index, not by reading every chunk', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-stale-'));
    const file = path.join(dir, 'mnemo.db');
    const store = new SqliteStore(file);
    await store.migrate();
    const org = makeOrg('stale');
    await store.accounts.upsertOrganization(org);
    const current = await addIndexed(store, org.id, [{ text: 'current', vector: axis(0) }]);
    const before = makeDocument(org.id);
    await store.documents.insertDocument(before);
    await indexDocument(store, before, [{ text: 'a model sorted before', vector: axis(1) }], { model: 'a-model' });
    const after = makeDocument(org.id);
    await store.documents.insertDocument(after);
    await indexDocument(store, after, [{ text: 'a model sorted after', vector: axis(2) }], { model: 'zz-model' });
    expect((await store.chunks.findDocumentsWithStaleEmbeddings(MODEL, 10)).map((r) => r.documentId).sort()).toEqual([before.id, after.id].sort());
    expect((await store.chunks.findDocumentsWithStaleEmbeddings('a-model', 10)).map((r) => r.documentId).sort()).toEqual([current.doc.id, after.id].sort());
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${STALE_EMBEDDINGS_SQL}`).all(MODEL, MODEL, 1) as { detail: string }[]).map((p) => p.detail).join('\n');
      // Three ranges of the index (no model, before the current one, after it), no read of the chunks table.
      expect(plan.match(/SEARCH chunks USING COVERING INDEX chunks_embedding_model/g)).toHaveLength(3);
      expect(plan).not.toMatch(/SCAN chunks\b/);
    } finally {
      db.close();
    }
  });
});
