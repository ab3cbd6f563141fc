import { describe, expect, it } from 'vitest';
import { TopK } from '../../../src/vector/top-k.js';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const fill = (k: number, scores: readonly number[]) => {
  const top = new TopK(k);
  scores.forEach((score, item) => top.push(item, score));
  return top;
};

describe('TopK', () => {
  it('keeps the same items as a full sort on random data', () => {
    const random = rng(123);
    for (const [n, k] of [
      [0, 5],
      [1, 1],
      [3, 10],
      [100, 1],
      [100, 10],
      [1000, 37],
      [1000, 1000],
      [5000, 100],
    ] as const) {
      const scores = Array.from({ length: n }, () => random() * 2 - 1);
      const expected = scores
        .map((score, item) => ({ item, score }))
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
      expect(fill(k, scores).sorted(), `n=${n} k=${k}`).toEqual(expected);
    }
  });

  it('keeps the k best scores when many scores are tied', () => {
    const random = rng(9);
    const scores = Array.from({ length: 500 }, () => Math.floor(random() * 5));
    const k = 40;
    const kept = fill(k, scores).sorted();
    const best = [...scores].sort((a, b) => b - a).slice(0, k);
    expect(kept.map((h) => h.score)).toEqual(best);
    for (const h of kept) expect(scores[h.item]).toBe(h.score);
    expect(new Set(kept.map((h) => h.item)).size).toBe(k);
  });

  it('returns results best first, ties by ascending item', () => {
    const top = fill(4, [0.5, 0.9, 0.5, 0.1, 0.9]);
    expect(top.sorted()).toEqual([
      { item: 1, score: 0.9 },
      { item: 4, score: 0.9 },
      { item: 0, score: 0.5 },
      { item: 2, score: 0.5 },
    ]);
  });

  it('keeps the first of equal scores at the boundary', () => {
    const top = fill(1, [0.5, 0.5, 0.5]);
    expect(top.sorted()).toEqual([{ item: 0, score: 0.5 }]);
  });

  it('reports -Infinity as floor until full, then the lowest kept score', () => {
    const top = new TopK(3);
    expect(top.floor).toBe(-Infinity);
    top.push(0, 0.4);
    top.push(1, 0.8);
    expect(top.floor).toBe(-Infinity);
    top.push(2, 0.6);
    expect(top.floor).toBe(0.4);
    top.push(3, 0.7);
    expect(top.floor).toBe(0.6);
    top.push(4, 0.1);
    expect(top.floor).toBe(0.6);
    expect(top.sorted().map((h) => h.item)).toEqual([1, 3, 2]);
  });

  it('handles negative scores', () => {
    expect(fill(2, [-3, -1, -2]).sorted()).toEqual([
      { item: 1, score: -1 },
      { item: 2, score: -2 },
    ]);
  });

  it('keeps nothing when k is 0', () => {
    expect(fill(0, [1, 2, 3]).sorted()).toEqual([]);
  });

  it('can be read repeatedly without changing its content', () => {
    const top = fill(3, [3, 1, 2, 5]);
    const first = top.sorted();
    expect(top.sorted()).toEqual(first);
    top.push(9, 4);
    expect(top.sorted().map((h) => h.item)).toEqual([3, 9, 0]);
  });
});
