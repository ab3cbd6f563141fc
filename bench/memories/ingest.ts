/**
 * Ingestion with and without the memory step on the same build: the same documents go through POST
 * /v3/documents/batch once as `taskType: "memory"` (the default: extract, chunk, memories, embed, index) and once as
 * `"superrag"` (the memory step skipped), in alternating halves so that load drifting during the run hits both.
 */
import type { Store } from '../../src/storage/store.js';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import type { CallTimer } from '../instrument.js';
import { round, sleep, summarize, type Summary } from '../lib.js';
import { SQL_PREFIX } from './breakdown.js';
import type { Api } from '../quality/harness.js';

export interface IngestDoc {
  content: string;
  metadata?: Record<string, string | number>;
}

export type TaskType = 'memory' | 'superrag';

export interface VariantResult {
  taskType: TaskType;
  documents: number;
  done: number;
  failed: number;
  seconds: number;
  docsPerSecond: number;
  /** Per-document step durations (ms) from processingMetadata. */
  stepMs: Record<string, Summary>;
  /** Memory step outcome per document (taskType memory only). */
  factsPerDocument?: number;
  memoriesCreated?: number;
  /**
   * Time inside the timed calls while this variant ran, per document (ms): embedding, store and memory store calls,
   * and the slowest SQL statements. Two documents run at once, so these overlap; they show where the time goes.
   */
  callsPerDocument: { name: string; ms: number; calls: number }[];
  sqlPerDocument: { sql: string; ms: number; calls: number }[];
}

export interface IngestComparison {
  corpus: string;
  documents: number;
  rounds: number;
  withMemories: VariantResult;
  withoutMemories: VariantResult;
  /** withMemories / withoutMemories docs per second. */
  ratio: number;
}

/** Runs `rounds` alternating rounds (superrag then memory) over equal slices of `docs`, each variant in its own tag. */
export async function compareIngestion(api: Api, store: Store, timer: CallTimer, corpus: string, docs: readonly IngestDoc[], rounds: number, log: (m: string) => void): Promise<IngestComparison> {
  const acc: Record<TaskType, { seconds: number; tag: string; calls: Map<string, { ms: number; calls: number }> }> = {
    superrag: { seconds: 0, tag: `ingest_${corpus}_superrag`, calls: new Map() },
    memory: { seconds: 0, tag: `ingest_${corpus}_memory`, calls: new Map() },
  };
  const size = Math.ceil(docs.length / rounds);
  for (let r = 0; r < rounds; r++) {
    const slice = docs.slice(r * size, (r + 1) * size);
    for (const taskType of ['superrag', 'memory'] as const) {
      timer.reset();
      const seconds = await ingestSlice(api, slice, acc[taskType].tag, taskType, r * size + slice.length);
      acc[taskType].seconds += seconds;
      for (const [k, v] of timer.entries()) {
        const t = acc[taskType].calls.get(k) ?? { ms: 0, calls: 0 };
        acc[taskType].calls.set(k, { ms: t.ms + v.ms, calls: t.calls + v.calls });
      }
      log(`  ${corpus} round ${r + 1}/${rounds}, ${taskType}: ${slice.length} documents in ${seconds.toFixed(1)} s (${(slice.length / seconds).toFixed(1)} docs/s)`);
    }
  }
  const withoutMemories = await variantResult(store, acc.superrag.tag, 'superrag', acc.superrag.seconds, acc.superrag.calls);
  const withMemories = await variantResult(store, acc.memory.tag, 'memory', acc.memory.seconds, acc.memory.calls);
  return { corpus, documents: docs.length, rounds, withMemories, withoutMemories, ratio: round(withMemories.docsPerSecond / withoutMemories.docsPerSecond, 3) };
}

/** Posts one slice (batches of 100) and waits until the tag holds `expected` processed documents; returns seconds. */
async function ingestSlice(api: Api, docs: readonly IngestDoc[], tag: string, taskType: TaskType, expected: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < docs.length; i += 100) {
    const res = await api.post<{ failed: number }>('/v3/documents/batch', { documents: docs.slice(i, i + 100), containerTag: tag, taskType });
    if (res.failed > 0) throw new Error(`batch rejected ${res.failed} documents`);
  }
  const count = async (status: string) => (await api.post<{ pagination: { totalItems: number } }>('/v3/documents/list', { containerTag: tag, status, limit: 1 })).pagination.totalItems;
  const deadline = performance.now() + 60 * 60_000;
  for (;;) {
    const [done, failed] = [await count('done'), await count('failed')];
    if (done + failed >= expected) return (performance.now() - t0) / 1000;
    if (performance.now() > deadline) throw new Error(`only ${done + failed}/${expected} documents of ${tag} processed in an hour`);
    await sleep(50);
  }
}

async function variantResult(store: Store, tag: string, taskType: TaskType, seconds: number, calls: Map<string, { ms: number; calls: number }>): Promise<VariantResult> {
  const docs = (await store.documents.listDocuments(DEFAULT_ORG_ID, { containerTags: [tag], limit: 100_000, offset: 0 })).documents;
  const steps: Record<string, number[]> = {};
  const facts: number[] = [];
  const created: number[] = [];
  for (const d of docs) {
    for (const s of d.processingMetadata?.steps ?? []) {
      if (s.duration !== undefined) (steps[s.name] ??= []).push(s.duration);
      const m = s.metadata as { facts?: number; created?: number } | undefined;
      if (s.name === 'memories' && typeof m?.facts === 'number') {
        facts.push(m.facts);
        created.push(m.created ?? 0);
      }
    }
  }
  const done = docs.filter((d) => d.status === 'done').length;
  const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 2);
  return {
    taskType,
    documents: docs.length,
    done,
    failed: docs.filter((d) => d.status === 'failed').length,
    seconds: round(seconds, 1),
    docsPerSecond: round(done / seconds, 2),
    stepMs: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, summarize(v)])),
    ...(taskType === 'memory' ? { factsPerDocument: mean(facts), memoriesCreated: created.reduce((a, b) => a + b, 0) } : {}),
    ...perDocument(calls, Math.max(1, docs.length)),
  };
}

/** Timed calls per document, largest first (the runner's polling included: it is part of ingesting). */
function perDocument(calls: Map<string, { ms: number; calls: number }>, n: number) {
  const rows = [...calls].map(([name, t]) => ({ name, ms: round(t.ms / n, 2), calls: round(t.calls / n, 2) })).sort((a, b) => b.ms - a.ms);
  return {
    callsPerDocument: rows.filter((r) => !r.name.startsWith(SQL_PREFIX)).slice(0, 12),
    sqlPerDocument: rows
      .filter((r) => r.name.startsWith(SQL_PREFIX))
      .slice(0, 6)
      .map((r) => ({ sql: r.name.slice(SQL_PREFIX.length), ms: r.ms, calls: r.calls })),
  };
}
