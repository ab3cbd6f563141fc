/**
 * The speed part of bench:memories (issue 26 "Speed"), through the HTTP API of one embedded service:
 *
 * 1. `memories` facts written to one container tag through POST /v4/memories (batches of 100, each embedded and
 *    judged against the tag as in production), then `updates` of them through PATCH /v4/memories so that version
 *    histories exist;
 * 2. read latency at that size: POST /v4/profile, memories-mode and hybrid search, profile with `q`, and
 *    POST /v4/memories/list with `history: true` (100 per page);
 * 3. the memory step as a tag grows: `stepDocs` similar chat documents into one fresh tag, the memory step's and
 *    the embed step's median time per document over the first 100 and the last 100 (processingMetadata.steps).
 *
 * Store calls, embedder calls and every SQL statement are timed inside the measured requests (bench/instrument.ts).
 */
import { round, sleep, summarize, type Summary } from '../lib.js';
import type { CallTimer } from '../instrument.js';
import type { Api } from '../quality/harness.js';
import { type Breakdown, breakdown, measure, searchPath } from './breakdown.js';
import type { Embedder } from '../../src/providers/embedder.js';
import type { Store } from '../../src/storage/store.js';
import { memoryRecord } from '../../test/helpers/memories.js';
import { generateChatDocuments, generateFacts, type SyntheticFact } from './facts.js';

export const SPEED_TARGETS = { profileP95Ms: 20, searchP95Ms: 40, listHistoryMs: 200, stepGrowthRatio: 1.5 } as const;

export interface SpeedOptions {
  memories: number;
  /** How many of the memories go through POST /v4/memories (timed); the rest are seeded through the store port. */
  apiWrites: number;
  updates: number;
  queries: number;
  warmup: number;
  listPages: number;
  stepDocs: number;
  /** Documents compared at each end of the step-growth run (100 in the issue). */
  stepWindow: number;
  seed: number;
}

const TAG = 'memory_bench_user';
const STEP_TAG = 'memory_bench_growth';

type Log = (m: string) => void;

/**
 * Stores facts as latest memories of the tag straight through the store port (embedded in batches), as a fast
 * stand-in for the judge's path: used for the part of the 10,000 beyond `apiWrites`, whose read latency is measured
 * but whose write path would take hours while the judge compares every write with the whole tag.
 */
export async function seedMemories(store: Store, embedder: Embedder, facts: readonly SyntheticFact[]): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 0; i < facts.length; i += 64) {
    const batch = facts.slice(i, i + 64);
    const vectors = await embedder.embedDocuments(batch.map((f) => f.text));
    for (const [j, f] of batch.entries()) {
      await store.memories.insertMemory(memoryRecord({ containerTags: [TAG], memory: f.text, isStatic: f.isStatic, createdAt: now }), { model: embedder.id, vector: vectors[j]! });
    }
  }
}

/** Writes the memories (API first, then seeded) and their updates; returns what was stored and how fast. */
export async function writeMemories(api: Api, seed: (facts: readonly SyntheticFact[]) => Promise<void>, o: SpeedOptions, log: Log) {
  const facts = generateFacts(o.seed, Math.ceil(o.memories * 1.2));
  const countLatest = async () => (await api.post<{ pagination: { totalItems: number } }>('/v4/memories/list', { containerTag: TAG, limit: 1 })).pagination.totalItems;
  const batchMs: number[] = [];
  const t0 = performance.now();
  let written = 0;
  let stored = 0;
  const viaApi = Math.min(o.apiWrites, o.memories);
  // Facts the judge merges as duplicates do not add a memory: write on until the tag holds the asked number.
  while (stored < viaApi && written < facts.length) {
    const batch = facts.slice(written, written + Math.min(100, viaApi - stored));
    const b0 = performance.now();
    await api.post('/v4/memories', { containerTag: TAG, memories: batch.map((f) => ({ content: f.text, isStatic: f.isStatic })) });
    batchMs.push(performance.now() - b0);
    written += batch.length;
    if (batchMs.length % 10 === 0 || written >= viaApi) stored = await countLatest();
    if (batchMs.length % 20 === 0) log(`  write: ${written} sent, ${stored} in the tag, ${(written / ((performance.now() - t0) / 1000)).toFixed(0)} memories/s`);
  }
  const writeSeconds = (performance.now() - t0) / 1000;
  const apiSent = written;
  stored = await countLatest();
  const s0 = performance.now();
  if (stored < o.memories) {
    const rest = facts.slice(written, written + (o.memories - stored));
    log(`  seeding ${rest.length} more memories through the store port`);
    await seed(rest);
    written += rest.length;
    stored = await countLatest();
  }
  const seedSeconds = (performance.now() - s0) / 1000;

  // Version histories: PATCH the first `updates` memories of a page (each PATCH makes a new version).
  const u0 = performance.now();
  const updateMs: number[] = [];
  const targets = (await api.post<{ memoryEntries: { id: string; memory: string }[] }>('/v4/memories/list', { containerTag: TAG, limit: Math.min(1100, Math.max(1, o.updates)) })).memoryEntries;
  for (const m of targets.slice(0, o.updates)) {
    const s0 = performance.now();
    await api.patch('/v4/memories', { containerTag: TAG, id: m.id, newContent: m.memory.replace(/\.?$/, ', as confirmed in 2026.') });
    updateMs.push(performance.now() - s0);
  }
  const avg = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  return {
    route: 'POST /v4/memories, batches of 100 (each memory embedded and judged against the tag), the rest seeded through the store port; then PATCH /v4/memories',
    sentThroughApi: apiSent,
    seeded: written - apiSent,
    seedSeconds: round(seedSeconds, 1),
    latestInTag: stored,
    seconds: round(writeSeconds, 1),
    memoriesPerSecond: round(apiSent / Math.max(writeSeconds, 1e-9), 1),
    batchMs: summarize(batchMs),
    // The cost of a write grows with the tag when each memory is compared with the tag's memories.
    batchMsFirst10: avg(batchMs.slice(0, 10)),
    batchMsLast10: avg(batchMs.slice(-10)),
    updates: updateMs.length,
    updateMs: summarize(updateMs),
    updateSeconds: round((performance.now() - u0) / 1000, 1),
    queries: facts.slice(0, o.warmup + o.queries).map((f) => f.query),
  };
}

