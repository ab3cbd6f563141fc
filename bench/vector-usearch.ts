/**
 * The in-house vector index (vector/vector-index.ts: int8 rows, sign codes above the exact-scan limit, float
 * rescoring) beside usearch's HNSW on the same synthetic vectors, in one process: build time, recall@10 against an
 * exact float scan of the same scope, per-query p50 / p95, unscoped and per tag. usearch is not a dependency: point
 * `--usearch` at an installed copy (`npm install usearch@2.26.2` in a scratch folder; its prebuilt linux-x64 binary
 * loads without a build).
 *
 *   npx tsx bench/vector-usearch.ts --usearch /tmp/us/node_modules/usearch [--rows 100000] [--queries 200]
 *
 * usearch 2.26's JavaScript API has no filtered search (`search(vector, k, threads)` only), so a tag scope is served
 * by one usearch index per tag (built beside the global one and counted in its build time).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dot } from '../src/vector/cosine.js';
import { TopK } from '../src/vector/top-k.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, type IndexedVector, VectorIndex } from '../src/vector/vector-index.js';
import { environment, intArg, log, round, summarize, writeResults } from './lib.js';

interface UsearchMatches {
  keys: BigUint64Array;
}
interface UsearchIndex {
  add(keys: BigUint64Array, vectors: Float32Array): void;
  search(vector: Float32Array, k: number, threads: number): UsearchMatches;
}
interface UsearchModule {
  Index: new (config: { dimensions: number; metric: string; quantization: string; connectivity: number; expansion_add: number; expansion_search: number }) => UsearchIndex;
}

const { values: args } = parseArgs({
  options: {
    usearch: { type: 'string' },
    rows: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    dims: { type: 'string', default: '384' },
    quantization: { type: 'string', default: 'i8' },
    'expansion-search': { type: 'string', default: '64' },
  },
  strict: true,
});

const ROWS = intArg(args.rows, 100_000, 'rows');
const QUERIES = intArg(args.queries, 200, 'queries');
const DIMS = intArg(args.dims, 384, 'dims');
const K = 10;
/** One tag holds 85% of the rows (the 850k-row tag of the 1M benchmark); nine share the rest. */
const TAGS = ['big', ...Array.from({ length: 9 }, (_, i) => `small${i}`)];

