import { isCommonWord, isKnownName, isOrganisation, isPlaceName } from './lexicon.js';

/**
 * The author an email or ticket names in its header (issue 26, round 22): "From: Rahul Mehta" (or "From: Rahul Mehta
 * <rahul@…>") over a body in the first person makes Rahul Mehta the "I" of that body, as a signature's name does
 * (signature.ts). Only a person's name: two or three capitalised words, the first a name the lexicon knows, none a
 * place or an organisation (a first name the lexicon does not know counts in a full name of no common word), in one of the first lines, and only when the body speaks in the first person.
 */

const FROM = /^\s*(?:from|sender|reported by|submitted by)\s*:\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2})\s*(?:<[^<>\s]+@[^<>\s]+>)?\s*$/imu;
const FIRST_PERSON = /\b(?:I|I'm|I've|my|me)\b/;

/** The name a short document's "From:" header gives its author, or null. */
export function emailAuthor(content: string): string | null {
  const head = content
    .split(/\r\n?|\n/)
    .slice(0, 5)
    .join('\n');
  const m = FROM.exec(head);
  if (!m) return null;
  const name = m[1]!;
  const first = name.split(/\s+/)[0]!;
  // A first name the lexicon knows, or a full name none of whose words is a common word ("Ananya Rao").
  const words = name.split(/\s+/);
  const person = isKnownName(first) || words.every((w) => !isCommonWord(w) || isKnownName(w));
  if (!person || isPlaceName(name) || words.some((w) => isOrganisation(w) || isPlaceName(w)) || isOrganisation(name)) return null;
  return FIRST_PERSON.test(content.replace(FROM, '')) ? name : null;
}
