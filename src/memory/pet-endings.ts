import { PET_WORDS } from './attribute-words.js';
import { fullPetName } from './pet-full-names.js';
import { escapeRe } from '../text/regex-escape.js';
import { setKindOf } from './set-members.js';
import { sameSubject, subjectNames } from './subjects.js';
import type { ExtractedFact, RelationCandidate } from './types.js';

/**
 * A pet's death or rehoming ends its owner's pet fact: "Mochi passed away on Sunday" ends "The user has a cat called
 * Mochi", "we had to rehome Bruno" ends "The user's dog Bruno is a border collie". The statement is about the pet (or
 * about its owners losing it), while the fact it ends is about the owner, so the judge's same-subject rule never sees
 * the two as related. The pet is found by its name beside a pet word in the older fact, so only that pet's fact ends
 * (a rabbit's death leaves the dog), and only one owner's: when two people's facts name a pet of that name, the
 * statement must name the owner.
 */

// "Mochi passed away", "Clover died last night", "Kiwi didn't make it", "Rex was put down".
const DIED = new RegExp(
  String.raw`(?:^|[\s,;:])(?<name>\p{Lu}[\p{L}'’-]+)\s+(?:(?:has|had|sadly|just|finally|unfortunately)\s+)*(?:died|passed away|passed on|passed|was put down|was put to sleep|had to be put down|had to be put to sleep|didn't make it|did not make it|is no longer with us|crossed the rainbow bridge)\b`,
  'u',
);
// "we lost Clover", "had to rehome Bruno".
const LOST = new RegExp(String.raw`\b(?:lost|rehomed|re-homed|rehome|re-home|rehoming|buried)\s+(?:(?:our|my|the|his|her|their)\s+)?(?:(?:old\s+)?(?:${PET_WORDS})\s+)?(?<name>\p{Lu}[\p{L}'’-]+)`, 'u');
// "had to put Biscuit down", "put Rex to sleep", "gave Mochi to my parents", "gave Pickle away": the name between
// the verb's words.
const PUT_DOWN = new RegExp(
  String.raw`\b(?:put|gave|give|giving|have given|has given)\s+(?:(?:our|my|the|his|her|their)\s+(?:old\s+)?(?:${PET_WORDS})\s+)?(?<name>\p{Lu}[\p{L}'’-]+)\s+(?:down\b|to sleep\b|away\b|up for adoption\b|to\s+(?:my|our|his|her|their|a|an|the)\s+(?:\p{Ll}+\s+){0,2}?(?:parents|mum|mom|dad|sister|brother|friend|friends|neighbours?|neighbors?|family|cousin|aunt|uncle|grandparents|grandma|grandad|grandpa|shelter|rescue|farm|colleague|in-laws)\b)`,
  'u',
);
const NOT_A_NAME = /^(?:The|User|I|We|He|She|They|It|My|Our|His|Her|Their|Mum|Mom|Dad|Grandma|Grandpa|Nan|Granny|Everyone|Nobody)$/;

/** The name of the pet a statement says died or was rehomed, or null. */
export function endedPetName(text: string): string | null {
  const name = (DIED.exec(text) ?? LOST.exec(text) ?? PUT_DOWN.exec(text))?.groups?.name ?? null;
  return name && !NOT_A_NAME.test(name) ? fullPetName(text, name) : null;
}

/** The pet word `text` files `name` under ("cat" in "has a cat called Mochi", "dog" in "'s dog Bruno is"), or null. */
export function petKindNamed(text: string, name: string): string | null {
  const n = escapeRe(name);
  const before = new RegExp(String.raw`\b(?<kind>${PET_WORDS})s?\b(?:\s+(?:called|named))?,?\s+${n}(?![\p{L}\p{N}])`, 'iu').exec(text);
  const after = new RegExp(String.raw`(?<![\p{L}\p{N}])${n},?\s+(?:is\s+)?(?:the|our|my|a|an|his|her|their)\s+(?:[\p{L}-]+\s+){0,2}?(?<kind>${PET_WORDS})\b`, 'iu').exec(text);
  return (before ?? after)?.groups?.kind?.toLowerCase() ?? null;
}

/**
 * The owner's pet memory a pet's death or rehoming ends, and the fact to store as its next version: filed as the
 * memory it ends (owner, attribute, lasting or not), and saying whose pet it was when it opened with the pet's name
 * ("Mochi passed away" → "The user's cat Mochi passed away").
 */
export function endedPetMemory(fact: ExtractedFact, candidates: readonly RelationCandidate[]): { targetId: string; fact: ExtractedFact } | null {
  const name = endedPetName(fact.text);
  if (!name) return null;
  const holding = candidates.flatMap((m) => {
    const kind = petKindNamed(m.text, name) ?? setKindOf(m.text, name);
    return kind && !endedPetName(m.text) ? [{ m, kind }] : [];
  });
  if (holding.length === 0) return null;
  const owners = new Set(holding.map((h) => h.m.subject?.toLowerCase() ?? ''));
  // Two owners' pets of one name: only the statement that names the owner (or is the owner's own) ends one.
  const own = holding.filter((h) => sameSubject(subjectNames(fact.subject, fact.aliases), h.m.subject) === true || (h.m.subject !== null && new RegExp(`\\b${escapeRe(h.m.subject)}\\b`, 'i').test(fact.text)));
  const chosen = owners.size === 1 ? holding[0]! : own.length === 1 ? own[0]! : null;
  if (!chosen) return null;
  const { m, kind } = chosen;
  const owner = m.subject === null ? 'The' : /^the user$/i.test(m.subject) ? "The user's" : `${m.subject}'s`;
  const text = fact.text.startsWith(name) ? `${owner} ${kind} ${fact.text}` : fact.text;
  return { targetId: m.id, fact: { ...fact, text, subject: m.subject, aliases: [], attribute: m.attribute, isStatic: m.isStatic } };
}
