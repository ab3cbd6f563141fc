import { describe, expect, it } from 'vitest';
import { SHORT_PASSAGE_SAMPLE, SHORT_PASSAGE_WORDS, shortPassages } from '../../../src/search/short-passages.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('short passages: when the question is compared as a passage', () => {
  it('decides by the median word count of the best candidates', () => {
    expect(shortPassages([words(20), words(30), words(200)])).toBe(true);
    expect(shortPassages([words(20), words(100), words(200)])).toBe(false);
    expect(shortPassages([words(SHORT_PASSAGE_WORDS)])).toBe(true);
    expect(shortPassages([words(SHORT_PASSAGE_WORDS + 1)])).toBe(false);
    // Two middle values are averaged.
    expect(shortPassages([words(SHORT_PASSAGE_WORDS - 10), words(SHORT_PASSAGE_WORDS + 12)])).toBe(false);
    expect(shortPassages([])).toBe(false);
  });

  it('looks at the first SHORT_PASSAGE_SAMPLE candidates only', () => {
    const short = Array.from({ length: SHORT_PASSAGE_SAMPLE }, () => words(10));
    expect(shortPassages([...short, ...Array.from({ length: 20 }, () => words(500))])).toBe(true);
  });
});
