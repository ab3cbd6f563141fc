/**
 * The service under test, used as an app would: createRuntime on a data directory, served on 127.0.0.1:0, and
 * driven with fetch through POST /v3/documents/batch, POST /v3/documents/list and POST /v4/search.
 */
import { type Config, loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createRuntime } from '../../src/runtime.js';
import { BENCH_KEY, listenLocal, log, round, sleep, summarize } from '../lib.js';
import type { SearchModeParam } from './modes.js';
import { type BenchDocument, sample } from './types.js';
import { type SearchResult, taggedUnit } from './units.js';

export interface Service {
  api: Api;
  /** http://127.0.0.1:PORT, for other clients (the official `supermemory` client in bench:memories). */
  baseUrl: string;
  config: Readonly<Config>;
  close(): Promise<void>;
}

/**
 * Opens the service on `dataDir` with extra environment. `ingest` starts the embedded runner; search-only
 * services leave it stopped. The embedder is shared between services and outlives them.
 */
export async function openService(dataDir: string, embedder: Embedder, env: Record<string, string>, ingest: boolean): Promise<Service> {
  const config = loadConfig({ ...env, MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dataDir, MNEMO_LOG_LEVEL: 'silent' });
  const runtime = await createRuntime(config, silentLogger, { embedder: staticEmbedderHandle(keepOpen(embedder)), print: () => undefined });
  if (ingest) await runtime.runner.start();
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);
  return {
    api,
    baseUrl,
    config,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await runtime.close();
    },
  };
}

/** The embedder without close(): runtime.close() would otherwise end the model session the next service needs. */
function keepOpen(e: Embedder): Embedder {
  return {
    id: e.id,
    kind: e.kind,
    dimensions: e.dimensions,
    get calibration() {
      return e.calibration;
    },
    embedDocuments: (texts) => e.embedDocuments(texts),
    embedQuery: (text) => e.embedQuery(text),
    ...(e.embedQueryAsPassage ? { embedQueryAsPassage: (text: string) => e.embedQueryAsPassage!(text) } : {}),
  };
}

export class Api {
  constructor(private readonly base: string) {}

  async post<T>(route: string, body: unknown): Promise<T> {
    return this.request<T>('POST', route, body);
  }

  async get<T>(route: string): Promise<T> {
    return this.request<T>('GET', route);
  }

  async patch<T>(route: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', route, body);
  }

