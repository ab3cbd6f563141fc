/**
 * Where the vector index's time goes on one large tag, stage by stage, in one process: the sign-code scan (by row
 * list, the code before 2026-11-27 10:30, and from the tag's transposed copy, alternated, scores checked equal), the
 * selection of the int8 pool, the pool scored in JavaScript (dotInt8, the code before 2026-11-27) and by the
 * WebAssembly kernel (vector/int8-dots.ts) side by side on the same rows, and the whole `VectorIndex.search`. The
 * two pool scorings must give the same shortlist (checked every query). Rows are synthetic text-embedding-like
 * vectors (a shared direction, 2,000 topics, noise), 85% of them in one tag as in the 1M benchmark.
 *
 *   npx tsx bench/vector-stages.ts [--rows 1000000] [--queries 60] [--limit 150]
 *
 * Writes bench/results/vector-stages-latest.json.
 */
import { parseArgs } from 'node:util';
import { codeWords, queryPlanes, queryWeights, topByScore } from '../src/vector/binary-codes.js';
import { dot } from '../src/vector/cosine.js';
import { dotInt8, packInt8, unpackInt8 } from '../src/vector/int8.js';
import { scoreInt8Rows } from '../src/vector/int8-dots.js';
import type { SignCodes } from '../src/vector/sign-scan.js';
import { TopK } from '../src/vector/top-k.js';
import { TransposedCodes } from '../src/vector/transposed-codes.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, type QuantizedVector, VectorIndex } from '../src/vector/vector-index.js';
import { environment, intArg, log, round, summarize, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, queries: { type: 'string', default: '60' }, limit: { type: 'string', default: '150' } },
  strict: true,
});
const ROWS = intArg(args.rows, 1_000_000, 'rows');
const QUERIES = intArg(args.queries, 60, 'queries');
const LIMIT = intArg(args.limit, 150, 'limit');
const DIMS = 384;

/** Deterministic uniform deviates in [-0.5, 0.5) (an LCG: a million rows are generated in seconds). */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}
const g = rng(28);
const normalised = (v: Float32Array) => {
  const n = Math.sqrt(dot(v, v)) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
};
const shared = normalised(Float32Array.from({ length: DIMS }, g));
const topics = Array.from({ length: 2000 }, () => normalised(Float32Array.from({ length: DIMS }, g)));
const make = (topic: Float32Array, noise: number) => normalised(Float32Array.from({ length: DIMS }, (_, d) => 0.8 * shared[d]! + topic[d]! + noise * g()));

log(`generating ${ROWS} rows; load ${environment().loadAverageAtStart.join(' ')}`);
const rows: QuantizedVector[] = [];
const tags: string[] = [];
const floats = new Map<string, Float32Array>();
for (let i = 0; i < ROWS; i++) {
  const v = make(topics[i % topics.length]!, 0.25);
  const { scale, values } = unpackInt8(packInt8(v));
  rows.push({ chunkId: String(i), documentId: `d${i}`, values, scale });
  tags.push(i % 20 < 17 ? 'big' : `small${i % 1000}`);
  floats.set(String(i), v);
}
const index = new VectorIndex(
  () => ({ vectors: rows, documents: rows.map((r, i) => ({ documentId: r.documentId, containerTags: [tags[i]!] })) }),
  DEFAULT_VECTOR_INDEX_OPTIONS,
  (_o, _m, ids) => new Map(ids.map((id) => [id, floats.get(id)!] as const)),
);
const queries = Array.from({ length: QUERIES + 5 }, (_, i) => make(topics[(i * 7919) % topics.length]!, 0.3));
let t0 = performance.now();
index.search('org', { vector: queries[0]!, model: 'm', limit: LIMIT, containerTags: ['big'] });
const loadMs = performance.now() - t0;
// The index's internals, read for the stage timings only.
const org = (index as unknown as { orgs: Map<string, { data: Int8Array; scales: Float32Array; mean: Float32Array; codes: SignCodes; tagRows: Map<string, { view(): Int32Array }> }> }).orgs.get('org')!;
const scope = org.tagRows.get('big')!.view();
const pool = Math.max(DEFAULT_VECTOR_INDEX_OPTIONS.minRescore, LIMIT * DEFAULT_VECTOR_INDEX_OPTIONS.rescorePerResult, Math.ceil(scope.length / DEFAULT_VECTOR_INDEX_OPTIONS.rescoreFraction));
const shortlist = Math.max(40, LIMIT * 2);
log(`loaded in ${round(loadMs, 0)} ms; tag 'big' ${scope.length} rows, pool ${pool}, shortlist ${shortlist}`);

