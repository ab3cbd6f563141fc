import { addDays, addMonths, dateOf, endOfDay, endOfMonth, isoDate, MONTH_PATTERN, MONTHS, monthName, startOfWeek, WEEKDAYS, weekdayOf } from './calendar.js';
import { tenseOf, type Tense } from './tense.js';
import { weekdayOfMonthDate } from './weekday-dates.js';
import { tenseAt } from './clause-tense.js';
import { withoutStartPeriod } from './start-periods.js';

/**
 * Relative dates resolved against the day a text was written, so that a fact stays true out of context:
 * "I went there yesterday" said on 2023-05-08 becomes "I went there on 2023-05-07". Periods resolve to their first
 * day ("last month" → 2023-04-01, written "in April 2023"). Explicit dates ("May 8, 2023", "8 May 2023", "2023-05-08")
 * are collected and left as written. Vague expressions ("a few days ago", "recently") are left alone.
 */
export interface ResolvedDates {
  /** The text with relative expressions replaced by absolute ones. */
  text: string;
  /** The ISO dates mentioned, in order of appearance, without repeats. */
  dates: string[];
}

interface Hit {
  start: number;
  end: number;
  date: string;
  /** What replaces the expression; null keeps it as written. */
  replacement: string | null;
}

interface Context {
  ref: string;
  tense: Tense;
}