  /** Every request here is idempotent (batches carry customIds), so a dropped connection is retried. */
  private async request<T>(method: string, route: string, body?: unknown, attempt = 1): Promise<T> {
    let res: Response;
    try {
      res = await this.send(method, route, body);
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`  ${method} ${route}: ${String((err as { cause?: unknown }).cause ?? err)}; retrying`);
      await sleep(200 * attempt);
      return this.request<T>(method, route, body, attempt + 1);
    }
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json as T;
  }

  private send(method: string, route: string, body?: unknown): Promise<Response> {
    return fetch(`${this.base}${route}`, {
      method,
      headers: { authorization: `Bearer ${BENCH_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
}

export interface IngestReport {
  documents: number;
  done: number;
  failed: number;
  seconds: number;
  docsPerSecond: number;
  failures: { customId: string | null; error: string }[];
  /** Chunks per document over an evenly spaced sample of documents. */
  chunksPerDocument: { sampled: number; mean: number; max: number };
  /** The memory step over the same sample (absent when every document skipped it), and the memories stored. */
  memoryStep?: { sampled: number; meanMs: number; factsPerDocument: number; createdPerDocument: number; memories: number };
}

/** Adds the documents in batches (the API takes 600 at most) and waits until every one is done or failed. */
export async function ingest(api: Api, docs: readonly BenchDocument[], batchSize = 300): Promise<IngestReport> {
  const t0 = performance.now();
  for (let i = 0; i < docs.length; i += batchSize) {
    const res = await api.post<{ failed: number; results: { error?: string }[] }>('/v3/documents/batch', { documents: docs.slice(i, i + batchSize) });
    if (res.failed > 0) throw new Error(`batch at ${i} rejected ${res.failed} documents: ${res.results.find((r) => r.error)?.error}`);
  }
  const count = async (status: string) => (await api.post<{ pagination: { totalItems: number } }>('/v3/documents/list', { status, limit: 1 })).pagination.totalItems;
  let lastLog = performance.now();
  for (;;) {
    const [done, failed] = [await count('done'), await count('failed')];
    const seconds = (performance.now() - t0) / 1000;
    if (done + failed >= docs.length) {
      const failures = failed > 0 ? await failureSamples(api) : [];
      const { chunksPerDocument, memoryStep } = await documentSamples(api, docs);
      return { documents: docs.length, done, failed, seconds, docsPerSecond: done / seconds, failures, chunksPerDocument, ...(memoryStep ? { memoryStep } : {}) };
    }
    if (performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      const rate = done / seconds;
      log(`  ingest: ${done}/${docs.length} done, ${failed} failed, ${rate.toFixed(1)} docs/s, ~${Math.round((docs.length - done - failed) / Math.max(rate, 0.01))} s left`);
    }
    await sleep(500);
  }
}

interface StepView {
  name: string;
  duration?: number;
  metadata?: { facts?: number; created?: number; skipped?: string };
}

async function documentSamples(api: Api, docs: readonly BenchDocument[], n = 50) {
  const picked = await Promise.all(
    sample(docs, n).map(async (d) => (await api.get<{ processingMetadata?: { chunkCount?: number; steps?: StepView[] } }>(`/v3/documents/${encodeURIComponent(d.customId)}`)).processingMetadata),
  );
  const counts = picked.map((pm) => pm?.chunkCount ?? 0);
  const steps = picked.map((pm) => pm?.steps?.find((s) => s.name === 'memories')).filter((s): s is StepView => s !== undefined && !s.metadata?.skipped);
  const avg = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 2);
  const memories = steps.length > 0 ? (await api.post<{ pagination: { totalItems: number } }>('/v4/memories/list', { limit: 1 })).pagination.totalItems : 0;
  return {
    chunksPerDocument: { sampled: counts.length, mean: avg(counts), max: Math.max(0, ...counts) },
    memoryStep:
      steps.length > 0
        ? {
            sampled: steps.length,
            meanMs: avg(steps.map((s) => s.duration ?? 0)),
            factsPerDocument: avg(steps.map((s) => s.metadata?.facts ?? 0)),
            createdPerDocument: avg(steps.map((s) => s.metadata?.created ?? 0)),
            memories,
          }
        : undefined,
  };
}

async function failureSamples(api: Api) {
  const list = await api.post<{ memories: { id: string; customId: string | null }[] }>('/v3/documents/list', { status: 'failed', limit: 5 });
  return Promise.all(
    list.memories.map(async (m) => {
      const d = await api.get<{ processingMetadata?: { error?: unknown } }>(`/v3/documents/${m.id}`);
      return { customId: m.customId, error: JSON.stringify(d.processingMetadata?.error ?? null).slice(0, 300) };
    }),
  );
}

export interface SearchRequest {
  q: string;
  containerTag: string;
  limit: number;
  rerank: boolean;
  searchMode: SearchModeParam;
}

/** POST /v4/search with `threshold: 0` (ranking, not filtering, is measured); memory results carry their sources. */
export async function search(api: Api, body: SearchRequest): Promise<SearchResult[]> {
  const include = body.searchMode === 'documents' ? {} : { include: { documents: true } };
  return (await api.post<{ results: SearchResult[] }>('/v4/search', { ...body, ...include, threshold: 0 })).results;
}

/**
 * What the memory step left behind, read through the API: every latest memory of the tags with its source
 * documents, mapped to the dataset's units. `unitsWithMemory` holds the tagged keys of units that are a source
 * of at least one memory (the most a memory ranking can ever find).
 */
export async function memoryInventory(api: Api, tags: readonly string[], unitKey: string) {
  const unitOfDocument = new Map<string, string>();
  const unitsWithMemory = new Set<string>();
  const sources: number[] = [];
  let statics = 0;
  for (const tag of tags) {
    for (let page = 1; ; page++) {
      const res = await api.post<{ memories: { id: string; metadata: Record<string, unknown> | null }[]; pagination: { totalPages: number } }>('/v3/documents/list', {
        containerTags: [tag],
        limit: 1100,
        page,
      });
      for (const d of res.memories) {
        const u = d.metadata?.[unitKey];
        if (typeof u === 'string' || typeof u === 'number') unitOfDocument.set(d.id, String(u));
      }
      if (page >= res.pagination.totalPages) break;
    }
    for (let page = 1; ; page++) {
      const res = await api.post<{ memoryEntries: { documentIds: string[]; isStatic: boolean }[]; pagination: { totalPages: number } }>('/v4/memories/list', {
        containerTag: tag,
        limit: 1100,
        page,
      });
      for (const m of res.memoryEntries) {
        sources.push(m.documentIds.length);
        if (m.isStatic) statics++;
        for (const id of m.documentIds) {
          const u = unitOfDocument.get(id);
          if (u !== undefined) unitsWithMemory.add(taggedUnit(tag, u));
        }
      }
      if (page >= res.pagination.totalPages) break;
    }
  }
  return { memories: sources.length, static: statics, sourcesPerMemory: summarize(sources), unitsWithMemory };
}
