import type { MemoryRecord } from '../core/types.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, statedLater, subjectOf, type RankedMemory, type SubjectKey } from './memory-ranking.js';

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
}

const PAST_VERB = /\b(?:did|was|were|had|used to|use to)\b/i;
// Case-sensitive: the words of a name after the first are capitalised ("before New York", not "before York for work").
const BEFORE = /\b[Bb]efore\s+(?:the\s+|my\s+|her\s+|his\s+|their\s+)?([\p{L}\p{N}][\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*)*)/u;
const FORMER = /\b(?:previous|previously|old|former|formerly|used to|use to|originally)\b/i;

export function pastQuestion(question: string): PastQuestion | null {
  if (!PAST_VERB.test(question)) return null;
  const before = BEFORE.exec(question);
  if (before) return { reference: before[1]!.replace(/'s$/, '').replace(/[?.!]+$/, '') };
  return FORMER.test(question) ? { reference: null } : null;
}

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
 * naming the reference; without a reference, the first hit): of the same subject, of the same version chain or the
 * same kind of value (an unknown kind matches any for a question about an attribute, `asked`, else only between two
 * lasting facts), not naming the reference. It takes the first place's score; the
 * rest keep their order strictly below it. Unchanged when no reference fact or no earlier fact is found.
 */
export function previousValueFirst<T extends RankedMemory>(sorted: readonly T[], past: PastQuestion, asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (sorted.length < 2) return [...sorted];
  const ref = past.reference === null ? sorted[0]! : sorted.find((h) => names(h.memory.memory, past.reference!));
  if (!ref) return [...sorted];
  const subject = subjectOf(ref.memory, subjectKey);
  const refKind = kind(ref.memory);
  const chain = ref.memory.rootMemoryId ?? ref.memory.id;
  const earlier = sorted.filter((h) => {
    if (h === ref || !statedLater(ref.memory, h.memory)) return false;
    if (past.reference !== null && names(h.memory.memory, past.reference)) return false;
    if (subjectOf(h.memory, subjectKey) !== subject) return false;
    if ((h.memory.rootMemoryId ?? h.memory.id) === chain) return true;
    // The same kind of value; a fact of unknown kind when the question asks about a lasting attribute ("where did I
    // live"), or when both hold over time: two episodes ("went to the parade", "painted a sunset") asked about with no
    // attribute are no former and later value of one thing.
    const k = kind(h.memory);
    if (k !== 'other' && refKind !== 'other') return k === refKind;
    return asked.length > 0 || (lasting(h.memory) && lasting(ref.memory));
  });
  if (earlier.length === 0) return [...sorted];
  // The last stated before the reference; on the same day, the better ranked.
  const previous = earlier.reduce((a, b) => (statedLater(b.memory, a.memory) && !sameDay(a.memory, b.memory) ? b : a));
  const top = sorted[0]!.similarity;
  // Strictly below it: a tie would leave the order to whoever sorts the results next.
  const rest = sorted.filter((h) => h !== previous).map((h) => (h.similarity >= top ? { ...h, similarity: top * 0.999 } : h));
  return [{ ...previous, similarity: top }, ...rest];
}

function sameDay(a: MemoryRecord, b: MemoryRecord): boolean {
  return day(a) === day(b);
}

function day(m: MemoryRecord): string {
  const d = m.metadata?.date;
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : m.createdAt.slice(0, 10);
}
