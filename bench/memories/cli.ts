/**
 * bench:memories (issue 26): can the memories be trusted, and how fast are they, measured through the HTTP API of a
 * real runtime (embedded runner, file-backed SQLite in a temporary directory, 127.0.0.1:0).
 *
 * Parts (`--parts`, default all):
 * - `quality`: the memory scenarios (test/fixtures/memory-scenarios/{dev,holdout}.json, or `--scenarios <file|dir>`)
 *   through the official `supermemory` client: top-1 current fact, stale ranked above current, profile correct,
 *   memories from small talk, per family and split; and extraction precision/recall on the hand-labelled sample
 *   (`--precision <file>`, `none` to skip). A few minutes.
 * - `locomo`: LoCoMo dev (`--shared <data dir>`) recall@10 of memories only and memories + chunks beside chunk-only
 *   hybrid on the same ingestion (bench/quality's loader, ingestion and scoring).
 * - `speed`: 10,000 memories in one tag (profile, search, list with history) and the memory step's time at the
 *   first vs the last 100 of `--step-docs` similar documents in one tag (`--full`: 3,000, the issue's size).
 *
 * `--llm` runs the same evaluation with the LLM engine (MNEMO_LLM_URL, MNEMO_LLM_API_KEY, MNEMO_LLM_MODEL of the
 * environment, passed through loadConfig). Results: bench/results/memories-latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createRuntime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { CallTimer, instrumentEmbedder, instrumentSql, instrumentStore } from '../instrument.js';
import { BENCH_KEY, environment, intArg, listenLocal, loadAverage, log as defaultLog, parseEmbedderChoice, REPO_ROOT, resolveEmbedder, round, RssSampler, writeResults } from '../lib.js';
import { generateTextDocuments } from '../corpus.js';
import { Api, openService } from '../quality/harness.js';
import { loadLocomo } from '../quality/locomo.js';
import { compareIngestion, type IngestComparison, type IngestDoc } from './ingest.js';
import { engineChoice } from './engine.js';
import { evaluateLocomo, type LocomoResult } from './locomo.js';
import { evaluatePerturbations, type KindResult, perturbTable } from './perturb-run.js';
import { parsePerturbKinds } from './perturb-scenarios.js';
import { evaluatePrecision, evaluateScenarios, type PrecisionResult, type ScenarioResult } from './quality.js';
import { locomoTable, precisionTable, scenarioTables, speedTables } from './report.js';
import { FIXTURES_DIR, loadPrecision, loadScenarios } from './scenarios.js';
import { measureReads, seedMemories, SPEED_TARGETS, speedVerdict, stepGrowth, writeMemories } from './speed.js';

export const PARTS = ['quality', 'locomo', 'speed'] as const;
type Part = (typeof PARTS)[number];

/** Issue 26 targets for the scenario and LoCoMo figures (speed targets: speed.ts). */
export const QUALITY_TARGETS = { top1Current: 0.9, staleAboveCurrentMax: 0.03, profileCorrect: 0.9, smallTalkMemories: 0, locomoMemoriesRecall10: 0.7, hybridOverChunksPoints: 2 } as const;

