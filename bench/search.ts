/**
 * Search benchmark: /v4/search latency and throughput through the real HTTP app on SQLite stores of 10k and 100k
 * chunks.
 *
 *   npm run bench:search -- [--sizes 10000,100000] [--embedder local|hash] [--queries 300] [--warmup 20]
 *                           [--concurrency 16] [--throughput-seconds 10] [--real-cap 1500] [--seed 42]
 *                           [--profile auto|always|never] [--profile-queries 30] [--rerank]
 *                           [--models minilm,bge]   (several local models side by side: each size is run once per
 *                                                    model, one after the other, in the same invocation)
 *
 * Each size runs in its own child process (clean peak-RSS numbers). The store is filled directly through the Store
 * interface (insertDocument, replaceChunks, putEmbeddings, activateGeneration), not through the ingestion pipeline.
 *
 * Corpus vectors with --embedder local: embedding 100k chunks with MiniLM on 2 cores takes about an hour, so only the
 * first --real-cap chunks are embedded by the real model (cached in bench/.cache/); every other chunk gets "synthetic
 * vectors derived from real embeddings": the real vector of a chunk on the same topic plus Gaussian noise,
 * renormalised. Query vectors are always computed by the real model at query time, inside the measured request.
 * Vector search is an exact scan, so its cost does not depend on the vector values. Queries are written from chunks
 * that have real vectors, so hit@10 is a meaningful sanity check (not a relevance benchmark).
 */
import { drawPerfChart } from './perf-chart.js';
import { execFile, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { DEFAULT_LOCAL_MODEL, MINILM_MODEL, staticEmbedderHandle } from '../src/providers/create-embedder.js';
import type { Embedder } from '../src/providers/embedder.js';
import { createRuntime } from '../src/runtime.js';
import { normalize } from '../src/vector/cosine.js';
import { DEFAULT_ORG_ID } from '../src/services/auth.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../src/storage/store.js';
import type { ServeProbeJob, ServeProbeResult } from './serve-probe.js';
import { measureVectorRecall, type RecallResult } from './vector-recall.js';
import { fillCorpusStore } from './corpus-store.js';
import { createRng, embeddedContent, generateCorpus, generateQueries, seedFrom, type BenchQuery, type Corpus } from './corpus.js';
import {
  BENCH_KEY,
  CACHE_DIR,
  environment,
  intArg,
  loadAverage,
  log,
  markdownTable,
  mb,
  parseEmbedderChoice,
  resolveEmbedder,
  round,
  RssSampler,
  sqliteFilesSize,
  summarize,
  writeResults,
  RESULTS_DIR,
  listenLocal,
  type EmbedderChoice,
  type Summary,
} from './lib.js';

const P95_TARGET_MS = 50;
/** Noise added to a real vector to derive a synthetic one; cos(derived, source) ≈ 1/sqrt(1 + 384σ²) ≈ 0.86. */
const DERIVE_SIGMA = 0.03;
const CORPUS_VERSION = 1;

interface Options {
  sizes: number[];
  embedder: EmbedderChoice;
  queries: number;
  warmup: number;
  concurrency: number;
  throughputSeconds: number;
  realCap: number;
  /** Small tags beside the 85% main tag (the issue's 1M shape: one 850k-chunk tag and 1,000 small ones). */
  smallTags: number;
  seed: number;
  profile: 'auto' | 'always' | 'never';
  profileQueries: number;
  rerank: boolean;
  /** Keep each size's database directory (with the probe's job as serve-probe.json) to re-run bench/serve-probe.ts on it. */
  keep: boolean;
}

interface ChildJob {
  size: number;
  /** MNEMO_EMBEDDING_MODEL of this child (--models); unset = the configured model. */
  model?: string;
  options: Options;
  /** Cached real corpus vectors (first realCount chunks), for the local embedder. */
  vectorsFile: string | null;
  realCount: number;
  embedderWarning?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    embedder: { type: 'string', default: 'local' },
    queries: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    'throughput-seconds': { type: 'string', default: '10' },
    'real-cap': { type: 'string', default: '1500' },
    'small-tags': { type: 'string', default: '12' },
    seed: { type: 'string', default: '42' },
    profile: { type: 'string', default: 'auto' },
    'profile-queries': { type: 'string', default: '30' },
    rerank: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    models: { type: 'string' },
    child: { type: 'string' },
  },
  strict: true,
});

/** Short names accepted by --models. */
const MODEL_ALIASES: Record<string, string> = { minilm: MINILM_MODEL, bge: DEFAULT_LOCAL_MODEL };

