/**
 * A second chunk query in memories + chunks search, expanded by the best memories (pseudo-relevance feedback).
 *
 * A memory restates a turn in plain words ("Melanie painted a lake sunrise in 2022"), often closer to a question's
 * than the turn's own ("Here's one I did last year, so peaceful"): the question with the best memories' text finds
 * turns the question alone ranks below the first page. The two chunk lists are merged by weighted reciprocal rank
 * (the question's list keeps the larger weight, so it keeps its order where the second list agrees or is silent).
 */

/** How many of the best memories expand the question. */
export const FEEDBACK_MEMORIES = 3;
/** Weight of the expanded query's reciprocal rank against the question's own. */
export const FEEDBACK_LIST_WEIGHT = 0.3;
/** Rank smoothing constant of the merge. */
export const FEEDBACK_RANK_K = 10;

/** The question followed by the text of the first FEEDBACK_MEMORIES memories (best first). */
export function expandedQuery(q: string, memories: readonly string[]): string {
  return [q, ...memories.slice(0, FEEDBACK_MEMORIES)].join('\n');
}

/**
 * The chunks of both queries (each best first, `id` naming a chunk) in one list, by weighted reciprocal rank: a chunk
 * at rank r of the question's list scores 1/(k + r), of the expanded list `weight`/(k + r), summed. Re-ordered, not
 * re-scored: the i-th chunk gets the i-th highest similarity of the two lists' chunks (a chunk both lists hold counts
 * once, with the question's similarity), so scores stay descending and on the question's scale.
 */
export function mergedByRank<T extends { id: string; similarity: number }>(own: readonly T[], expanded: readonly T[], weight = FEEDBACK_LIST_WEIGHT, k = FEEDBACK_RANK_K): T[] {
  if (expanded.length === 0) return [...own];
  const score = new Map<string, number>();
  const byId = new Map<string, T>();
  own.forEach((h, i) => {
    if (byId.has(h.id)) return;
    byId.set(h.id, h);
    score.set(h.id, 1 / (k + i + 1));
  });
  expanded.forEach((h, i) => {
    if (!byId.has(h.id)) byId.set(h.id, h);
    score.set(h.id, (score.get(h.id) ?? 0) + weight / (k + i + 1));
  });
  const order = [...byId.values()].map((h, i) => ({ h, i, s: score.get(h.id)! }));
  order.sort((a, b) => b.s - a.s || a.i - b.i);
  const similarities = [...byId.values()].map((h) => h.similarity).sort((a, b) => b - a);
  return order.map(({ h }, rank) => (h.similarity === similarities[rank] ? h : { ...h, similarity: similarities[rank]! }));
}
