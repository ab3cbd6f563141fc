import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/text/tokenize.js';
import { metaField } from '../../src/storage/mongo/codec.js';
import { MongoStore, type MongoStoreOptions } from '../../src/storage/mongo/mongo-store.js';
import { MIGRATIONS } from '../../src/storage/mongo/migrations.js';
import { INDEXES } from '../../src/storage/mongo/schema.js';
import type { Store } from '../../src/storage/store.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { runAccountsContract } from './accounts-contract.js';
import { runMemoryContract } from './memory-contract.js';
import { runBlobContract } from './blob-contract.js';
import { runSecretContract } from './secret-contract.js';
import { runConnectionContract } from './connection-contract.js';
import { runStoreContract } from './store-contract.js';
import { runDocumentsContract } from './documents-contract.js';
import { runChunksContract } from './chunks-contract.js';
import { runSettingsContract } from './settings-contract.js';
import { addIndexed, axis, chunkIdsOf, docIdsOf, indexDocument, makeDocument, makeOrg, MODEL } from './store-fixtures.js';

let ferret: FerretDb;
let admin: MongoClient;
let n = 0;

beforeAll(async () => {
  ferret = await startFerretDb();
  admin = new MongoClient(ferret.uri);
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await ferret?.stop();
});

/** A fresh database per store keeps tests independent and fast (FerretDB keeps one SQLite file per database). */
const freshDb = () => `mnemo_${process.pid}_${++n}`;

const open = async (options: Partial<MongoStoreOptions> = {}) => {
  const store = new MongoStore({ uri: ferret.uri, db: freshDb(), ...options });
  await store.migrate();
  return store;
};

const dropDatabase = async (store: Store) => void (await admin.db((store as MongoStore).dbName).dropDatabase());

runStoreContract('mongodb on FerretDB', () => open(), dropDatabase);
runDocumentsContract('mongodb on FerretDB', () => open(), dropDatabase);
runChunksContract('mongodb on FerretDB', () => open(), dropDatabase);
runSettingsContract('mongodb on FerretDB', () => open(), dropDatabase);
runAccountsContract(
  'mongodb on FerretDB',
  () => open(),
  async (store: Store) => void (await admin.db((store as MongoStore).dbName).dropDatabase()),
);
runMemoryContract(
  'mongodb on FerretDB',
  () => open(),
  async (store) => {
    await admin.db((store as MongoStore).dbName).dropDatabase();
  },
);

runBlobContract(
  'GridFS on FerretDB',
  () => open(),
  async (store) => {
    await admin.db((store as MongoStore).dbName).dropDatabase();
  },
);

runSecretContract(
  'mongodb on FerretDB',
  () => open(),
  async (store) => {
    await admin.db((store as MongoStore).dbName).dropDatabase();
  },
);

runConnectionContract(
  'mongodb on FerretDB',
  () => open(),
  async (store) => {
    await admin.db((store as MongoStore).dbName).dropDatabase();
  },
);