if (args.child) {
  const job = JSON.parse(args.child) as ChildJob;
  // The child's embedder (lib.ts resolveEmbedder) and its fresh service process (serve-probe.ts) read the model here.
  if (job.model) process.env.MNEMO_EMBEDDING_MODEL = job.model;
  runChild(job).then(
    (result) => {
      process.send!({ type: 'result', result }, () => process.exit(0));
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

async function main(): Promise<void> {
  const profile = args.profile as Options['profile'];
  if (!['auto', 'always', 'never'].includes(profile)) throw new Error('--profile must be auto, always or never');
  const options: Options = {
    sizes: args
      .sizes!.split(',')
      .map((s) => intArg(s.trim(), 0, 'sizes'))
      .filter((n) => n > 0),
    embedder: parseEmbedderChoice(args.embedder),
    queries: intArg(args.queries, 300, 'queries'),
    warmup: intArg(args.warmup, 20, 'warmup'),
    concurrency: intArg(args.concurrency, 16, 'concurrency'),
    throughputSeconds: intArg(args['throughput-seconds'], 10, 'throughput-seconds'),
    realCap: intArg(args['real-cap'], 1500, 'real-cap'),
    smallTags: intArg(args['small-tags'], 12, 'small-tags'),
    seed: intArg(args.seed, 42, 'seed'),
    profile,
    profileQueries: intArg(args['profile-queries'], 30, 'profile-queries'),
    rerank: args.rerank ?? false,
    keep: args.keep ?? false,
  };
  if (options.sizes.length === 0) throw new Error('--sizes needs at least one positive size');
  const started = performance.now();
  const env = environment();
  log(`search benchmark: sizes ${options.sizes.join(', ')}, embedder ${options.embedder}, ${env.cores} cores`);

  const models = args.models ? args.models.split(',').map((m) => MODEL_ALIASES[m.trim()] ?? m.trim()) : [undefined];
  if (models.length > 1 && options.embedder !== 'local') throw new Error('--models needs --embedder local');
  const prepared: { model: string | undefined; vectorsFile: string | null; realCount: number; embedderWarning?: string; effective: EmbedderChoice; modelId: string | null }[] = [];
  for (const model of models) {
    if (model) process.env.MNEMO_EMBEDDING_MODEL = model;
    let vectorsFile: string | null = null;
    let realCount = 0;
    let embedderWarning: string | undefined;
    let effective = options.embedder;
    let modelId: string | null = null;
    if (options.embedder === 'local') {
      const r = await resolveEmbedder('local');
      effective = r.choice;
      embedderWarning = r.warning;
      modelId = r.embedder.id;
      if (effective === 'local') {
        realCount = Math.min(options.realCap, Math.max(...options.sizes));
        vectorsFile = await prepareRealVectors(r.embedder, options.seed, realCount);
      }
      await r.embedder.close?.();
    }
    prepared.push({ model, vectorsFile, realCount, effective, modelId, ...(embedderWarning ? { embedderWarning } : {}) });
  }
  const { realCount, embedderWarning, effective, modelId } = prepared[0]!;
  const runOptions = { ...options, embedder: effective };

  // Sizes in order; at each size every model, back to back, so that the machine's state is as alike as it gets.
  const results: unknown[] = [];
  for (const size of options.sizes) {
    for (const p of prepared) {
      const job: ChildJob = {
        size,
        ...(p.model ? { model: p.model } : {}),
        options: { ...options, embedder: p.effective },
        vectorsFile: p.vectorsFile,
        realCount: Math.min(p.realCount, size),
        ...(p.embedderWarning ? { embedderWarning: p.embedderWarning } : {}),
      };
      results.push(await runInChild(job));
    }
  }

  const output = {
    benchmark: 'search',
    date: new Date().toISOString(),
    environment: env,
    options: runOptions,
    requestedEmbedder: options.embedder,
    ...(embedderWarning ? { embedderWarning } : {}),
    model: modelId,
    models: prepared.map((p) => p.modelId),
    vectorProvenance:
      effective === 'local'
        ? `synthetic vectors derived from real embeddings: the first ${realCount} chunks embedded by the real model; every other chunk = real vector of a same-topic chunk + N(0, ${DERIVE_SIGMA}^2) noise per dimension, renormalised. Query vectors are always computed by the real model inside the measured request.`
        : 'hash embedder (lexical feature hashing) for every chunk and query',
    totalSeconds: round((performance.now() - started) / 1000, 1),
    results,
  };
  const file = writeResults('search', output);
  console.log(`\n${renderReport(output.results as SizeResult[], output)}\n`);
  log(`results written to ${path.relative(process.cwd(), file)} (${output.totalSeconds} s)`);
  const chart = drawPerfChart(RESULTS_DIR);
  if (chart) log(`chart written to ${path.relative(process.cwd(), chart)}`);
}

function runInChild(job: ChildJob): Promise<unknown> {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', JSON.stringify(job)], { stdio: 'inherit', execArgv: [...process.execArgv, '--expose-gc'] });
    let result: unknown;
    child.on('message', (m: { type: string; result: unknown }) => {
      if (m.type === 'result') result = m.result;
    });
    child.on('exit', (code) => {
      resolve(result ?? { size: job.size, error: `child process exited with code ${code}` });
    });
  });
}

/** Embeds the first `count` chunks of the corpus with the real model, cached on disk by seed, model and count. */
async function prepareRealVectors(embedder: Embedder, seed: number, count: number): Promise<string> {
  const key = createHash('sha1')
    .update(JSON.stringify({ seed, count, model: embedder.id, v: CORPUS_VERSION, dims: embedder.dimensions }))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(CACHE_DIR, `corpus-vectors-${key}.f32`);
  if (fs.existsSync(file) && fs.statSync(file).size === count * embedder.dimensions * 4) {
    log(`using cached real embeddings of ${count} corpus chunks (${path.relative(process.cwd(), file)})`);
    return file;
  }
  const corpus = generateCorpus({ seed, chunks: count });
  const texts: string[] = [];
  for (const d of corpus.documents) for (let p = 0; p < d.chunks.length; p++) texts.push(embeddedContent(d, p));
  // Similar lengths per batch: less padding, faster.
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
  const out = new Float32Array(count * embedder.dimensions);
  const t0 = performance.now();
  const step = 256;
  log(`embedding ${count} corpus chunks with ${embedder.id} (cached for later runs)...`);
  for (let i = 0; i < order.length; i += step) {
    const ids = order.slice(i, i + step);
    const vectors = await embedder.embedDocuments(ids.map((j) => texts[j]!));
    vectors.forEach((v, k) => out.set(v, ids[k]! * embedder.dimensions));
    const done = Math.min(order.length, i + step);
    const rate = done / ((performance.now() - t0) / 1000);
    if (done === order.length || (i / step) % 4 === 3) log(`  ${done}/${count} chunks, ${rate.toFixed(1)}/s, ETA ${Math.round((count - done) / rate)} s`);
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(`${file}.tmp`, Buffer.from(out.buffer));
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// One size (child process)
// ---------------------------------------------------------------------------------------------------------------

interface SizeResult {
  size: number;
  error?: string;
  documents: number;
  chunks: number;
  tags: { tag: string; documents: number; chunks: number }[];
  embedder: { id: string; kind: string; loadMs: number };
  timings: { corpusSeconds: number; vectorsSeconds: number; buildSeconds: number; buildDocsPerSecond: number };
  vectors: { real: number; derived: number; meanCosineToSource: number | null };
  database: { bytes: number; mb: number; files: Record<string, number> };
  planner: {
    withoutStatistics: string;
    indexStepWithoutStatistics: { activateGeneration: Summary; getChunks: Summary };
    indexStepWithAnalyze: { activateGeneration: Summary; getChunks: Summary };
    note: string;
  };
  coldQuery: { latencyMs: number; vectorSearchMs: number; note: string };
  /** The service alone in a fresh process (bench/serve-probe.ts); absent in results from before it existed. */
  serverProcess?: Awaited<ReturnType<typeof runServeProbe>>;
  vectorRecall: RecallResult;
  latency: Summary & { serverTiming: Summary; byKind: Record<string, Summary>; byScope?: Record<string, Summary> };
  perRequest: Record<string, Summary>;
  throughput: { concurrency: number; seconds: number; requests: number; qps: number; latency: Summary; errors: number; errorSamples: string[] };
  quality: { hitAt10: number; byKind: Record<string, number>; meanResults: number; note: string };
  /** peakMb: whole run (the exact-recall reference loads every float vector); servingBaseMb: after the corpus text was released, before the first query; phasesMb[cold-query|latency|throughput]: serving. */
  rss: { peakMb: number; phasesMb: Record<string, number>; servingBaseMb?: number };
  /** System load averages around the measurements (other processes on the machine slow everything down). */
  loadAverage: { beforeLatency: number[]; afterThroughput: number[] };
  profile?: ProfileResult;
}

async function runChild(job: ChildJob): Promise<SizeResult> {
  const { size, options } = job;
  const rss = new RssSampler();
  const tag = `[${size}]`;
  log(`${tag} loading embedder (${options.embedder})`);
  rss.setPhase('embedder');
  const { embedder, loadMs } = await resolveEmbedder(options.embedder);

  rss.setPhase('corpus');
  let t0 = performance.now();
  // Held in a box so that the corpus text (GBs at 1M) can be released before the serving phases: their RSS is the
  // service's, not the generator's.
  const box: { corpus: Corpus | null } = { corpus: generateCorpus({ seed: options.seed, chunks: size, otherTags: options.smallTags }) };
  const corpus = box.corpus!;
  const corpusInfo = { documents: corpus.documents.length, chunks: corpus.chunkCount, tags: corpus.tags.slice(0, 5) };
  const corpusSeconds = (performance.now() - t0) / 1000;
  log(`${tag} corpus: ${corpus.documents.length} documents, ${corpus.chunkCount} chunks, vocabulary ${corpus.vocab.size} words (${corpusSeconds.toFixed(1)} s)`);

  rss.setPhase('vectors');
  t0 = performance.now();
  const vectors = await corpusVectors(corpus, embedder, job, rss);
  const vectorsSeconds = (performance.now() - t0) / 1000;
  log(`${tag} vectors: ${vectors.real} real, ${vectors.derived} derived (${vectorsSeconds.toFixed(1)} s)`);

  rss.setPhase('build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-search-'));
  const dbFile = path.join(dir, 'mnemo.db');
  t0 = performance.now();
  const built = await buildStore(dbFile, corpus, vectors.data, embedder.id, rss, tag);
  const buildSeconds = (performance.now() - t0) / 1000;
  const documentIds = built.ids;
  vectors.data.length = 0;
  // Search runs in the planner state of a real deployment: src never runs ANALYZE, so drop the statistics the
  // build used and open a fresh connection (connections keep the statistics they loaded).
  const side = new Database(dbFile);
  side.exec('DROP TABLE IF EXISTS sqlite_stat1; DROP TABLE IF EXISTS sqlite_stat4;');
  side.pragma('wal_checkpoint(TRUNCATE)');
  side.close();
  const dbSize = sqliteFilesSize(dbFile);
  log(`${tag} store built in ${buildSeconds.toFixed(1)} s (${Math.round(corpus.documents.length / buildSeconds)} docs/s), database ${mb(dbSize.bytes)} MB`);

  const calls = new CallTimer();
  const rawStore = new SqliteStore(dbFile);
  const indexStepNoStats = await measureIndexStep(rawStore, built.sampleRefs);
  const planner = {
    withoutStatistics: planOnFreshConnection(dbFile, CHUNKS_BY_DOCUMENT_SQL),
    indexStepWithoutStatistics: indexStepNoStats,
    indexStepWithAnalyze: built.indexStepWithStats,
    note:
      'index step = Store.activateGeneration of one existing document (re-activated); getChunks = chunks of one document. ' +
      'Lookups by document id write +org_id (src/storage/sqlite), so SQLite uses the document index even without ANALYZE statistics.',
  };
  log(
    `${tag} index step per document: ${indexStepNoStats.activateGeneration.p50} ms without planner statistics (as deployed), ` +
      `${built.indexStepWithStats.activateGeneration.p50} ms after ANALYZE; getChunks ${indexStepNoStats.getChunks.p50} vs ${built.indexStepWithStats.getChunks.p50} ms`,
  );
  const timedEmbedder = instrumentEmbedder(embedder, calls);
  const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dir, MNEMO_LOG_LEVEL: 'silent' });
  const runtime = await createRuntime(config, silentLogger, {
    store: instrumentStore(rawStore, calls),
    embedder: staticEmbedderHandle(timedEmbedder),
    print: () => undefined,
  });

  const { server, baseUrl } = await listenLocal(runtime.app);
  const url = `${baseUrl}/v4/search`;
  const client = new SearchClient(url, documentIds, options.rerank);

  const eligible = job.realCount > 0 ? (g: number) => g < job.realCount : undefined;
  const queries = generateQueries(corpus, { seed: options.seed, count: options.warmup + options.queries + 1, ...(eligible ? { eligible } : {}) });
  const warm = queries.slice(1, 1 + options.warmup);
  const measured = queries.slice(1 + options.warmup);
  box.corpus = null;
  releaseCorpus(corpus);
  globalThis.gc?.();
  const servingBaseMb = Math.round(process.memoryUsage().rss / 1e6);

  // First query after start: loads the organisation's vectors from SQLite into the in-memory index.
  rss.setPhase('cold-query');
  calls.reset();
  const cold = await client.search(queries[0]!);
  const coldVector = calls.get('vectorSearch');
  log(`${tag} cold first query ${cold.ms.toFixed(0)} ms (vector index load + scan ${coldVector.toFixed(0)} ms)`);

  rss.setPhase('latency');
  const loadBefore = loadAverage();
  // The benchmark itself accounts for about 1 (the build just ran on one core); above the core count means others compete.
  if (loadBefore[0]! > os.cpus().length) log(`${tag} WARNING: load average ${loadBefore.join(' ')} on ${os.cpus().length} cores (this benchmark included): other processes compete for the CPU`);
  for (const q of warm) await client.search(q);
  const lat: number[] = [];
  const server_: number[] = [];
  const byKind: Record<string, number[]> = {};
  /** Latency by the scope searched: the main tag, one of the small tags, or the whole organisation. */
  const byScope: Record<string, number[]> = {};
  const perRequest: Record<string, number[]> = {};
  const hitsByKind: Record<string, number[]> = {};
  let results = 0;
  for (const q of measured) {
    calls.reset();
    const r = await client.search(q);
    lat.push(r.ms);
    server_.push(r.serverMs);
    (byKind[q.kind] ??= []).push(r.ms);
    (byScope[q.containerTag === undefined ? 'organisation' : q.containerTag === 'main_kb' ? 'main tag' : 'small tag'] ??= []).push(r.ms);
    (hitsByKind[q.kind] ??= []).push(r.hit ? 1 : 0);
    results += r.results;
    for (const [k, v] of calls.entries()) (perRequest[k] ??= []).push(v);
    // Critical path: query embedding runs in ONNX threads while termStats + keywordSearch run on the main thread.
    const g = (k: string) => calls.get(k);
    const accounted = Math.max(g('embedQuery'), g('keywordSearch') + g('termStats')) + g('vectorSearch') + g('getChunksWithTerms') + g('scoreChunkVectors') + g('getDocumentsByIds') + g('findApiKeyByHash');
    (perRequest['unaccounted (coverage, fuse, HTTP, JSON)'] ??= []).push(r.ms - accounted);
  }
  const latency = { ...summarize(lat), serverTiming: summarize(server_), byKind: mapValues(byKind, summarize), byScope: mapValues(byScope, summarize) };
  log(`${tag} latency over ${lat.length} queries: p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms`);
  log(
    `${tag} by scope: ${Object.entries(latency.byScope)
      .map(([k, v]) => `${k} (${v.n}) p50 ${v.p50} / p95 ${v.p95} ms`)
      .join(', ')}`,
  );

  rss.setPhase('throughput');
  const throughput = await runThroughput(client, measured, options.concurrency, options.throughputSeconds);
  log(`${tag} throughput with ${options.concurrency} clients: ${throughput.qps} req/s (p95 ${throughput.latency.p95} ms)`);
  if (throughput.errors > 0) log(`${tag} ${throughput.errors} requests failed under load: ${throughput.errorSamples.join('; ')}`);
  rss.setPhase('recall');
  const vectorRecall = await measureVectorRecall(dbFile, DEFAULT_ORG_ID, embedder, measured.slice(0, 100), [10, config.search.candidates]);
  log(
    `${tag} vector recall vs exact: ${Object.entries(vectorRecall.byLimit)
      .map(([k, v]) => `@${k} ${v.recall} (min ${v.minRecall}, approx p50 ${v.approximateMs.p50} ms vs exact ${v.exactMs.p50} ms)`)
      .join(', ')}`,
  );

  const loadAfter = loadAverage();

  let profile: ProfileResult | undefined;
  if (options.profile === 'always' || (options.profile === 'auto' && latency.p95 > P95_TARGET_MS)) {
    rss.setPhase('profile');
    log(`${tag} profiling (p95 ${latency.p95} ms vs target ${P95_TARGET_MS} ms)...`);
    profile = await runProfile(client, measured.slice(0, options.profileQueries), latency.p50);
  }

  server.close();
  await runtime.close();
  rss.setPhase('server-process');
  const probeBodies = [queries[0]!, ...measured.slice(0, 100)].map((q) => searchBody(q, options.rerank));
  const probeJob: ServeProbeJob = {
    dataDir: dir,
    apiKey: BENCH_KEY,
    embeddings: embedder.kind === 'hash' ? 'hash' : 'local',
    ...(process.env.MNEMO_EMBEDDING_MODEL ? { model: process.env.MNEMO_EMBEDDING_MODEL } : {}),
    expectEmbedderId: embedder.id,
    bodies: probeBodies,
  };
  const serverProcess = await runServeProbe(probeJob);
  if ('error' in serverProcess) log(`${tag} server process probe failed: ${serverProcess.error}`);
  else
    log(
      `${tag} server process: listening after ${serverProcess.startMs} ms, model ready ${serverProcess.embedderReadyMs} ms, first query ${serverProcess.firstQueryMs} ms ` +
        `(start to first answer ${serverProcess.firstAnswerMs} ms; warm-up over at ${serverProcess.warmUpMs ?? '-'} ms), ` +
        `p50/p95 ${serverProcess.latency.p50}/${serverProcess.latency.p95} ms, RSS ${serverProcess.rssMb} MB`,
    );
  if (options.keep) {
    fs.writeFileSync(path.join(dir, 'serve-probe.json'), JSON.stringify(probeJob));
    log(`${tag} database kept in ${dir} (re-run the probe: npx tsx bench/serve-probe.ts @${path.join(dir, 'serve-probe.json')})`);
  } else fs.rmSync(dir, { recursive: true, force: true });
  const allHits = Object.values(hitsByKind).flat();
  return {
    size,
    documents: corpusInfo.documents,
    chunks: corpusInfo.chunks,
    tags: corpusInfo.tags,
    embedder: { id: embedder.id, kind: embedder.kind, loadMs: round(loadMs) },
    timings: {
      corpusSeconds: round(corpusSeconds, 1),
      vectorsSeconds: round(vectorsSeconds, 1),
      buildSeconds: round(buildSeconds, 1),
      buildDocsPerSecond: Math.round(corpusInfo.documents / buildSeconds),
    },
    vectors: { real: vectors.real, derived: vectors.derived, meanCosineToSource: vectors.meanCosineToSource },
    database: { bytes: dbSize.bytes, mb: mb(dbSize.bytes), files: dbSize.files },
    planner,
    coldQuery: {
      latencyMs: round(cold.ms),
      vectorSearchMs: round(coldVector),
      note: 'first search after start: loads every vector of the organisation from SQLite into the in-memory index',
    },
    vectorRecall,
    latency,
    perRequest: mapValues(perRequest, summarize),
    throughput,
    quality: {
      hitAt10: round(mean(allHits), 3),
      byKind: mapValues(hitsByKind, (v) => round(mean(v), 3)),
      meanResults: round(results / Math.max(1, measured.length), 2),
      note: 'share of queries whose source document is among the top 10 results (sanity check, default threshold 0.5)',
    },
    serverProcess,
    rss: { ...rss.stop(), servingBaseMb },
    loadAverage: { beforeLatency: loadBefore, afterThroughput: loadAfter },
    ...(profile ? { profile } : {}),
  };
}

