import { RELATIVE_WORDS, relative } from './attribute-words.js';

/**
 * The words that name one kind of relative: "mother" is said "mum", "mom", "mommy" or "mother" (issue 26, blind23:
 * "the user's mother" found no named mother in "The user's mum Grace lives in Harare", so her move to Bulawayo was
 * filed apart and Harare stayed current).
 */
export function kinWords(kin: string): string[] {
  const words = RELATIVE_WORDS.split('|').filter((w) => relative(w) === kin);
  return words.includes(kin) ? words : [kin, ...words];
}
