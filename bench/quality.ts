/**
 * Retrieval-quality benchmark, LLM-free: LoCoMo (turns), LongMemEval_S (sessions) and SciFact (abstracts) added
 * through the HTTP API and queried with POST /v4/search over chunks in keyword-only, vector-only, hybrid and
 * hybrid+rerank modes, and over memories (offline extractor) alone or mixed with chunks.
 *
 *   npm run bench:quality -- [--datasets locomo,longmemeval,scifact]
 *                            [--modes keyword,vector,hybrid,hybrid-rerank,memories,hybrid-memories]
 *                            [--limit-questions N] [--embedder local|hash] [--cache] [--ingest-concurrency N]
 *                            [--shared ../shared/data] [--scifact-docs N] [--question-ids id,id (LongMemEval)]
 *   npm run bench:quality -- --chart-only     # redraw bench/results/quality-chart.svg from the latest results
 *   npm run bench:quality -- --help           # the options (bench/quality/cli.ts)
 *
 * Each dataset is ingested once into a fresh temporary data directory by a service with the embedded runner; then
 * one search-only service per mode is opened on the same directory (vectors and the keyword index persist there).
 * Documents go in with `taskType: "superrag"` (no memory step) unless a requested mode searches memories.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { environment, intArg, loadAverage, log, parseEmbedderChoice, REPO_ROOT, resolveEmbedder, RESULTS_DIR, round, writeResults } from './lib.js';
import * as cache from './quality/cache.js';
import { defaultSharedDir, parseQualityArgs } from './quality/cli.js';
import { renderChart } from './quality/chart.js';
import { evaluateMode, type ModeResult } from './quality/evaluate.js';
import { ingest, type IngestReport, memoryInventory, openService } from './quality/harness.js';
import { mean } from './quality/metrics.js';
import { MODES, parseModes, searchEnvFromProcess, usesMemories } from './quality/modes.js';
import { renderDataset } from './quality/report.js';
import { loadDataset } from './quality/loaders.js';
import { DATASET_NAMES, type DatasetName, type QualityDataset } from './quality/types.js';
import { coveredShare } from './quality/units.js';

const MISSED_IN_SUMMARY = 5;

const command = parseQualityArgs(process.argv.slice(2), defaultSharedDir(REPO_ROOT, process.env));
if (command.kind === 'help') {
  console.log(command.text);
  process.exit(0);
}
if (command.kind === 'error') {
  console.error(`bench:quality: ${command.message}`);
  process.exit(2);
}
const args = command.args;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  if (args['chart-only']) return writeChart();
  const datasets = args.datasets.split(',').map((d) => {
    if (!DATASET_NAMES.includes(d.trim() as DatasetName)) throw new Error(`--datasets: unknown dataset "${d}" (known: ${DATASET_NAMES.join(', ')})`);
    return d.trim() as DatasetName;
  });
  const modes = parseModes(args.modes);
  const limitQuestions = intArg(args['limit-questions'], 0, 'limit-questions');
  const ingestEnv: Record<string, string> = args['ingest-concurrency'] ? { MNEMO_INGEST_CONCURRENCY: String(intArg(args['ingest-concurrency'], 2, 'ingest-concurrency')) } : {};
  const env = environment();
  log(`quality benchmark: ${datasets.join(', ')}; modes ${modes.map((m) => m.name).join(', ')}; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const { embedder, choice, warning, loadMs } = await resolveEmbedder(parseEmbedderChoice(args.embedder));
  log(`embedder ${embedder.id} ready in ${Math.round(loadMs)} ms`);

  for (const name of datasets) {
    const started = performance.now();
    const loadAtStart = loadAverage();
    const dataset = loadDataset(name, args.shared, limitQuestions, args);
    const dsModes = modes.filter((m) => dataset.memoryModes || !usesMemories(m));
    if (dsModes.length < modes.length) log(`${name}: memory modes skipped (not a memory dataset)`);
    const withMemories = dsModes.some(usesMemories);
    if (!withMemories) dataset.documents = dataset.documents.map((d) => ({ ...d, taskType: 'superrag' as const }));
    log(`${name}: ${dataset.documents.length} documents (memory step ${withMemories ? 'on' : 'off'}), ${dataset.queries.length} queries`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mnemo-bench-quality-${name}-`));
    try {
      const key = args.cache ? cache.cacheKey(name, dataset.documents, embedder.id) : null;
      let report: IngestReport | null = key ? cache.restore(key, dataDir) : null;
      const cached = report !== null;
      if (report) log(`${name}: ingested data restored from bench/.cache/quality/${key}`);
      else {
        const loadBefore = loadAverage();
        const svc = await openService(dataDir, embedder, ingestEnv, true);
        report = await ingest(svc.api, dataset.documents);
        await svc.close();
        log(
          `${name}: ingested ${report.done}/${report.documents} in ${report.seconds.toFixed(0)} s (${report.docsPerSecond.toFixed(1)} docs/s, ${report.failed} failed; load before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')})`,
        );
        if (key) cache.save(key, name, embedder.id, dataDir, report);
      }
      for (const f of report.failures) log(`  failed: ${f.customId}: ${f.error}`);
      const inventory = withMemories ? await inventoryOf(dataDir, embedder, dataset) : undefined;
      if (inventory) log(`${name}: ${inventory.memories} memories, evidence with a memory ${inventory.evidenceWithMemory.overall}`);

      const results: (ModeResult & { search: object; loadAverageAfter: number[] })[] = [];
      for (const mode of dsModes) {
        const svc = await openService(dataDir, embedder, { ...searchEnvFromProcess(), ...mode.env }, false);
        const r = await evaluateMode(svc.api, dataset, mode, (n) => log(`  ${mode.name}: ${n}/${dataset.queries.length} queries`));
        await svc.close();
        results.push({ ...r, search: svc.config.search, loadAverageAfter: loadAverage() });
        const h = dataset.headline.metric;
        log(`${name} ${mode.name}: ${h} ${r.overall[h]} (${r.seconds} s, p50 ${r.latencyMs.p50} ms)`);
      }

      const summary = {
        benchmark: 'quality',
        dataset: name,
        title: dataset.title,
        date: new Date().toISOString(),
        environment: env,
        options: { modes: dsModes.map((m) => m.name), limitQuestions, cache: args.cache, requestLimit: dataset.requestLimit, threshold: 0 },
        embedder: { requested: args.embedder, used: choice, id: embedder.id, ...(warning ? { warning } : {}) },
        load: dataset.loadStats,
        notes: [...dataset.notes, ...(withMemories ? [MEMORY_SCORING_NOTE] : [])],
        documents: dataset.documents.length,
        queries: dataset.queries.length,
        ingest: { ...report, memoryStep: report.memoryStep ?? null, cached, seconds: round(report.seconds, 1), docsPerSecond: round(report.docsPerSecond, 2) },
        ...(inventory ? { memoryInventory: inventory } : {}),
        headline: dataset.headline,
        references: dataset.references,
        metrics: dataset.metrics.map((m) => ({ name: m.name, format: m.format })),
        modes: results.map(({ queries: _q, missed, ...r }) => ({ ...r, label: MODES[r.mode as keyof typeof MODES].label, missedExamples: missed.slice(0, MISSED_IN_SUMMARY) })),
        loadAverageAtDatasetStart: loadAtStart,
        loadAverageAtEnd: loadAverage(),
        totalSeconds: round((performance.now() - started) / 1000, 1),
      };
      const file = writeResults(`quality-${name}`, summary);
      // Per-query ranks and missed queries: large, regenerated every run, not committed (bench/.gitignore).
      fs.writeFileSync(
        path.join(RESULTS_DIR, `quality-${name}-queries-latest.json`),
        JSON.stringify({ dataset: name, date: summary.date, modes: results.map((r) => ({ mode: r.mode, queries: r.queries, missed: r.missed })) }),
      );
      console.log('');
      console.log(renderDataset({ ...summary, embedderId: embedder.id, modes: results, ...(inventory ? { memoryInventory: inventory } : {}) }));
      console.log('');
      log(`results written to ${path.relative(process.cwd(), file)} (${summary.totalSeconds} s)`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await embedder.close?.();
  writeChart();
}

const MEMORY_SCORING_NOTE =
  'memory modes: a memory result stands for all its source documents; recall@k counts the relevant units of the first k results (distinctUnitsOverall: of the first k distinct units instead, as chunk modes count)';

/**
 * The memories the ingestion left, read through the API, and the share of each query's relevant units that are a
 * source of at least one memory (the ceiling of any memory ranking), overall and per category.
 */
