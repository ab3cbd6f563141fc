import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';

/**
 * Facts stated in another mood than "this is so" (round 20): advice someone gives ("the user's doctor says the user
 * should try going vegan", "Tom thinks Maya should move to London"), a condition ("if the user gets the Dublin offer
 * the user would move"), a wish ("the user wishes the user worked at ..."), a choice being weighed ("is thinking about
 * leaving Google", "is considering a Pixel", "might move to Osaka") or a question. They are remembered, but for a
 * question about what holds they must not answer above a plain statement of the same person: a memory in such a mood
 * drops just below the best lasting fact of its subject (catalogued: a home, a job, a diet) that the question finds
 * about as relevant.
 */
const ADVICE = /\b(?:says?|said|thinks?|thought|suggests?|suggested|recommends?|recommended|reckons?|advised|advises)\b[^.;]*?\b(?:should|ought to|could|must|needs? to)\b/i;
const CONDITION = /^\s*(?:if|when|once|unless|assuming)\b[^.;]*\b(?:would|'d|will|might|could)\b|\b(?:would|'d)\s+(?:move|get|buy|take|switch|go|love|like|rather)\b/i;
const WISH = /\b(?:wish(?:es|ed)?|dreams? (?:of|about)|hopes? to|would love to|would like to)\b/i;
const WEIGHING = /\b(?:(?:is|are|am|was|were|'s|'re|'m)\s+(?:thinking (?:about|of)|considering|debating|weighing|torn between|wondering (?:whether|if|about))|not sure (?:whether|if))\b/i;
// Lower case only: "May" is also a month.
const MAYBE = /\b(?:might|may|maybe|perhaps)\b|^(?:Maybe|Perhaps)\b/;
const QUESTION = /\?\s*["”']?\s*\.?\s*$|\b(?:asked|asks|wonders|wondered)\s+(?:whether|if)\b/i;

/** Whether a memory's text states something in another mood than fact: advice, a condition, a wish, a weighing, a question. */
export function unasserted(text: string): boolean {
  return ADVICE.test(text) || CONDITION.test(text) || WISH.test(text) || WEIGHING.test(text) || MAYBE.test(text) || QUESTION.test(text);
}

/** A plain fact this much as relevant as the unasserted one, or more, answers above it. */
export const PLAIN_SHARE = 0.6;

/**
 * Moves each memory in another mood below the best plain fact of the same subject (by `subjectOf`, named in its text) that scores at least `PLAIN_SHARE` of it; the input is sorted best first and so is the result.
 */
export function unassertedBelow<T extends RankedMemory>(sorted: readonly T[], subjectOf: (m: MemoryRecord) => string | null): T[] {
  const moods = sorted.map((h) => unasserted(h.memory.memory));
  if (!moods.some(Boolean)) return [...sorted];
  const out = sorted.map((h) => ({ ...h }));
  for (let i = 0; i < out.length; i++) {
    if (!moods[i]) continue;
    const u = out[i]!;
    const text = u.memory.memory.toLowerCase();
    const plain = out.find((h, j) => {
      if (j === i || moods[j] || h.similarity > u.similarity || h.similarity < PLAIN_SHARE * u.similarity) return false;
      // A lasting fact the engine catalogued (a home, a job, a diet, an allergy): an event or another plan of the
      // person ("went to a support group") says nothing about what the mood is about.
      if (!h.memory.attribute || !h.memory.isStatic) return false;
      const subject = subjectOf(h.memory)?.toLowerCase();
      return subject !== undefined && text.includes(subject);
    });
    if (plain) u.similarity = Math.min(u.similarity, plain.similarity * 0.999);
  }
  return out.sort((a, b) => b.similarity - a.similarity);
}
