/** Runs every query of a dataset in one search mode and scores the rankings. */
import { round, summarize, type Summary } from '../lib.js';
import { type Api, search, type SearchResult } from './harness.js';
import { dedupeInOrder, mean } from './metrics.js';
import type { SearchMode } from './modes.js';
import type { BenchQuery, QualityDataset } from './types.js';

/** One query's outcome: where each relevant unit ranked among the distinct units returned (null = not returned). */
export interface QueryOutcome {
  id: string;
  category: string;
  scores: Record<string, number>;
  ranks: Record<string, number | null>;
  distinctUnits: number;
}

export interface ModeResult {
  mode: string;
  rerank: boolean;
  overall: Record<string, number>;
  byCategory: Record<string, { n: number } & Record<string, number>>;
  latencyMs: Summary;
  /** Distinct units among the returned chunks (LongMemEval and SciFact need many chunks per unit). */
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
  top: { unit: string; similarity: number; text: string }[];
}

const MISSED_KEPT = 40;

export async function evaluateMode(api: Api, dataset: QualityDataset, mode: SearchMode, onProgress?: (done: number) => void): Promise<ModeResult> {
  const t0 = performance.now();
  const latency: number[] = [];
  const outcomes: QueryOutcome[] = [];
  const missed: MissedQuery[] = [];
  const headline = dataset.metrics.find((m) => m.name === dataset.headline.metric)!;
  for (const [i, query] of dataset.queries.entries()) {
    const s0 = performance.now();
    const results = await search(api, { q: query.q, containerTag: query.containerTag, limit: dataset.requestLimit, rerank: mode.rerank });
    latency.push(performance.now() - s0);
    const units = results.map((r) => unitOf(r, dataset.unitKey));
    const ranked = dedupeInOrder(units.filter((u): u is string => u !== null));
    const scores = Object.fromEntries(dataset.metrics.map((m) => [m.name, m.score(ranked, query.relevant)]));
    const ranks = Object.fromEntries([...query.relevant.keys()].map((id) => [id, rankOf(ranked, id)]));
    outcomes.push({ id: query.id, category: query.category, scores, ranks, distinctUnits: ranked.length });
    if (scores[headline.name]! < 1 && missed.length < MISSED_KEPT) missed.push(missedQuery(query, ranks, results, dataset.unitKey));
    if ((i + 1) % 100 === 0) onProgress?.(i + 1);
  }
  return {
    mode: mode.name,
    rerank: mode.rerank,
    overall: aggregate(outcomes, dataset.metrics.map((m) => m.name)),
    byCategory: byCategory(outcomes, dataset.metrics.map((m) => m.name)),
    latencyMs: summarize(latency),
    distinctUnits: summarize(outcomes.map((o) => o.distinctUnits)),
    seconds: round((performance.now() - t0) / 1000, 1),
    queries: outcomes,
    missed,
  };
}

function unitOf(r: SearchResult, key: string): string | null {
  const v = r.metadata?.[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

function rankOf(ranked: readonly string[], id: string): number | null {
  const i = ranked.indexOf(id);
  return i < 0 ? null : i + 1;
}

function aggregate(outcomes: readonly QueryOutcome[], metrics: readonly string[]): Record<string, number> {
  return Object.fromEntries(metrics.map((m) => [m, round(mean(outcomes.map((o) => o.scores[m]!)), 4)]));
}

function byCategory(outcomes: readonly QueryOutcome[], metrics: readonly string[]) {
  const groups = new Map<string, QueryOutcome[]>();
  for (const o of outcomes) groups.set(o.category, [...(groups.get(o.category) ?? []), o]);
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([c, list]) => [c, { n: list.length, ...aggregate(list, metrics) }]),
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
    top: results.slice(0, 3).map((r) => ({ unit: unitOf(r, key) ?? '?', similarity: r.similarity, text: r.chunk.slice(0, 200) })),
  };
}