/** How an expression reads once resolved: the preposition it needs ("on", "in", "around") and the absolute phrase. */
type Resolution = { date: string; prep: string; phrase: string } | { date: string; keep: true } | null;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  'couple of': 2,
};
const NUM = String.raw`(\d{1,3}|a couple of|a couple|couple of|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const WEEKDAY = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const PART = 'morning|afternoon|evening|night';
// Before these the resolved date needs no preposition of its own: "since yesterday" → "since 2023-05-07".
const PREPOSITION_BEFORE = /\b(?:since|until|till|til|from|by|before|after|of|for|through|during|between|to|on|in)\s*$/i;

const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s.toLowerCase()] ?? 0));
const day = (date: string, prep = 'on') => ({ date, prep, phrase: date });

/** The weekday `target` (0 = Monday) strictly after (`dir` 1) or strictly before (`dir` -1) `ref`. */
function nearestWeekday(ref: string, target: number, dir: 1 | -1): string {
  const diff = (target - weekdayOf(ref) + 7) % 7;
  return dir === 1 ? addDays(ref, diff === 0 ? 7 : diff) : addDays(ref, diff === 0 ? -7 : diff - 7);
}

function period(unit: string, ref: string, offset: number): { date: string; prep: string; phrase: string } {
  switch (unit.toLowerCase()) {
    case 'week': {
      const date = addDays(startOfWeek(ref), 7 * offset);
      return { date, prep: 'in', phrase: `the week of ${date}` };
    }
    case 'weekend': {
      const date = addDays(startOfWeek(ref), 7 * offset + 5);
      return { date, prep: 'on', phrase: `the weekend of ${date}` };
    }
    case 'month': {
      const date = addMonths(ref, offset);
      return { date, prep: 'in', phrase: monthName(date) };
    }
    default: {
      const year = Number(ref.slice(0, 4)) + offset;
      return { date: `${year}-01-01`, prep: 'in', phrase: String(year) };
    }
  }
}

/** `n` units before (`sign` -1) or after (1) `ref`: days are exact, weeks approximate, months and years named. */
function shifted(ref: string, n: number, unit: string, sign: 1 | -1, approximate: boolean) {
  const u = unit.toLowerCase();
  if (u === 'day') return day(addDays(ref, sign * n), approximate ? 'around' : 'on');
  if (u === 'week') return day(addDays(ref, sign * 7 * n), 'around');
  if (u === 'month') return period('month', ref, sign * n);
  return period('year', ref, sign * n);
}

// What recurs on a weekday: "the bin collection is on Thursday", "piano lessons are on Monday", "the recycling gets
// collected on Friday". One-off things (an appointment, a flight, a party) are not in the list: "my interview is on
// Thursday" is a date.
const RECURRING_BEFORE = new RegExp(
  String.raw`\b(?:(?:collection|collections|pickup|pick-up|bin day|bins|recycling|lessons?|class|classes|practice|training|rehearsals?|standups?|stand-ups?|shifts?|rota|clinic|surgery hours|market|league|club|choir|service|lie-in|day off|cleaner|round|run club)\s+(?:is|are|happens?|runs?|takes? place|goes? out|go|goes)|(?:collected|emptied|picked up|goes? out|put out)|\b(?:bin|bins|collection|cleaning|laundry|shopping|market|training|practice|lesson|class|rest|cheat|date|games?)\s+(?:day|night))\s+(?:(?:is|are|was|were)\s+)?(?:on\s+)?$`,
  'i',
);

/**
 * A weekday that names a recurring slot, not a date: after something that recurs ("bin collection is on Thursday"),
 * and the weekdays of a correction ("it's Tuesday not Thursday", "Sunday, not Saturday"), which name slots the
 * corrected fact holds as weekdays.
 */
function recurringSlot(m: RegExpMatchArray): boolean {
  const text = m.input ?? '';
  const before = text.slice(0, m.index);
  const after = text.slice(m.index! + m[0].length);
  const weekdays = new RegExp(String.raw`(?:${WEEKDAY})s?`, 'i').source;
  if (RECURRING_BEFORE.test(before)) return true;
  // "the leisure centre's Sunday closing", "my Tuesday class": a weekday after a possessive qualifies a thing of every
  // week; a date is never owned.
  if (/['’]s\s+$|\b(?:my|our|their|his|her|your)\s+$/i.test(before) && /^\s+\p{Ll}{3,}/u.test(after)) return true;
  // "every second Thursday", "every other Monday", "the first Monday of every month": a rota, not a date.
  if (/\b(?:every|each)\s+(?:other|second|third|fourth|alternate)\s+$/i.test(before)) return true;
  if (/\b(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+$/i.test(before) && /^s?\s+(?:of|in)\s+(?:the|every|each|a)\s+month\b/i.test(after)) return true;
  if (new RegExp(String.raw`\bnot\s+(?:on\s+)?$`, 'i').test(before)) return true;
  return new RegExp(String.raw`^(?:s|\s+\p{L}+)?,?\s+not\s+(?:on\s+)?${weekdays}\b`, 'iu').test(after);
}

// A clause that opens on a bare "-ing" verb right before the weekday is a plan, whatever the tense of the clause
// before it: "got a place in york, moving on saturday", "signed the lease - flying out on Friday". A determiner before
// the "-ing" word makes it a noun ("had a meeting on Monday" stays past), and "was/were" before it a past progressive.
const PLANNED_CLAUSE = /(?:^|[,;:!?]|\.{2,}|\s[-–—]|\b(?:and|so|but|then)\b)\s*\p{L}{2,}ing(?:\s+(?:out|off|back|over|up|down|away|home|in))?\s+(?:on\s+)?$/iu;

/** Whether the weekday matched at `m` closes a clause that opens on a bare "-ing" verb (a plan). */
function plannedWeekday(m: RegExpMatchArray): boolean {
  const before = m.input!.slice(0, m.index!);
  const opener = m[1] === undefined || /^on$/i.test(m[1]) ? before + (m[1] ? `${m[1]} ` : '') : null;
  // "running on Saturday was hard": the "-ing" word is the subject of a past verb, no plan.
  const after = m.input!.slice(m.index! + m[0].length);
  return opener !== null && PLANNED_CLAUSE.test(opener) && !/^\s*(?:was|were|had|did)\b/i.test(after);
}

/** A weekday after "last", "next", "this", "on" (or nothing): before the reference in past sentences, else after. */
function weekdayDate(which: string, target: number, c: Context, planned = false): Resolution {
  if (which === 'this') return day(addDays(startOfWeek(c.ref), target));
  // Said on a Monday, "next Tuesday" is the Tuesday of the following week, not tomorrow.
  if (which === 'next') return day(addDays(startOfWeek(c.ref), 7 + target));
  const backwards = /past|last/.test(which) || ((which === 'on' || which === '') && c.tense === 'past' && !planned);
  return day(nearestWeekday(c.ref, target, backwards ? -1 : 1));
}

function explicit(year: string | undefined, month: string, dayOfMonth: string, ref: string): Resolution {
  const m = /^\d+$/.test(month) ? Number(month) : MONTHS.get(month.toLowerCase().replace('.', ''));
  const date = m ? isoDate(year ? Number(year) : Number(ref.slice(0, 4)), m, Number(dayOfMonth)) : null;
  return date ? { date, keep: true } : null;
}

const RULES: { re: RegExp; resolve: (m: RegExpMatchArray, c: Context) => Resolution }[] = [
  { re: /\b(?:the\s+)?day before yesterday\b/gi, resolve: (_, c) => day(addDays(c.ref, -2)) },
  { re: /\b(?:the\s+)?day after tomorrow\b/gi, resolve: (_, c) => day(addDays(c.ref, 2)) },
  {
    re: new RegExp(String.raw`\b(yesterday|today|tonight|tomorrow|this|last)\s+(${PART})\b`, 'gi'),
    resolve: (m, c) => {
      const [which, part] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
      if (which === 'last' && part !== 'night') return null;
      const offset = which === 'yesterday' || which === 'last' ? -1 : which === 'tomorrow' ? 1 : 0;
      const date = addDays(c.ref, offset);
      return { date, prep: 'on', phrase: `the ${part} of ${date}` };
    },
  },
  {
    re: /\b(yesterday|today|tonight|tomorrow)\b(?!['’]s)/gi,
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      const date = addDays(c.ref, which === 'yesterday' ? -1 : which === 'tomorrow' ? 1 : 0);
      return which === 'tonight' ? { date, prep: 'on', phrase: `the night of ${date}` } : day(date);
    },
  },
  {
    re: /\b(yesterday|today|tonight|tomorrow)['’]s\b/gi,
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      const date = addDays(c.ref, which === 'yesterday' ? -1 : which === 'tomorrow' ? 1 : 0);
      return { date, prep: '', phrase: `the ${date}` };
    },
  },
  {
    re: /\b(last|this|next|this coming|the coming|coming)\s+(week|weekend|month|year)\b(?!['’]s)/gi,
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      return period(m[2]!, c.ref, which === 'last' ? -1 : which === 'this' ? 0 : 1);
    },
  },
  {
    // "Monday the 9th", "on Friday, the 3rd": the weekday and the day of the month name one date (weekday-dates.ts).
    re: new RegExp(String.raw`\b(?:on\s+)?(${WEEKDAY}),?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:${MONTH_PATTERN}))`, 'gi'),
    resolve: (m, c) => {
      const date = weekdayOfMonthDate(c.ref, WEEKDAYS.get(m[1]!.toLowerCase())!, Number(m[2]), c.tense === 'past' && !plannedWeekday(m));
      return date ? day(date) : null;
    },
  },
  {
    // "every Sunday", "on Sunday mornings", "Sundays": recurring, not a date.
    re: new RegExp(
      String.raw`(?<!\b(?:every|each|most|some|other|all|alternate)\s+)\b(?:(last|next|this|this coming|coming|this past|past|on)\s+)?(${WEEKDAY})\b(?!s\b|['’]s|\s+(?:mornings|afternoons|evenings|nights)\b)`,
      'gi',
    ),
    resolve: (m, c) => ((m[1] === undefined || /^on$/i.test(m[1]) ? recurringSlot(m) : false) ? null : weekdayDate((m[1] ?? '').toLowerCase(), WEEKDAYS.get(m[2]!.toLowerCase())!, c, plannedWeekday(m))),
  },
  {
    // Abbreviated weekdays only after a word that makes them dates ("last Wed"): "Sat" and "Sun" are words too.
    re: /\b([Ll]ast|[Nn]ext|[Tt]his|[Oo]n|[Cc]oming)\s+(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\b(?!s\b)/g,
    resolve: (m, c) => {
      const full = [...WEEKDAYS.keys()].find((d) => d.startsWith(m[2]!.toLowerCase().slice(0, 3)))!;
      return weekdayDate(m[1]!.toLowerCase(), WEEKDAYS.get(full)!, c);
    },
  },
  {
    re: new RegExp(String.raw`\b(?:(about|around|roughly|nearly|almost|over|some)\s+)?${NUM}\s+(day|week|month|year)s?\s+ago\b`, 'gi'),
    resolve: (m, c) => shifted(c.ref, toNumber(m[2]!), m[3]!, -1, m[1] !== undefined),
  },
  {
    re: new RegExp(String.raw`\bin\s+(?:(about|around|roughly|another)\s+)?${NUM}\s+(day|week|month|year)s?(?:['’]\s*time)?\b`, 'gi'),
    // "I learned it in two weeks" is a duration, not a date.
    resolve: (m, c) => (c.tense === 'past' ? null : shifted(c.ref, toNumber(m[2]!), m[3]!, 1, m[1] !== undefined)),
  },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, resolve: (m, c) => explicit(m[1], m[2]!, m[3]!, c.ref) },
  { re: /\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g, resolve: (m, c) => explicit(m[1], m[2]!, m[3]!, c.ref) },
  {
    re: new RegExp(String.raw`\b(${MONTH_PATTERN})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`, 'g'),
    resolve: (m, c) => explicit(m[3], m[1]!, m[2]!, c.ref),
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_PATTERN})\b\.?(?:,?\s+(\d{4})\b)?`, 'g'),
    resolve: (m, c) => explicit(m[3], m[2]!, m[1]!, c.ref),
  },
  { re: new RegExp(String.raw`\b(${MONTH_PATTERN})\s+(\d{4})\b`, 'g'), resolve: (m, c) => explicit(m[2], m[1]!, '1', c.ref) },
  {
    // "in June" said in March: June of this year, or of last year in a past sentence ("we got married in June").
    re: new RegExp(String.raw`\b([Ii]n|[Dd]uring|[Ss]ince|[Uu]ntil|[Bb]y|[Bb]efore|[Aa]fter|[Tt]his|[Ll]ast|[Nn]ext|[Ee]arly|[Ll]ate|[Mm]id-?)\s*\b(${MONTH_PATTERN})\b(?![\s,]+\d)`, 'g'),
    resolve: (m, c) => bareMonth(m[1]!, m[2]!, c),
  },
];

/** A month named without a year, placed by the word before it and the sentence's tense. */
function bareMonth(word: string, monthWord: string, c: Context): Resolution {
  const month = MONTHS.get(monthWord.toLowerCase());
  if (!month) return null;
  const w = word.toLowerCase();
  const [year, current] = [Number(c.ref.slice(0, 4)), Number(c.ref.slice(5, 7))];
  let y = year;
  if (w === 'last') y = month < current ? year : year - 1;
  else if (w === 'next') y = month > current ? year : year + 1;
  else if (w !== 'this') y = c.tense === 'past' || w === 'since' ? (month <= current ? year : year - 1) : month >= current ? year : year + 1;
  const date = isoDate(y, month, 1)!;
  const phrase = `${monthName(date)}`;
  return { date, prep: '', phrase: /^(?:this|last|next)$/.test(w) ? `in ${phrase}` : `${word}${word.endsWith('-') ? '' : ' '}${phrase}` };
}

/** Resolves the relative date expressions of `text` against `referenceDate` (an ISO date or instant). */
export function resolveDates(text: string, referenceDate: string): ResolvedDates {
  const ref = dateOf(referenceDate);
  if (!ref) return { text, dates: [] };
  const tense = tenseOf(text);
  const hits: Hit[] = [];
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      // The clause a date sits in may look back or forward where its sentence does not (clause-tense.ts).
      const r = rule.resolve(m, { ref, tense: tenseAt(text, m.index!, tense) });
      if (!r) continue;
      const start = m.index!;
      let replacement: string | null = null;
      if (!('keep' in r)) {
        const prep = r.prep && !PREPOSITION_BEFORE.test(text.slice(Math.max(0, start - 12), start)) ? `${r.prep} ` : '';
        replacement = prep + r.phrase;
        // Only a sentence's first word keeps its capital: "Monday" mid-sentence is capitalised as a name, and
        // "due Monday" must read "due on 2026-05-04", not "due On …".
        if (/^\p{Lu}/u.test(m[0]) && /^[\s"'“(]*$/u.test(text.slice(0, start))) replacement = replacement[0]!.toUpperCase() + replacement.slice(1);
      }
      hits.push({ start, end: start + m[0].length, date: r.date, replacement });
    }
  }
  // Earliest first, longest first at the same start; overlapping later hits are dropped.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let pos = 0;
  const dates: string[] = [];
  for (const hit of hits) {
    if (hit.start < pos) continue;
    out += text.slice(pos, hit.start) + (hit.replacement ?? text.slice(hit.start, hit.end));
    pos = hit.end;
    if (!dates.includes(hit.date)) dates.push(hit.date);
  }
  return { text: out + text.slice(pos), dates };
}

const UNTIL = String.raw`(?:until|till|til|through|thru|up to)\s+`;

/**
 * When a statement stops being true, as the ISO instant ending that day: "this week" → the end of Sunday, "until
 * Friday" → the end of the coming Friday, "today"/"tonight" → the end of the day, "this month" → the end of the month,
 * "for the next 3 days" → the end of the third day. Past statements ("I was sick today") stay true: null, as for any
 * statement without such an expression. When several apply, the latest wins.
 */
export function inferForgetAfter(text: string, referenceDate: string): string | null {
  const ref = dateOf(referenceDate);
  if (!ref || tenseOf(text) === 'past') return null;
  // "As of this month I'm the charge nurse", "Starting this week I work from home": when it starts, not when it ends.
  // "I've started learning Italian this week": when a habit began (start-periods.ts).
  text = withoutStartPeriod(text);
  text = text.replace(/\b(?:as of|as from|starting|beginning|since|from)\s+(?:this|today|tonight|the\s+start\s+of\s+this)\s*(?:week(?:end)?|month|year|morning|evening|afternoon)?\b/gi, ' ');
  const ends: string[] = [];
  const endOfWeek = (offset = 0) => addDays(startOfWeek(ref), 7 * offset + 6);
  const add = (re: RegExp, end: (m: RegExpMatchArray) => string | null) => {
    for (const m of text.matchAll(re)) {
      const e = end(m);
      if (e) ends.push(e);
    }
  };
  add(new RegExp(String.raw`\b${UNTIL}(?:(next)\s+)?(${WEEKDAY})\b`, 'gi'), (m) => {
    const target = WEEKDAYS.get(m[2]!.toLowerCase())!;
    const diff = (target - weekdayOf(ref) + 7) % 7;
    return addDays(ref, m[1] ? (diff === 0 ? 7 : diff) : diff);
  });
  add(new RegExp(String.raw`\b${UNTIL}(tomorrow|tonight|today)\b`, 'gi'), (m) => addDays(ref, /tomorrow/i.test(m[1]!) ? 1 : 0));
  add(new RegExp(String.raw`\b${UNTIL}(?:the\s+end\s+of\s+)?(?:(this|the|next)\s+)?(week|weekend|month)\b`, 'gi'), (m) => {
    const next = m[1]?.toLowerCase() === 'next' && /the\s+end/i.test(m[0]);
    return /month/i.test(m[2]!) ? endOfMonth(next ? addMonths(ref, 1) : ref) : endOfWeek(next ? 1 : 0);
  });
  add(new RegExp(String.raw`\b${UNTIL}(?:(${MONTH_PATTERN})\.?\s+(\d{1,2})|(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_PATTERN}))\b|\b${UNTIL}(\d{4}-\d{2}-\d{2})\b`, 'g'), (m) => {
    if (m[5]) return dateOf(m[5]);
    const month = MONTHS.get((m[1] ?? m[4])!.toLowerCase())!;
    return isoDate(Number(ref.slice(0, 4)), month, Number(m[2] ?? m[3]));
  });
  add(/\b(?:this|rest of the)\s+week(?:end)?\b/gi, () => endOfWeek());
  add(/\b(?:this|rest of the)\s+month\b/gi, () => endOfMonth(ref));
  add(/\bthis\s+year\b/gi, () => `${ref.slice(0, 4)}-12-31`);
  add(new RegExp(String.raw`\b(?:today|tonight|this\s+(?:${PART})|rest of the day)\b`, 'gi'), () => ref);
  add(new RegExp(String.raw`\b(?:for|over)\s+(?:the\s+)?(?:next|coming|another)\s+(?:${NUM}\s+|(few)\s+)?(day|week|month)s?\b`, 'gi'), (m) => {
    const n = m[2] ? 3 : m[1] ? toNumber(m[1]) : 1;
    const unit = m[3]!.toLowerCase();
    return unit === 'day' ? addDays(ref, n) : unit === 'week' ? addDays(ref, 7 * n) : addDays(addMonths(ref, n), Number(ref.slice(8, 10)) - 1);
  });
  // "until March", "through the end of June": the end of that month (the next one of that name).
  add(new RegExp(String.raw`\b${UNTIL}(?:the\s+end\s+of\s+)?(${MONTH_PATTERN})\b(?!\.?\s+\d)`, 'gi'), (m) => {
    const month = MONTHS.get(m[1]!.toLowerCase())!;
    const first = isoDate(Number(ref.slice(0, 4)) + (month < Number(ref.slice(5, 7)) ? 1 : 0), month, 1);
    return first && endOfMonth(first);
  });
  // "for the summer", "over the winter": the end of that season (northern hemisphere), the next one to end.
  add(/\b(?:for|over|during)\s+the\s+(summer|winter|spring|autumn|fall)\b/gi, (m) => {
    const last = { spring: 5, summer: 8, autumn: 11, fall: 11, winter: 2 }[m[1]!.toLowerCase() as 'summer']!;
    const first = isoDate(Number(ref.slice(0, 4)) + (last < Number(ref.slice(5, 7)) ? 1 : 0), last, 1);
    return first && endOfMonth(first);
  });
  if (ends.length === 0) return null;
  return endOfDay(ends.sort().at(-1)!);
}

/**
 * When what a resolved text dates to `date` is over: the end of that week, weekend, month or year when the text
 * names one ("in June 2026" → the end of June), else the end of the day. Null for a date before `referenceDate`.
 */
export function periodEnd(resolvedText: string, date: string, referenceDate: string): string | null {
  const ref = dateOf(referenceDate);
  if (!ref) return null;
  let end = date;
  if (resolvedText.includes(`the week of ${date}`)) end = addDays(date, 6);
  else if (resolvedText.includes(`the weekend of ${date}`)) end = addDays(date, 1);
  else if (resolvedText.includes(monthName(date))) end = endOfMonth(date);
  else if (date.endsWith('-01-01') && new RegExp(`\\b${date.slice(0, 4)}\\b`).test(resolvedText) && !resolvedText.includes(date)) end = `${date.slice(0, 4)}-12-31`;
  return end < ref ? null : endOfDay(end);
}