interface CorpusVectors {
  /** Vector of every chunk, by global chunk index. */
  data: Float32Array[];
  real: number;
  derived: number;
  meanCosineToSource: number | null;
}

async function corpusVectors(corpus: Corpus, embedder: Embedder, job: ChildJob, rss: RssSampler): Promise<CorpusVectors> {
  const data: Float32Array[] = new Array(corpus.chunkCount);
  if (embedder.kind !== 'local' || !job.vectorsFile) {
    // Hash embedder: cheap enough to embed every chunk for real.
    let g = 0;
    for (const d of corpus.documents) {
      const vs = await embedder.embedDocuments(d.chunks.map((_, p) => embeddedContent(d, p)));
      for (const v of vs) data[g++] = v;
      rss.sample();
    }
    return { data, real: corpus.chunkCount, derived: 0, meanCosineToSource: null };
  }
  const dims = embedder.dimensions;
  const buf = fs.readFileSync(job.vectorsFile);
  const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const real = Math.min(job.realCount, corpus.chunkCount);
  const byTopic = new Map<number, number[]>();
  for (const d of corpus.documents) {
    for (let p = 0; p < d.chunks.length; p++) {
      const g = d.firstChunk + p;
      if (g < real) {
        data[g] = all.slice(g * dims, (g + 1) * dims);
        const list = byTopic.get(d.topic) ?? [];
        list.push(g);
        byTopic.set(d.topic, list);
      }
    }
  }
  const anyReal = [...Array(real).keys()];
  let cosSum = 0;
  for (const d of corpus.documents) {
    const sources = byTopic.get(d.topic) ?? anyReal;
    for (let p = 0; p < d.chunks.length; p++) {
      const g = d.firstChunk + p;
      if (g < real) continue;
      const rng = createRng(seedFrom(corpus.seed, 'vector', g));
      const src = data[sources[rng.int(sources.length)]!]!;
      const v = new Float32Array(dims);
      for (let i = 0; i < dims; i++) v[i] = src[i]! + DERIVE_SIGMA * rng.gaussian();
      normalize(v);
      let c = 0;
      for (let i = 0; i < dims; i++) c += v[i]! * src[i]!;
      cosSum += c;
      data[g] = v;
    }
    rss.sample();
  }
  const derived = corpus.chunkCount - real;
  return { data, real, derived, meanCosineToSource: derived > 0 ? round(cosSum / derived, 3) : null };
}

