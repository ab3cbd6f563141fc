import { describe, expect, it } from 'vitest';
import { cosine, dot, normalize } from '../../../src/vector/cosine.js';

const vec = (...xs: number[]) => Float32Array.from(xs);

function naiveDot(a: Float32Array, b: Float32Array, offset = 0): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[offset + i]!;
  return s;
}

describe('dot', () => {
  it.each([0, 1, 2, 3, 4, 5, 7, 8, 9, 384])('matches a naive dot product for length %d (unrolled loop and remainder)', (n) => {
    const a = Float32Array.from({ length: n }, (_, i) => Math.sin(i + 1));
    const b = Float32Array.from({ length: n }, (_, i) => Math.cos(i * 0.7));
    expect(dot(a, b)).toBeCloseTo(naiveDot(a, b), 9);
  });

  it('reads b from an offset, for rows packed in one buffer', () => {
    const q = vec(1, 2, 3);
    const rows = vec(9, 9, 9, 1, 0, 0, 0, 1, 1);
    expect(dot(q, rows, 0)).toBe(54);
    expect(dot(q, rows, 3)).toBe(1);
    expect(dot(q, rows, 6)).toBe(5);
  });

  it('equals cosine for unit vectors', () => {
    const a = normalize(vec(3, 4, 0, 1, 2));
    const b = normalize(vec(-1, 2, 5, 0, 1));
    expect(dot(a, b)).toBeCloseTo(cosine(a, b), 6);
  });
});

describe('normalize', () => {
  it('scales to unit length in place and returns the same array', () => {
    const v = vec(3, 4);
    const out = normalize(v);
    expect(out).toBe(v);
    expect(Array.from(v)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });

  it('leaves a zero vector at zero (no NaN)', () => {
    expect(Array.from(normalize(vec(0, 0, 0)))).toEqual([0, 0, 0]);
  });

  it('gives unit length for arbitrary vectors', () => {
    const v = normalize(Float32Array.from({ length: 100 }, (_, i) => (i % 7) - 3.5));
    expect(Math.sqrt(naiveDot(v, v))).toBeCloseTo(1, 5);
  });
});

describe('cosine', () => {
  it('is 1 for parallel, 0 for orthogonal and -1 for opposite vectors', () => {
    expect(cosine(vec(1, 2, 3), vec(2, 4, 6))).toBeCloseTo(1, 6);
    expect(cosine(vec(1, 0), vec(0, 5))).toBe(0);
    expect(cosine(vec(1, -2), vec(-3, 6))).toBeCloseTo(-1, 6);
  });

  it('ignores magnitude', () => {
    expect(cosine(vec(1, 1), vec(1, 0))).toBeCloseTo(Math.SQRT1_2, 6);
    expect(cosine(vec(100, 100), vec(0.01, 0))).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('is 0 when either vector is zero', () => {
    expect(cosine(vec(0, 0), vec(1, 2))).toBe(0);
    expect(cosine(vec(1, 2), vec(0, 0))).toBe(0);
  });

  it('is symmetric', () => {
    const a = vec(0.3, -1.2, 4, 2);
    const b = vec(1, 1, -0.5, 3);
    expect(cosine(a, b)).toBe(cosine(b, a));
  });
});
