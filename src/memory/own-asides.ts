/**
 * A first-person statement with a subjectless aside after a comma (issue 26, round 21), which the clause rules read as
 * part of the value: "I'm allergic to penicillin, found out as a kid" gave "allergic to found out", "I'm vegan myself,
 * have been since 2019" gave "is vegan themselves, have been since 2019". The aside is cut ("found out as a kid" is
 * how, not what); "has been since <when>" is kept as the statement's duration ("I've been vegan since 2019"); an
 * emphatic "myself" after a state is dropped.
 */
const FIRST_PERSON = /^\s*(?:I|I'm|I am|I've|we|we're|we are|we've|my|our)\b/i;
// "I'm vegan myself, …": "myself" after a state says nothing about it.
// Only after a one-word state or role ("vegan", "a nurse"): "I'm going to keep believing in myself" keeps its object.
const EMPHATIC = /^(\s*(?:I'm|I am|we're|we are)\s+(?:(?:an?|also)\s+)?[\p{L}-]+)\s+(?:myself|ourselves)(?=\s*(?:[,;.!?]|$))/iu;
// "I'm vegan, have been since 2019", "I'm a nurse, been one for ten years"
const STATE_SINCE = /^(\s*)(I'm|I am|we're|we are)\s+([^,;.!?]{1,60}?)\s*,\s+(?:(?:and\s+)?(?:I've|I have|we've|we have|have)\s+)?been(?:\s+(?:one|that|so|it))?\s+((?:since|for)\s+[^,;.!?]{1,40}?)\s*([.!]*)$/i;
// "I work at Figma, been there since 2021", "…, have been for years": how long, with nothing more to say.
const BEEN_TAIL = /\s*,\s+(?:(?:and\s+)?(?:I've|I have|we've|we have|have)\s+)?been(?:\s+(?:there|here|at it|doing it|doing that|with them|one|that|so|it))?\s+(?:since|for)\s+[^,;.!?]{1,40}?(?=\s*[.!]*$)/i;
// "…, found out as a kid when I came out in hives": how it was learnt, no subject of its own.
const FOUND_OUT_TAIL = /\s*,\s+(?:and\s+)?(?:found out|discovered|learned|learnt|realised|realized|figured out|got diagnosed|was diagnosed)\b(?!\s+(?:that|I|we)\b)[^;]*$/i;

/** The sentence without its subjectless aside (or with its duration folded in), or the sentence itself. */
export function withoutOwnAside(sentence: string): string {
  if (!FIRST_PERSON.test(sentence)) return sentence;
  let s = sentence.replace(EMPHATIC, '$1');
  const since = STATE_SINCE.exec(s);
  if (since) {
    const [, lead, be, state, when, end] = since;
    const perfect = /^we/i.test(be!) ? "we've" : "I've";
    return `${lead}${lead ? perfect : perfect[0]!.toUpperCase() + perfect.slice(1)} been ${state} ${when}${end || '.'}`;
  }
  s = s.replace(BEEN_TAIL, '').replace(FOUND_OUT_TAIL, '.');
  return s;
}