const CHUNKS_BY_DOCUMENT_SQL = 'SELECT * FROM chunks WHERE +org_id = ? AND document_id = ? AND active = 1 ORDER BY position';

/** Query plan as a new connection sees it (a connection keeps the planner statistics it loaded when it opened). */
function planOnFreshConnection(dbFile: string, sql: string): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(DEFAULT_ORG_ID, 'x') as { detail: string }[]).map((r) => r.detail).join('; ');
  } finally {
    db.close();
  }
}

/**
 * Fills the store as the index step leaves it (bench/corpus-store.ts: ANALYZE after 500 documents keeps the build
 * fast; the caller drops the statistics again before measuring search), with progress logs and RSS samples.
 */
async function buildStore(dbFile: string, corpus: Corpus, vectors: Float32Array[], model: string, rss: RssSampler, tag: string) {
  const total = corpus.documents.length;
  let nextLog = 0.1;
  let lastLog = performance.now();
  let lastCount = 0;
  const { store, ids } = await fillCorpusStore(dbFile, corpus, vectors, model, {
    documentId: (d) => `bench${String(d.index).padStart(17, '0')}`,
    chunkId: (d, position) => chunkId(d.index, position),
    metadata: (d) => ({ topic: corpus.vocab.topics[d.topic]!.name, source: 'bench' }),
    onDocument: (d) => {
      if ((d.index + 1) / total >= nextLog) {
        const now = performance.now();
        log(`${tag}   ${d.index + 1}/${total} documents stored (${Math.round(((d.index + 1 - lastCount) * 1000) / (now - lastLog))} docs/s)`);
        lastLog = now;
        lastCount = d.index + 1;
        nextLog += 0.1;
      }
      if (d.index % 256 === 0) rss.sample();
    },
  });
  const sampleRefs = [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => ids[Math.floor(f * (ids.length - 1))]!);
  const indexStepWithStats = await measureIndexStep(store, sampleRefs);
  await store.close();
  return { ids, sampleRefs, indexStepWithStats };
}

