import { describe, expect, it } from 'vitest';
import { codeWords, encodeSigns, encodeSignsInt8, meanVector, planeScore, queryPlanes, topByScore } from '../../../src/vector/binary-codes.js';
import { dequantize, quantizeInto } from '../../../src/vector/int8.js';

/** Weights of a query centred by the whole mean (the plane tests are about the planes, not the weights). */
const minus = (q: ArrayLike<number>, mean: Float32Array) => Float32Array.from(mean, (m, i) => q[i]! - m);

describe('encodeSigns', () => {
  it('sets one bit per dimension above the mean, 32 dimensions per word, padded to 16 bytes', () => {
    const dims = 40; // two words, the second one partial, then two padding words
    const mean = new Float32Array(dims).fill(0.5);
    const v = new Float32Array(dims).fill(1);
    v[0] = 0;
    v[33] = 0;
    const codes = new Uint32Array(codeWords(dims));
    encodeSigns(v, mean, codes, 0);
    expect(codeWords(dims)).toBe(4);
    expect(codeWords(128)).toBe(4);
    expect(codeWords(384)).toBe(12);
    expect(codes[0]).toBe(0xfffffffe);
    expect(codes[1]).toBe(0xfd); // only 8 dimensions live in the second word; bit 1 (dimension 33) is clear
    expect([codes[2], codes[3]]).toEqual([0, 0]);
  });
});

describe('encodeSignsInt8', () => {
  it('codes int8 rows exactly as encodeSigns codes the floats they stand for, padding bits clear', () => {
    const dims = 45;
    const rows = 20;
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const mean = Float32Array.from({ length: dims }, () => rand() * 0.1);
    const data = new Int8Array(rows * dims);
    const scales = new Float32Array(rows);
    for (let r = 0; r < rows; r++) scales[r] = quantizeInto(Float32Array.from({ length: dims }, rand), data, r * dims);
    const words = codeWords(dims);
    const got = new Uint32Array(rows * words);
    encodeSignsInt8(data, scales, mean, got, 2, rows);
    for (let r = 0; r < rows; r++) {
      const want = new Uint32Array(words);
      if (r >= 2) encodeSigns(dequantize(data, r * dims, dims, scales[r]!), mean, want, 0);
      expect([...got.subarray(r * words, (r + 1) * words)]).toEqual([...want]);
    }
    expect(got[2 * words + 1]! >>> (dims - 32)).toBe(0);
  });
});

describe('queryPlanes and planeScore', () => {
  const dims = 70;
  const rand = (i: number) => Math.sin(i * 12.9898) * 0.5;
  const mean = Float32Array.from({ length: dims }, (_, i) => rand(i + 100) * 0.2);
  const query = Float32Array.from({ length: dims }, (_, i) => rand(i));

  it('score a code as the sum of the centred query over its set bits, within half a level a bit', () => {
    const q = queryPlanes(minus(query, mean));
    expect(q.planes.length).toBe(4 * codeWords(dims) * 4);
    for (let k = 0; k < 20; k++) {
      const row = Float32Array.from({ length: dims }, (_, i) => rand(i * 3 + k * 101 + 7));
      const codes = new Uint32Array(codeWords(dims));
      encodeSigns(row, mean, codes, 0);
      let expected = 0;
      let bits = 0;
      for (let i = 0; i < dims; i++) {
        if (row[i]! <= mean[i]!) continue;
        expected += query[i]! - mean[i]!;
        bits++;
      }
      expect(Math.abs(planeScore(q, codes, 0, dims) - expected)).toBeLessThanOrEqual((bits * q.delta) / 2 + 1e-6);
    }
  });

  it('is exact for a query whose centred components sit on the 16 levels', () => {
    const levels = Float32Array.from({ length: dims }, (_, i) => (i * 7) % 16);
    levels[0] = 0;
    levels[1] = 15;
    const onLevels = Float32Array.from(levels, (l, i) => mean[i]! - 0.3 + l * 0.05);
    const q = queryPlanes(minus(onLevels, mean));
    expect(q.lo).toBeCloseTo(-0.3, 5);
    expect(q.delta).toBeCloseTo(0.05, 5);
    const codes = new Uint32Array(codeWords(dims)).fill(0);
    codes[0] = 0b1011;
    codes[2] = 1 << 3; // dimension 67
    const expected = [0, 1, 3, 67].reduce((s, i) => s + onLevels[i]! - mean[i]!, 0);
    expect(planeScore(q, codes, 0, dims)).toBeCloseTo(expected, 5);
  });
});

describe('topByScore', () => {
  it('returns exactly the pool highest scores, ties at the cut-off by position', () => {
    const s = Float32Array.from([0.5, 0.9, 0.3, 0.3, 1, -2, 0.3, 0.7]);
    const sorted = (a: Int32Array) => [...a].sort((x, y) => x - y);
    expect(sorted(topByScore(s, s.length, 3))).toEqual([1, 4, 7]);
    expect(sorted(topByScore(s, s.length, 5))).toEqual([0, 1, 2, 4, 7]);
    expect(sorted(topByScore(s, s.length, 20))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sorted(topByScore(new Float32Array([1, 1, 1, 1]), 4, 2))).toEqual([0, 1]);
  });

  it('agrees with a full sort on many scores', () => {
    const s = Float32Array.from({ length: 5000 }, (_, i) => (Math.sin(i * 78.233) * 43758.5453) % 1);
    const want = [...s.keys()]
      .sort((a, b) => s[b]! - s[a]! || a - b)
      .slice(0, 300)
      .sort((a, b) => a - b);
    expect([...topByScore(s, s.length, 300)].sort((a, b) => a - b)).toEqual(want);
  });

  it('agrees with a full sort on large score sets of every shape (sampled threshold, and its fallback)', () => {
    const n = 100_000;
    let seed = 11;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const shapes: Record<string, (i: number) => number> = {
      uniform: () => rand(),
      ascending: (i) => i / n, // the best scores all at the end: the even sample still sees them
      descending: (i) => 1 - i / n,
      ties: () => Math.floor(rand() * 20) / 20, // the cut-off falls inside a run of equal scores
      equal: () => 0.5,
      heavyTail: () => (rand() < 0.001 ? 10 + rand() : rand() * 0.01), // a few outliers far above the rest
      spikeAtTop: (i) => (i % 997 === 0 ? 5 : rand()), // the sample misses most of the pool
    };
    for (const [shape, f] of Object.entries(shapes)) {
      const s = Float32Array.from({ length: n }, (_, i) => f(i));
      for (const pool of [10, 1_000, 13_000]) {
        const want = [...s.keys()]
          .sort((a, b) => s[b]! - s[a]! || a - b)
          .slice(0, pool)
          .sort((a, b) => a - b);
        expect(
          [...topByScore(s, n, pool)].sort((a, b) => a - b),
          `${shape}, pool ${pool}`,
        ).toEqual(want);
      }
    }
  });
});

describe('meanVector', () => {
  it('averages live rows only', () => {
    const data = Float32Array.from([1, 2, 3, 4, 100, 100]);
    expect([...meanVector(data, 2, 3, Uint8Array.from([1, 1, 0]))]).toEqual([2, 3]);
  });
});