describe('MongoStore on FerretDB', () => {
  it('creates its indexes and records each migration once, however often and from how many processes it starts', async () => {
    const db = freshDb();
    const first = new MongoStore({ uri: ferret.uri, db });
    const second = new MongoStore({ uri: ferret.uri, db });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      await first.migrate();
      for (const [collection, name] of [
        ['documents', 'documents'],
        ['chunks', 'chunks'],
        ['api_keys', 'apiKeys'],
        ['custom_ids', 'customIds'],
      ] as const) {
        const names = (await admin.db(db).collection(collection).listIndexes().toArray()).map((i) => i.name as string);
        expect(names.sort()).toEqual(['_id_', ...INDEXES[name].map((i) => i.name!)].sort());
      }
      const migrations = await admin.db(db).collection('schema_migrations').find().sort({ _id: 1 }).toArray();
      expect(migrations.map((m) => ({ version: m._id, name: m.name }))).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('migrates version-1 data (customId unique per organisation) to customIds per container tag', async () => {
    const db = freshDb();
    const org = makeOrg('legacy');
    const old = makeDocument(org.id, { customId: 'note-1', containerTags: ['user-a', 'shared'] });
    // The version-1 layout: a unique customKey per organisation and customId, and schema_migrations at version 1.
    const docs = admin.db(db).collection('documents');
    await docs.createIndex({ customKey: 1 }, { name: 'documents_custom_key', unique: true, sparse: true });
    await admin
      .db(db)
      .collection('schema_migrations')
      .insertOne({ _id: 1 as never, name: 'core', appliedAt: old.createdAt });
    const seed = new MongoStore({ uri: ferret.uri, db });
    await seed.documents.insertDocument(old);
    await seed.close();
    await docs.updateOne({ _id: old.id as never }, { $set: { customKey: JSON.stringify([org.id, 'note-1']) } });
    await admin.db(db).collection('custom_ids').deleteMany({});

    const store = new MongoStore({ uri: ferret.uri, db });
    try {
      await store.migrate();
      const names = (await docs.listIndexes().toArray()).map((i) => i.name as string);
      expect(names).not.toContain('documents_custom_key');
      expect(await docs.countDocuments({ customKey: { $exists: true } })).toBe(0);
      expect(await store.documents.findDocumentsByCustomId(org.id, 'note-1', ['shared'])).toEqual([old]);
      await expect(store.documents.insertDocument(makeDocument(org.id, { customId: 'note-1', containerTags: ['user-a'] }))).rejects.toMatchObject({
        code: 'CUSTOM_ID_CONFLICT',
      });
      const userB = makeDocument(org.id, { customId: 'note-1', containerTags: ['user-b'] });
      await store.documents.insertDocument(userB);
      expect(await store.documents.findDocumentsByCustomId(org.id, 'note-1')).toEqual([old, userB]);
    } finally {
      await store.close();
    }
  });

  it('a claim left behind by an interrupted write is taken over, a live one is not', async () => {
    const store = await open();
    try {
      const org = makeOrg('claims');
      const live = makeDocument(org.id, { customId: 'c', containerTags: ['t'] });
      await store.documents.insertDocument(live);
      // A crash between claiming and inserting leaves a claim whose document does not exist.
      await admin
        .db(store.dbName)
        .collection('custom_ids')
        .insertOne({ _id: JSON.stringify([org.id, 'u', 'c']) as never, orgId: org.id, documentId: 'ghost' });
      const next = makeDocument(org.id, { customId: 'c', containerTags: ['u'] });
      await store.documents.insertDocument(next);
      expect(await store.documents.findDocumentsByCustomId(org.id, 'c', ['u'])).toEqual([next]);
      await expect(store.documents.insertDocument(makeDocument(org.id, { customId: 'c', containerTags: ['t'] }))).rejects.toMatchObject({
        code: 'CUSTOM_ID_CONFLICT',
      });
    } finally {
      await store.close();
    }
  });

  it('detects that FerretDB has no Atlas Search and reports the in-app search path', async () => {
    const auto = await open();
    const off = await open({ atlasSearch: 'off' });
    try {
      expect(auto.kind).toBe('mongodb');
      expect(auto.chunks.capabilities).toEqual({ nativeVectorSearch: false, nativeKeywordSearch: false, nativeRankFusion: false });
      expect(off.chunks.capabilities).toEqual({ nativeVectorSearch: false, nativeKeywordSearch: false, nativeRankFusion: false });
      await expect(auto.ping()).resolves.toBeUndefined();
    } finally {
      await auto.close();
      await off.close();
    }
    const required = new MongoStore({ uri: ferret.uri, db: freshDb(), atlasSearch: 'on' });
    try {
      await expect(required.migrate()).rejects.toThrow(/MONGODB_ATLAS_SEARCH=on, but the deployment has no Atlas Search/);
    } finally {
      await required.close();
    }
  });

  it('stores metadata as key/value pairs and hashed filter fields: no client key becomes a field name', async () => {
    const store = await open();
    try {
      const org = makeOrg('shape');
      const metadata = { 'a.b': 'dotted', $where: 'dollar', '%2E': 'percent', '': 'empty', n: 2 };
      const doc = makeDocument(org.id, { metadata, processingMetadata: { startTime: 'x', steps: [{ name: 'extract', startTime: 'x', status: 'completed', metadata: { 'x.y': 1, $z: [2] } }] } });
      await store.documents.insertDocument(doc);
      expect(await store.documents.getDocument(org.id, doc.id)).toEqual(doc);
      const raw = await admin
        .db(store.dbName)
        .collection('documents')
        .findOne({ _id: doc.id as never });
      expect(raw!.metadata).toEqual(Object.entries(metadata).map(([k, v]) => ({ k, v })));
      expect(Object.keys(raw!.metaIndex as object).sort()).toEqual(Object.keys(metadata).map(metaField).sort());
      expect(raw!.metaIndex[metaField('n')]).toEqual({ s: ['2'], l: ['2'], n: 2 });
      expect(JSON.stringify(raw!.processingMetadata)).toContain('"x%2Ey":1');
    } finally {
      await store.close();
    }
  });

  it('a second process (API beside a worker) sees every write of the other at once', async () => {
    const db = freshDb();
    const api = new MongoStore({ uri: ferret.uri, db });
    const worker = new MongoStore({ uri: ferret.uri, db });
    try {
      await api.migrate();
      await worker.migrate();
      const org = makeOrg('procs');
      await worker.accounts.upsertOrganization(org);
      const vector = () => api.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 10 });
      const keyword = () => api.chunks.keywordSearch(org.id, { terms: queryTerms('lantern'), limit: 10 });
      const first = await addIndexed(worker, org.id, [{ text: 'lantern one', vector: axis(0) }], { containerTags: ['t'] });
      expect(docIdsOf(await vector())).toEqual([first.doc.id]);
      const before = await keyword();

      const second = await addIndexed(worker, org.id, [{ text: 'lantern two lantern', vector: axis(0) }], { containerTags: ['t'] });
      expect(docIdsOf(await vector())).toEqual([first.doc.id, second.doc.id].sort());
      const after = await keyword();
      expect(docIdsOf(after)).toEqual([first.doc.id, second.doc.id].sort());
      // The corpus grew, so the first chunk's BM25 score changed: the API did not keep stale statistics.
      expect(after.find((h) => h.documentId === first.doc.id)!.score).not.toBeCloseTo(before[0]!.score, 9);

      await worker.documents.updateDocument(org.id, first.doc.id, { containerTags: ['moved'] });
      expect(docIdsOf(await api.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, containerTags: ['moved'], limit: 10 }))).toEqual([first.doc.id]);
      const regenerated = await indexDocument(worker, { ...second.doc, generation: 2 }, [{ text: 'lantern three', vector: axis(1) }]);
      expect(chunkIdsOf(await api.chunks.vectorSearch(org.id, { vector: axis(1), model: MODEL, limit: 1 }))).toEqual([regenerated[0]!.id]);

      // Writes through the API's own store update its cache in place, and the worker still sees them.
      expect(await api.documents.deleteDocuments(org.id, [first.doc.id])).toEqual([first.doc.id]);
      expect(docIdsOf(await api.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 10 }))).toEqual([second.doc.id]);
      expect(docIdsOf(await worker.chunks.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 10 }))).toEqual([second.doc.id]);
    } finally {
      await api.close();
      await worker.close();
    }
  });
});
