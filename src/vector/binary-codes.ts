/**
 * Binary quantisation for candidate generation: each stored vector becomes one bit per dimension, the sign of its
 * difference from the collection's mean (centring matters: sentence embeddings share a large common component, so
 * raw signs would carry little information). The query stays in floats (asymmetric scoring): a row's approximate
 * score is the sum of the centred query's components where the row's bit is set, read eight dimensions at a time
 * from per-query lookup tables. That ranks like the dot product of the query with the row's sign vector, and is far
 * more faithful than Hamming distance between two codes. The caller rescores the best rows exactly.
 */

/** 32-bit words per code for a dimension count. */
export const codeWords = (dims: number): number => Math.ceil(dims / 32);

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

/**
 * Per-query lookup tables: for byte j of a code (dimensions 8j..8j+7) and each of its 256 values, the sum of the
 * centred query's components whose bits are set.
 */
export function queryTables(query: ArrayLike<number>, mean: Float32Array): Float32Array {
  const bytes = codeWords(mean.length) * 4;
  const tables = new Float32Array(bytes * 256);
  for (let j = 0; j < bytes; j++) {
    const base = j * 256;
    for (let v = 1; v < 256; v++) {
      const low = 31 - Math.clz32(v & -v); // lowest set bit
      const dim = j * 8 + low;
      tables[base + v] = tables[base + (v & (v - 1))]! + (dim < mean.length ? query[dim]! - mean[dim]! : 0);
    }
  }
  return tables;
}

/** Approximate score of the code whose bytes start at `offset` in `codeBytes` (a byte view of the codes). */
export function tableScore(tables: Float32Array, codeBytes: Uint8Array, offset: number, bytes: number): number {
  let s0 = 0;
  let s1 = 0;
  for (let j = 0; j < bytes; j += 2) {
    s0 += tables[j * 256 + codeBytes[offset + j]!]!;
    s1 += tables[(j + 1) * 256 + codeBytes[offset + j + 1]!]!;
  }
  return s0 + s1;
}

/**
 * Indices of the `pool` highest scores (ties at the cut-off broken by position), in O(n): a 4096-bucket histogram
 * over the score range finds the cut-off bucket, which is then sorted on its own.
 */
export function topByScore(scores: Float32Array, count: number, pool: number): Int32Array {
  if (pool >= count) return Int32Array.from({ length: count }, (_, i) => i);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const s = scores[i]!;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const buckets = 4096;
  const scale = max > min ? (buckets - 1) / (max - min) : 0;
  const bucketOf = (s: number) => Math.floor((max - s) * scale); // 0 = best
  const histogram = new Uint32Array(buckets);
  for (let i = 0; i < count; i++) {
    const b = bucketOf(scores[i]!);
    histogram[b] = histogram[b]! + 1;
  }
  let cutoff = 0;
  let above = 0;
  while (above + histogram[cutoff]! < pool) above += histogram[cutoff++]!;
  const out = new Int32Array(pool);
  let n = 0;
  const border: number[] = [];
  for (let i = 0; i < count; i++) {
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
