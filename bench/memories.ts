/**
 * Memory benchmark: profile and memories-mode search latency at 10k memories in one container tag, and ingestion
 * throughput with the memory step against without it (offline extractor, no LLM).
 *
 *   npm run bench:memories -- [--memories 10000] [--queries 200] [--embedder local|hash] [--ingest-docs 300]
 *                             [--ingest-corpus text,locomo] [--ingest-rounds 2] [--skip-ingest] [--seed 42]
 *
 * One service (createRuntime, embedded runner, file-backed SQLite in a temporary directory) served on 127.0.0.1:0
 * and driven with fetch by one client. Memories are written through POST /v4/memories in batches of 100, so each
 * one is embedded and related to the tag's memories as in production. The store, the memory store, the embedder and
 * every SQLite statement are timed inside the measured requests (bench/instrument.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { DEFAULT_ORG_ID } from '../src/services/auth.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { generateTextDocuments } from './corpus.js';
import { CallTimer, instrumentEmbedder, instrumentSql, instrumentStore } from './instrument.js';
import { BENCH_KEY, environment, intArg, listenLocal, loadAverage, log, markdownTable, parseEmbedderChoice, REPO_ROOT, resolveEmbedder, round, RssSampler, summarize, writeResults } from './lib.js';
import { type Breakdown, breakdown, measure, searchPath } from './memories/breakdown.js';
import { generateFacts } from './memories/facts.js';
import { compareIngestion, type IngestComparison, type IngestDoc, type VariantResult } from './memories/ingest.js';
import { Api } from './quality/harness.js';
import { loadLocomo } from './quality/locomo.js';

const TAG = 'memory_bench_user';
const TARGETS = { profileP95Ms: 20, searchP95Ms: 40, ingestRatio: 0.7 };

const { values: args } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    embedder: { type: 'string', default: 'local' },
    'ingest-docs': { type: 'string', default: '300' },
    'ingest-corpus': { type: 'string', default: 'text,locomo' },
    'ingest-rounds': { type: 'string', default: '2' },
    'skip-ingest': { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
    shared: { type: 'string', default: process.env.MNEMO_SHARED_DATA ?? path.resolve(REPO_ROOT, '..', 'shared', 'data') },
  },
  strict: true,
});

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const options = {
    memories: intArg(args.memories, 10_000, 'memories'),
    queries: intArg(args.queries, 200, 'queries'),
    warmup: intArg(args.warmup, 20, 'warmup'),
    embedder: parseEmbedderChoice(args.embedder),
    ingestDocs: intArg(args['ingest-docs'], 300, 'ingest-docs'),
    ingestCorpora: args['skip-ingest'] ? [] : args['ingest-corpus'].split(',').map((c) => c.trim()),
    ingestRounds: Math.max(1, intArg(args['ingest-rounds'], 2, 'ingest-rounds')),
    seed: intArg(args.seed, 42, 'seed'),
  };
  const started = performance.now();
  const env = environment();
  const rss = new RssSampler();
  log(`memories benchmark: ${options.memories} memories in one tag, ${options.queries} queries; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const { embedder, choice, warning, loadMs } = await resolveEmbedder(options.embedder);
  log(`embedder ${embedder.id} ready in ${Math.round(loadMs)} ms`);

  const timer = new CallTimer();
  const restoreSql = instrumentSql(timer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-memories-'));
  const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dir, MNEMO_LOG_LEVEL: 'silent' });
  const rawStore = new SqliteStore(path.join(dir, 'mnemo.db'));
  const runtime = await createRuntime(config, silentLogger, {
    store: instrumentStore(rawStore, timer),
    embedder: staticEmbedderHandle(instrumentEmbedder(embedder, timer)),
    print: () => undefined,
  });
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);

  // 1. 10k memories through the API.
  rss.setPhase('write');
  const facts = generateFacts(options.seed, Math.ceil(options.memories * 1.2));
  const countLatest = async () => (await api.post<{ pagination: { totalItems: number } }>('/v4/memories/list', { containerTag: TAG, limit: 1 })).pagination.totalItems;
  const batchMs: number[] = [];
  const w0 = performance.now();
  let written = 0;
  let stored = 0;
  while (stored < options.memories && written < facts.length) {
    const batch = facts.slice(written, written + Math.min(100, options.memories - stored));
    const b0 = performance.now();
    await api.post('/v4/memories', { containerTag: TAG, memories: batch.map((f) => ({ content: f.text, isStatic: f.isStatic })) });
    batchMs.push(performance.now() - b0);
    written += batch.length;
    if (batchMs.length % 10 === 0 || written >= options.memories) stored = await countLatest();
    if (batchMs.length % 20 === 0) log(`  write: ${written} sent, ${stored} stored, ${(written / ((performance.now() - w0) / 1000)).toFixed(0)} memories/s`);
  }
  const writeSeconds = (performance.now() - w0) / 1000;
  stored = await countLatest();
  const statics = (await runtime.store.memories.listMemories(DEFAULT_ORG_ID, { containerTags: [TAG], isStatic: true, limit: 1, offset: 0 })).total;
  log(`write: ${written} memories sent in ${writeSeconds.toFixed(0)} s (${(written / writeSeconds).toFixed(1)}/s); ${stored} latest in the tag, ${statics} static`);

  // 2. Profile and search, one client; the same queries for every phase.
  const queries = facts.slice(0, options.warmup + options.queries).map((f) => f.query);
  const warm = queries.slice(0, options.warmup);
  const measured = queries.slice(options.warmup);
  const phases: Record<string, { request: string; breakdown: Breakdown; results: number }> = {};
  const loadBefore = loadAverage();
  if (loadBefore[0]! > os.cpus().length) log(`WARNING: load average ${loadBefore.join(' ')} on ${os.cpus().length} cores: other processes compete for the CPU`);
  const run = async (name: string, request: string, body: (q: string) => object, route: string) => {
    rss.setPhase(name);
    let results = 0;
    const count = (r: { results?: unknown[]; profile?: { static: unknown[]; dynamic: unknown[] } }) =>
      r.results?.length ?? (r.profile ? r.profile.static.length + r.profile.dynamic.length : 0);
    for (const q of warm) await api.post(route, body(q));
    const samples = await measure(measured, timer, async (q) => {
      results += count(await api.post(route, body(q)));
    });
    phases[name] = { request, breakdown: breakdown(samples), results: round(results / measured.length, 1) };
    const l = phases[name].breakdown.latencyMs;
    log(`${name}: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms (${phases[name].results} results per request)`);
  };
  await run('profile', 'POST /v4/profile {containerTag}', () => ({ containerTag: TAG }), '/v4/profile');
  await run('profileWithQuery', 'POST /v4/profile {containerTag, q} (profile + memory and chunk search, threshold 0.5)', (q) => ({ containerTag: TAG, q }), '/v4/profile');
  const searchBody = (searchMode: string) => (q: string) => ({ q, containerTag: TAG, searchMode, limit: 10, threshold: 0 });
  await run('searchMemories', 'POST /v4/search {q, containerTag, searchMode: "memories", limit: 10, threshold: 0}', searchBody('memories'), '/v4/search');
  await run('searchHybrid', 'POST /v4/search {q, containerTag, searchMode: "hybrid" (default), limit: 10, threshold: 0}', searchBody('hybrid'), '/v4/search');
  const loadAfterQueries = loadAverage();

  // 3. Ingestion with and without the memory step. The runner starts only now, so its polling stays out of the
  // request timings above.
  await runtime.runner.start();
  const ingestion: IngestComparison[] = [];
  for (const corpus of options.ingestCorpora) {
    rss.setPhase(`ingest-${corpus}`);
    const docs = ingestDocuments(corpus, options.ingestDocs, options.seed);
    ingestion.push(await compareIngestion(api, runtime.store, timer, corpus, docs, options.ingestRounds, log));
    const c = ingestion.at(-1)!;
    log(`ingest ${corpus}: with memories ${c.withMemories.docsPerSecond} docs/s, without ${c.withoutMemories.docsPerSecond} docs/s = ${Math.round(c.ratio * 100)}%`);
  }

  restoreSql();
  server.close();
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const memory = rss.stop();
  const searchSplit = searchPath(phases.searchMemories!.breakdown);
  const result = {
    benchmark: 'memories',
    date: new Date().toISOString(),
    environment: env,
    options,
    embedder: { requested: options.embedder, used: choice, id: embedder.id, loadMs: round(loadMs), ...(warning ? { warning } : {}) },
    targets: TARGETS,
    write: {
      route: 'POST /v4/memories, batches of 100 (each memory embedded and related to the tag)',
      sent: written,
      latestInTag: stored,
      static: statics,
      seconds: round(writeSeconds, 1),
      memoriesPerSecond: round(written / writeSeconds, 1),
      batchMs: summarize(batchMs),
      // The cost of a write grows with the tag: each memory is related to the tag's closest memories.
      batchMsFirst10: round(batchMs.slice(0, 10).reduce((a, b) => a + b, 0) / Math.max(1, Math.min(10, batchMs.length))),
      batchMsLast10: round(batchMs.slice(-10).reduce((a, b) => a + b, 0) / Math.max(1, Math.min(10, batchMs.length))),
    },
    loadAverage: { beforeQueries: loadBefore, afterQueries: loadAfterQueries, end: loadAverage() },
    phases,
    searchMemoriesPath: searchSplit,
    ingestion,
    verdict: {
      profileP95: { value: phases.profile!.breakdown.latencyMs.p95, target: TARGETS.profileP95Ms, met: phases.profile!.breakdown.latencyMs.p95 <= TARGETS.profileP95Ms },
      searchMemoriesP95: { value: phases.searchMemories!.breakdown.latencyMs.p95, target: TARGETS.searchP95Ms, met: phases.searchMemories!.breakdown.latencyMs.p95 <= TARGETS.searchP95Ms },
      ingestRatio: ingestion.map((c) => ({ corpus: c.corpus, value: c.ratio, target: TARGETS.ingestRatio, met: c.ratio >= TARGETS.ingestRatio })),
    },
    rss: memory,
    totalSeconds: round((performance.now() - started) / 1000, 1),
  };
  const file = writeResults('memories', result);
  printTables(result);
  log(`results written to ${path.relative(process.cwd(), file)} and memories-latest.json (${result.totalSeconds} s)`);
}

function ingestDocuments(corpus: string, n: number, seed: number): IngestDoc[] {
  if (corpus === 'text') return generateTextDocuments(seed, n, 1000).map((d, i) => ({ content: d.text, metadata: { n: i } }));
  if (corpus === 'locomo') return loadLocomo(args.shared, 0).documents.slice(0, n).map((d) => ({ content: d.content, metadata: d.metadata }));
  throw new Error(`--ingest-corpus: unknown corpus "${corpus}" (known: text, locomo)`);
}

function printTables(r: {
  phases: Record<string, { request: string; breakdown: Breakdown; results: number }>;
  searchMemoriesPath: ReturnType<typeof searchPath>;
  ingestion: IngestComparison[];
  write: { latestInTag: number; memoriesPerSecond: number };
}): void {
  console.log('');
  console.log(`### Memories: ${r.write.latestInTag} in one container tag (written at ${r.write.memoriesPerSecond}/s)`);
  console.log('');
  const rows = Object.entries(r.phases).map(([name, p]) => [name, `${p.breakdown.latencyMs.p50} / ${p.breakdown.latencyMs.p95} / ${p.breakdown.latencyMs.p99}`, p.results, p.request]);
  console.log(markdownTable(['phase', 'p50 / p95 / p99 ms', 'results', 'request'], rows));
  for (const [name, p] of Object.entries(r.phases)) {
    console.log('', `${name}: mean ms per request`, '');
    console.log(markdownTable(['call', 'ms', 'calls'], p.breakdown.meanPerRequest.slice(0, 8).map((c) => [c.name, c.ms, c.calls])));
    console.log('');
    console.log(markdownTable(['SQL (inside the calls above)', 'ms', 'calls'], p.breakdown.sql.slice(0, 5).map((c) => [c.sql.slice(0, 110), c.ms, c.calls])));
  }
  console.log('', 'memories-mode search, critical path (mean ms):', '');
  console.log(markdownTable(['part', 'ms'], Object.entries(r.searchMemoriesPath).filter(([k]) => k !== 'note').map(([k, v]) => [k, v as number])));
  if (r.ingestion.length > 0) {
    console.log('');
    console.log(
      markdownTable(
        ['corpus', 'docs', 'with memory step docs/s', 'without (superrag) docs/s', 'ratio', 'facts/doc', 'memory step p50 ms'],
        r.ingestion.map((c) => [c.corpus, c.documents, c.withMemories.docsPerSecond, c.withoutMemories.docsPerSecond, `${Math.round(c.ratio * 100)}%`, c.withMemories.factsPerDocument ?? 0, c.withMemories.stepMs.memories?.p50 ?? 0]),
      ),
    );
    for (const c of r.ingestion) {
      console.log('', `ingest ${c.corpus}: timed calls per document, with / without the memory step (ms; two documents run at once)`, '');
      const names = [...new Set([...c.withMemories.callsPerDocument, ...c.withoutMemories.callsPerDocument].map((x) => x.name))].slice(0, 10);
      const ms = (v: VariantResult, n: string) => v.callsPerDocument.find((x) => x.name === n)?.ms ?? 0;
      console.log(markdownTable(['call', 'with', 'without'], names.map((n) => [n, ms(c.withMemories, n), ms(c.withoutMemories, n)])));
    }
  }
}
