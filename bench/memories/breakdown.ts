/**
 * Per-request time inside the service, from the timers of bench/instrument.ts: latency percentiles plus the mean
 * of every timed name (store calls, memory store calls, query embedding, SQL statements) per request.
 */
import { round, summarize, type Summary } from '../lib.js';
import type { CallTimer } from '../instrument.js';

export interface RequestSample {
  ms: number;
  /** Name → { ms, calls } of this request. */
  calls: Map<string, { ms: number; calls: number }>;
}

export interface Breakdown {
  latencyMs: Summary;
  /** Mean ms and calls per request of each timed name, largest first (SQL statements listed apart). */
  meanPerRequest: { name: string; ms: number; calls: number }[];
  sql: { sql: string; ms: number; calls: number }[];
}

/** Runs `send` once per item after resetting the timer; returns the samples. */
export async function measure<T>(items: readonly T[], timer: CallTimer, send: (item: T) => Promise<unknown>): Promise<RequestSample[]> {
  const out: RequestSample[] = [];
  for (const item of items) {
    timer.reset();
    const t0 = performance.now();
    await send(item);
    const ms = performance.now() - t0;
    out.push({ ms, calls: new Map(timer.entries().map(([k, v]) => [k, { ...v }])) });
  }
  return out;
}

export const SQL_PREFIX = 'sql ';

export function breakdown(samples: readonly RequestSample[]): Breakdown {
  const totals = new Map<string, { ms: number; calls: number }>();
  for (const s of samples) {
    for (const [k, v] of s.calls) {
      const t = totals.get(k) ?? { ms: 0, calls: 0 };
      t.ms += v.ms;
      t.calls += v.calls;
      totals.set(k, t);
    }
  }
  const n = Math.max(1, samples.length);
  const rows = [...totals].map(([name, t]) => ({ name, ms: round(t.ms / n, 3), calls: round(t.calls / n, 2) })).sort((a, b) => b.ms - a.ms);
  return {
    latencyMs: summarize(samples.map((s) => s.ms)),
    meanPerRequest: rows.filter((r) => !r.name.startsWith(SQL_PREFIX)),
    sql: rows.filter((r) => r.name.startsWith(SQL_PREFIX)).map((r) => ({ sql: r.name.slice(SQL_PREFIX.length), ms: r.ms, calls: r.calls })),
  };
}

/** Mean ms per request of one timed name (0 when never called). */
export function meanOf(b: Breakdown, name: string): number {
  return b.meanPerRequest.find((r) => r.name === name)?.ms ?? 0;
}

/**
 * Critical path of a memories-mode search: query embedding runs in ONNX threads while keyword candidates are read on
 * the main thread, then vector candidates, the candidates' rows, scoring, and the context (versions, linked memory)
 * of every result. What the timers do not see (term weights and fusion over the candidates, HTTP, JSON) is the rest.
 */
export function searchPath(b: Breakdown) {
  const g = (name: string) => meanOf(b, name);
  const embedding = g('embedQuery');
  const keyword = g('memories.memoryKeywordSearch');
  const vector = g('memories.memoryVectorSearch');
  const rows = g('memories.getMemoriesByIds');
  const context = g('memories.memoryHistory') + g('memories.getMemory');
  const otherStore = b.meanPerRequest.filter((r) => !r.name.startsWith('memories.') && r.name !== 'embedQuery' && r.name !== 'embedDocuments').reduce((a, r) => a + r.ms, 0);
  const accounted = Math.max(embedding, keyword) + vector + rows + context + otherStore;
  return {
    meanMs: b.latencyMs.mean,
    queryEmbedding: round(embedding),
    keywordCandidates: round(keyword),
    vectorCandidates: round(vector),
    candidateRows: round(rows),
    resultContext: round(context),
    otherStoreCalls: round(otherStore),
    restScoringHttpJson: round(b.latencyMs.mean - accounted),
    note: 'means per request (ms); the critical path is max(queryEmbedding, keywordCandidates) + vector + rows + context + other + rest',
  };
}
