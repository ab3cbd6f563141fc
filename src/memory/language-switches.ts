import { ADV, k, LANGUAGES, type Build } from './attribute-words.js';

/**
 * "I dropped Korean, I'm doing Portuguese now": a language said as "doing X now" is the one being learnt (issue 26,
 * blind22: no attribute, so the new language never reached the profile's lasting facts). Only with "now", "these
 * days" or "instead" after it, or nothing: "doing English homework" is no language learnt.
 */
export const LANGUAGE_SWITCH_PATTERNS: [RegExp | RegExp[], Build][] = [
  [new RegExp(String.raw`^\s+${ADV}(?:is|'s|am|'m)\s+(?:now\s+)?doing\s+(?<v>${LANGUAGES})(?=\s*(?:now|these days|nowadays|instead|[.,;!]|$))`, 'iu'), (g) => k('language', g.v, g.v)],
];