async function inventoryOf(dataDir: string, embedder: Parameters<typeof openService>[1], dataset: QualityDataset) {
  const svc = await openService(dataDir, embedder, {}, false);
  try {
    const tags = [...new Set(dataset.queries.map((q) => q.containerTag))];
    const inv = await memoryInventory(svc.api, tags, dataset.unitKey);
    const shares = dataset.queries.map((q) => ({ category: q.category, share: coveredShare(q.relevant.keys(), q.containerTag, inv.unitsWithMemory) }));
    const categories = [...new Set(shares.map((s) => s.category))].sort();
    return {
      memories: inv.memories,
      static: inv.static,
      sourcesPerMemory: inv.sourcesPerMemory,
      unitsWithMemory: inv.unitsWithMemory.size,
      evidenceWithMemory: {
        overall: round(mean(shares.map((s) => s.share)), 4),
        byCategory: Object.fromEntries(categories.map((c) => [c, round(mean(shares.filter((s) => s.category === c).map((s) => s.share)), 4)])),
      },
    };
  } finally {
    await svc.close();
  }
}

/** Chart of the latest result of every dataset (a run of one dataset keeps the others' bars). */
function writeChart(): void {
  const series = Object.values(MODES).map((m) => m.label);
  const [embedders, commits, dates] = [new Set<string>(), new Set<string>(), new Set<string>()];
  const groups = DATASET_NAMES.flatMap((name) => {
    const file = path.join(RESULTS_DIR, `quality-${name}-latest.json`);
    if (!fs.existsSync(file)) return [];
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      headline: { metric: string; target: number };
      references: { metric: string; value: number; source: string }[];
      metrics: { name: string; format: 'percent' | 'decimal' }[];
      modes: { mode: string; overall: Record<string, number> }[];
      embedder: { id: string };
      environment: { commit: string | null };
      date: string;
    };
    embedders.add(r.embedder.id);
    commits.add(r.environment.commit?.slice(0, 7) ?? '?');
    dates.add(r.date.slice(0, 10));
    const metric = r.headline.metric;
    const ref = r.references.find((x) => x.metric === metric);
    const short = { locomo: 'LoCoMo', longmemeval: 'LongMemEval_S', scifact: 'SciFact' }[name];
    return [
      {
        label: `${short} ${metric}`,
        values: Object.keys(MODES).map((m) => r.modes.find((x) => x.mode === m)?.overall[metric] ?? NaN),
        target: r.headline.target,
        ...(ref ? { reference: { value: ref.value, label: ref.source } } : {}),
        format: r.metrics.find((m) => m.name === metric)?.format ?? 'percent',
      },
    ];
  });
  if (groups.length === 0) return;
  const file = path.join(RESULTS_DIR, 'quality-chart.svg');
  const footnote = `${[...embedders].join(', ')} · commit ${[...commits].join(', ')} · ${[...dates].join(', ')}`;
  fs.writeFileSync(file, renderChart('Retrieval quality by search mode (headline metric per dataset)', series, groups, footnote));
  log(`chart written to ${path.relative(process.cwd(), file)}`);
}