/** Deterministic normal deviates (mulberry32 + Box-Muller). */
function rng(seed: number): () => number {
  let a = seed;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

function normalised(v: Float32Array): Float32Array {
  const n = Math.sqrt(dot(v, v)) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

/** Text-embedding-like vectors: a shared direction (cosines of unrelated texts ~0.4), topics, noise. */
function synthetic() {
  const g = rng(28);
  const shared = normalised(Float32Array.from({ length: DIMS }, g));
  const topics = Array.from({ length: 2000 }, () => normalised(Float32Array.from({ length: DIMS }, g)));
  const make = (topic: Float32Array, noise: number) => normalised(Float32Array.from({ length: DIMS }, (_, d) => 0.8 * shared[d]! + topic[d]! + noise * g()));
  const rows = Array.from({ length: ROWS }, (_, i) => ({ vector: make(topics[i % topics.length]!, 0.07), tag: i % 20 < 17 ? 'big' : TAGS[1 + (i % 9)]! }));
  const queries = Array.from({ length: QUERIES }, (_, i) => ({ vector: make(topics[(i * 7919) % topics.length]!, 0.09), tag: i % 3 === 0 ? undefined : i % 3 === 1 ? 'big' : TAGS[1 + (i % 9)]! }));
  return { rows, queries };
}

function main(): void {
  if (!args.usearch) throw new Error('--usearch <path to an installed usearch package> is required (it is not a dependency)');
  const usearch = createRequire(import.meta.url)(path.resolve(args.usearch)) as UsearchModule;
  const { rows, queries } = synthetic();
  log(`${ROWS} rows, ${QUERIES} queries, ${DIMS} dims; load ${environment().loadAverageAtStart.join(' ')}`);

  const exact = (vector: Float32Array, tag: string | undefined) => {
    const top = new TopK(K);
    rows.forEach((r, i) => {
      if (tag === undefined || r.tag === tag) top.push(i, dot(vector, r.vector));
    });
    return new Set(top.sorted().map((x) => x.item));
  };
  const truth = queries.map((q) => exact(q.vector, q.tag));

  // In-house: the index builds on its first search.
  const vectors: IndexedVector[] = rows.map((r, i) => ({ chunkId: String(i), documentId: `d${i}`, vector: r.vector }));
  const documents = rows.map((r, i) => ({ documentId: `d${i}`, containerTags: [r.tag] }));
  const inHouse = new VectorIndex(
    () => ({ vectors, documents }),
    DEFAULT_VECTOR_INDEX_OPTIONS,
    (_o, _m, ids) => new Map(ids.map((id) => [id, rows[Number(id)]!.vector] as const)),
  );
  let t0 = performance.now();
  inHouse.search('org', { vector: queries[0]!.vector, model: 'm', limit: K });
  const inHouseBuild = performance.now() - t0;
  const ours = measure(queries, truth, (q) => inHouse.search('org', { vector: q.vector, model: 'm', limit: K, ...(q.tag ? { containerTags: [q.tag] } : {}) }).map((c) => Number(c.chunkId)));

  // usearch: a global index and one per tag.
  const config = { dimensions: DIMS, metric: 'ip', quantization: args.quantization, connectivity: 16, expansion_add: 128, expansion_search: intArg(args['expansion-search'], 64, 'expansion-search') };
  const build = (ids: number[]) => {
    const index = new usearch.Index(config);
    const flat = new Float32Array(ids.length * DIMS);
    ids.forEach((id, j) => flat.set(rows[id]!.vector, j * DIMS));
    index.add(BigUint64Array.from(ids.map(BigInt)), flat);
    return index;
  };
  t0 = performance.now();
  const global = build(rows.map((_, i) => i));
  const globalBuild = performance.now() - t0;
  t0 = performance.now();
  const byTag = new Map(TAGS.map((t) => [t, build(rows.flatMap((r, i) => (r.tag === t ? [i] : [])))]));
  const tagBuild = performance.now() - t0;
  const theirs = measure(queries, truth, (q) => [...(q.tag ? byTag.get(q.tag)! : global).search(q.vector, K, 1).keys].map(Number));

  const result = {
    benchmark: 'vector-usearch',
    date: new Date().toISOString(),
    environment: environment(),
    setup: { rows: ROWS, queries: QUERIES, dims: DIMS, k: K, tags: '85% of rows in one tag, 9 small tags; a third of the queries unscoped, a third in the big tag, a third in a small one', usearch: config },
    inHouse: { buildMs: round(inHouseBuild, 0), options: DEFAULT_VECTOR_INDEX_OPTIONS, ...ours },
    usearch: { buildMs: { global: round(globalBuild, 0), perTag: round(tagBuild, 0) }, ...theirs },
  };
  const file = writeResults('vector-usearch', result);
  console.log(JSON.stringify({ inHouse: result.inHouse, usearch: result.usearch }, null, 2));
  log(`written to ${file}`);
}

function measure(queries: readonly { vector: Float32Array; tag: string | undefined }[], truth: readonly Set<number>[], search: (q: { vector: Float32Array; tag: string | undefined }) => number[]) {
  const byScope = new Map<string, { found: number; total: number; ms: number[] }>();
  queries.forEach((q, i) => {
    const t0 = performance.now();
    const got = search(q);
    const ms = performance.now() - t0;
    const scope = q.tag === undefined ? 'unscoped' : q.tag === 'big' ? 'big tag (85%)' : 'small tag (1.7%)';
    const s = byScope.get(scope) ?? { found: 0, total: 0, ms: [] };
    s.found += got.filter((id) => truth[i]!.has(id)).length;
    s.total += truth[i]!.size;
    s.ms.push(ms);
    byScope.set(scope, s);
  });
  return Object.fromEntries([...byScope].map(([scope, s]) => [scope, { recallAt10: round(s.found / s.total, 4), ms: summarize(s.ms) }]));
}

main();
