/**
 * Binary quantisation for candidate generation: each stored vector becomes one bit per dimension, the sign of its
 * difference from the collection's mean (centring matters: sentence embeddings share a large common component, so
 * raw signs would carry little information). The query keeps more precision than the rows (asymmetric scoring): a
 * row's approximate score is the sum of the query's weights (queryWeights) where the row's bit is set. That ranks like
 * the dot product of the query with the row's sign vector, and is far more faithful than Hamming distance between
 * two codes. The query is quantised to 4-bit levels (queryPlanes) so a WebAssembly SIMD kernel scores 16 code bytes
 * per instruction (vector/sign-scan.ts). The caller rescores the best rows exactly.
 */

/** 32-bit words per code for a dimension count: whole 16-byte blocks (the SIMD scan's unit), padding bits clear. */
export const codeWords = (dims: number): number => Math.ceil(dims / 128) * 4;

/** Writes the sign code of `vector - mean` into `out` at word offset `offset`. */
export function encodeSigns(vector: ArrayLike<number>, mean: Float32Array, out: Uint32Array, offset: number): void {
  const words = codeWords(mean.length);
  for (let w = 0; w < words; w++) {
    let bits = 0;
    const base = w * 32;
    const end = Math.min(32, mean.length - base);
    for (let b = 0; b < end; b++) {
      if (vector[base + b]! > mean[base + b]!) bits |= 1 << b;
    }
    out[offset + w] = bits >>> 0;
  }
}

/** Levels of the query's quantisation for the binary stage (4 bits: the scan adds four bit planes). */
const QUERY_LEVELS = 15;

/**
 * A query's weights (queryWeights) quantised to 4-bit levels, as the bit planes the SIMD scan reads
 * (vector/sign-scan.ts): plane b holds bit b of every dimension's level, `codeWords(dims) x 4` bytes a plane.
 * Dimension i stands for lo + level_i x delta, so a code's score is lo x (its set bits) + delta x (the sum of its set bits' levels).
 */
export interface QueryPlanes {
  planes: Uint8Array;
  lo: number;
  delta: number;
}

export function queryPlanes(weights: ArrayLike<number>, dims: number = weights.length): QueryPlanes {
  const stride = codeWords(dims) * 4;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < dims; i++) {
    const x = weights[i]!;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const delta = hi > lo ? (hi - lo) / QUERY_LEVELS : 0;
  const planes = new Uint8Array(4 * stride);
  for (let i = 0; i < dims; i++) {
    const level = delta > 0 ? Math.round((weights[i]! - lo) / delta) : 0;
    for (let b = 0; b < 4; b++) if (level & (1 << b)) planes[b * stride + (i >> 3)]! |= 1 << (i & 7);
  }
  return { planes, lo: dims > 0 ? lo : 0, delta };
}

/** How much of the rows' mean queryWeights takes off the query (measured; see there). */
export const QUERY_CENTRING = 0.5;

/**
 * The binary stage's per-dimension weights for a query: a row's approximate score is the sum of the weights where
 * its code bit (the sign of `row - mean`) is set, here q - QUERY_CENTRING x mean. Taking the whole mean off the query
 * (the weights before 2026-11-26) adds -mean . sign(row - mean) to every row's score: a term of the row, not of the
 * query, and large for models whose embeddings share a strong common direction (bge-small: the mean of its unit
 * rows has length ~0.7). On bench:search's rows with bge (near-copies of 300 real embeddings) it cost recall@10 vs
 * exact 0.914 at 30k rows and 0.941 at 100k with a 4% int8 pool; half the mean gave 0.995 at 30k. Taking nothing
 * off (weights q) loses instead on rows whose common component varies in strength. Both fixtures are in
 * test/unit/vector/binary-stage-recall.test.ts (the whole mean 0.970 / 1.000, none 0.963 / 0.963, half 0.990 /
 * 1.000); real bge rows (3,435 LoCoMo chunks, 4.7% pool) have recall 1.000 with the whole or half the mean.
 */
export function queryWeights(query: ArrayLike<number>, mean: Float32Array): Float32Array {
  const out = new Float32Array(mean.length);
  for (let i = 0; i < mean.length; i++) out[i] = query[i]! - QUERY_CENTRING * mean[i]!;
  return out;
}

/** A code's score under `q` in plain JavaScript (what the SIMD scan computes; for tests and small checks). */
export function planeScore(q: QueryPlanes, codes: Uint32Array, offsetWords: number, dims: number): number {
  const bytes = new Uint8Array(codes.buffer, codes.byteOffset + offsetWords * 4, codeWords(dims) * 4);
  const stride = bytes.length;
  let setBits = 0;
  let levels = 0;
  for (let j = 0; j < stride; j++) {
    setBits += popcount8(bytes[j]!);
    for (let b = 0; b < 4; b++) levels += popcount8(bytes[j]! & q.planes[b * stride + j]!) << b;
  }
  return q.lo * setBits + q.delta * levels;
}

function popcount8(x: number): number {
  x -= (x >> 1) & 0x55;
  x = (x & 0x33) + ((x >> 2) & 0x33);
  return (x + (x >> 4)) & 0x0f;
}