export function parseBenchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const { values: a } = parseArgs({
    args: [...argv],
    options: {
      parts: { type: 'string', default: PARTS.join(',') },
      scenarios: { type: 'string' },
      precision: { type: 'string', default: path.join(FIXTURES_DIR, 'precision-sample.json') },
      shared: { type: 'string', default: env.MNEMO_SHARED_DATA ?? path.resolve(REPO_ROOT, '..', 'shared', 'data') },
      'locomo-questions': { type: 'string', default: '0' },
      llm: { type: 'boolean', default: false },
      embedder: { type: 'string', default: 'local' },
      concurrency: { type: 'string', default: '4' },
      memories: { type: 'string' },
      'api-writes': { type: 'string', default: '1000' },
      updates: { type: 'string', default: '200' },
      queries: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '10' },
      'list-pages': { type: 'string', default: '10' },
      'step-docs': { type: 'string' },
      'step-window': { type: 'string', default: '100' },
      'ingest-compare': { type: 'string', default: '' },
      'ingest-docs': { type: 'string', default: '300' },
      full: { type: 'boolean', default: false },
      seed: { type: 'string', default: '42' },
      perturb: { type: 'string', default: '' },
      'no-write': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const parts = a.parts.split(',').map((p) => {
    if (!PARTS.includes(p.trim() as Part)) throw new Error(`--parts: unknown part "${p}" (known: ${PARTS.join(', ')})`);
    return p.trim() as Part;
  });
  // Scenarios kept outside the repository (<shared>/memory-scenarios/*.json) run beside the fixtures by default.
  const sharedScenarios = path.join(a.shared, 'memory-scenarios');
  const scenarios = a.scenarios ? [path.resolve(a.scenarios)] : [FIXTURES_DIR, ...(fs.existsSync(sharedScenarios) ? [sharedScenarios] : [])];
  return {
    parts,
    scenarios,
    precision: a.precision === 'none' ? null : path.resolve(a.precision),
    shared: a.shared,
    locomoQuestions: intArg(a['locomo-questions'], 0, 'locomo-questions'),
    engine: engineChoice(a.llm, env),
    embedder: parseEmbedderChoice(a.embedder),
    concurrency: Math.max(1, intArg(a.concurrency, 4, 'concurrency')),
    speed: {
      memories: intArg(a.memories, 10_000, 'memories'),
      apiWrites: intArg(a['api-writes'], 1000, 'api-writes'),
      updates: intArg(a.updates, 200, 'updates'),
      queries: Math.max(1, intArg(a.queries, 100, 'queries')),
      warmup: intArg(a.warmup, 10, 'warmup'),
      listPages: Math.max(1, intArg(a['list-pages'], 10, 'list-pages')),
      stepDocs: intArg(a['step-docs'], a.full ? 3000 : 1000, 'step-docs'),
      stepWindow: Math.max(1, intArg(a['step-window'], 100, 'step-window')),
      seed: intArg(a.seed, 42, 'seed'),
      /** Corpora ingested with and without the memory step (memories/ingest.ts); none by default. */
      ingestCompare: a['ingest-compare']
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      ingestDocs: intArg(a['ingest-docs'], 300, 'ingest-docs'),
    },
    write: !a['no-write'],
    /** Perturbation kinds run after the quality part on the tunable splits (perturb-run.ts); none by default. */
    perturb: parsePerturbKinds(a.perturb),
  };
}
export type BenchOptions = ReturnType<typeof parseBenchArgs>;

/** Runs the requested parts; writes the result files unless `--no-write`; returns the result. */
export async function runBench(o: BenchOptions, log: (m: string) => void = defaultLog, print: (s: string) => void = console.log) {
  const started = performance.now();
  const env = environment();
  const rss = new RssSampler();
  log(`memories benchmark: ${o.parts.join(', ')}; engine ${o.engine.kind}${o.engine.model ? ` (${o.engine.model} at ${o.engine.endpoint})` : ''}; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const { embedder, choice, warning, loadMs } = await resolveEmbedder(o.embedder);
  log(`embedder ${embedder.id} ready in ${Math.round(loadMs)} ms`);

  const out: { scenarios: ScenarioResult | null; precision: PrecisionResult | null; perturb: KindResult[] | null; locomo: LocomoResult | null; speed: Awaited<ReturnType<typeof runSpeed>> | null } = {
    scenarios: null,
    perturb: null,
    precision: null,
    locomo: null,
    speed: null,
  };
  // The result file is rewritten after every part, so a run stopped midway keeps what it finished (`complete`).
  const resultOf = (partial: boolean) => ({
    benchmark: 'memories',
    complete: !partial,
    date: new Date().toISOString(),
    environment: env,
    engine: { kind: o.engine.kind, model: o.engine.model, endpoint: o.engine.endpoint },
    embedder: { requested: o.embedder, used: choice, id: embedder.id, loadMs: round(loadMs), ...(warning ? { warning } : {}) },
    options: {
      parts: o.parts,
      scenarios: o.scenarios.map((f) => path.relative(REPO_ROOT, f)),
      precision: o.precision && path.relative(REPO_ROOT, o.precision),
      locomoQuestions: o.locomoQuestions,
      concurrency: o.concurrency,
      speed: o.parts.includes('speed') ? o.speed : null,
    },
    targets: { ...QUALITY_TARGETS, ...SPEED_TARGETS },
    headline: headline(out.scenarios, out.precision, out.locomo, out.speed),
    ...out,
    errors,
    loadAverageAtEnd: loadAverage(),
    rss: partial ? null : rss.stop(),
    totalSeconds: round((performance.now() - started) / 1000, 1),
  });
  const writeRun = (data: object) => writeResults('memories', data);
  // A part that fails is recorded and the others still run: one run always ends with a result file.
  const errors: Record<string, string> = {};
  const part = async (name: Part, fn: () => Promise<void>) => {
    if (!o.parts.includes(name)) return;
    rss.setPhase(name);
    try {
      await fn();
    } catch (err) {
      errors[name] = String((err as Error).stack ?? err).slice(0, 2000);
      log(`${name} FAILED: ${String((err as Error).message ?? err)}`);
    }
    if (o.write && o.parts.at(-1) !== name) writeRun(resultOf(true));
  };
  try {
    await part('quality', async () => {
      const { scenarios, precision, perturb } = await runQuality(o, embedder, log);
      Object.assign(out, { scenarios, precision, perturb });
      print(`\n${scenarioTables(scenarios)}\n`);
      if (precision) print(`${precisionTable(precision)}\n`);
      if (perturb) print(`${perturbTable(perturb)}\n`);
    });
    await part('locomo', async () => {
      out.locomo = await evaluateLocomo(o.shared, o.locomoQuestions, keepOpen(embedder), o.engine.env, log);
      print(`\n${locomoTable(out.locomo)}\n`);
    });
    await part('speed', async () => {
      const speed = await runSpeed(o, keepOpen(embedder), log);
      out.speed = speed;
      print(`\n${speedTables(speed.write, speed.reads, speed.growth, speed.verdict)}\n`);
    });
  } finally {
    await embedder.close?.();
  }

  const result = resultOf(false);
  if (o.write) {
    log(`results written to ${path.relative(process.cwd(), writeRun(result))} (${result.totalSeconds} s)`);
  }
  return result;
}

/** The figures of the issue's targets in one place (null: part not run). */
function headline(s: ScenarioResult | null, p: PrecisionResult | null, l: LocomoResult | null, sp: Awaited<ReturnType<typeof runSpeed>> | null) {
  return {
    top1Current: s?.overall.top1Current ?? null,
    staleAboveCurrent: s?.overall.staleAboveCurrent ?? null,
    profileCorrect: s?.overall.profileCorrect ?? null,
    smallTalkMemories: s?.overall.smallTalkMemories ?? null,
    holdoutTop1Current: s?.bySplit.holdout?.top1Current ?? null,
    conversationScenariosNotRun: s?.unsupported.length ?? null,
    extractionPrecision: p?.precision ?? null,
    extractionRecall: p?.recall ?? null,
    locomoRecall10: l?.recallAt10 ?? null,
    speed: sp?.verdict ?? null,
  };
}

async function runQuality(o: BenchOptions, embedder: Embedder, log: (m: string) => void) {
  const loaded = loadScenarios(o.scenarios);
  const labelled = o.precision ? loadPrecision(o.precision).documents : [];
  log(`quality: ${loaded.scenarios.length} scenarios from ${loaded.files.map((f) => path.basename(f)).join(', ')}; ${labelled.length} labelled documents`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-memories-quality-'));
  const svc = await openService(dataDir, keepOpen(embedder), { MNEMO_INGEST_POLL_MS: '50', ...o.engine.env }, true);
  try {
    const q = { baseUrl: svc.baseUrl, apiKey: BENCH_KEY, concurrency: o.concurrency };
    const scenarios = await evaluateScenarios(loaded, { ...q, onProgress: (d, n) => (d % 20 === 0 || d === n ? log(`  scenarios: ${d}/${n}`) : undefined) });
    log(`quality: top-1 current ${fmt(scenarios.overall.top1Current)}, stale above current ${fmt(scenarios.overall.staleAboveCurrent)}, profile ${fmt(scenarios.overall.profileCorrect)} (${scenarios.seconds} s)`);
    const precision = labelled.length > 0 ? await evaluatePrecision(labelled, q) : null;
    if (precision) log(`quality: extraction precision ${fmt(precision.precision)}, recall ${fmt(precision.recall)} (${precision.seconds} s)`);
    const perturb = o.perturb.length > 0 ? await evaluatePerturbations(loaded, scenarios, o.perturb, String(o.speed.seed), q, log) : null;
    return { scenarios, precision, perturb };
  } finally {
    await svc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

async function runSpeed(o: BenchOptions, embedder: Embedder, log: (m: string) => void) {
  const timer = new CallTimer();
  const restoreSql = instrumentSql(timer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-memories-speed-'));
  const config = loadConfig({ ...o.engine.env, MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dir, MNEMO_LOG_LEVEL: 'silent' });
  const rawStore = new SqliteStore(path.join(dir, 'mnemo.db'));
  const runtime = await createRuntime(config, silentLogger, {
    store: instrumentStore(rawStore, timer),
    embedder: staticEmbedderHandle(instrumentEmbedder(embedder, timer)),
    print: () => undefined,
  });
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);
  try {
    let write = null;
    let reads = null;
    if (o.speed.memories > 0) {
      log(`speed: writing ${o.speed.memories} memories to one tag`);
      const w = await writeMemories(api, (facts) => seedMemories(rawStore, embedder, facts), o.speed, log);
      log(`speed: ${w.latestInTag} memories in the tag after ${w.seconds} s (${w.memoriesPerSecond}/s); ${w.updates} updates in ${w.updateSeconds} s`);
      const { queries, ...rest } = w;
      write = rest;
      // The runner is not started yet, so its polling stays out of the read timings.
      reads = await measureReads(api, timer, queries, o.speed, log);
    }
    let growth = null;
    if (o.speed.stepDocs > 0) {
      await runtime.runner.start();
      log(`speed: ${o.speed.stepDocs} similar documents into one tag`);
      growth = await stepGrowth(api, o.speed, log);
      log(`speed: memory step p50 ${growth.first.memoriesStepMs.p50} ms (first ${growth.window}) → ${growth.last.memoriesStepMs.p50} ms (last ${growth.window}) = ${growth.memoriesStepRatio}x`);
    }
    const ingestion: IngestComparison[] = [];
    for (const corpus of o.speed.ingestCompare) {
      await runtime.runner.start();
      ingestion.push(await compareIngestion(api, runtime.store, timer, corpus, ingestDocuments(corpus, o.speed.ingestDocs, o.speed.seed, o.shared), 2, log));
      const c = ingestion.at(-1)!;
      log(`speed: ingest ${corpus} with the memory step ${c.withMemories.docsPerSecond} docs/s, without ${c.withoutMemories.docsPerSecond} docs/s (${Math.round(c.ratio * 100)}%)`);
    }
    return { write, reads, growth, ingestion, verdict: speedVerdict(reads, growth) };
  } finally {
    restoreSql();
    await new Promise<void>((r) => server.close(() => r()));
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function ingestDocuments(corpus: string, n: number, seed: number, shared: string): IngestDoc[] {
  if (corpus === 'text') return generateTextDocuments(seed, n, 1000).map((d, i) => ({ content: d.text, metadata: { n: i } }));
  if (corpus === 'locomo')
    return loadLocomo(shared, 0)
      .documents.slice(0, n)
      .map((d) => ({ content: d.content, metadata: d.metadata }));
  throw new Error(`--ingest-compare: unknown corpus "${corpus}" (known: text, locomo)`);
}

/** The embedder without close(): each part's runtime.close() would otherwise end the model session. */
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
  };
}
