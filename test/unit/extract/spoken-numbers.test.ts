import { describe, expect, it } from 'vitest';
import { spellSmallNumbers, spellSmallNumbersInEnglish } from '../../../src/extract/spoken-numbers.js';

describe('small numbers in English transcripts', () => {
  it('writes the counts zero to ten that Whisper gives as digits as the words said', () => {
    expect(spellSmallNumbers('8 of spades, 4 of clubs, 7 of hearts.')).toBe('Eight of spades, four of clubs, seven of hearts.');
    expect(spellSmallNumbers('Go forward 10 meters.')).toBe('Go forward ten meters.');
    expect(spellSmallNumbers('1, 2, 3. Then the 2 of us left at 0 hour.')).toBe('One, two, three. Then the two of us left at zero hour.');
  });

  it('keeps larger numbers, amounts, times, decimals, ranges, codes and ordinals as digits', () => {
    const text = 'Dial 500 or 11, pay $5 or 5% of 1,000 at 10:30 for 3.5 km in 2-3 days on 4G, A4, the 1st and 1/2 of it, 7° out.';
    expect(spellSmallNumbers(text)).toBe(text);
  });

  it('keeps a number that is part of a name, but not after a word that opens a sentence', () => {
    expect(spellSmallNumbers('I moved from Windows 10 to Channel 4 news.')).toBe('I moved from Windows 10 to Channel 4 news.');
    expect(spellSmallNumbers('Press 1 now. Dial 2 later.')).toBe('Press one now. Dial two later.');
  });

  it('changes English segments only: by their own words when they have enough, else by the engine language', () => {
    const segments = [
      { start: 0, end: 2, text: 'Go forward 10 meters.' },
      { start: 2, end: 9, text: 'Und dann gehen wir mit den 3 Kindern in den Park, weil es so schön ist.' },
    ];
    expect(spellSmallNumbersInEnglish(segments, 'en').map((s) => s.text)).toEqual(['Go forward ten meters.', 'Und dann gehen wir mit den 3 Kindern in den Park, weil es so schön ist.']);
    expect(spellSmallNumbersInEnglish(segments, 'de')[0]!.text).toBe('Go forward 10 meters.');
    expect(spellSmallNumbersInEnglish(segments, null)[0]!.text).toBe('Go forward 10 meters.');
  });
});
