import { describe, expect, it } from 'vitest';
import { dotInt8, quantizeInto } from '../../../src/vector/int8.js';
import { kernelDims, scoreInt8Rows } from '../../../src/vector/int8-dots.js';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/** `rows` quantised random rows in an Int8Array that starts `shift` bytes into its buffer (images may be unaligned). */
function rows(count: number, dims: number, seed: number, shift = 0) {
  const rand = rng(seed);
  const data = new Int8Array(new ArrayBuffer(shift + count * dims), shift, count * dims);
  const scales = new Float32Array(count);
  for (let r = 0; r < count; r++) scales[r] = quantizeInto(Float32Array.from({ length: dims }, rand), data, r * dims);
  return { data, scales, query: Float32Array.from({ length: dims }, () => rand() * 3) };
}

describe('scoreInt8Rows', () => {
  it('serves whole 16-dimension blocks only', () => {
    expect([16, 384, 768, 1536].every(kernelDims)).toBe(true);
    expect([0, 8, 40, 100].some(kernelDims)).toBe(false);
  });

  for (const [dims, shift] of [
    [384, 0],
    [384, 3],
    [1536, 1],
    [16, 0],
  ] as const) {
    it(`answers dotInt8's scores bit for bit, in the order asked (${dims} dimensions, data at byte ${shift})`, () => {
      const { data, scales, query } = rows(3000, dims, dims + shift, shift);
      // Scattered rows, repeats and more than one batch; the zero row (scale 0) included.
      scales[7] = 0;
      data.fill(0, 7 * dims, 8 * dims);
      const rand = rng(5);
      const asked = Int32Array.from({ length: 2500 }, (_, i) => (i === 3 ? 7 : Math.floor((rand() + 0.5) * 3000)));
      const got: [number, number][] = [];
      scoreInt8Rows(
        query,
        data,
        scales,
        dims,
        (i) => asked[i]!,
        asked.length,
        (row, score) => got.push([row, score]),
      );
      expect(got).toHaveLength(asked.length);
      got.forEach(([row, score], i) => {
        expect(row).toBe(asked[i]);
        expect(Object.is(score, dotInt8(query, data, row * dims, scales[row]!))).toBe(true);
      });
    });
  }

  it('keeps answering after a call with larger rows grew its memory', () => {
    const big = rows(1200, 1536, 2);
    const small = rows(50, 384, 3);
    for (const { data, scales, query } of [small, big, small]) {
      const dims = query.length;
      const got: number[] = [];
      scoreInt8Rows(
        query,
        data,
        scales,
        dims,
        (i) => i,
        scales.length,
        (_row, score) => got.push(score),
      );
      expect(got).toEqual(Array.from(scales, (s, r) => dotInt8(query, data, r * dims, s)));
    }
  });

  it('calls nothing for no rows', () => {
    const { data, scales, query } = rows(4, 384, 1);
    let calls = 0;
    scoreInt8Rows(
      query,
      data,
      scales,
      384,
      () => 0,
      0,
      () => calls++,
    );
    expect(calls).toBe(0);
  });
});