/** Cost of the index step (activateGeneration, re-run on existing documents) and of reading a document's chunks. */
async function measureIndexStep(store: Store, documentIds: readonly string[]) {
  const activate: number[] = [];
  const read: number[] = [];
  for (const documentId of documentIds) {
    let t = performance.now();
    await store.chunks.activateGeneration({ orgId: DEFAULT_ORG_ID, documentId, generation: 1 });
    activate.push(performance.now() - t);
    t = performance.now();
    await store.chunks.getChunks(DEFAULT_ORG_ID, documentId);
    read.push(performance.now() - t);
  }
  return { activateGeneration: summarize(activate), getChunks: summarize(read) };
}

function chunkId(doc: number, position: number): string {
  const h = createHash('md5').update(`chunk:${doc}:${position}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP client and load
// ---------------------------------------------------------------------------------------------------------------

const searchBody = (q: BenchQuery, rerank: boolean): string => JSON.stringify({ q: q.q, limit: 10, ...(q.containerTag ? { containerTag: q.containerTag } : {}), ...(rerank ? { rerank: true } : {}) });

/** Runs bench/serve-probe.ts in a fresh process on the benchmark's database (after this process closed it). */
async function runServeProbe(job: ServeProbeJob) {
  const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-probe.ts');
  const out = await new Promise<{ stdout: string; error?: string }>((resolve) => {
    execFile(process.execPath, [...process.execArgv.filter((a) => a !== '--expose-gc'), probe, JSON.stringify(job)], { maxBuffer: 1 << 24 }, (err, stdout, stderr) =>
      resolve({ stdout, ...(err ? { error: `${err.message} ${stderr.slice(-500)}` } : {}) }),
    );
  });
  if (out.error) return { error: out.error };
  const r = JSON.parse(out.stdout.trim().split('\n').pop()!) as ServeProbeResult;
  return {
    embedderId: r.embedderId,
    startMs: round(r.startMs),
    embedderReadyMs: round(r.embedderReadyMs),
    firstQueryMs: round(r.firstQueryMs),
    // What a query sent the moment the service can embed it waits from the start.
    firstAnswerMs: round(r.embedderReadyMs + r.firstQueryMs),
    warmUpMs: r.warmUpMs === null || r.warmUpMs === undefined ? null : round(r.warmUpMs),
    latency: summarize(r.latencyMs),
    rssMb: Math.round(r.rssMb),
    heapUsedMb: Math.round(r.heapUsedMb),
    arrayBuffersMb: Math.round(r.arrayBuffersMb),
    note:
      'the service alone in a fresh process on the same database (bench/serve-probe.ts): start-up until listening, the ' +
      'embedding model ready, the first search after start (the vector index loads then) and 100 more one at a time; ' +
      'RSS after them',
  };
}

class SearchClient {
  constructor(
    private readonly url: string,
    private readonly documentIds: readonly string[],
    private readonly rerank: boolean,
  ) {}

  async search(q: BenchQuery): Promise<{ ms: number; serverMs: number; results: number; hit: boolean }> {
    const body = searchBody(q, this.rerank);
    const t0 = performance.now();
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as { results: { documentId: string }[]; timing: number };
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`search failed: ${res.status} ${JSON.stringify(json)}`);
    const target = this.documentIds[q.targetDocument];
    return { ms, serverMs: json.timing, results: json.results.length, hit: json.results.some((r) => r.documentId === target) };
  }
}

async function runThroughput(client: SearchClient, queries: readonly BenchQuery[], concurrency: number, seconds: number) {
  const lat: number[] = [];
  let errors = 0;
  const errorSamples = new Set<string>();
  let next = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const q = queries[next++ % queries.length]!;
        try {
          lat.push((await client.search(q)).ms);
        } catch (err) {
          errors++;
          if (errorSamples.size < 5) errorSamples.add(err instanceof Error ? `${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err));
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { concurrency, seconds: round(elapsed, 1), requests: lat.length, qps: round(lat.length / elapsed, 1), latency: summarize(lat), errors, errorSamples: [...errorSamples] };
}

