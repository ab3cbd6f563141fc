import { PARTNER_WORDS, PET_WORDS, RELATIVE_WORDS } from './attribute-words.js';

/**
 * "adopted a greyhound from the rescue!! her name is juno", "I've been seeing someone new, his name is Tom", "got a
 * kitten. She's called Pip": a newcomer (a pet, "someone new") introduced first and named in the next clause or
 * sentence. The name moves next to the one it names ("a greyhound called Juno from the rescue", "someone new called
 * Tom"), where the pet and partner readers find it; what followed the naming stays a sentence of its own ("shes a
 * vet"). Only the nearest newcomer before the naming, within its own or the previous sentence.
 */

const NEWCOMER = new RegExp(String.raw`\b(?:someone|somebody)(?:\s+new)?\b|\b(?:an?|my|our|new)\s+(?:(?:new|little|rescue|old|young|\p{Ll}+-\p{Ll}+)\s+)*(?:${PET_WORDS})\b`, 'giu');
// "her name is juno", "his name's Tom", "she's called Pip", "he is named Rex": the naming clause and its name. The lead
// starts where a run of spaces or stops starts (the lookbehind), its stops are taken whole (the lookahead and
// back-reference: an atomic group) and its alternatives do not overlap, so a long run is read once: the earlier
// `\s*(?:[.!?…]+|…|\s[-–—]|\s+and)` tried every split of the run from every start (cubic: 20 KB of spaces held the
// event loop for minutes).
const NAMING =
  /(?<![\s.!?…])(?<lead>\s*(?:(?=(?<stops>[.!?…]+))\k<stops>|,|;)|\s+(?:[-–—]|and))\s+(?:(?:her|his|its|their)\s+name(?:'s|\s+is)|(?:she|he|it)(?:'s|\s+is)\s+(?:called|named))\s+(?<name>\p{L}[\p{L}'’-]*)(?<tail>[^\n]*)/giu;

const PERSON_WORD = new RegExp(String.raw`\b(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|friend|colleague|boss|neighbou?r)\b`, 'iu');

export function nameWithNewcomer(text: string): string {
  for (const m of text.matchAll(NAMING)) {
    const at = m.index!;
    // The newcomer's own sentence, or the previous one: no further back than one sentence end before the naming.
    const before = text.slice(0, at);
    const ends = [...before.matchAll(/[.!?…]+\s|\n/gu)];
    const from = ends.length >= 1 ? ends[ends.length - 1]!.index! : 0;
    const window = before.slice(from);
    const newcomers = [...window.matchAll(NEWCOMER)];
    const last = newcomers[newcomers.length - 1];
    if (!last) continue;
    // "My sister got a kitten. Her name is Mia": "her" may be the sister; only "its" names the pet then.
    const lead = window.slice(0, last.index!).replace(/^[\s.!?…]+/u, '');
    const person = PERSON_WORD.test(lead) || /(?<=\S\s+)\p{Lu}\p{Ll}+/u.test(lead);
    if (person && !/^\s*(?:[.!?…,;]+|\s[-–—]|\s+and)?\s*its\b/iu.test(text.slice(at))) continue;
    const name = m.groups!.name!;
    // "her name is Mia's" or a function word ("his name is on the list") names no one.
    if (/['’]s$/u.test(name) || /^(?:on|in|at|the|a|an|not|still|now|also)$/i.test(name)) continue;
    const insertAt = from + last.index! + last[0].length;
    const named = `${text.slice(0, insertAt)} called ${name[0]!.toUpperCase()}${name.slice(1)}${text.slice(insertAt, at)}`;
    // What follows the naming (", shes a vet", " and she's a vet") is a sentence of its own.
    const tail = m.groups!.tail!.replace(/^\s*(?:,|;|and\b)\s*/u, '');
    const ending = /^[.!?…]/u.test(tail.trim()) || tail.trim() === '' ? tail.trim() : `. ${tail.trim()}`;
    return nameWithNewcomer(`${named}${ending}${text.slice(at + m[0].length)}`);
  }
  return namedInFragment(text);
}

// "we adopted a puppy! a beagle named Biscuit": the next sentence, a bare noun phrase naming the newcomer.
const NAMED_FRAGMENT = /(?<stops>[.!?…]+)\s+(?:[Aa]n?\s+)(?<kind>[\p{Ll}-]+(?:\s+[\p{Ll}-]+)?\s+)?(?:named|called)\s+(?<name>\p{Lu}[\p{L}'’-]*)(?<tail>[^.!?…\n]*)/u;
const PET_WORD = new RegExp(String.raw`^(?:${PET_WORDS})s?$`, 'iu');

/** The newcomer of the sentence before named and kinded where it stands ("adopted a beagle puppy called Biscuit"). */
function namedInFragment(text: string): string {
  const m = NAMED_FRAGMENT.exec(text);
  if (!m) return text;
  // Only a fragment: nothing but an emoji or spaces after the name.
  if (/[\p{L}\p{N}]/u.test(m.groups!.tail!)) return text;
  const before = text.slice(0, m.index);
  const from = Math.max(0, ...[...before.matchAll(/[.!?…]+\s|\n/gu)].map((e) => e.index! + e[0].length));
  const last = [...before.slice(from).matchAll(NEWCOMER)].at(-1);
  if (!last || /\b(?:someone|somebody)\b/i.test(last[0])) return text;
  const kind = m.groups!.kind?.trim();
  const start = from + last.index!;
  const words = last[0].split(/\s+/);
  const pet = words.pop()!;
  const kinded = kind && !PET_WORD.test(kind) && !kind.includes(' ') ? [...words, kind, pet].join(' ') : last[0];
  return `${text.slice(0, start)}${kinded} called ${m.groups!.name!}${text.slice(start + last[0].length, m.index)}${m.groups!.stops!}${text.slice(m.index + m[0].length)}`;
}
