/** Retrieval metrics over ranked unit ids (turns, sessions, documents): pure functions, unit-tested. */
import type { MetricSpec } from './types.js';

/** Distinct ids in first-seen order: many chunks of one unit count once, at the rank of the best one. */
export function dedupeInOrder(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/** Share of the relevant ids found in the top k of the ranking (0 when nothing is relevant). */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  let found = 0;
  for (const id of new Set(ranked.slice(0, k))) if (relevant.has(id)) found++;
  return found / relevant.size;
}

/** 1 when at least one relevant id is in the top k, else 0. */
export function recallAnyAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return ranked.slice(0, k).some((id) => relevant.has(id)) ? 1 : 0;
}

/** 1 when every relevant id is in the top k, else 0 (LongMemEval's recall_all@k). */
export function recallAllAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return relevant.size > 0 && recallAtK(ranked, relevant, k) === 1 ? 1 : 0;
}

/**
 * nDCG@k with graded relevance (gain = grade, discount log2(rank + 1)), as trec_eval's ndcg_cut that BEIR reports.
 * The ideal ranking puts the highest grades first; 0 when nothing is relevant.
 */
export function ndcgAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const ideal = [...grades.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const idcg = dcg(ideal.slice(0, k));
  if (idcg === 0) return 0;
  const seen = new Set<string>();
  const gains = ranked.slice(0, k).map((id) => {
    if (seen.has(id)) return 0;
    seen.add(id);
    return grades.get(id) ?? 0;
  });
  return dcg(gains) / idcg;
}

function dcg(gains: readonly number[]): number {
  return gains.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
}

/** Arithmetic mean (NaN for an empty list, so a missing group is visible rather than 0). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

const binary = (relevant: ReadonlyMap<string, number>) => new Set([...relevant].filter(([, g]) => g > 0).map(([id]) => id));

/** Metric specs the datasets pick from. */
export const METRICS = {
  recall: (k: number): MetricSpec => ({ name: `recall@${k}`, format: 'percent', score: (r, rel) => recallAtK(r, binary(rel), k) }),
  recallAny: (k: number): MetricSpec => ({ name: `recall_any@${k}`, format: 'percent', score: (r, rel) => recallAnyAtK(r, binary(rel), k) }),
  recallAll: (k: number): MetricSpec => ({ name: `recall_all@${k}`, format: 'percent', score: (r, rel) => recallAllAtK(r, binary(rel), k) }),
  ndcg: (k: number): MetricSpec => ({ name: `nDCG@${k}`, format: 'decimal', score: (r, rel) => ndcgAtK(r, rel, k) }),
};
