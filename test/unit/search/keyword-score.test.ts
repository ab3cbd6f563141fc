import { describe, expect, it } from 'vitest';
import { idf, keywordCoverage, selectMatchTerms, termWeights } from '../../../src/search/keyword-score.js';

describe('idf', () => {
  it('follows the BM25 formula', () => {
    expect(idf(10, 100)).toBeCloseTo(Math.log(1 + 90.5 / 10.5), 12);
  });

  it('decreases as a term gets more common and stays positive when every document has it', () => {
    let prev = Infinity;
    for (let df = 0; df <= 100; df += 10) {
      const w = idf(df, 100);
      expect(w).toBeLessThan(prev);
      expect(w).toBeGreaterThan(0);
      prev = w;
    }
  });
});

describe('termWeights', () => {
  it('weights each query term by the IDF of its document frequency', () => {
    const df = new Map([
      ['rare', 1],
      ['common', 90],
    ]);
    const w = termWeights(['rare', 'common'], df, 100);
    expect(w.get('rare')).toBeCloseTo(idf(1, 100), 12);
    expect(w.get('common')).toBeCloseTo(idf(90, 100), 12);
    expect(w.get('rare')!).toBeGreaterThan(w.get('common')!);
  });

  it('gives a term found nowhere half the weight of the rarest term that occurs', () => {
    const df = new Map([
      ['rare', 2],
      ['common', 50],
    ]);
    const w = termWeights(['rare', 'common', 'typo'], df, 100);
    expect(w.get('typo')).toBeCloseTo(idf(2, 100) / 2, 12);
    // An explicit zero frequency counts as unseen too.
    expect(
      termWeights(
        ['rare', 'zero'],
        new Map([
          ['rare', 2],
          ['zero', 0],
        ]),
        100,
      ).get('zero'),
    ).toBeCloseTo(idf(2, 100) / 2, 12);
  });

  it('uses the zero-frequency IDF when no query term occurs at all', () => {
    const w = termWeights(['a', 'b'], new Map(), 100);
    expect(w.get('a')).toBeCloseTo(idf(0, 100), 12);
    expect(w.get('b')).toBeCloseTo(idf(0, 100), 12);
  });

  it('treats an empty corpus as one document', () => {
    expect(termWeights(['a'], new Map(), 0).get('a')).toBeCloseTo(idf(0, 1), 12);
  });

  it('returns an empty map for an empty query', () => {
    expect(termWeights([], new Map([['a', 1]]), 10).size).toBe(0);
  });
});

describe('keywordCoverage', () => {
  const weights = new Map([
    ['rare', 4],
    ['mid', 2],
    ['common', 0.5],
  ]);
  const q = ['rare', 'mid', 'common'];

  it('is 1 when the text has every query term and 0 when it has none', () => {
    expect(keywordCoverage(q, new Set(['rare', 'mid', 'common', 'other']), weights)).toBe(1);
    expect(keywordCoverage(q, new Set(['other']), weights)).toBe(0);
  });

  it('is the matched share of the IDF mass', () => {
    expect(keywordCoverage(q, new Set(['rare']), weights)).toBeCloseTo(4 / 6.5, 12);
    expect(keywordCoverage(q, new Set(['mid', 'common']), weights)).toBeCloseTo(2.5 / 6.5, 12);
  });

  it('rates a text with the rare word above one with only common words', () => {
    expect(keywordCoverage(q, new Set(['rare']), weights)).toBeGreaterThan(keywordCoverage(q, new Set(['mid', 'common']), weights));
  });

  it('is 0 for an empty query or weightless terms', () => {
    expect(keywordCoverage([], new Set(['rare']), weights)).toBe(0);
    expect(keywordCoverage(['unknown'], new Set(['unknown']), weights)).toBe(0);
  });

  it('stays in [0, 1] with real term weights', () => {
    const df = new Map([
      ['cat', 3],
      ['sat', 40],
    ]);
    const terms = ['cat', 'sat', 'zzz'];
    const w = termWeights(terms, df, 100);
    for (const text of [[], ['cat'], ['sat'], ['zzz'], ['cat', 'sat'], ['cat', 'sat', 'zzz']]) {
      const c = keywordCoverage(terms, new Set(text), w);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(1);
    }
    expect(keywordCoverage(terms, new Set(['cat', 'sat']), w)).toBeLessThan(1);
  });
});

describe('selectMatchTerms', () => {
  const stats = (df: Record<string, number>, totalChunks: number) => ({ docFrequencies: new Map(Object.entries(df)), totalChunks });

  it('keeps every term when their rows fit the budget, in query order', () => {
    expect(selectMatchTerms(['b', 'a', 'c'], stats({ a: 10, b: 20, c: 30 }, 1000), 10)).toEqual(['b', 'a', 'c']);
  });

  it('drops the most common terms once the rows they match exceed the budget', () => {
    // budget = max(10 * 50, 2% of 100k) = 2000 rows
    const s = stats({ rare: 40, mid: 900, common: 30_000, everywhere: 90_000 }, 100_000);
    expect(selectMatchTerms(['everywhere', 'rare', 'common', 'mid'], s, 10)).toEqual(['rare', 'mid']);
  });

  it('looks up no term whose rows alone exceed the budget, and unknown terms cost nothing', () => {
    const s = stats({ common: 30_000, everywhere: 90_000, fits: 1_500 }, 100_000);
    expect(selectMatchTerms(['everywhere', 'common'], s, 10)).toEqual([]);
    expect(selectMatchTerms(['unknown', 'everywhere', 'common'], s, 10)).toEqual(['unknown']);
    expect(selectMatchTerms(['everywhere', 'fits', 'common'], s, 10)).toEqual(['fits']);
    // The budget grows with the candidates wanted and with the corpus: 100 candidates x 50 rows.
    expect(selectMatchTerms(['everywhere', 'common'], stats({ common: 4_000, everywhere: 90_000 }, 100_000), 100)).toEqual(['common']);
  });
});
