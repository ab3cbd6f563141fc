/**
 * MongoDB-specific cases of the memory port (the MemoryStore contract itself runs in mongo-store.test.ts): stored
 * shape, the forgetting job across processes, writes of one process seen by another at once, and keyword/vector
 * candidates identical to the SQLite store's (FTS5 bm25() and exact dot products).
 */
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.js';
import { MongoStore } from '../../src/storage/mongo/mongo-store.js';
import { INDEXES } from '../../src/storage/mongo/schema.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { MemoryCandidate } from '../../src/storage/memories.js';
import type { Store } from '../../src/storage/store.js';
import { queryTerms } from '../../src/text/tokenize.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { makeMemory } from './memory-contract.js';
import { axis, makeOrg, MODEL, prng, randomUnit } from './store-fixtures.js';

let ferret: FerretDb;
let admin: MongoClient;
let n = 0;
const freshDb = () => `mnemo_mem_${process.pid}_${++n}`;

beforeAll(async () => {
  ferret = await startFerretDb();
  admin = new MongoClient(ferret.uri);
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await ferret?.stop();
});

/** Two stores on one database: an API process beside a worker. */
async function twoProcesses(): Promise<[MongoStore, MongoStore]> {
  const db = freshDb();
  const stores: [MongoStore, MongoStore] = [new MongoStore({ uri: ferret.uri, db }), new MongoStore({ uri: ferret.uri, db })];
  for (const s of stores) await s.migrate();
  return stores;
}

const past = () => new Date(Date.now() - 60_000).toISOString();
const ids = (cs: readonly MemoryCandidate[]) => cs.map((c) => c.memoryId);

describe('MongoMemories on FerretDB', () => {
  it('stores metadata as pairs, the vector as binary, and the search fields; creates its indexes', async () => {
    const [store, second] = await twoProcesses();
    try {
      const org = makeOrg('mem-shape');
      const m = makeMemory(org.id, { memory: 'Dana adopted two greyhounds.', metadata: { 'a.b': 1, $where: 'x' }, forgetAfter: '2999-01-01T00:00:00.000Z' });
      await store.memories.insertMemory(m, { model: MODEL, vector: axis(2) });
      const raw = await admin
        .db(store.dbName)
        .collection('memories')
        .findOne({ _id: m.id as never });
      expect(raw!.metadata).toEqual([
        { k: 'a.b', v: 1 },
        { k: '$where', v: 'x' },
      ]);
      expect(raw!.embedding.d8.sub_type).toBe(9);
      expect(raw).toMatchObject({ embeddingModel: MODEL, terms: ['dana', 'adopt', 'two', 'greyhound'], termText: 'dana adopt two greyhound', tagCount: 2 });
      expect(raw!.forgetAtMs).toBe(Date.parse('2999-01-01T00:00:00.000Z'));
      expect(await store.memories.getMemory(org.id, m.id)).toEqual(m);
      const names = (await admin.db(store.dbName).collection('memories').listIndexes().toArray()).map((i) => i.name as string);
      expect(names.sort()).toEqual(['_id_', ...INDEXES.memories.map((i) => i.name!)].sort());
    } finally {
      await store.close();
      await second.close();
    }
  });

  it('migration 4 gives memories written before it their lower-case subject and recency, so lookups and orders find them', async () => {
    const [store, second] = await twoProcesses();
    try {
      const org = makeOrg('mem-migrate');
      const m = makeMemory(org.id, { memory: 'Dana lives in Lyon.', subject: 'Dana', attribute: 'residence', isStatic: true, eventDate: '2026-01-02', updatedAt: '2026-02-01T00:00:00.000Z' });
      await store.memories.insertMemory(m);
      const raw = admin.db(store.dbName);
      await raw.collection('memories').updateOne({ _id: m.id as never }, { $unset: { subjectKey: '', recency: '' } });
      await raw.collection('schema_migrations').deleteOne({ _id: 4 as never });
      expect(await store.memories.findMemoriesBySubject(org.id, ['user-a'], 'dana', 'residence')).toEqual([]);
      await second.migrate();
      expect(await store.memories.findMemoriesBySubject(org.id, ['user-a'], 'dana', 'residence')).toEqual([m]);
      expect(await raw.collection('memories').findOne({ _id: m.id as never })).toMatchObject({ subjectKey: 'dana', recency: '2026-01-02' });
    } finally {
      await store.close();
      await second.close();
    }
  });

  it('the forgetting job keeps a reason already given, and runs in two processes at once leave every memory right', async () => {
    const [a, b] = await twoProcesses();
    try {
      const org = makeOrg('mem-forget');
      const given = makeMemory(org.id, { forgetAfter: past(), forgetReason: 'trip is over' });
      const plain = makeMemory(org.id, { forgetAfter: past() });
      const done = makeMemory(org.id, { forgetAfter: past(), isForgotten: true, forgetReason: 'asked', forgottenAt: past() });
      for (const m of [given, plain, done]) await a.memories.insertMemory(m);
      const now = new Date().toISOString();
      // MongoDB counts each memory once; FerretDB v1 reads before it writes, so two concurrent runs may both count one.
      const counts = await Promise.all([a.memories.forgetExpiredMemories(now), b.memories.forgetExpiredMemories(now)]);
      expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(2);
      expect(await a.memories.forgetExpiredMemories(new Date().toISOString())).toBe(0);
      expect(await b.memories.getMemory(org.id, given.id)).toMatchObject({ isForgotten: true, forgetReason: 'trip is over', forgottenAt: now, updatedAt: now });
      expect(await b.memories.getMemory(org.id, plain.id)).toMatchObject({ isForgotten: true, forgetReason: 'expired', forgottenAt: now });
      expect(await b.memories.getMemory(org.id, done.id)).toEqual(done);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a second process sees every write of the other at once (nothing is cached)', async () => {
    const [api, worker] = await twoProcesses();
    try {
      const org = makeOrg('mem-procs');
      const vector = () => api.memories.memoryVectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 10 });
      const keyword = () => api.memories.memoryKeywordSearch(org.id, { terms: queryTerms('lantern'), limit: 10 });
      const first = makeMemory(org.id, { memory: 'Dana keeps a lantern.' });
      await worker.memories.insertMemory(first, { model: MODEL, vector: axis(0) });
      expect(ids(await vector())).toEqual([first.id]);
      expect(ids(await keyword())).toEqual([first.id]);

      const second = makeMemory(org.id, { memory: 'Dana keeps a brass lantern now.', version: 2, parentMemoryId: first.id, rootMemoryId: first.id });
      await worker.memories.insertMemory(second, { model: MODEL, vector: axis(0) });
      await worker.memories.updateMemory(org.id, first.id, { isLatest: false });
      expect(ids(await vector())).toEqual([second.id]);
      expect(ids(await keyword())).toEqual([second.id]);

      await worker.memories.updateMemory(org.id, second.id, { containerTags: ['elsewhere'] }, { model: MODEL, vector: axis(1) });
      expect(ids(await api.memories.memoryVectorSearch(org.id, { vector: axis(1), model: MODEL, limit: 10, containerTags: ['elsewhere'] }))).toEqual([second.id]);
      expect(await api.memories.memoryCounts(org.id)).toEqual(new Map([['elsewhere', 1]]));
      await worker.memories.deleteMemories(org.id, [second.id]);
      expect(await vector()).toEqual([]);
      expect(await keyword()).toEqual([]);
    } finally {
      await api.close();
      await worker.close();
    }
  });
});