// ---------------------------------------------------------------------------------------------------------------
// Instrumentation
// ---------------------------------------------------------------------------------------------------------------

/** Accumulates call durations per method name (reset per request in the sequential latency phase). */
class CallTimer {
  private totals = new Map<string, number>();

  add(name: string, ms: number): void {
    this.totals.set(name, (this.totals.get(name) ?? 0) + ms);
  }

  get(name: string): number {
    return this.totals.get(name) ?? 0;
  }

  entries(): [string, number][] {
    return [...this.totals.entries()];
  }

  reset(): void {
    this.totals = new Map();
  }
}

/**
 * Times every store call. SqliteStore's methods do all their (synchronous, better-sqlite3) work before returning
 * their promise, so the time until the call returns is the method's own cost, free of any overlap with other work.
 * The calls of the documents, chunks, settings and accounts ports are timed under their method names.
 */
function instrumentStore(store: SqliteStore, timer: CallTimer): Store {
  const ports = new WeakMap<object, object>();
  const timed = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop, t);
        if (typeof prop === 'string' && PORTS.has(prop) && value && typeof value === 'object') {
          if (!ports.has(value)) ports.set(value, timed(value));
          return ports.get(value);
        }
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...a: unknown[]) => {
          const t0 = performance.now();
          try {
            return (value as (...x: unknown[]) => unknown).apply(t, a);
          } finally {
            timer.add(prop, performance.now() - t0);
          }
        };
      },
    });
  return timed(store);
}
const PORTS = new Set(['documents', 'chunks', 'settings', 'accounts']);

