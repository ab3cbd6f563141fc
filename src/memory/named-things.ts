/**
 * Two readings of a clause that names things by apposition, used by the clause splitter (statements.ts):
 * - "We've got a guinea pig called Nibbles and a budgie called Kiwi": two named things of one verb are two facts, so
 *   the death or rehoming of one ends only its own memory;
 * - "first 1:1 with my new boss Priya today": a new holder of a role the catalogue files (the manager), named in
 *   passing, is the role's new value ("My manager is Priya.") beside whatever the clause says.
 */

const NAMED = String.raw`(?:an?|one|our|my)\s+[\p{Ll}][\p{Ll} -]{1,24}?\s+(?:called|named)\s+\p{Lu}[\p{L}'’-]*`;
const TWO_NAMED = new RegExp(String.raw`^(?<head>.*?\b(?:got|have|has|had|adopted|bought|rescued|own|owns|keep|keeps)\s+)(?<one>${NAMED})\s*,?\s+and\s+(?<two>${NAMED})(?<rest>.*)$`, 'u');

/** "have a rabbit called Clover and a cat called Pepper" → "have a rabbit called Clover", "have a cat called Pepper". */
export function eachNamedThing(clause: string): string[] {
  const m = TWO_NAMED.exec(clause);
  if (!m?.groups) return [clause];
  const { head, one, two, rest } = m.groups as { head: string; one: string; two: string; rest: string };
  return [`${head}${one}.`, `${head}${two}${rest}`];
}

// "my new boss Priya", "my new line manager, Omar": a new holder of the manager's role named after it; so is the
// present one ("My manager Karen Wu is the best", round 21), whose name the clause now files under Karen.
const NEW_MANAGER =
  /\b(?:[Mm]y|[Oo]ur)\s+(?:new\s+)?(?:boss|manager|line manager|supervisor|team lead|team leader)\s*,?\s+(?!(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame)\b)(?<name>\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)(?![\p{L}'’])/u;
// The clause already says it as a statement ("My new boss is Priya"): read as it is.
const STATED = /\b(?:boss|manager|supervisor|lead|leader)\s*,?\s+(?:is|was|will be)\b|\breports?\s+to\b/iu;

/** The clause, and "My manager is <name>." when it names a new manager in passing. */
export function withNewManager(clause: string): string[] {
  const m = NEW_MANAGER.exec(clause);
  if (!m?.groups || STATED.test(clause)) return [clause];
  return [clause, `My manager is ${m.groups.name}.`];
}
