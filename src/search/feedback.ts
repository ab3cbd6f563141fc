/**
 * A second pass with the best hit's words (pseudo-relevance feedback). The first stage's best passage is usually
 * on topic even when the passage a question needs is not ranked near it: "What did Caroline research?" finds
 * "I've been looking into counseling programs" first, and the evidence ("...adoption agencies...") shares
 * words with that passage (the agency, the counseling), not with the question. So the keyword evidence of every
 * candidate is computed again over the query's terms plus the best hit's rarest terms, each at a fraction of its
 * IDF, and the candidates are re-ordered by the fused similarity with that evidence (and the query intent).
 *
 * Re-ordered, not re-scored (as orderByIntent): the i-th hit of the new order gets the i-th highest similarity of
 * the input, and each hit keeps its own first-stage vector and keyword evidence, so scores stay calibrated and a
 * `threshold` keeps as many hits. Only candidates already found are re-ordered; no new retrieval runs.
 * Chosen on LoCoMo dev by replaying its first stage (bench/quality-replay.ts, bench/README "Round 6").
 */

/** The weight of an expansion term, as a share of its IDF (a query term has its whole IDF). */
export const FEEDBACK_WEIGHT = 0.3;
/** At most this many expansion terms, the rarest of the best hit's. */
export const FEEDBACK_TERMS = 20;

export interface FeedbackInput<T> {
  /** IDF weight of each query term (keyword-score.ts termWeights). */
  queryWeights: ReadonlyMap<string, number>;
  /** The index terms of a candidate. */
  termsOf: (id: string) => ReadonlySet<string>;
  /** IDFs of terms the query lacks (terms the corpus does not know are left out). */
  idfs: (terms: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** A hit's fused similarity (with the query intent) for a keyword evidence in [0, 1]. */
  similarity: (hit: T, keyword: number) => number;
}

/** The best hit's terms the query lacks, weighted: the FEEDBACK_TERMS rarest at FEEDBACK_WEIGHT × their IDF. */
export function feedbackWeights(queryWeights: ReadonlyMap<string, number>, topTerms: Iterable<string>, idfs: ReadonlyMap<string, number>): Map<string, number> {
  const extra = [...new Set(topTerms)].filter((t) => !queryWeights.has(t) && (idfs.get(t) ?? 0) > 0);
  extra.sort((a, b) => idfs.get(b)! - idfs.get(a)! || (a < b ? -1 : 1));
  return new Map(extra.slice(0, FEEDBACK_TERMS).map((t) => [t, FEEDBACK_WEIGHT * idfs.get(t)!]));
}

/** The share of the weights' mass that a text's terms contain (keyword-score.ts keywordCoverage over a map). */
export function weightedCoverage(weights: ReadonlyMap<string, number>, terms: ReadonlySet<string>): number {
  let total = 0;
  let matched = 0;
  for (const [t, w] of weights) {
    total += w;
    if (terms.has(t)) matched += w;
  }
  return total > 0 ? matched / total : 0;
}

/**
 * The hits (best first) re-ordered by the second pass, each with its keyword coverage over the expanded terms
 * (`expanded`, for the rerank); unchanged when the best hit adds no term.
 */
export async function orderByFeedback<T extends { id: string; similarity: number }>(hits: readonly T[], input: FeedbackInput<T>): Promise<(T & { expanded?: number })[]> {
  if (hits.length < 2 || input.queryWeights.size === 0) return [...hits];
  const top = input.termsOf(hits[0]!.id);
  const candidates = [...top].filter((t) => !input.queryWeights.has(t));
  if (candidates.length === 0) return [...hits];
  const extra = feedbackWeights(input.queryWeights, candidates, await input.idfs(candidates));
  if (extra.size === 0) return [...hits];
  const weights = new Map([...input.queryWeights, ...extra]);
  const order = hits.map((h, i) => {
    const expanded = weightedCoverage(weights, input.termsOf(h.id));
    return { h, i, expanded, score: input.similarity(h, expanded) };
  });
  order.sort((a, b) => b.score - a.score || a.i - b.i);
  return order.map(({ h, expanded }, rank) => ({ ...h, similarity: hits[rank]!.similarity, expanded }));
}