export interface Phase {
  request: string;
  breakdown: Breakdown;
  results: number;
}

/** Read latency at the written size; the same queries for every phase. */
export async function measureReads(api: Api, timer: CallTimer, queries: readonly string[], o: SpeedOptions, log: Log) {
  const warm = queries.slice(0, o.warmup);
  const measured = queries.slice(o.warmup);
  const phases: Record<string, Phase> = {};
  const run = async (name: string, request: string, route: string, bodies: readonly object[], warmBodies: readonly object[]) => {
    let results = 0;
    const count = (r: { results?: unknown[]; memoryEntries?: unknown[]; profile?: { static: unknown[]; dynamic: unknown[] } }) =>
      r.results?.length ?? r.memoryEntries?.length ?? (r.profile ? r.profile.static.length + r.profile.dynamic.length : 0);
    for (const b of warmBodies) await api.post(route, b);
    const samples = await measure(bodies, timer, async (b) => {
      results += count(await api.post(route, b));
    });
    phases[name] = { request, breakdown: breakdown(samples), results: round(results / Math.max(1, bodies.length), 1) };
    const l = phases[name].breakdown.latencyMs;
    log(`${name}: p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms (${phases[name].results} results per request)`);
  };
  const per = (f: (q: string) => object) => [measured.map(f), warm.map(f)] as const;
  await run('profile', 'POST /v4/profile {containerTag}', '/v4/profile', ...per(() => ({ containerTag: TAG })));
  const search = (searchMode: string) => (q: string) => ({ q, containerTag: TAG, searchMode, limit: 10, threshold: 0 });
  await run('searchMemories', 'POST /v4/search {q, containerTag, searchMode: "memories", limit: 10, threshold: 0}', '/v4/search', ...per(search('memories')));
  await run('searchHybrid', 'POST /v4/search {q, containerTag, searchMode: "hybrid", limit: 10, threshold: 0}', '/v4/search', ...per(search('hybrid')));
  await run('profileWithQuery', 'POST /v4/profile {containerTag, q}', '/v4/profile', ...per((q) => ({ containerTag: TAG, q })));
  const pages = Array.from({ length: o.listPages }, (_, i) => ({ containerTag: TAG, limit: 100, page: i + 1, history: true }));
  await run('listWithHistory', 'POST /v4/memories/list {containerTag, limit: 100, page, history: true}', '/v4/memories/list', pages, pages.slice(0, 1));
  return { phases, searchMemoriesPath: searchPath(phases.searchMemories!.breakdown) };
}

interface StepView {
  name: string;
  duration?: number;
  metadata?: Record<string, unknown>;
}

