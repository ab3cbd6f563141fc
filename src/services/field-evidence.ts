import type { MemoryRecord } from '../core/types.js';
import { term, words } from '../text/tokenize.js';

const USER_SUBJECT = /^\s*(?:the\s+)?user\b/i;
/** How the engine says a note's field: "The release owner of Weekly sync is Chiara Esposito from now on." */
const NOTE_FIELD = /^\s*The\s+[\p{L}\p{N}' -]+?\s+of\s+.+?\s+(?:is|are|was|were)\s/u;

/**
 * A note's field asked by name (issue 26, blind23): "Who is the release owner?" asks the field the note filed as
 * `field:relea owner week` ("Release owner: Chiara Esposito" of the "Weekly sync" note), which no catalogue attribute
 * names ("owner" reads as `lead`), so the fact stating it would count as another attribute's. +1 when every word of the
 * field beyond its subject's is a word of the question, else null (the catalogue's evidence holds).
 */
export function fieldEvidence(question: string, m: Pick<MemoryRecord, 'attribute' | 'subject' | 'memory'>): number | null {
  const a = m.attribute?.trim().toLowerCase();
  // A person's field ("field:gp" of "The user's GP is Dr Harris", "field:phone network" of "Kate moved her phone
  // contract to Three") is a relation a later unfiled fact may replace, or another person's: only a note's own fields,
  // said as the engine says them, count here.
  if (!a?.startsWith('field:') || USER_SUBJECT.test(m.subject ?? '') || !NOTE_FIELD.test(m.memory)) return null;
  // The stored field is stemmed already (objectKey), and a stem stemmed again may lose a letter ("releas" → "relea"):
  // both sides are compared stemmed twice.
  const once = (w: string) => term(w) ?? w;
  const stems = (text: string) => words(text).map((w) => once(once(w)));
  const subject = new Set(stems(m.subject ?? ''));
  const field = stems(a.slice('field:'.length)).filter((w) => !subject.has(w));
  if (field.length === 0) return null;
  const asked = new Set(stems(question));
  return field.every((w) => asked.has(w)) ? 1 : null;
}
