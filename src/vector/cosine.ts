/** Dot product of two equal-length vectors; equals cosine similarity when both are unit length. */
export function dot(a: Float32Array, b: Float32Array, bOffset = 0): number {
  const n = a.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  // Four accumulators let V8 pipeline the multiply-adds; roughly 2x faster than a single sum.
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[bOffset + i]!;
    s1 += a[i + 1]! * b[bOffset + i + 1]!;
    s2 += a[i + 2]! * b[bOffset + i + 2]!;
    s3 += a[i + 3]! * b[bOffset + i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[bOffset + i]!;
  return s0 + s1 + s2 + s3;
}

/** Scales a vector to unit length in place (zero vectors stay zero) and returns it. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/** Cosine similarity of two vectors of any length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}