/** `stepDocs` similar chat documents into one tag; the memory and embed steps' time at the start and the end. */
export async function stepGrowth(api: Api, o: SpeedOptions, log: Log) {
  const docs = generateChatDocuments(o.seed, o.stepDocs);
  const t0 = performance.now();
  const doneAt: { count: number; seconds: number }[] = [];
  for (let i = 0; i < docs.length; i += 100) {
    const batch = docs.slice(i, i + 100).map((content, j) => ({ content, customId: `growth-${String(i + j).padStart(5, '0')}`, metadata: { n: i + j } }));
    const res = await api.post<{ failed: number }>('/v3/documents/batch', { documents: batch, containerTag: STEP_TAG });
    if (res.failed > 0) throw new Error(`batch at ${i} rejected ${res.failed} documents`);
  }
  const count = async (status: string) => (await api.post<{ pagination: { totalItems: number } }>('/v3/documents/list', { containerTags: [STEP_TAG], status, limit: 1 })).pagination.totalItems;
  let lastLog = performance.now();
  for (;;) {
    const [done, failed] = [await count('done'), await count('failed')];
    const seconds = (performance.now() - t0) / 1000;
    if (doneAt.length === 0 || done !== doneAt.at(-1)!.count) doneAt.push({ count: done, seconds });
    if (done + failed >= docs.length) break;
    if (performance.now() - lastLog > 30_000) {
      lastLog = performance.now();
      log(`  growth: ${done}/${docs.length} done, ${failed} failed, ${(done / seconds).toFixed(1)} docs/s`);
    }
    await sleep(500);
  }
  const seconds = (performance.now() - t0) / 1000;
  const w = Math.min(o.stepWindow, Math.floor(docs.length / 2));
  const window = async (from: number) => {
    const steps = await Promise.all(
      Array.from({ length: w }, async (_, k) => {
        const id = `growth-${String(from + k).padStart(5, '0')}`;
        const d = await api.get<{ status: string; processingMetadata?: { steps?: StepView[] } }>(`/v3/documents/${id}`);
        return d.processingMetadata?.steps ?? [];
      }),
    );
    const ms = (name: string) => steps.map((s) => s.find((x) => x.name === name)?.duration).filter((x): x is number => typeof x === 'number');
    const facts = steps.map((s) => Number(s.find((x) => x.name === 'memories')?.metadata?.facts ?? 0));
    return { memoriesStepMs: summarize(ms('memories')), embedStepMs: summarize(ms('embed')), factsPerDocument: round(facts.reduce((a, b) => a + b, 0) / Math.max(1, facts.length), 2) };
  };
  const first = await window(0);
  const last = await window(docs.length - w);
  const failed = await count('failed');
  const rate = (a: number, b: number) => {
    const s = doneAt.find((d) => d.count >= a);
    const e = doneAt.find((d) => d.count >= b);
    return s && e && e.seconds > s.seconds ? round(((b - a) / (e.seconds - s.seconds)) * 60, 1) : null;
  };
  const tagMemories = (await api.post<{ pagination: { totalItems: number } }>('/v4/memories/list', { containerTag: STEP_TAG, limit: 1 })).pagination.totalItems;
  return {
    documents: docs.length,
    failed,
    window: w,
    seconds: round(seconds, 1),
    memoriesInTag: tagMemories,
    first,
    last,
    /** Median memory-step time per document, last window over first window (target ≤ 1.5). */
    memoriesStepRatio: first.memoriesStepMs.p50 > 0 ? round(last.memoriesStepMs.p50 / first.memoriesStepMs.p50, 2) : null,
    embedStepRatio: first.embedStepMs.p50 > 0 ? round(last.embedStepMs.p50 / first.embedStepMs.p50, 2) : null,
    /** Documents a minute over the first and the last 10% of the run (includes the other steps; two run at once). */
    docsPerMinute: { first: rate(0, Math.floor(docs.length * 0.1)), last: rate(Math.floor(docs.length * 0.9), docs.length - failed) },
  };
}

export function speedVerdict(reads: { phases: Record<string, Phase> } | null, growth: { memoriesStepRatio: number | null } | null) {
  const p95 = (name: string) => reads?.phases[name]?.breakdown.latencyMs.p95 ?? null;
  const mean = (name: string) => reads?.phases[name]?.breakdown.latencyMs.mean ?? null;
  const v = (value: number | null, target: number) => ({ value, target, met: value === null ? null : value <= target });
  return {
    profileP95Ms: v(p95('profile'), SPEED_TARGETS.profileP95Ms),
    searchMemoriesP95Ms: v(p95('searchMemories'), SPEED_TARGETS.searchP95Ms),
    listWithHistoryMeanMs: v(mean('listWithHistory'), SPEED_TARGETS.listHistoryMs),
    memoriesStepGrowth: v(growth?.memoriesStepRatio ?? null, SPEED_TARGETS.stepGrowthRatio),
  };
}

export type { Summary };
