import { thirdPerson } from './first-person.js';
import { IRREGULAR_PAST, isRegularPast } from './tense.js';

/**
 * Two people who share a fact, said once: "My brothers Sam and Theo both live in Leipzig", "Priya and Tomas are both
 * junior analysts", "My wife Nadia and I both work at Unilever". Each person's statement stands alone ("My brother
 * Sam lives in Leipzig.", "My brother Theo lives in Leipzig."), so when one of them moves or changes jobs, the
 * other's fact stays and only theirs is replaced. Only with "both" or "each" (what makes the predicate hold for each
 * of them); anything else is returned unchanged.
 */

const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?`;
const KIN = String.raw`(?:(?:older|younger|little|big|twin|best)\s+)?\p{Ll}[\p{L}-]+`;
/** "my cousin Finn", "Priya", "I". */
const PERSON = String.raw`(?:(?:[Mm]y|[Oo]ur)\s+${KIN}\s+${NAME}|(?!(?:The|This|That|It|We|They|He|She|My|Our)\b)${NAME}|I|me)`;
const SHARED = new RegExp(
  String.raw`^(?:(?<owner>[Mm]y|[Oo]ur)\s+(?<kin>${KIN}s)\s+)?(?<a>${PERSON})\s+and\s+(?<b>${PERSON})\s+(?:(?:both|each)\s+(?<verb>[\p{Ll}'’]+)|(?<aux>are|were|have|had)\s+(?:both|each))(?<rest>\s.*)?$`,
  'u',
);
const PREPOSITION = /^(?:on|at|in|with|for|from|of|since|who|that|and)$/i;

/** The statements of each person a "both" sentence names, or the sentence itself. */
export function eachOfBoth(sentence: string): string[] {
  const m = SHARED.exec(sentence.trim());
  if (!m?.groups) return [sentence];
  const { owner, kin, a, b, rest = '' } = m.groups as Record<string, string | undefined> & { a: string; b: string };
  const verb = (m.groups.verb ?? m.groups.aux)!;
  const singularKin = kin ? kin.replace(/ies$/, 'y').replace(/s$/, '') : null;
  const people = [a, b].map((p) => (singularKin && !/^(?:I|me)$/.test(p) ? `${owner} ${singularKin} ${p}` : p === 'me' ? 'I' : p));
  const v = verb.toLowerCase();
  return people.map((p) => {
    const self = p === 'I';
    if (v === 'are' || v === 'were') return `${p} ${self ? (v === 'are' ? 'am' : 'was') : v === 'are' ? 'is' : 'was'}${singularNoun(rest)}`;
    if (v === 'have') return `${p} ${self ? 'have' : 'has'}${rest}`;
    // A past verb ("moved", "left") is the same for everyone; a present one agrees with its subject.
    const past = isRegularPast(v) || IRREGULAR_PAST.has(v);
    return `${p} ${self || past ? verb : thirdPerson(v)}${rest}`;
  });
}

/** " junior analysts on my team" → " a junior analyst on my team": the noun phrase after "are both", for one. */
function singularNoun(rest: string): string {
  const words = rest.trim().split(/\s+/);
  const end = words.findIndex((w) => PREPOSITION.test(w));
  const phrase = end < 0 ? words : words.slice(0, end);
  const head = phrase.at(-1)?.replace(/[.!?,;]+$/, '') ?? '';
  // "are both vegetarian", "are both from Leeds": no noun to make singular.
  if (!/^\p{Ll}[\p{Ll}-]*s$/u.test(head) || /(?:ss|us|is)$/.test(head) || PREPOSITION.test(phrase[0] ?? '')) return rest;
  const tail = phrase.at(-1)!.slice(head.length);
  phrase[phrase.length - 1] = head.replace(/ies$/, 'y').replace(/s$/, '') + tail;
  const np = phrase.join(' ');
  const article = /^(?:an?|the|my|our)\s/i.test(np) ? '' : /^[aeiou]/i.test(np) ? 'an ' : 'a ';
  return ` ${article}${[np, ...(end < 0 ? [] : words.slice(end))].join(' ')}`;
}
