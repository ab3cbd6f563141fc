/**
 * A chat turn read in its conversation: when an app stores each turn as its own document, the turn that answers a
 * question is often a short reply beside the one that matches it ("Any book recommendations for my trip?" is the
 * best hit; the answer, "this fantasy novel by Patrick Rothfuss", is the next turn and shares no word with the
 * question), or the same speaker's next line, two turns on. So a turn next to one of the best hits (one or two turns
 * before or after it, in the order the documents were added to the container tag) gains evidence from that hit: its
 * similarity joins the turn's own as a noisy-OR term at CONTEXT_WEIGHT, and the hits are re-ordered, not re-scored
 * (as orderByIntent). Only transcript turns take part (a passage that is one `Speaker: text` line, with an optional
 * `[date]` prefix): abstracts or pages added one after another are not a conversation.
 * Chosen on LoCoMo dev by replaying its first stage (bench/quality-replay.ts, bench/README "Round 12").
 */

import { withIntent } from './query-intent.js';

/** Share of a best hit's similarity that a turn beside it gains. */
export const CONTEXT_WEIGHT = 0.3;
/** How many of the best hits lend context. */
export const CONTEXT_SOURCES = 3;
/** How many turns before and after a best hit read as its context. */
export const CONTEXT_WINDOW = 2;

/** One line said by a named speaker, with an optional `[date]` prefix: what a chat turn stored alone looks like. */
const TURN = /^[ \t]*(?:\[[^\]\n]{1,80}\][ \t]*)?[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)?:[ \t]+\S[^\n]*$/;

/** Whether a passage is a single chat turn (`[date] Speaker: text` on one line). */
export function isTurn(text: string): boolean {
  return TURN.test(text.trim());
}

/**
 * Each hit's score with the context of the first `CONTEXT_SOURCES` hits it stands beside (`neighbours` maps a source
 * hit's id to the ids of the turns beside it): its similarity joined (noisy-OR) with CONTEXT_WEIGHT x the source's
 * similarity, but never above the source's own (a turn is found through the hit beside it, so it ranks after that
 * hit: LoCoMo dev recall@1 stays 42.3 where without the cap it fell to 41.7). Hits beside no source keep theirs.
 */
export function contextScores<T extends { id: string; similarity: number }>(hits: readonly T[], neighbours: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const own = new Map(hits.map((h) => [h.id, h.similarity]));
  const out = new Map<string, number>();
  for (const source of hits.slice(0, CONTEXT_SOURCES)) {
    for (const id of neighbours.get(source.id) ?? []) {
      const similarity = own.get(id);
      if (id === source.id || similarity === undefined) continue;
      const lifted = liftedBy(similarity, source.similarity);
      out.set(id, Math.max(out.get(id) ?? similarity, lifted));
    }
  }
  return out;
}

/**
 * A similarity lifted by the evidence of a hit beside it: that evidence as a noisy-OR term at CONTEXT_WEIGHT, capped
 * at the evidence itself (a hit found through another ranks after it), never below its own.
 */
export function liftedBy(similarity: number, evidence: number): number {
  return Math.max(similarity, Math.min(withIntent(similarity, CONTEXT_WEIGHT * evidence), evidence));
}

/**
 * The hits (best first) re-ordered by `score` (ties keep their order). Re-ordered, not re-scored: the i-th hit of the
 * new order gets the i-th highest similarity of the input, so scores stay calibrated and descending.
 */
export function reorderedBy<T extends { similarity: number }>(hits: readonly T[], score: (hit: T) => number): T[] {
  const order = hits.map((h, i) => ({ h, i, score: score(h) }));
  order.sort((a, b) => b.score - a.score || a.i - b.i);
  const similarities = hits.map((h) => h.similarity).sort((a, b) => b - a);
  return order.map(({ h }, rank) => (h.similarity === similarities[rank] ? h : { ...h, similarity: similarities[rank]! }));
}

/**
 * The hits (best first) re-ordered by their scores with context (contextScores), as reorderedBy. Without context the
 * hits come back as they are.
 */
export function orderByContext<T extends { id: string; similarity: number }>(hits: readonly T[], neighbours: ReadonlyMap<string, readonly string[]>): T[] {
  const scores = contextScores(hits, neighbours);
  if (scores.size === 0 || hits.length < 2) return [...hits];
  return reorderedBy(hits, (h) => scores.get(h.id) ?? h.similarity);
}
