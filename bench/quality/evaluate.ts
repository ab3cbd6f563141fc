/** Runs every query of a dataset in one search mode and scores the rankings. */
import { round, summarize, type Summary } from '../lib.js';
import { type Api, search } from './harness.js';
import { mean, rankingOf, type Ranking, unitsInTop } from './metrics.js';
import type { SearchMode } from './modes.js';
import type { BenchQuery, QualityDataset } from './types.js';
import { resultText, resultUnits, type SearchResult } from './units.js';

/** One query's outcome: where each relevant unit first appears among the ranking's slots (null = not returned). */
export interface QueryOutcome {
  id: string;
  category: string;
  scores: Record<string, number>;
  ranks: Record<string, number | null>;
  distinctUnits: number;
  /** Memory modes: the same metrics over the first distinct units (as chunk modes count), and memories in the top 10. */
  distinctScores?: Record<string, number>;
  memoriesInTop10?: number;
  unitsInTop10?: number;
}

export interface ModeResult {
  mode: string;
  rerank: boolean;
  searchMode: string;
  slots: SearchMode['slots'];
  overall: Record<string, number>;
  byCategory: Record<string, { n: number } & Record<string, number>>;
  /**
   * Memory modes only: the metrics when k counts distinct units instead of results (a memory with many sources then
   * cannot credit more than k units), and how much of the first 10 results were memories and how many units they hold.
   */
  distinctUnitsOverall?: Record<string, number>;
  top10?: { memories: Summary; units: Summary };
  latencyMs: Summary;
  /** Distinct units among the returned results (LongMemEval and SciFact need many chunks per unit). */
  distinctUnits: Summary;
  seconds: number;
  queries: QueryOutcome[];
  /** Queries that miss the headline metric, with what came first instead (for tuning). */
  missed: MissedQuery[];
}

export interface MissedQuery {
  id: string;
  category: string;
  q: string;
  answer?: string;
  relevant: string[];
  ranks: Record<string, number | null>;
  top: { units: string[]; similarity: number; text: string }[];
}

const MISSED_KEPT = 40;

export async function evaluateMode(api: Api, dataset: QualityDataset, mode: SearchMode, onProgress?: (done: number) => void): Promise<ModeResult> {
  const t0 = performance.now();
  const latency: number[] = [];
  const outcomes: QueryOutcome[] = [];
  const missed: MissedQuery[] = [];
  const headline = dataset.metrics.find((m) => m.name === dataset.headline.metric)!;
  const memoryMode = mode.slots === 'results';
  for (const [i, query] of dataset.queries.entries()) {
    const s0 = performance.now();
    const results = await search(api, { q: query.q, containerTag: query.containerTag, limit: dataset.requestLimit, rerank: mode.rerank, searchMode: mode.searchMode });
    latency.push(performance.now() - s0);
    const units = results.map((r) => resultUnits(r, dataset.unitKey));
    const ranking = rankingOf(units, mode.slots);
    const score = (r: Ranking) => Object.fromEntries(dataset.metrics.map((m) => [m.name, m.score(r, query.relevant)]));
    const scores = score(ranking);
    const ranks = Object.fromEntries([...query.relevant.keys()].map((id) => [id, rankOf(ranking, id)]));
    const outcome: QueryOutcome = { id: query.id, category: query.category, scores, ranks, distinctUnits: new Set(units.flat()).size };
    if (memoryMode) {
      outcome.distinctScores = score(rankingOf(units, 'distinct-units'));
      outcome.memoriesInTop10 = results.slice(0, 10).filter((r) => r.resultType === 'memory').length;
      outcome.unitsInTop10 = unitsInTop(ranking, 10).size;
    }
    outcomes.push(outcome);
    if (scores[headline.name]! < 1 && missed.length < MISSED_KEPT) missed.push(missedQuery(query, ranks, results, dataset.unitKey));
    if ((i + 1) % 100 === 0) onProgress?.(i + 1);
  }
  const metricNames = dataset.metrics.map((m) => m.name);
  return {
    mode: mode.name,
    rerank: mode.rerank,
    searchMode: mode.searchMode,
    slots: mode.slots,
    overall: aggregate(
      outcomes.map((o) => o.scores),
      metricNames,
    ),
    byCategory: byCategory(outcomes, metricNames),
    ...(memoryMode
      ? {
          distinctUnitsOverall: aggregate(
            outcomes.map((o) => o.distinctScores!),
            metricNames,
          ),
          top10: { memories: summarize(outcomes.map((o) => o.memoriesInTop10!)), units: summarize(outcomes.map((o) => o.unitsInTop10!)) },
        }
      : {}),
    latencyMs: summarize(latency),
    distinctUnits: summarize(outcomes.map((o) => o.distinctUnits)),
    seconds: round((performance.now() - t0) / 1000, 1),
    queries: outcomes,
    missed,
  };
}

/** 1-based slot where a unit first appears, null when it does not. */
function rankOf(ranking: Ranking, id: string): number | null {
  const i = ranking.findIndex((slot) => slot.includes(id));
  return i < 0 ? null : i + 1;
}

function aggregate(scores: readonly Record<string, number>[], metrics: readonly string[]): Record<string, number> {
  return Object.fromEntries(metrics.map((m) => [m, round(mean(scores.map((s) => s[m]!)), 4)]));
}

function byCategory(outcomes: readonly QueryOutcome[], metrics: readonly string[]) {
  const groups = new Map<string, QueryOutcome[]>();
  for (const o of outcomes) groups.set(o.category, [...(groups.get(o.category) ?? []), o]);
  return Object.fromEntries(
    [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, list]) => [
        c,
        {
          n: list.length,
          ...aggregate(
            list.map((o) => o.scores),
            metrics,
          ),
        },
      ]),
  );
}

function missedQuery(query: BenchQuery, ranks: Record<string, number | null>, results: readonly SearchResult[], key: string): MissedQuery {
  return {
    id: query.id,
    category: query.category,
    q: query.q,
    ...(query.answer !== undefined ? { answer: query.answer } : {}),
    relevant: [...query.relevant.keys()],
    ranks,
    top: results.slice(0, 3).map((r) => ({ units: resultUnits(r, key), similarity: r.similarity, text: resultText(r).slice(0, 200) })),
  };
}
