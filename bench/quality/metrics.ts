/**
 * Retrieval metrics over rankings of units (turns, sessions, documents): pure functions, unit-tested.
 *
 * A ranking is a list of slots, each holding the units one result stands for: a chunk stands for its document's
 * unit, a memory for the units of all its source documents. Recall@k counts the relevant units found in the first
 * k slots.
 */
import type { MetricSpec } from './types.js';

/** Slots of a ranking, best first; a slot may stand for several units (a memory with several sources). */
export type Ranking = readonly (readonly string[])[];

/** Distinct ids in first-seen order: many chunks of one unit count once, at the rank of the best one. */
export function dedupeInOrder(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/**
 * Slots from the units of each result, best result first.
 * - `distinct-units`: every unit not seen before is a slot of its own, in rank order (how chunk rankings were always
 *   scored: k = the first k distinct units, whichever results surfaced them).
 * - `results`: every result is one slot crediting all its units, even when it adds nothing new (k = the first k
 *   results the caller sees).
 */
export function rankingOf(resultUnits: readonly (readonly string[])[], slots: 'distinct-units' | 'results'): Ranking {
  if (slots === 'results') return resultUnits.map((units) => dedupeInOrder(units));
  return dedupeInOrder(resultUnits.flat()).map((u) => [u]);
}

/** The distinct units of the first k slots. */
export function unitsInTop(ranking: Ranking, k: number): Set<string> {
  return new Set(ranking.slice(0, k).flat());
}

/** Share of the relevant ids found in the top k slots (0 when nothing is relevant). */
export function recallAtK(ranking: Ranking, relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  let found = 0;
  for (const id of unitsInTop(ranking, k)) if (relevant.has(id)) found++;
  return found / relevant.size;
}

/** 1 when at least one relevant id is in the top k slots, else 0. */
export function recallAnyAtK(ranking: Ranking, relevant: ReadonlySet<string>, k: number): number {
  return recallAtK(ranking, relevant, k) > 0 ? 1 : 0;
}

/** 1 when every relevant id is in the top k slots, else 0 (LongMemEval's recall_all@k). */
export function recallAllAtK(ranking: Ranking, relevant: ReadonlySet<string>, k: number): number {
  return relevant.size > 0 && recallAtK(ranking, relevant, k) === 1 ? 1 : 0;
}

/**
 * nDCG@k with graded relevance (gain = grade, discount log2(rank + 1)), as trec_eval's ndcg_cut that BEIR reports.
 * A slot gains the grades of the relevant units it is the first to show. The ideal ranking puts the highest grades
 * first, one per slot, so slots of several units could beat it: the score is capped at 1. 0 when nothing is relevant.
 */
export function ndcgAtK(ranking: Ranking, grades: ReadonlyMap<string, number>, k: number): number {
  const ideal = [...grades.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const idcg = dcg(ideal.slice(0, k));
  if (idcg === 0) return 0;
  const seen = new Set<string>();
  const gains = ranking.slice(0, k).map((slot) => {
    let gain = 0;
    for (const id of slot) {
      if (seen.has(id)) continue;
      seen.add(id);
      gain += grades.get(id) ?? 0;
    }
    return gain;
  });
  return Math.min(1, dcg(gains) / idcg);
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
