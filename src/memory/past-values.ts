import { toolCategory } from './tools.js';
import { isPlaceName } from './lexicon.js';
import { itAsEarlierObject } from './clause-objects.js';

/**
 * What held before, said beside what holds now, read as the earlier value of the same attribute rather than a current
 * fact:
 * - "I used to work at Google, now I'm at Loomly", "I used to be vegan but these days I eat fish": two statements,
 *   the "used to" one a past value (see {@link usedToPresent}: it is classified like its present form, so the fact
 *   of the same attribute that follows replaces it, and it is never a lasting fact of the profile);
 * - "We moved from Ottawa to Toronto": "We used to live in Ottawa" and "We moved to Toronto", so the residence memory
 *   names the new city only;
 * - "These days I'm in Galway", "Nowadays I'm based in Leeds": where the author lives, not a trip.
 */

const SUBJECT_START = String.raw`(?=(?:I|I'm|I've|we|we're|we've|my|our)\b)`;
const NOW_BREAK = new RegExp(String.raw`\s*,\s*(?:but\s+|and\s+)?(?:now|these days|nowadays|today)\s*,?\s+${SUBJECT_START}|\s+but\s+(?:now|these days|nowadays)\s*,?\s+${SUBJECT_START}`, 'iu');
const USED_TO = /\bused to\s+(\p{L}+)/iu;
const PLACE = String.raw`(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})`;
const MOVED_FROM = new RegExp(
  String.raw`^((?:I|[Ww]e|[Mm]y\s+[\p{L}-]+(?:\s+\p{Lu}[\p{L}'-]*)?|\p{Lu}[\p{L}'-]*)\s+(?:(?:have|has|had|just|finally|recently|officially)\s+)*)(moved|relocated)\s+from\s+${PLACE}\s+(?:to|over to)\s+(\p{Lu}.*)$`,
  'u',
);
const SWITCHED_FROM = new RegExp(
  String.raw`^((?:I|[Ww]e|[Mm]y\s+[\p{L}-]+(?:\s+\p{Lu}[\p{L}'-]*)?|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+(?:(?:have|has|had|just|finally|recently|officially)\s+)*)(switched|changed)\s+from\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,2})\s+to\s+(\p{Lu}.*)$`,
  'u',
);
const THESE_DAYS_IN = new RegExp(String.raw`^(?:these days|nowadays|now)\s*,?\s+(I'm|I am|we're|we are)\s+(?:(?:based|living|settled)\s+)?in\s+${PLACE}\s*([.!]*)$`, 'iu');

const BEFORE_WE_WERE =
  /^(.+?\b(?:live|lives|living|are|am|is|'m|'re)\b.*?\bin\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?(?:\s+now)?)\s*,\s+(?:but\s+)?before\s+(?:that\s+)?(we|I|they|he|she|\p{Lu}[\p{L}'’-]*)\s+(?:were|was|lived|used to live)\s+in\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\s*[.!]*$/u;

/** A sentence as the statements it makes, past values first. */
export function pastAndPresent(sentence: string): string[] {
  const s = sentence.trim();
  const days = THESE_DAYS_IN.exec(s);
  if (days && isPlaceLike(days[2]!)) return [`${/^we/i.test(days[1]!) ? 'We live' : 'I live'} in ${days[2]}${days[3] || '.'}`];
  return USED_TO.test(s) ? splitAtNow(s) : [s];
}

/**
 * A clause "We moved from Ottawa to Toronto in April" as "We used to live in Ottawa." and "We moved to Toronto in
 * April"; "Rosa switched from Square to Toast" as "Rosa used to use Square." and "Rosa switched to Toast".
 */
export function previousPlace(clause: string): string[] {
  // "We are living in Lisbon now, before we were in Madrid": the home before is a past value of its own.
  const before = BEFORE_WE_WERE.exec(clause.trim());
  if (before && isPlaceLike(before[3]!)) return [`${before[2]!.replace(/^the user and others$/i, 'We')} used to live in ${before[3]}.`, `${before[1]!.trim()}.`];
  const sw = SWITCHED_FROM.exec(clause.trim());
  if (sw) {
    const subject = sw[1]!.replace(/\s+(?:(?:have|has|had|just|finally|recently|officially)\s+)*$/u, '').trim();
    return [`${subject} used to use ${sw[3]}.`, `${sw[1]}${sw[2]} to ${sw[4]}`];
  }
  const m = MOVED_FROM.exec(clause.trim());
  if (!m || !isPlaceLike(m[3]!)) return [clause];
  const subject = m[1]!
    .replace(/\s+(?:(?:have|has|had|just|finally|recently|officially)\s+)*$/u, '')
    .trim()
    .replace(/['’](?:ve|d)$/u, '');
  // "has moved from VS Code to Zed as their editor": a tool the user moved off, not a home.
  const tool = !isPlaceName(m[3]!) && (toolCategory(m[3]!, clause) !== null || AS_TOOL.test(clause));
  return [`${subject} used to ${tool ? 'use' : 'live in'} ${m[3]}.`, `${m[1]}${m[2]} to ${m[4]}`];
}

function splitAtNow(sentence: string): string[] {
  // "I used to hate olives but now I love them": "them" is resolved while both clauses are still one sentence.
  const s = itAsEarlierObject(sentence);
  const m = NOW_BREAK.exec(s);
  if (!m) return [s];
  const before = s.slice(0, m.index).trim();
  const after = s.slice(m.index + m[0].length).trim();
  return [`${before}.`, after.charAt(0).toUpperCase() + after.slice(1)];
}

/** "… as my editor", "… as their bank": what was moved between is a tool or a provider. */
const AS_TOOL = /\bas\s+(?:my|our|their|his|her|the user's)\s+(?:main\s+|default\s+)?(?:editor|ide|browser|bank|phone|laptop|app|tool|provider|supplier|service|platform)\b/i;

const isPlaceLike = (p: string) => isPlaceName(p) || /^\p{Lu}/u.test(p);

/** "The user used to work at Google" → "The user works at Google": the present form a classifier reads; null without "used to". */
export function usedToPresent(text: string): string | null {
  const m = USED_TO.exec(text);
  if (!m) return null;
  return text.slice(0, m.index) + thirdPerson(m[1]!) + text.slice(m.index! + m[0].length);
}

function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  if (v === 'be') return 'is';
  if (v === 'have') return 'has';
  if (v === 'do' || v === 'go') return `${v}es`;
  if (/(?:s|sh|ch|x|z)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}
