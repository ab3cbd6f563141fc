import { LANGUAGES, PROFESSIONS } from './attribute-words.js';
import { isPlaceName } from './lexicon.js';

/**
 * English as non-native speakers often write it, rewritten to the forms the attribute rules read: "Me and my wife we
 * are living in Lisbon" → "My wife and I are living in Lisbon", "before we was in Madrid" → "we were", "I am working
 * in Siemens like engineer" → "I'm working at Siemens as an engineer", "I am speaking Portuguese and a little of
 * French" → "I speak Portuguese and a little French". Only these shapes; anything else is returned unchanged.
 */

const ME_AND = /\b[Mm]e and my ([\p{Ll}-]+)(?:\s*,)?\s+(?:we\s+)?(?=(?:are|were|live|lived|have|had|moved|got|bought|just)\b)/gu;
const WE_WAS = /\b([Ww]e|[Tt]hey) was\b/g;
const WORKING_IN = /\b(I am|I'm|I was) working in (?=(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*)?))/gu;
const LIKE_JOB = new RegExp(String.raw`\b(work(?:s|ed|ing)?\s+(?:in|at|for)\s+\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*)?\s+)like\s+(?=(?:${PROFESSIONS.join('|')})\b)`, 'gu');
const SPEAKING = new RegExp(String.raw`\b(?:I am|I'm) speaking (?=(?:${LANGUAGES})\b)`, 'giu');
const A_LITTLE_OF = new RegExp(String.raw`\ba little of (?=(?:${LANGUAGES})\b)`, 'giu');

/** The sentence in the forms the rules read, or the sentence itself (the same string) when none applies. */
export function asLearnersMeant(sentence: string): string {
  if (!/\b(?:me and my|we was|they was|working in|like|speaking|a little of)\b/i.test(sentence)) return sentence;
  return sentence
    .replace(ME_AND, (_all, who: string) => `My ${who} and I `)
    .replace(WE_WAS, (_all, who: string) => `${who} were`)
    .replace(WORKING_IN, (all, lead: string, name: string) => (isPlaceName(name) ? all : `${lead} working at `))
    .replace(LIKE_JOB, (_all, lead: string) => `${lead}as `)
    .replace(SPEAKING, 'I speak ')
    .replace(A_LITTLE_OF, 'a little ');
}