/**
 * Indices of the `pool` highest scores (ties at the cut-off broken by position). A sample of the scores gives a
 * threshold a little below the pool's expected cut-off, so one pass over every score keeps slightly more than the
 * pool, and the exact selection runs on those alone; when the sample misjudged (fewer than `pool` kept) the exact
 * selection runs on every score.
 */
export function topByScore(scores: Float32Array, count: number, pool: number): Int32Array {
  if (pool >= count) return Int32Array.from({ length: count }, (_, i) => i);
  if (count < SAMPLED_SELECTION_MIN)
    return topByHistogram(
      scores,
      Int32Array.from({ length: count }, (_, i) => i),
      pool,
    );
  const step = count / SELECTION_SAMPLE;
  const sample = new Float32Array(SELECTION_SAMPLE);
  for (let k = 0; k < SELECTION_SAMPLE; k++) sample[k] = scores[Math.floor(k * step)]!;
  sample.sort();
  // Rank (from the top) in the sample where the pool's cut-off is expected, plus a margin of a quarter and 16 rows.
  const rank = Math.min(SELECTION_SAMPLE - 1, Math.ceil((pool / count) * SELECTION_SAMPLE * 1.25) + 16);
  const threshold = sample[SELECTION_SAMPLE - 1 - rank]!;
  let kept = new Int32Array(Math.ceil(pool * 1.5) + 64);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (scores[i]! < threshold) continue;
    if (n === kept.length) {
      const grown = new Int32Array(kept.length * 2);
      grown.set(kept);
      kept = grown;
    }
    kept[n++] = i;
  }
  if (n < pool)
    return topByHistogram(
      scores,
      Int32Array.from({ length: count }, (_, i) => i),
      pool,
    );
  return topByHistogram(scores, kept.subarray(0, n), pool);
}

/** Scores sampled to place topByScore's threshold, and the count below which it selects directly. */
const SELECTION_SAMPLE = 4096;
const SAMPLED_SELECTION_MIN = 32_768;

/**
 * The `pool` best of the rows `ids` (indices into `scores`, ascending), in O(n): a 4096-bucket histogram over the
 * score range finds the cut-off bucket, which is then sorted on its own.
 */
function topByHistogram(scores: Float32Array, ids: Int32Array, pool: number): Int32Array {
  const count = ids.length;
  if (pool >= count) return ids.slice();
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < count; k++) {
    const s = scores[ids[k]!]!;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const buckets = 4096;
  const scale = max > min ? (buckets - 1) / (max - min) : 0;
  const bucketOf = (s: number) => Math.floor((max - s) * scale); // 0 = best
  const histogram = new Uint32Array(buckets);
  for (let k = 0; k < count; k++) {
    const b = bucketOf(scores[ids[k]!]!);
    histogram[b] = histogram[b]! + 1;
  }
  let cutoff = 0;
  let above = 0;
  while (above + histogram[cutoff]! < pool) above += histogram[cutoff++]!;
  const out = new Int32Array(pool);
  let n = 0;
  const border: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = ids[k]!;
    const b = bucketOf(scores[i]!);
    if (b < cutoff) out[n++] = i;
    else if (b === cutoff) border.push(i);
  }
  border.sort((a, b) => scores[b]! - scores[a]! || a - b);
  for (let k = 0; n < pool; k++) out[n++] = border[k]!;
  return out;
}

/** Mean of `count` vectors of `dims` values stored contiguously, skipping rows whose `alive` flag is 0. */
export function meanVector(data: Float32Array, dims: number, count: number, alive: Uint8Array): Float32Array {
  const sum = new Float64Array(dims);
  let n = 0;
  for (let row = 0; row < count; row++) {
    if (!alive[row]) continue;
    n++;
    const base = row * dims;
    for (let i = 0; i < dims; i++) sum[i] = sum[i]! + data[base + i]!;
  }
  const mean = new Float32Array(dims);
  if (n > 0) for (let i = 0; i < dims; i++) mean[i] = sum[i]! / n;
  return mean;
}

/**
 * Sign codes of many int8 rows (row r: `data` from r x dims, times `scales[r]`) against `mean`, written at word
 * r x codeWords(dims) of `out`: one pass per row into a scratch vector of differences whose float sign bits are the
 * code bits (no branch per dimension; a cold load codes a million rows).
 */
export function encodeSignsInt8(data: Int8Array, scales: Float32Array, mean: Float32Array, out: Uint32Array, fromRow: number, toRow: number): void {
  const dims = mean.length;
  const words = codeWords(dims);
  const diff = new Float32Array(words * 32).fill(1); // padding dimensions stay positive: bit 0
  const sign = new Uint32Array(diff.buffer);
  for (let r = fromRow; r < toRow; r++) {
    const offset = r * dims;
    const scale = scales[r]!;
    for (let i = 0; i < dims; i++) diff[i] = mean[i]! - data[offset + i]! * scale;
    for (let w = 0; w < words; w++) {
      let bits = 0;
      const base = w * 32;
      for (let b = 0; b < 32; b++) bits |= (sign[base + b]! >>> 31) << b;
      out[r * words + w] = bits >>> 0;
    }
  }
}
