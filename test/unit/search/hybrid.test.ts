import { describe, expect, it } from 'vitest';
import { clamp01, fuse, type HybridEvidence } from '../../../src/search/hybrid.js';

const BOTH = { vector: 1, keyword: 1 };

describe('fuse', () => {
  it('returns nothing for no evidence', () => {
    expect(fuse([], BOTH)).toEqual([]);
  });

  it('combines the two signals with a weighted noisy-OR', () => {
    const [hit] = fuse([{ id: 'a', vector: 0.6, keyword: 0.5 }], { vector: 0.9, keyword: 0.8 });
    expect(hit!.similarity).toBeCloseTo(1 - (1 - 0.9 * 0.6) * (1 - 0.8 * 0.5), 12);
    expect(hit).toMatchObject({ id: 'a', vector: 0.6, keyword: 0.5 });
  });

  it('passes a single signal through, scaled by its weight', () => {
    const hits = fuse(
      [
        { id: 'v', vector: 0.7 },
        { id: 'k', keyword: 0.4 },
      ],
      { vector: 1, keyword: 0.5 },
    );
    expect(hits.find((h) => h.id === 'v')).toEqual({ id: 'v', similarity: expect.closeTo(0.7, 12), vector: 0.7, keyword: 0 });
    expect(hits.find((h) => h.id === 'k')).toEqual({ id: 'k', similarity: expect.closeTo(0.2, 12), vector: 0, keyword: 0.4 });
  });

  it('rates agreement above either signal alone and never above 1', () => {
    const [hit] = fuse([{ id: 'a', vector: 0.7, keyword: 0.6 }], BOTH);
    expect(hit!.similarity).toBeGreaterThan(0.7);
    expect(hit!.similarity).toBeLessThanOrEqual(1);
    expect(fuse([{ id: 'a', vector: 1, keyword: 1 }], BOTH)[0]!.similarity).toBe(1);
  });

  it('ignores a signal whose weight is 0', () => {
    const [hit] = fuse([{ id: 'a', vector: 0.3, keyword: 1 }], { vector: 1, keyword: 0 });
    expect(hit!.similarity).toBeCloseTo(0.3, 12);
  });

  it('is monotonic in each signal', () => {
    const score = (vector: number, keyword: number) => fuse([{ id: 'a', vector, keyword }], { vector: 0.9, keyword: 0.7 })[0]!.similarity;
    for (let i = 0; i < 10; i++) {
      const [lo, hi] = [i / 10, (i + 1) / 10];
      expect(score(hi, 0.5)).toBeGreaterThan(score(lo, 0.5));
      expect(score(0.5, hi)).toBeGreaterThan(score(0.5, lo));
    }
  });

  it('merges evidence for the same id from both retrievers, keeping the best of each', () => {
    const hits = fuse(
      [
        { id: 'a', vector: 0.8 },
        { id: 'b', vector: 0.5 },
        { id: 'a', keyword: 0.6, keywordRaw: 3 },
        { id: 'a', vector: 0.2, keyword: 0.1, keywordRaw: 1 },
      ],
      BOTH,
    );
    expect(hits.map((h) => h.id)).toEqual(['a', 'b']);
    expect(hits[0]).toEqual({ id: 'a', similarity: expect.closeTo(1 - 0.2 * 0.4, 12), vector: 0.8, keyword: 0.6 });
  });

  it('sorts by similarity, best first', () => {
    const evidence: HybridEvidence[] = [{ id: 'low', vector: 0.1 }, { id: 'high', vector: 0.9, keyword: 0.9 }, { id: 'mid', keyword: 0.5 }, { id: 'none' }];
    const hits = fuse(evidence, BOTH);
    expect(hits.map((h) => h.id)).toEqual(['high', 'mid', 'low', 'none']);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.similarity).toBeGreaterThanOrEqual(hits[i]!.similarity);
  });

  it('breaks similarity ties by raw keyword score, then by id', () => {
    const hits = fuse(
      [
        { id: 'c', vector: 0.5, keywordRaw: 1 },
        { id: 'b', vector: 0.5 },
        { id: 'a', vector: 0.5 },
        { id: 'd', vector: 0.5, keywordRaw: 7 },
      ],
      BOTH,
    );
    expect(hits.map((h) => h.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('orders independently of the input order', () => {
    const evidence: HybridEvidence[] = [
      { id: 'x', vector: 0.4 },
      { id: 'y', vector: 0.4 },
      { id: 'z', keyword: 0.9 },
      { id: 'w', vector: 0.4, keywordRaw: 2 },
    ];
    const expected = fuse(evidence, BOTH).map((h) => h.id);
    expect(fuse([...evidence].reverse(), BOTH).map((h) => h.id)).toEqual(expected);
    expect(expected).toEqual(['z', 'w', 'x', 'y']);
  });

  it('clamps out-of-range and non-finite signals into [0, 1]', () => {
    const hits = fuse(
      [
        { id: 'big', vector: 1.7, keyword: 42 },
        { id: 'neg', vector: -0.5, keyword: -3 },
        { id: 'nan', vector: Number.NaN, keyword: Number.POSITIVE_INFINITY },
      ],
      BOTH,
    );
    expect(hits).toEqual([
      { id: 'big', similarity: 1, vector: 1, keyword: 1 },
      { id: 'nan', similarity: 0, vector: 0, keyword: 0 },
      { id: 'neg', similarity: 0, vector: 0, keyword: 0 },
    ]);
  });

  it('does not expose the tie-break field', () => {
    expect(Object.keys(fuse([{ id: 'a', vector: 0.5, keywordRaw: 3 }], BOTH)[0]!).sort()).toEqual(['id', 'keyword', 'similarity', 'vector']);
  });
});

describe('clamp01', () => {
  it.each([
    [0.5, 0.5],
    [0, 0],
    [1, 1],
    [-0.1, 0],
    [1.1, 1],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
  ])('clamp01(%d) = %d', (x, expected) => {
    expect(clamp01(x)).toBe(expected);
  });
});