const stages: Record<string, number[]> = { scanRowList: [], scanTransposed: [], select: [], poolJs: [], poolKernel: [], search: [] };
const transposed = new TransposedCodes(codeWords(DIMS) * 4, 0);
t0 = performance.now();
transposed.sync(org.codes.words, scope, scope.length);
const transposeMs = performance.now() - t0;
log(`transposed copy of the tag's codes built in ${round(transposeMs, 0)} ms`);
let differing = 0;
let differingScans = 0;
queries.forEach((q, n) => {
  const warm = n < 5;
  const time = (stage: string, f: () => void) => {
    const t = performance.now();
    f();
    if (!warm) stages[stage]!.push(performance.now() - t);
  };
  let approx: Float32Array = new Float32Array(0);
  let chosen: Int32Array = new Int32Array(0);
  const planes = queryPlanes(queryWeights(q, org.mean));
  // The row-list scan (before 2026-11-27) and the transposed copy's, alternated; their scores must be equal.
  let viaCopy: Float32Array = new Float32Array(0);
  const rowList = () => time('scanRowList', () => (approx = org.codes.scan(planes, scope, scope.length).slice()));
  const copy = () => time('scanTransposed', () => (viaCopy = transposed.scan(planes, scope.length).slice()));
  if (n % 2 === 0) {
    rowList();
    copy();
  } else {
    copy();
    rowList();
  }
  if (approx.some((x, i) => !Object.is(x, viaCopy[i]))) differingScans++;
  time('select', () => (chosen = topByScore(approx, scope.length, pool)));
  const js = new TopK(shortlist);
  const kernel = new TopK(shortlist);
  // Alternated, so neither always runs with the rows already in cache.
  const runJs = () =>
    time('poolJs', () => {
      for (const i of chosen) js.push(scope[i]!, dotInt8(q, org.data, scope[i]! * DIMS, org.scales[scope[i]!]!));
    });
  const runKernel = () =>
    time('poolKernel', () =>
      scoreInt8Rows(
        q,
        org.data,
        org.scales,
        DIMS,
        (k) => scope[chosen[k]!]!,
        chosen.length,
        (row, s) => kernel.push(row, s),
      ),
    );
  if (n % 2 === 0) {
    runJs();
    runKernel();
  } else {
    runKernel();
    runJs();
  }
  const a = js.sorted();
  const b = kernel.sorted();
  if (a.length !== b.length || a.some((x, i) => x.item !== b[i]!.item || x.score !== b[i]!.score)) differing++;
  time('search', () => index.search('org', { vector: q, model: 'm', limit: LIMIT, containerTags: ['big'] }));
});

const result = {
  benchmark: 'vector-stages',
  date: new Date().toISOString(),
  environment: environment(),
  setup: { rows: ROWS, dims: DIMS, scopeRows: scope.length, queries: QUERIES, limit: LIMIT, pool, shortlist, loadMs: round(loadMs, 0) },
  stagesMs: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, summarize(v)])),
  shortlistsDiffering: differing,
  scansDiffering: differingScans,
  transposeMs: round(transposeMs, 0),
};
const file = writeResults('vector-stages', result);
console.log(JSON.stringify(result.stagesMs, null, 2));
log(`shortlists differing between the JS and kernel pools: ${differing}; scans differing between layouts: ${differingScans}; written to ${file}`);
