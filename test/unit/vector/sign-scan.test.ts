import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileWat, watSources } from '../../../scripts/wasm/compile.js';
import { codeWords, encodeSigns, encodeSignsInt8, planeScore, queryPlanes } from '../../../src/vector/binary-codes.js';
import { quantizeInto } from '../../../src/vector/int8.js';
import { SignCodes } from '../../../src/vector/sign-scan.js';

/** Weights of a query centred by the whole mean (the plane tests are about the planes, not the weights). */
const minus = (q: ArrayLike<number>, mean: Float32Array) => Float32Array.from(mean, (m, i) => q[i]! - m);

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

describe('SignCodes', () => {
  for (const dims of [40, 384, 1536]) {
    it(`scores every row as planeScore does (${dims} dimensions), by row list or in order, across growth`, () => {
      const rand = rng(dims);
      const mean = Float32Array.from({ length: dims }, () => rand() * 0.1);
      const rows = 300;
      const codes = new SignCodes(dims, 16);
      const words = codeWords(dims);
      for (let r = 0; r < rows; r++) {
        codes.reserve(r + 1); // grows the memory many times: earlier codes must survive
        encodeSigns(Float32Array.from({ length: dims }, rand), mean, codes.words, r * words);
      }
      const q = queryPlanes(minus(Float32Array.from({ length: dims }, rand), mean));
      const want = Array.from({ length: rows }, (_, r) => planeScore(q, codes.words, r * words, dims));
      const inOrder = [...codes.scan(q, null, rows)];
      inOrder.forEach((s, r) => expect(s).toBeCloseTo(want[r]!, 3));
      const picked = Int32Array.from([299, 0, 17, 17, 150]);
      expect([...codes.scan(q, picked, picked.length)].map((s) => Math.round(s * 1e3))).toEqual([...picked].map((r) => Math.round(want[r]! * 1e3)));
      // Only the first `count` rows of a list are scored.
      expect(codes.scan(q, picked, 2)).toHaveLength(2);
    });
  }

  for (const [dims, rows] of [
    [40, 300],
    [384, 9000],
    [1536, 200],
  ] as const) {
    it(`encodes int8 rows exactly as encodeSignsInt8 does (${dims} dimensions, ${rows} rows), padding bits clear`, () => {
      const rand = rng(dims + 1);
      const mean = Float32Array.from({ length: dims }, () => rand() * 0.05);
      const data = new Int8Array(rows * dims);
      const scales = new Float32Array(rows);
      for (let r = 0; r < rows; r++) scales[r] = quantizeInto(Float32Array.from({ length: dims }, rand), data, r * dims);
      const words = codeWords(dims);
      const want = new Uint32Array(rows * words);
      encodeSignsInt8(data, scales, mean, want, 3, rows);
      const codes = new SignCodes(dims, rows);
      codes.encodeInt8(data, scales, mean, 3, rows);
      // Rows before fromRow are left alone; the rest (several batches for 9,000 rows) match bit for bit.
      expect([...codes.words.subarray(0, rows * words)]).toEqual([...want]);
    });
  }

  it('ranks rows like the float dot product of the centred query with their sign vectors', () => {
    const dims = 384;
    const rand = rng(7);
    const mean = new Float32Array(dims);
    const codes = new SignCodes(dims, 2000);
    const signs: Float32Array[] = [];
    for (let r = 0; r < 2000; r++) {
      const v = Float32Array.from({ length: dims }, rand);
      signs.push(Float32Array.from(v, (x) => (x > 0 ? 1 : 0)));
      encodeSigns(v, mean, codes.words, r * codeWords(dims));
    }
    const query = Float32Array.from({ length: dims }, rand);
    const scores = codes.scan(queryPlanes(minus(query, mean)), null, 2000);
    const exact = signs.map((s) => s.reduce((sum, bit, i) => sum + bit * query[i]!, 0));
    const top = (xs: ArrayLike<number>) => new Set([...Array.from(xs).keys()].sort((a, b) => xs[b]! - xs[a]!).slice(0, 100));
    const want = top(exact);
    const overlap = [...top(scores)].filter((r) => want.has(r)).length;
    expect(overlap).toBeGreaterThanOrEqual(90);
  });
});

describe('WebAssembly kernels', () => {
  it('the committed .wasm files are built from their .wat sources (npm run build:wasm)', async () => {
    const sources = watSources();
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const built = await compileWat(source);
      expect(Buffer.compare(fs.readFileSync(source.replace(/\.wat$/, '.wasm')), built), `${source} is stale: run npm run build:wasm`).toBe(0);
    }
  });
});
