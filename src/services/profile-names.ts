import type { MemoryRecord } from '../core/types.js';

/**
 * A name given to someone close or to a pet (issue 26: "`My mom is called Grace` dynamic, `My mom's name is Grace`
 * static"). Whatever list the reader filed it in and whatever it adds after a comma ("…, she still teaches piano at
 * 71"), a fact whose main clause names a relative, a partner or a pet is a lasting fact of the person, as its "name
 * is" wording already is. Only the naming clause counts: "the user's mom Grace is flying in next month" names no one
 * this way and stays recent context.
 */

/** People and animals a person's fact may name. */
const RELATION =
  '(?:mom|mum|mother|mama|dad|father|papa|sister|brother|sibling|son|daughter|kid|child|baby|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[ée]e?|grandma|grandmother|granny|nan|nana|grandpa|grandfather|grandad|granddad|aunt|auntie|uncle|cousin|niece|nephew|stepmom|stepmum|stepmother|stepdad|stepfather|stepson|stepdaughter|(?:mother|father|brother|sister|son|daughter)-in-law|best friend|dog|cat|puppy|kitten|pet|rabbit|bunny|hamster|parrot|horse|tortoise|turtle|goldfish|guinea pig)';
/** "<Someone>'s [older|little|new …] <relation> is called|is named|'s name is|name is|goes by <Name>", at the fact's start. */
const NAMING = new RegExp(
  String.raw`^(?:[Tt]he user|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:'s|’s)\s+(?:(?:older|oldest|younger|youngest|little|big|baby|twin|new|late|eldest|first|second|third|rescue|pet)\s+){0,2}${RELATION}(?:(?:'s|’s)\s+(?:first\s+|full\s+|real\s+)?name\s+is|\s+is\s+(?:called|named)|\s+goes\s+by)\s+\p{Lu}`,
  'u',
);

/** Whether a fact's main clause gives a relative, a partner or a pet its name, with no end in time. */
export function namesSomeone(m: Pick<MemoryRecord, 'memory' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && NAMING.test(m.memory);
}