// Enough words that most stay in fewer than half the memories, so BM25's IDF is not clamped.
const WORDS = `river stone bridge lantern harbor orchard winter signal copper meadow falcon archive compass ember tide violin
  garden rocket pepper marble canyon glacier thunder saddle mirror basket candle forest island ladder`.split(/\s+/);

describe('MongoDB and SQLite memory stores agree', () => {
  let mongo: MongoStore;
  let sqlite: SqliteStore;
  const org = makeOrg('mem-parity');

  beforeAll(async () => {
    mongo = new MongoStore({ uri: ferret.uri, db: freshDb() });
    sqlite = new SqliteStore(':memory:');
    const rand = prng(7);
    const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
    const memories: [MemoryRecord, Float32Array][] = Array.from({ length: 40 }, (_, i) => [
      makeMemory(org.id, {
        memory: Array.from({ length: 3 + Math.floor(rand() * 10) }, pick).join(' '),
        containerTags: [`t${i % 3}`, ...(i % 4 === 0 ? ['shared'] : [])],
        isForgotten: i % 9 === 8,
        isLatest: i % 7 !== 6,
      }),
      randomUnit(rand),
    ]);
    for (const s of [mongo, sqlite] as Store[]) {
      await s.migrate();
      await s.accounts.upsertOrganization(org);
      for (const [m, vector] of memories) await s.memories.insertMemory(m, { model: MODEL, vector });
    }
  }, 60_000);
  afterAll(async () => {
    await mongo?.close();
    await sqlite?.close();
  });

  const SCOPES = [{}, { containerTags: ['t1'] }, { containerTags: ['t0', 'shared'] }, { includeForgotten: true }];
  const QUERIES = ['river stone', 'lantern harbor lantern', 'copper', 'winter meadow falcon ember', 'unknownword'];
  const order = (cs: MemoryCandidate[]) => [...cs].sort((x, y) => y.score - x.score || (x.memoryId < y.memoryId ? -1 : 1));

  it('keyword candidates, with FTS5-identical BM25 scores', async () => {
    let hits = 0;
    for (const q of QUERIES) {
      for (const scope of SCOPES) {
        const query = { ...scope, terms: queryTerms(q), limit: 100 };
        const [m, s] = await Promise.all([mongo.memories.memoryKeywordSearch(org.id, query), sqlite.memories.memoryKeywordSearch(org.id, query)]);
        expect(ids(m)).toEqual(ids(order(s)));
        m.forEach((c) => expect(c.score / s.find((x) => x.memoryId === c.memoryId)!.score).toBeCloseTo(1, 9));
        hits += m.length;
      }
    }
    expect(hits).toBeGreaterThan(40);
  });

  it('vector candidates and scores, superseded ones included when asked', async () => {
    const rand = prng(99);
    for (const scope of [...SCOPES, { includeSuperseded: true }]) {
      const query = { ...scope, vector: randomUnit(rand), model: MODEL, limit: 12 };
      const [m, s] = await Promise.all([mongo.memories.memoryVectorSearch(org.id, query), sqlite.memories.memoryVectorSearch(org.id, query)]);
      expect(ids(m)).toEqual(ids(s));
      m.forEach((c, i) => expect(c.score).toBeCloseTo(s[i]!.score, 6));
    }
  });
});
