/**
 * Replacements said without the words the engine links versions by (issue 26, round 17): "picked up my new Tesla"
 * after "drives a Honda Civic", "Changed networks, new number is ..." (no subject) after "mobile number is ...",
 * "adopted a rescue greyhound called Skye" after "dog Barney passed away", "switched my current account to Starling"
 * after "banks with HSBC", "upgraded to a Pixel 8" after "phone is an iPhone 12". Pure functions over facts' texts and
 * attributes, read by memory-ranking.ts.
 */

import { escapeRe } from '../text/regex-escape.js';

/** A death or a loss of a living thing: "passed away", "died", "was put down", "put to sleep". */
const DIED = /\b(?:died|passed away|passed on|was put down|were put down|put to sleep|was killed)\b/i;
/** A thing acquired, said as done: "adopted", "got", "bought", "picked up", "rescued", "brought home". */
const ACQUIRED = /\b(?:adopted|got|bought|picked up|rescued|brought home|welcomed)\b/i;

/**
 * The older fact tells the death of the very kind of thing the newer one says the subject has since ("The user's dog
 * Barney passed away" then "adopted a rescue greyhound called Skye", filed `pet:dog`): the newer fact's keyed object
 * ("dog") is a word of the older one.
 */
export function livingThingReplaced(olderText: string, newerAttribute: string | null, newerText: string): boolean {
  if (!DIED.test(olderText) || DIED.test(newerText)) return false;
  const object = keyedObject(newerAttribute);
  return object !== null && ACQUIRED.test(newerText) && namesObject(olderText, object);
}

/** Whether a text names a thing ("dog", "dogs"). */
export function namesObject(text: string, object: string): boolean {
  return new RegExp(String.raw`\b${escapeRe(object)}s?\b`, 'i').test(text);
}

/** "new number", "new email", "new address": a new holder of a thing named by a noun. */
const NEW_NOUN = /\bnew\s+(\p{Ll}+)/gu;

/**
 * A fact with no subject that names a new one of the thing the older fact states ("Changed networks, new number is
 * 07700 900654." after "The user's mobile number is 07700 900321."): the noun after "new" is a word of the older fact.
 */
export function newOfSameThing(olderText: string, newerText: string): boolean {
  if (/\bnew\b/i.test(olderText)) return false;
  for (const m of newerText.matchAll(NEW_NOUN)) if (m[1]!.length >= 3 && new RegExp(String.raw`\b${escapeRe(m[1]!)}\b`, 'i').test(olderText)) return true;
  return false;
}

/** "switched my current account to Starling", "upgraded to a Pixel 8", "changed over to Octopus": a change to a named value. */
const SWITCHED_TO = /\b(?:switched|swapped|changed|transferred|upgraded|downgraded)\b[^.;]*?\b(?:to|over to)\s+(?:(?:an?|the|my|our)\s+)?\p{Lu}/u;

/**
 * A change to a named value ("switched my current account to Starling") that names none of the older fact's values
 * (`olderValues`, lower case): told with other words than the older fact, so only its closeness to the question ties
 * it to that fact (the caller's similarity share).
 */
export function switchedAway(olderValues: readonly string[], olderText: string, newerText: string): boolean {
  // Product names in mixed case count as values too ("iPhone" of "The user's phone is an iPhone 12.").
  const values = [...olderValues, ...(olderText.match(MIXED_CASE) ?? []).map((w) => w.toLowerCase())];
  if (!SWITCHED_TO.test(newerText) || values.length === 0) return false;
  const said = newerText.toLowerCase();
  return values.every((w) => !new RegExp(String.raw`\b${escapeRe(w)}\b`).test(said));
}
const MIXED_CASE = /\b\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu;

/** "our new contact at Hartley is Sue Park": a new holder of a relation at a named organisation. */
const NEW_AT = /\bnew\s+((?:[\p{Ll}-]+\s+){0,2}?)(?:at|from|with|for)\s+(\p{Lu}[\p{L}&'-]+)/u;

/**
 * The newer fact names a new holder of a relation at an organisation ("The user's new contact at Hartley is Sue Park")
 * that the older fact says another person holds for the newer fact's subject ("Jonathan Reeves is the user's account
 * manager at Hartley Insurance"): the organisation links them, whatever nouns name the relation; not a new holder of
 * a profession the older fact does not name ("new physio at Smile Clinic" after "dentist at Smile Clinic").
 */
export function newHolderAt(olderText: string, newerText: string, newerSubject: string, professions: RegExp): boolean {
  const m = NEW_AT.exec(newerText);
  if (!m) return false;
  const noun = m[1]!.trim();
  if (noun !== '' && professions.test(noun) && !new RegExp(String.raw`\b${escapeRe(noun)}\b`, 'i').test(olderText)) return false;
  const org = new RegExp(String.raw`\b${escapeRe(m[2]!)}\b`);
  const relation = new RegExp(String.raw`\b${escapeRe(newerSubject)}'s\b`, 'i');
  return org.test(olderText) && relation.test(olderText);
}

/** The object of a keyed attribute ("dog" of "pet:dog"), or null. */
export function keyedObject(attribute: string | null): string | null {
  const i = attribute?.indexOf(':') ?? -1;
  if (attribute === null || i < 0) return null;
  const object = attribute.slice(i + 1).trim();
  return /^[\p{L}-]{3,}$/u.test(object) ? object : null;
}
