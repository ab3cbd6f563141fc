import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';
import { moveUp } from './rank-move.js';
import { statedLater, subjectOf, type SubjectKey } from './memory-ranking.js';
import { ENDS_THING } from './same-time-endings.js';

/** A job not taken (yet): an offer, an interview, an application ("got the offer from Maersk", "final interview at ..."). */
const PENDING = /\b(?:job\s+)?offers?\b|\boffered\b|\binterview(?:s|ed|ing)?\b|\bappl(?:ied|ying|ication)\b|\bshortlisted\b/i;
/** A job taken: "is starting as a logistics analyst", "started at Maersk", "joined Wise as", "first day at". */
const STARTED = /\b(?:start(?:s|ed|ing)?|began|begins|joined|joins|joining)\s+(?:as|at|with|work|the\s+(?:new\s+)?(?:job|role)|a\s+new\s+(?:job|role))\b|\bfirst\s+(?:day|week)s?\s+(?:at|as)\b/i;

/**
 * "What is my job at Maersk?", "where does Priya work?" (issue 26, round 21): an offer or an interview said of a job
 * is not the job, which the fact that the person starts it is ("The user is starting as a logistics analyst on 1 March."
 * ranked 0.66 under "The user got the offer from Maersk." 0.83: the role fact does not name the employer the question
 * does). For a question about the job, the first such start of the same person, said in the same document or later,
 * goes just above each offer, interview or application that ranks above it.
 */
export function startAboveOffer<T extends RankedMemory>(ranked: readonly T[], asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (!asked.includes('employer') && !asked.includes('role')) return [...ranked];
  const out = [...ranked];
  const moved = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const offer = out[i]!.memory;
    if (moved.has(offer.id) || !PENDING.test(offer.memory) || STARTED.test(offer.memory)) continue;
    const who = subjectOf(offer, subjectKey);
    if (who === null) continue;
    const j = out.findIndex((h, k) => k > i && !moved.has(h.memory.id) && startOf(h.memory, offer, who, subjectKey));
    if (j < 0) continue;
    moved.add(moveUp(out, j, i).memory.id);
  }
  return out;
}

function startOf(m: MemoryRecord, offer: MemoryRecord, who: string, subjectKey: SubjectKey): boolean {
  if (!STARTED.test(m.memory) || PENDING.test(m.memory) || ENDS_THING.test(m.memory)) return false;
  if (subjectOf(m, subjectKey) !== who) return false;
  return m.documentIds.some((d) => offer.documentIds.includes(d)) || !statedLater(offer, m);
}
