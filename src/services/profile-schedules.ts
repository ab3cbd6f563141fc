import type { MemoryRecord } from '../core/types.js';

/**
 * Weekly habits in a profile: "swims every Saturday", "the cleaner comes on Fridays", "five-a-side is Thursday nights
 * now". A thing that happens every week is a lasting fact about a life, whichever list the engine filed it in, and
 * when the same activity is said again on another day, the newer day is the one that holds.
 */

const WEEKDAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;
/** A weekday as notes shorten it ("tue", "Thurs."): alone it may be a word ("sun", "sat"), so it counts only in a list or before a part of the day. */
const SHORT_DAY = String.raw`(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\.?`;
/**
 * A weekday said as a recurrence: "every (other) Tuesday", "on Fridays", "Thursday nights", "Sundays", and in terse
 * notes "mon/wed/fri", "tue + thu evenings".
 */
const RECURRING_DAY = new RegExp(
  String.raw`\bevery\s+(?:other\s+|second\s+|single\s+)?${WEEKDAY}\b|\b${WEEKDAY}s\b|\b${WEEKDAY}\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b|\b${SHORT_DAY}\s*(?:[+/&,-]|and)\s*${SHORT_DAY}(?![\p{L}])|\b${SHORT_DAY}\s+(?:mornings|afternoons|evenings|nights)\b`,
  'iu',
);
/** Other recurrences: "every week", "twice a week", "weekly". */
const RECURRING = new RegExp(String.raw`${RECURRING_DAY.source}|\bevery\s+(?:other\s+)?(?:week|weekend|fortnight|month)\b|\b(?:once|twice|three times|four times)\s+a\s+(?:week|month)\b|\b(?:weekly|fortnightly)\b`, 'i');
/** Words that bound a habit in time: it is then a temporary arrangement, not a lasting one. */
const BOUNDED = /\b(?:this|next|last)\s+(?:week|month|term|summer|winter)\b|\buntil\b|\bfor now\b|\bfor the (?:next|rest)\b|\btemporar/i;

/** A fact that states something done every week (or month), not bounded in time. */
export function recurringHabit(m: Pick<MemoryRecord, 'memory' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && RECURRING.test(m.memory) && !BOUNDED.test(m.memory);
}

/** Words that say nothing about which activity a habit is. */
const NOT_ACTIVITY = new Set(
  "the a an and or with his her their our my your its it user user's others is are was were be been does do did goes go went has have had gets get got takes take comes come plays play attends attend at on in of to for from by every other second single now also usually always still then again there here this that".split(
    ' ',
  ),
);

/** The activity a habit names: its words before the first recurring weekday (lower case, in order). */
function activityWords(text: string): string[] {
  const at = text.search(RECURRING_DAY);
  if (at < 0) return [];
  return (
    text
      .slice(0, at)
      .toLowerCase()
      .match(/[\p{L}][\p{L}'-]*/gu) ?? []
  )
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w.length >= 3 && !NOT_ACTIVITY.has(w));
}

/**
 * Whether `newer` restates `older`'s weekly slot: both name a recurring weekday, they are about the same person (an
 * unattributed fact matches anyone), and the first activity word of one is among the other's ("pilates every
 * Tuesday" / "Pilates is on Thursdays now"; "the recycling every other Wednesday" / "the recycling is every other
 * Tuesday"), so "the bins on Mondays" and "the recycling on Tuesdays" stay two slots.
 */
export function sameWeeklySlot(older: Pick<MemoryRecord, 'memory' | 'subject'>, newer: Pick<MemoryRecord, 'memory' | 'subject'>): boolean {
  const a = subjectName(older.subject);
  const b = subjectName(newer.subject);
  if (a && b && a !== b) return false;
  const wa = activityWords(older.memory);
  const wb = activityWords(newer.memory);
  if (wa.length === 0 || wb.length === 0) return false;
  return wb.includes(wa[0]!) || wa.includes(wb[0]!);
}

function subjectName(subject: string | null): string | null {
  const s = subject?.trim().toLowerCase();
  return s ? s : null;
}

/** Ids of the weekly habits among `facts` that a later one restates on its own day. `later(a, b)`: a was said after b. */
export function replacedWeeklySlots<T extends Pick<MemoryRecord, 'id' | 'memory' | 'subject' | 'forgetAfter'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const habits = facts.filter(recurringHabit);
  return new Set(habits.filter((older) => habits.some((newer) => newer !== older && later(newer, older) && sameWeeklySlot(older, newer))).map((m) => m.id));
}
