import type { MemoryRecord } from '../core/types.js';
import { attributeSpec } from '../memory/attributes.js';
import { keyedObject, namesObject } from './memory-replacements.js';
import { ENDS_THING } from './same-time-endings.js';
import { attributeEvidence, canonicalAttribute, statedLater, subjectOf, type RankedMemory, type SubjectKey } from './memory-ranking.js';

/**
 * Questions about a value that held before (issue 26, round 15): "where did I live before Cardiff?", "what was my old
 * address?", "who did I report to before Hamid?". Their answer is the older fact, which every other rule of ranking puts
 * below the one that replaced it; so the search reads the earlier versions of its candidates too, and the fact stated
 * just before the one the question names goes first.
 */

/**
 * What a question about the past refers to: `reference` is the later value it names ("Cardiff" of "before Cardiff"),
 * null when it names none ("my old address", "where did I use to live": the current value is the reference).
 * Null for a question about now (no verb in the past).
 */
export interface PastQuestion {
  reference: string | null;
  /**
   * The reference is the complement of a clause ("before I became a teacher", "before she was promoted"): when no
   * candidate names it, the first hit is the reference, as with no reference.
   */
  clause?: boolean;
  /** A period the question asks about ("last year", "last summer", "in 2024", "two years ago"): the fact that held then. */
  period?: Period;
  /** "did I ever live in Boston?": the value asked about, whose fact (current or earlier) answers. */
  named?: string;
  /** "what did I do before the NHS?": the question asks what the person did for work, their title. */
  occupation?: boolean;
}

/** A period before now: the last year, season or month, a calendar year, or a number of years ago. */
export type Period = { last: 'year' | 'month' | Season } | { year: number } | { yearsAgo: number };
type Season = 'spring' | 'summer' | 'autumn' | 'fall' | 'winter';

// "use to" is past only after "did" ("where did I use to live?"), not in "what app should I use to message Josh?".
const USE_TO = String.raw`used to|(?:did|didn't|didn’t)\s+(?:\S+\s+){0,2}use to`;
const PAST_VERB = new RegExp(String.raw`\b(?:did|was|were|had|${USE_TO})\b`, 'i');
// Case-sensitive: the words of a name after the first are capitalised ("before New York", not "before York for work").
const BEFORE = /\b[Bb]efore\s+(?:the\s+|my\s+|her\s+|his\s+|their\s+)?([\p{L}\p{N}][\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*)*)/u;
const FORMER = new RegExp(String.raw`\b(?:previous|previously|old|former|formerly|${USE_TO}|originally)\b`, 'i');

/** "before I became a teacher", "before she was promoted", "before we moved to Leeds": a clause after "before". */
const BEFORE_CLAUSE = /\b[Bb]efore\s+(?:I|you|he|she|we|they|\p{Lu}\p{Ll}+)\s+(?:became|was|were|got|started|joined|moved|went|switched|turned|took)\s+(?:(?:a|an|the|to|into|at|in|over|up|on)\s+)*([^?.!]+)/u;
/** "did I ever live in Boston?", "have you ever worked at Google?": the capitalised value after "ever". */
const EVER = /\b(?:did|have|has|had)\s+(?:I|you|we|he|she|they|\p{Lu}\p{Ll}+)\s+ever\b([^?]*)/u;
/** "what did I do before the NHS?", "what did Anna do before Google?": what the person did, their work. */
const OCCUPATION = /\bwhat\s+did\s+(?:I|you|we|he|she|they|\p{Lu}\p{Ll}+)\s+do\s+before\b/u;
const NAMED = /\p{Lu}[\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*)*/u;
const LAST = /\blast\s+(year|month|spring|summer|autumn|fall|winter)\b/i;
const IN_YEAR = /\b(?:in|during|back in)\s+((?:19|20)\d{2})\b/i;
const YEARS_AGO = /\b(a|one|two|three|four|five|\d+)\s+years?\s+ago\b/i;
const NUMBERS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };

