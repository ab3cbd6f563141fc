/**
 * The MongoDB store (in-app search path, on FerretDB) and the SQLite store return the same candidates with the same
 * raw scores (FTS5 bm25() and exact dot products), so hybrid search gives the same hits and similarities on both.
 * So does the `$rankFusion` path, with an emulated Atlas 8 answering the fused query from the same data.
 */
import { MongoClient, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { parseFilters } from '../../src/core/filters.js';
import { SearchService } from '../../src/services/search.js';
import { queryTerms } from '../../src/text/tokenize.js';
import type { AtlasIndexes } from '../../src/storage/mongo/atlas-search.js';
import { MongoStore } from '../../src/storage/mongo/mongo-store.js';
import { collectionsOf, type ChunkBson } from '../../src/storage/mongo/schema.js';
import { MongoSearch } from '../../src/storage/mongo/search.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { SearchScope } from '../../src/storage/chunks.js';
import type { Store } from '../../src/storage/store.js';
import type { Candidate } from '../../src/core/types.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { emulateRankFusion } from '../helpers/rank-fusion-emulator.js';
import { overridePort } from '../helpers/store-overrides.js';
import { makeChunk, makeDocument, makeOrg, prng, refOf } from './store-fixtures.js';

// Enough words that most stay in fewer than half the chunks, so BM25's IDF is not clamped.
const WORDS = `river stone bridge lantern harbor orchard winter signal copper meadow falcon archive compass ember tide
  violin garden rocket pepper marble canyon glacier thunder saddle mirror basket candle forest island ladder
  monkey needle ocean pillow rabbit silver tunnel velvet wagon yellow zipper anchor button castle dragon`.split(/\s+/);
const embedder = createHashEmbedder(32);

let ferret: FerretDb;
let mongo: MongoStore;
let sqlite: SqliteStore;
let client: MongoClient;
const org = makeOrg('parity');
const other = makeOrg('parity-other');

beforeAll(async () => {
  ferret = await startFerretDb();
  mongo = new MongoStore({ uri: ferret.uri, db: 'parity' });
  sqlite = new SqliteStore(':memory:');
  const stores: Store[] = [mongo, sqlite];
  for (const s of stores) {
    await s.migrate();
    await s.accounts.upsertOrganization(org);
    await s.accounts.upsertOrganization(other);
  }
  const rand = prng(11);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  for (let d = 0; d < 30; d++) {
    const orgId = d % 6 === 5 ? other.id : org.id;
    const tags = [...new Set([`t${d % 3}`, ...(d % 4 === 0 ? ['shared'] : [])])];
    const doc = makeDocument(orgId, { containerTags: tags, filepath: `/dir${d % 2}/doc${d}.md`, metadata: { rank: d, group: d % 2 ? 'odd' : 'even' } });
    const texts = Array.from({ length: 1 + (d % 3) }, () => Array.from({ length: 3 + Math.floor(rand() * 12) }, pick).join(' '));
    const chunks = texts.map((t, i) => makeChunk(refOf(doc), i, t));
    const vectors = await embedder.embedDocuments(texts);
    for (const s of stores) {
      await s.documents.insertDocument(doc);
      await s.chunks.replaceChunks(refOf(doc), chunks);
      await s.chunks.putEmbeddings(
        refOf(doc),
        embedder.id,
        chunks.map((c, i) => ({ chunkId: c.id, vector: vectors[i]! })),
      );
      await s.chunks.activateGeneration(refOf(doc));
    }
  }
}, 60_000);
afterAll(async () => {
  await client?.close();
  await mongo?.close();
  await sqlite?.close();
  await ferret?.stop();
});

const SCOPES: SearchScope[] = [
  {},
  { containerTags: ['t1'] },
  { containerTags: ['t0', 'shared'] },
  { filepath: '/dir1/' },
  { filters: parseFilters({ key: 'rank', value: 10, filterType: 'numeric', numericOperator: '<' })! },
  { filters: parseFilters({ key: 'group', value: 'ODD', ignoreCase: true })!, containerTags: ['t2'] },
];
const QUERIES = ['river stone', 'lantern harbor lantern', 'copper', 'winter meadow falcon ember rabbit', 'unknownword'];

const options = { vectorWeight: 1, keywordWeight: 0.85, candidates: 100, rerankCandidates: 40 };

const expectSameCandidates = (a: Candidate[], b: Candidate[], relative: boolean) => {
  expect(a.map((h) => h.chunkId)).toEqual(b.map((h) => h.chunkId));
  a.forEach((h, i) => (relative ? expect(h.score / b[i]!.score).toBeCloseTo(1, 9) : expect(h.score).toBeCloseTo(b[i]!.score, 6)));
};

describe('MongoDB and SQLite stores agree', () => {
  it('keyword candidates, with FTS5-identical BM25 scores, and term statistics', async () => {
    let hits = 0;
    for (const q of QUERIES) {
      const terms = queryTerms(q);
      expect(await mongo.chunks.termStats(org.id, terms)).toEqual(await sqlite.chunks.termStats(org.id, terms));
      for (const scope of SCOPES) {
        const [m, s] = await Promise.all([mongo.chunks.keywordSearch(org.id, { ...scope, terms, limit: 200 }), sqlite.chunks.keywordSearch(org.id, { ...scope, terms, limit: 200 })]);
        // Equal BM25 scores may come back in either order from FTS5; compare by score, then id.
        const order = (hits: Candidate[]) => [...hits].sort((x, y) => y.score - x.score || (x.chunkId < y.chunkId ? -1 : 1));
        expectSameCandidates(m, order(s), true);
        hits += m.length;
      }
    }
    expect(hits).toBeGreaterThan(100);
  });

  it('vector candidates and scores', async () => {
    for (const q of QUERIES) {
      const vector = await embedder.embedQuery(q);
      for (const scope of SCOPES) {
        const query = { ...scope, vector, model: embedder.id, limit: 15 };
        expectSameCandidates(await mongo.chunks.vectorSearch(org.id, query), await sqlite.chunks.vectorSearch(org.id, query), false);
      }
    }
  });

  it('hybrid search hits and calibrated similarities', async () => {
    const handle = staticEmbedderHandle(embedder);
    const [onMongo, onSqlite] = [mongo, sqlite].map((s) => new SearchService(s, handle, options, silentLogger));
    for (const q of QUERIES) {
      for (const scope of SCOPES) {
        const params = { q, limit: 10, threshold: 0, rerank: false, ...scope };
        const view = async (svc: SearchService) => (await svc.searchChunks(org.id, params)).map((h) => ({ chunk: h.chunk.id, similarity: h.similarity.toFixed(9) }));
        expect(await view(onMongo!)).toEqual(await view(onSqlite!));
      }
    }
  });
});

describe('the $rankFusion path (emulated Atlas 8) agrees with SQLite', () => {
  /** The store's search over the parity data, its `$rankFusion` queries answered by the emulator. */
  const fusedSearch = () => {
    client ??= new MongoClient(ferret.uri);
    const c = collectionsOf(client.db('parity'));
    const fused: Document[][] = [];
    const chunks = new Proxy(c.chunks, {
      get: (target, key, receiver) =>
        key === 'aggregate'
          ? (pipeline: Document[]) => {
              if (!('$rankFusion' in pipeline[0]!)) return target.aggregate(pipeline);
              fused.push(pipeline);
              return { toArray: () => emulateRankFusion(target, pipeline) };
            }
          : (Reflect.get(target, key, receiver) as unknown),
    }) as Collection<ChunkBson>;
    const search = new MongoSearch({ ...c, chunks });
    search.atlas = { hasVectorIndex: async () => true } as unknown as AtlasIndexes;
    search.rankFusion = true;
    return { search, fused };
  };

  it('hybrid candidates: the same vector and keyword candidates and raw scores, from one query each', async () => {
    const { search, fused } = fusedSearch();
    const weights = { vector: options.vectorWeight, keyword: options.keywordWeight };
    let queries = 0;
    for (const q of QUERIES) {
      const [vector, terms] = [await embedder.embedQuery(q), queryTerms(q)];
      for (const scope of SCOPES) {
        const got = await search.hybridCandidates(org.id, { ...scope, vector, model: embedder.id, terms, limit: 200, weights });
        queries++;
        expect(fused).toHaveLength(queries);
        expectSameCandidates(got.vector, await sqlite.chunks.vectorSearch(org.id, { ...scope, vector, model: embedder.id, limit: 200 }), false);
        const keyword = await sqlite.chunks.keywordSearch(org.id, { ...scope, terms, limit: 200 });
        expectSameCandidates(
          got.keyword,
          [...keyword].sort((x, y) => y.score - x.score || (x.chunkId < y.chunkId ? -1 : 1)),
          true,
        );
      }
    }
    // The fused order decides which candidates come back.
    const few = await search.hybridCandidates(org.id, { vector: await embedder.embedQuery('river stone'), model: embedder.id, terms: ['river', 'stone'], limit: 3, weights });
    expect(new Set([...few.vector, ...few.keyword].map((h) => h.chunkId)).size).toBeLessThanOrEqual(3);
  });

  it('SearchService uses it and returns the SQLite hits and similarities', async () => {
    const { search, fused } = fusedSearch();
    const store = overridePort(mongo, 'chunks', {
      capabilities: { ...mongo.chunks.capabilities, nativeRankFusion: true },
      hybridCandidates: search.hybridCandidates.bind(search),
    });
    const handle = staticEmbedderHandle(embedder);
    const [onFusion, onSqlite] = [store, sqlite].map((s) => new SearchService(s, handle, options, silentLogger));
    for (const q of QUERIES) {
      for (const scope of SCOPES) {
        const params = { q, limit: 10, threshold: 0, rerank: false, ...scope };
        const view = async (svc: SearchService) => (await svc.searchChunks(org.id, params)).map((h) => ({ chunk: h.chunk.id, similarity: h.similarity.toFixed(9) }));
        expect(await view(onFusion!)).toEqual(await view(onSqlite!));
      }
    }
    expect(fused).toHaveLength(QUERIES.length * SCOPES.length);
  });
});
