import { PET_WORDS } from './attribute-words.js';
import { namesWord } from '../text/regex-escape.js';

/**
 * One member of a set leaves it (issue 26, round 19): "We have two dogs, Rufus and Bean", then "Rufus passed away".
 * The set memory is not ended whole: its next version holds the members that stay ("The user and others have a dog,
 * Bean."), the older version keeps the history, and the ending is its own fact. A set is a list of two or more
 * capitalised names after a pet word ("two dogs, Rufus and Bean", "cats called Miso, Tofu and Udon").
 */

const COUNTS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NAME = String.raw`\p{Lu}[\p{L}'’-]+`;
/** "two dogs, Rufus and Bean", "2 cats called Miso, Tofu and Udon", "dogs: Rufus & Bean". */
const SET = new RegExp(
  String.raw`\b(?:(?<count>${COUNTS.slice(2).join('|')}|\d+)\s+)?(?<kind>(?:${PET_WORDS})s?|puppies|guinea pigs)\b(?:\s*[,:(]\s*|\s+(?:called|named)\s+|\s+-\s+)(?<list>${NAME}(?:\s*,\s*${NAME})*,?\s+(?:and|&)\s+${NAME})`,
  'iu',
);

/** The pet word a set in `text` files `name` under ("dog" in "two dogs, Rufus and Bean"), or null. */
export function setKindOf(text: string, name: string): string | null {
  const m = SET.exec(text);
  if (!m?.groups || !membersOf(m.groups.list!).includes(name)) return null;
  return singular(m.groups.kind!.toLowerCase());
}

/**
 * The set memory's text without `name` ("The user and others have two dogs, Rufus and Bean." → "The user and others
 * have a dog, Bean."), or null when `text` holds no set of two or more that names it.
 */
export function withoutMember(text: string, name: string): string | null {
  const m = SET.exec(text);
  if (!m?.groups) return null;
  const members = membersOf(m.groups.list!);
  if (members.length < 2 || !members.includes(name)) return null;
  const rest = members.filter((n) => n !== name);
  const list = rest.length === 1 ? rest[0]! : `${rest.slice(0, -1).join(', ')} and ${rest.at(-1)}`;
  const kind = m.groups.kind!;
  const shownKind = rest.length === 1 ? singular(kind) : kind;
  const counted = m.groups.count === undefined ? shownKind : rest.length === 1 ? `${/^[aeiou]/i.test(shownKind) ? 'an' : 'a'} ${shownKind}` : `${countWord(rest.length, m.groups.count)} ${shownKind}`;
  const before = text.slice(0, m.index);
  // "have two dogs" keeps its verb; "a dog, Bean" reads as one when the count was spelled out.
  const separator = m[0].slice(m[0].indexOf(kind) + kind.length, m[0].length - m.groups.list!.length);
  return `${before}${counted}${separator}${list}${text.slice(m.index + m[0].length)}`;
}

function membersOf(list: string): string[] {
  return list
    .split(/\s*,\s*|\s+(?:and|&)\s+/)
    .map((n) => n.replace(/^(?:and|&)\s+/, '').trim())
    .filter((n) => n !== '');
}

function countWord(n: number, like: string): string {
  return /^\d+$/.test(like) ? String(n) : (COUNTS[n] ?? String(n));
}

function singular(kind: string): string {
  if (/^puppies$/i.test(kind)) return kind.replace(/ies$/i, 'y');
  return kind.replace(/(?<=[^s])s$/i, '');
}

/** Whether the word names `name` as a member of a set in `text`: a pet word, then a list that holds it. */
export function isSetMember(text: string, name: string): boolean {
  return namesWord(text, name) && setKindOf(text, name) !== null;
}