/** Times query embedding until its promise resolves (the model runs off the main thread, overlapping other work). */
function instrumentEmbedder(embedder: Embedder, timer: CallTimer): Embedder {
  return {
    id: embedder.id,
    kind: embedder.kind,
    dimensions: embedder.dimensions,
    calibration: embedder.calibration,
    embedDocuments: (texts) => embedder.embedDocuments(texts),
    embedQuery: async (text) => {
      const t0 = performance.now();
      try {
        return await embedder.embedQuery(text);
      } finally {
        timer.add('embedQuery', performance.now() - t0);
      }
    },
    ...(embedder.close ? { close: () => embedder.close!() } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------------------------

interface ProfileResult {
  note: string;
  sampleQueries: number;
  httpLatencyP50: number;
  cpu: { totalMs: number; groups: { group: string; ms: number; share: number }[]; functions: { fn: string; ms: number; share: number }[] };
}

/**
 * A V8 CPU profile of the real HTTP path (client and server share this process). The per-call timings of the
 * latency run (perRequest) say which store call or model step costs what; this says which code inside them.
 */
async function runProfile(client: SearchClient, queries: readonly BenchQuery[], httpP50: number): Promise<ProfileResult> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  for (const q of queries) await client.search(q);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return {
    note: 'V8 self time on the main thread over HTTP searches (the model runs in ONNX threads, seen here as idle time; the fetch client runs in the same process)',
    sampleQueries: queries.length,
    httpLatencyP50: httpP50,
    cpu: summarizeCpuProfile(profile as unknown as CpuProfile),
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function summarizeCpuProfile(p: CpuProfile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url } = byId.get(id)!.callFrame;
    const group = cpuGroup(functionName, url);
    groups.set(group, (groups.get(group) ?? 0) + ms);
    // Line numbers are left out: tsx-transformed sources report positions in the transformed code.
    const fn = `${functionName || '(anonymous)'}${url ? ` ${shortUrl(url)}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({ k, ms: round(ms, 1), share: round(ms / total, 3) }));
  return {
    totalMs: round(total, 1),
    groups: top(groups, 15).map(({ k, ms, share }) => ({ group: k, ms, share })),
    functions: top(fns, 25).map(({ k, ms, share }) => ({ fn: k, ms, share })),
  };
}

function shortUrl(url: string): string {
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) return u.slice(nm + 'node_modules/'.length);
  const src = u.indexOf('/src/');
  if (src >= 0) return u.slice(src + 1);
  const bench = u.indexOf('/bench/');
  if (bench >= 0) return u.slice(bench + 1);
  return u;
}

function cpuGroup(functionName: string, url: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native: ${functionName || '(anonymous)'}`;
  const s = shortUrl(url);
  if (s.startsWith('src/')) return s;
  if (s.startsWith('bench/')) return 'bench client';
  if (url.startsWith('node:')) return url.includes('undici') || url.includes('fetch') ? 'node: fetch/undici (client)' : 'node internals';
  const pkg = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
  return `npm: ${pkg}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------------

/** Peak RSS over the serving phases (first query, latency, throughput): the service with its index loaded. */
function servingRss(rss: SizeResult['rss']): number {
  return Math.max(...['cold-query', 'latency', 'throughput'].map((p) => rss.phasesMb[p] ?? 0));
}

function renderReport(results: SizeResult[], meta: { vectorProvenance: string; model: string | null; options: Options }): string {
  const ok = results.filter((r) => !r.error);
  const out: string[] = [];
  const several = new Set(ok.map((r) => r.embedder.id)).size > 1;
  const label = (r: SizeResult) => (several ? `${r.chunks} (${r.embedder.id.replace(/^local:/, '')})` : r.chunks);
  out.push(
    `### Search benchmark (/v4/search, limit 10, ${meta.options.rerank ? 'rerank on' : 'rerank off'}; embedder ${several ? [...new Set(ok.map((r) => r.embedder.id))].join(' vs ') : (ok[0]?.embedder.id ?? meta.options.embedder)})`,
  );
  out.push('');
  out.push(
    markdownTable(
      [
        'chunks',
        'docs',
        'build s',
        'DB MB',
        'cold 1st query ms',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'mean ms',
        `req/s @${meta.options.concurrency}`,
        `p95 @${meta.options.concurrency} ms`,
        'serving RSS MB',
        'peak RSS MB',
        'hit@10',
      ],
      ok.map((r) => [
        label(r),
        r.documents,
        r.timings.buildSeconds,
        r.database.mb,
        r.coldQuery.latencyMs,
        r.latency.p50,
        r.latency.p95,
        r.latency.p99,
        r.latency.mean,
        r.throughput.qps,
        r.throughput.latency.p95,
        servingRss(r.rss),
        r.rss.peakMb,
        r.quality.hitAt10,
      ]),
    ),
  );
  for (const r of results.filter((x) => x.error)) out.push(`\nsize ${r.size}: ${r.error}`);
  const scoped = ok.filter((r) => r.latency.byScope);
  if (scoped.length > 0) {
    out.push('');
    out.push('Latency by the scope searched (ms):');
    out.push('');
    out.push(
      markdownTable(
        ['chunks', 'scope', 'queries', 'p50', 'p95', 'p99'],
        scoped.flatMap((r) => Object.entries(r.latency.byScope!).map(([scope, v]) => [label(r), scope, v.n, v.p50, v.p95, v.p99])),
      ),
    );
  }
  const probed = ok.filter((r) => r.serverProcess && !('error' in r.serverProcess));
  if (probed.length > 0) {
    out.push('');
    out.push('The service alone in a fresh process on the same database (bench/serve-probe.ts; what a user starting `npm start` on it sees):');
    out.push('');
    out.push(
      markdownTable(
        ['chunks', 'listening after ms', 'model ready after ms', 'first query ms', 'p50 ms', 'p95 ms', 'RSS MB', 'V8 heap MB', 'array buffers MB'],
        probed.map((r) => {
          const p = r.serverProcess as Exclude<SizeResult['serverProcess'], { error: string } | undefined>;
          return [label(r), p.startMs, p.embedderReadyMs, p.firstQueryMs, p.latency.p50, p.latency.p95, p.rssMb, p.heapUsedMb, p.arrayBuffersMb];
        }),
      ),
    );
  }
  out.push('');
  out.push(`Vectors: ${meta.vectorProvenance}`);
  if (ok.length > 0) {
    out.push('');
    out.push('Vector index: recall of the scan as deployed (approximate above the exact-scan limit) against an exact scan, with the time of each:');
    out.push('');
    out.push(
      markdownTable(
        ['chunks', 'limit', 'recall', 'min recall', 'scan p50 ms', 'exact scan p50 ms'],
        ok.flatMap((r) => Object.entries(r.vectorRecall.byLimit).map(([k, v]) => [label(r), k, v.recall, v.minRecall, v.approximateMs.p50, v.exactMs.p50])),
      ),
    );
  }
  if (ok.length > 0) {
    const keys = ['embedQuery', 'termStats', 'keywordSearch', 'vectorSearch', 'scoreChunkVectors', 'getChunksWithTerms', 'getDocumentsByIds', 'findApiKeyByHash', 'unaccounted (coverage, fuse, HTTP, JSON)'];
    out.push('');
    out.push('Per-request time inside the service during the sequential run (mean ms; store calls are synchronous, embedQuery overlaps termStats + keywordSearch):');
    out.push('');
    out.push(
      markdownTable(
        ['chunks', 'HTTP total', ...keys],
        ok.map((r) => [label(r), r.latency.mean, ...keys.map((k) => r.perRequest[k]?.mean ?? 0)]),
      ),
    );
  }
  for (const r of ok.filter((x) => x.profile)) {
    const p = r.profile!;
    out.push('');
    out.push(`#### Profile at ${r.chunks} chunks (HTTP p50 ${p.httpLatencyP50} ms)`);
    out.push('');
    out.push(`CPU profile (main thread self time over ${p.sampleQueries} HTTP searches, ${p.cpu.totalMs} ms):`);
    out.push('');
    out.push(
      markdownTable(
        ['group', 'ms', 'share'],
        p.cpu.groups.slice(0, 12).map((g) => [g.group, g.ms, `${Math.round(g.share * 100)}%`]),
      ),
    );
    out.push('');
    out.push(
      markdownTable(
        ['function (self time)', 'ms', 'share'],
        p.cpu.functions.slice(0, 12).map((g) => [g.fn, g.ms, `${Math.round(g.share * 100)}%`]),
      ),
    );
  }
  return out.join('\n');
}

function mapValues<T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

function mean(v: readonly number[]): number {
  return v.length === 0 ? 0 : v.reduce((a, b) => a + b, 0) / v.length;
}

/** Drops the corpus text once the queries exist (the serving phases then measure the service, not the generator). */
function releaseCorpus(corpus: Corpus): void {
  corpus.documents.length = 0;
}
