/**
 * Replacements said without the words the engine links versions by (issue 26, round 17): "picked up my new Tesla"
 * after "drives a Honda Civic", "Changed networks, new number is ..." (no subject) after "mobile number is ...",
 * "adopted a rescue greyhound called Skye" after "dog Barney passed away", "switched my current account to Starling"
 * after "banks with HSBC", "upgraded to a Pixel 8" after "phone is an iPhone 12". Pure functions over facts' texts and
 * attributes, read by memory-ranking.ts.
 */

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
  return new RegExp(String.raw`\b${escape(object)}s?\b`, 'i').test(text);
}

/** "new number", "new email", "new address": a new holder of a thing named by a noun. */
const NEW_NOUN = /\bnew\s+(\p{Ll}+)/gu;

/**
 * A fact with no subject that names a new one of the thing the older fact states ("Changed networks, new number is
 * 07700 900654." after "The user's mobile number is 07700 900321."): the noun after "new" is a word of the older fact.
 */
export function newOfSameThing(olderText: string, newerText: string): boolean {
  if (/\bnew\b/i.test(olderText)) return false;
  for (const m of newerText.matchAll(NEW_NOUN)) if (m[1]!.length >= 3 && new RegExp(String.raw`\b${escape(m[1]!)}\b`, 'i').test(olderText)) return true;
  return false;
}

/** "switched my current account to Starling", "upgraded to a Pixel 8", "changed over to Octopus": a change to a named value. */
const SWITCHED_TO = /\b(?:switched|swapped|changed|transferred|upgraded|downgraded)\b[^.;]*?\b(?:to|over to)\s+(?:(?:an?|the|my|our)\s+)?\p{Lu}/u;

/**
 * A change to a named value ("switched my current account to Starling") that names none of the older fact's values
 * (`olderValues`, lower case): told with other words than the older fact, so only its closeness to the question ties
 * it to that fact (the caller's similarity share).
 */
export function switchedAway(olderValues: readonly string[], newerText: string): boolean {
  if (!SWITCHED_TO.test(newerText) || olderValues.length === 0) return false;
  const said = newerText.toLowerCase();
  return olderValues.every((w) => !new RegExp(String.raw`\b${escape(w)}\b`).test(said));
}

/** The object of a keyed attribute ("dog" of "pet:dog"), or null. */
export function keyedObject(attribute: string | null): string | null {
  const i = attribute?.indexOf(':') ?? -1;
  if (attribute === null || i < 0) return null;
  const object = attribute.slice(i + 1).trim();
  return /^[\p{L}-]{3,}$/u.test(object) ? object : null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
