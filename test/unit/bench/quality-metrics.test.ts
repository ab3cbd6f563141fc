import { describe, expect, it } from 'vitest';
import { evidenceTurns } from '../../../bench/quality/locomo.js';
import { dedupeInOrder, mean, METRICS, ndcgAtK, recallAllAtK, recallAnyAtK, recallAtK } from '../../../bench/quality/metrics.js';
import { parseQrels } from '../../../bench/quality/scifact.js';
import { safeId, sample } from '../../../bench/quality/types.js';

const rel = (...ids: string[]) => new Set(ids);

describe('dedupeInOrder', () => {
  it('keeps each unit once, at the rank of its best chunk', () => {
    expect(dedupeInOrder(['s2', 's1', 's2', 's3', 's1'])).toEqual(['s2', 's1', 's3']);
  });
});

describe('recall', () => {
  it('is the share of relevant units in the top k', () => {
    const ranked = ['a', 'x', 'b', 'y', 'c'];
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 1)).toBe(0.25);
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 3)).toBe(0.5);
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 10)).toBe(0.75);
  });

  it('counts a repeated unit once and scores 0 without relevant units', () => {
    expect(recallAtK(['a', 'a', 'a'], rel('a', 'b'), 3)).toBe(0.5);
    expect(recallAtK(['a'], rel(), 5)).toBe(0);
  });

  it('any / all: at least one, or every, relevant unit in the top k', () => {
    const ranked = ['x', 'a', 'y', 'b'];
    expect(recallAnyAtK(ranked, rel('a', 'b'), 1)).toBe(0);
    expect(recallAnyAtK(ranked, rel('a', 'b'), 2)).toBe(1);
    expect(recallAllAtK(ranked, rel('a', 'b'), 3)).toBe(0);
    expect(recallAllAtK(ranked, rel('a', 'b'), 4)).toBe(1);
    expect(recallAllAtK(ranked, rel(), 4)).toBe(0);
  });
});

describe('ndcgAtK', () => {
  it('matches a hand-computed binary example', () => {
    // DCG = 1 + 1/log2(4) = 1.5; IDCG (3 relevant) = 1 + 1/log2(3) + 1/log2(4)
    const expected = 1.5 / (1 + 1 / Math.log2(3) + 0.5);
    expect(ndcgAtK(['a', 'x', 'b'], new Map([['a', 1], ['b', 1], ['c', 1]]), 10)).toBeCloseTo(expected, 10);
  });

  it('uses grades as gains and the best order as the ideal', () => {
    const grades = new Map([['a', 2], ['b', 1]]);
    expect(ndcgAtK(['a', 'b'], grades, 10)).toBeCloseTo(1, 10);
    expect(ndcgAtK(['b', 'a'], grades, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 10);
  });

  it('cuts at k (ideal too), ignores repeats and is 0 without relevant units', () => {
    expect(ndcgAtK(['x', 'a'], new Map([['a', 1]]), 1)).toBe(0);
    // One slot: the ideal DCG@1 holds one relevant unit, so a relevant first hit is perfect.
    expect(ndcgAtK(['a', 'b'], new Map([['a', 1], ['b', 1]]), 1)).toBe(1);
    expect(ndcgAtK(['a', 'a'], new Map([['a', 1], ['b', 1]]), 2)).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 10);
    expect(ndcgAtK(['a'], new Map(), 10)).toBe(0);
  });
});

describe('metric specs', () => {
  it('name the cut-off and read grades as binary relevance for recall', () => {
    const relevant = new Map([['a', 2], ['b', 1]]);
    expect(METRICS.recall(1).name).toBe('recall@1');
    expect(METRICS.recall(1).score(['a', 'b'], relevant)).toBe(0.5);
    expect(METRICS.ndcg(10).name).toBe('nDCG@10');
  });

  it('mean is NaN for no values, so an empty group shows', () => {
    expect(mean([0, 1, 0.5])).toBe(0.5);
    expect(mean([])).toBeNaN();
  });
});

describe('dataset quirks', () => {
  it('LoCoMo evidence: splits "D8:6; D9:17", trims, drops ids naming no turn', () => {
    const turns = new Set(['D8:6', 'D9:17', 'D1:1']);
    expect(evidenceTurns(['D8:6; D9:17', 'D1:1', 'D', 'D:11:26', 'D1:1'], turns)).toEqual({ valid: ['D8:6', 'D9:17', 'D1:1'], dropped: ['D', 'D:11:26'] });
  });

  it('BEIR qrels: skips the header and non-positive grades', () => {
    const q = parseQrels('query-id\tcorpus-id\tscore\n1\t10\t1\n1\t11\t0\n2\t20\t2\n');
    expect([...q.keys()]).toEqual(['1', '2']);
    expect(q.get('1')).toEqual(new Map([['10', 1]]));
    expect(q.get('2')).toEqual(new Map([['20', 2]]));
  });

  it('sample is evenly spaced and deterministic; safeId keeps the API character set', () => {
    expect(sample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([0, 3, 6]);
    expect(sample([1, 2], 0)).toEqual([1, 2]);
    expect(safeId('conv 26/D1:3')).toBe('conv_26_D1:3');
  });
});
