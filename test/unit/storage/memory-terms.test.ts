import { describe, expect, it } from 'vitest';
import { KEYWORD_ROW_BUDGET, selectMemoryTerms } from '../../../src/storage/memories.js';

describe('selectMemoryTerms', () => {
  const df = new Map([
    ['pixel', 3],
    ['greyhound', 40],
    ['dana', 1500],
    ['user', 90_000],
  ]);

  it('keeps the rarest terms while the rows they match stay within the budget, whatever the tag holds', () => {
    expect(selectMemoryTerms(['user', 'dana', 'greyhound', 'pixel'], df, 8)).toEqual(['pixel', 'greyhound', 'dana']);
    // A term common enough to exceed the budget alone is never matched: the vector side finds those candidates.
    expect(selectMemoryTerms(['user'], df, 8)).toEqual([]);
    expect(selectMemoryTerms(['user', 'pixel'], df, 8)).toEqual(['pixel']);
  });

  it('drops unknown and repeated terms, and grows the budget with the number of candidates asked for', () => {
    expect(selectMemoryTerms(['zebra', 'pixel', 'pixel'], df, 8)).toEqual(['pixel']);
    const big = new Map([['common', KEYWORD_ROW_BUDGET * 2]]);
    expect(selectMemoryTerms(['common'], big, 100)).toEqual([]);
    expect(selectMemoryTerms(['common'], big, 300)).toEqual(['common']);
  });

  it('takes a smaller row budget when asked (relation lookups), never below 20 rows per result', () => {
    expect(selectMemoryTerms(['user', 'dana', 'greyhound', 'pixel'], df, 8, 200)).toEqual(['pixel', 'greyhound']);
    expect(selectMemoryTerms(['greyhound', 'pixel'], df, 1, 10)).toEqual(['pixel']);
    expect(selectMemoryTerms(['greyhound', 'pixel'], df, 3, 10)).toEqual(['pixel', 'greyhound']);
  });
});