export function pastQuestion(question: string): PastQuestion | null {
  const ever = EVER.exec(question);
  if (ever) {
    const named = NAMED.exec(ever[1]!);
    if (named) return { reference: null, named: named[0].replace(/'s$/, '') };
  }
  if (!PAST_VERB.test(question)) return null;
  const period = periodOf(question);
  const clause = BEFORE_CLAUSE.exec(question);
  if (clause) {
    // The value the clause names: its capitalised words ("before we moved to Leeds"), else its last word ("a maths teacher").
    const complement = clause[1]!.trim();
    const named = NAMED.exec(complement);
    const reference = named ? named[0] : complement.split(/\s+/).pop()!;
    return { reference: reference.replace(/'s$/, ''), clause: true };
  }
  const before = BEFORE.exec(question);
  if (before) return { reference: before[1]!.replace(/'s$/, '').replace(/[?.!]+$/, ''), ...(OCCUPATION.test(question) ? { occupation: true } : {}) };
  if (period) return { reference: null, period };
  return FORMER.test(question) ? { reference: null } : null;
}

function periodOf(question: string): Period | undefined {
  const last = LAST.exec(question);
  if (last) return { last: last[1]!.toLowerCase() as 'year' | 'month' | Season };
  const year = IN_YEAR.exec(question);
  if (year) return { year: Number(year[1]) };
  const ago = YEARS_AGO.exec(question);
  if (ago) return { yearsAgo: NUMBERS[ago[1]!.toLowerCase()] ?? Number(ago[1]) };
  return undefined;
}

/**
 * The last day of a period asked about, relative to `now` (YYYY-MM-DD): "last year" ends on 31 December of the year
 * before, "last summer" on the last day of the latest summer that ended before now (northern seasons: spring March-May,
 * summer June-August, autumn September-November, winter December-February), "last month" on the last day of the month
 * before, "in 2024" on 31 December 2024, "two years ago" on 31 December two years before.
 */
export function periodEnd(period: Period, now: string): string {
  const y = Number(now.slice(0, 4));
  const m = Number(now.slice(5, 7));
  if ('year' in period) return `${period.year}-12-31`;
  if ('yearsAgo' in period) return `${y - period.yearsAgo}-12-31`;
  if (period.last === 'year') return `${y - 1}-12-31`;
  if (period.last === 'month') return lastDay(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1);
  // The month a season ends in; the season is "last" when it ended before the current month.
  const endMonth = { spring: 5, summer: 8, autumn: 11, fall: 11, winter: 2 }[period.last];
  return lastDay(endMonth < m ? y : y - 1, endMonth);
}

function lastDay(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A change said of a thing ("switched my current account to Starling"): the lasting fact before it held its old value. */
const CHANGED = /\b(?:switched|swapped|changed|replaced|upgraded|traded)\b/i;

/** Whether a text names the reference (its words, case aside, as whole words). */
function names(text: string, reference: string): boolean {
  const escaped = reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(String.raw`(?:^|[^\p{L}\p{N}])${escaped}(?:$|[^\p{L}\p{N}])`, 'iu').test(text);
}

/** A fact that holds over time: stated as lasting, or of a catalogue attribute. */
function lasting(m: MemoryRecord): boolean {
  return m.isStatic || kind(m) !== 'other';
}

/** The kind of value a fact states, for "the same thing before": its catalogue id, employer and role as one (a job). */
function kind(m: MemoryRecord): string {
  const id = attributeSpec(canonicalAttribute(m.attribute))?.id ?? 'other';
  return id === 'employer' || id === 'role' ? 'work' : id;
}

/**
 * Puts first, for a question about the past, the fact stated last before the reference fact (the best-ranked one
 * naming the reference; without a reference, the first hit stating what is asked, else the first hit): of the same
 * subject, of the same version chain or the same kind of value (an unknown kind matches any for a question about an
 * attribute, `asked`, else only between two lasting facts), not naming the reference; of those, the reference's own
 * earlier versions first, then those stating what is asked. For a period ("last summer") the fact stated last on or
 * before its end. It takes the first place's score; the rest keep their order strictly below it. Unchanged when no
 * reference fact or no earlier fact is found.
 */
export function previousValueFirst<T extends RankedMemory>(sorted: readonly T[], past: PastQuestion, asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (sorted.length < 2) return [...sorted];
  if (past.named !== undefined) return namedFirst(sorted, past.named);
  const named = past.reference === null ? undefined : sorted.find((h) => names(h.memory.memory, past.reference!));
  // "before the reorg" names an event, not a value (no capital): when no fact names it, the current fact is the reference.
  const event = past.reference !== null && !/\p{Lu}/u.test(past.reference);
  if (past.reference !== null && !((past.clause || event) && !named)) {
    const previous = named ? previousOf(sorted, named, past, asked, subjectKey) : null;
    return previous ? first(sorted, previous) : [...sorted];
  }
  // Without a reference, the current fact of what is asked ("what was my old dog called?": the dog's fact, not a
  // course that happens to score first); when nothing of it was stated before, the first hit ("what was my old phone
  // number?": the new number, filed under no attribute, ranks first).
  const stating = asked.length > 0 ? sorted.find((h) => attributeEvidence(asked, h.memory) > 0) : undefined;
  const previous = (stating && previousOf(sorted, stating, past, asked, subjectKey)) ?? previousOf(sorted, sorted[0]!, past, asked, subjectKey);
  return previous ? first(sorted, previous) : [...sorted];
}

/** The fact stated last before `ref` (or on or before the period's end) of the same thing; null when none. */
function previousOf<T extends RankedMemory>(sorted: readonly T[], ref: T, past: PastQuestion, asked: readonly string[], subjectKey: SubjectKey): T | null {
  // A period asked about ends on a day: the fact that held then was stated on or before it (now is the newest
  // candidate's day, the tag's latest activity the question can know of).
  const until = past.period
    ? periodEnd(
        past.period,
        sorted.map((h) => day(h.memory)).reduce((a, b) => (b > a ? b : a)),
      )
    : null;
  if (until !== null && day(ref.memory) <= until) return null;
  const subject = subjectOf(ref.memory, subjectKey);
  const refKind = kind(ref.memory);
  const chain = ref.memory.rootMemoryId ?? ref.memory.id;
  const earlier = sorted.filter((h) => {
    if (h === ref) return false;
    if (until !== null ? day(h.memory) > until : !statedLater(ref.memory, h.memory) && !toldWithBefore(h.memory, ref.memory, chain)) return false;
    if (past.reference !== null && names(h.memory.memory, past.reference)) return false;
    // A fact filed with no subject ("Changed networks, new number is ...") may be anyone's.
    if (subjectOf(h.memory, subjectKey) !== subject && h.memory.subject !== null && ref.memory.subject !== null) return false;
    if ((h.memory.rootMemoryId ?? h.memory.id) === chain) return true;
    // The same kind of value; a fact of unknown kind when the question asks about a lasting attribute ("where did I
    // live"), or when both hold over time: two episodes ("went to the parade", "painted a sunset") asked about with no
    // attribute are no former and later value of one thing, unless the question asks when ("last summer").
    const k = kind(h.memory);
    if (k !== 'other' && refKind !== 'other') return k === refKind;
    return asked.length > 0 || (lasting(h.memory) && (lasting(ref.memory) || CHANGED.test(ref.memory.memory))) || (until !== null && k === refKind);
  });
  if (earlier.length === 0) return null;
  // Of the earlier facts: the reference's own earlier versions ("before she was a solicitor": the title before it, not
  // the employer told the same day); else those stating what is asked ("where did I live before Cardiff?": the home,
  // not the broken wrist told between), a keyed fact's thing said in words counting ("The user's dog Barney passed
  // away" for the `pet:dog` Skye).
  const versions = earlier.filter((h) => (h.memory.rootMemoryId ?? h.memory.id) === chain);
  const object = keyedObject(canonicalAttribute(ref.memory.attribute));
  const stating = earlier.filter((h) => attributeEvidence(asked, h.memory) > 0 || (refKind !== 'other' && kind(h.memory) === refKind) || (object !== null && namesObject(h.memory.memory, object)));
  const pool = versions.length > 0 ? versions : stating.length > 0 ? stating : earlier;
  // The last stated before the reference; on the same day, the better ranked.
  const previous = pool.reduce((a, b) => (statedLater(b.memory, a.memory) && !sameDay(a.memory, b.memory) ? b : a));
  return past.occupation ? (titleOf(previous, earlier) ?? previous) : previous;
}

/**
 * Told at the reference's time and before it: an earlier version of its chain ("Priya left Google." and "Priya now works
 * at Stripe." of one message, linked), or a fact ending a value ("left Google", not linked), which names the value
 * held before the reference.
 */
function toldWithBefore(h: MemoryRecord, ref: MemoryRecord, chain: string): boolean {
  if (statedLater(h, ref)) return false;
  if ((h.rootMemoryId ?? h.id) === chain && h.version < ref.version) return true;
  return ENDS_THING.test(h.memory) && !ENDS_THING.test(ref.memory);
}

/**
 * "What did I do before the NHS?" asks the title: when the fact that held before is the employer ("works at Hollins High
 * School"), its title said at the same time ("works as a maths teacher") answers, the other half of one job.
 */
function titleOf<T extends RankedMemory>(previous: T, earlier: readonly T[]): T | null {
  if (attributeSpec(canonicalAttribute(previous.memory.attribute))?.id !== 'employer') return null;
  return earlier.find((h) => attributeSpec(canonicalAttribute(h.memory.attribute))?.id === 'role' && day(h.memory) === day(previous.memory)) ?? null;
}

/** "did I ever live in Boston?": the best-ranked fact naming the value (an earlier version too) goes first. */
function namedFirst<T extends RankedMemory>(sorted: readonly T[], value: string): T[] {
  const hit = sorted.find((h) => names(h.memory.memory, value));
  return hit === undefined || hit === sorted[0] ? [...sorted] : first(sorted, hit);
}

/** `hit` first with the first place's score, the rest in their order strictly below it. */
function first<T extends RankedMemory>(sorted: readonly T[], hit: T): T[] {
  const top = sorted[0]!.similarity;
  // Strictly below it: a tie would leave the order to whoever sorts the results next.
  const rest = sorted.filter((h) => h !== hit).map((h) => (h.similarity >= top ? { ...h, similarity: top * 0.999 } : h));
  return [{ ...hit, similarity: top }, ...rest];
}

function sameDay(a: MemoryRecord, b: MemoryRecord): boolean {
  return day(a) === day(b);
}

function day(m: MemoryRecord): string {
  const d = m.metadata?.date;
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : m.createdAt.slice(0, 10);
}
