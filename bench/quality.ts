/**
 * Retrieval-quality benchmark, LLM-free: LoCoMo (turns), LongMemEval_S (sessions) and SciFact (abstracts) added
 * through the HTTP API and queried with POST /v4/search in keyword-only, vector-only, hybrid and hybrid+rerank modes.
 *
 *   npm run bench:quality -- [--datasets locomo,longmemeval,scifact] [--modes keyword,vector,hybrid,hybrid-rerank]
 *                            [--limit-questions N] [--embedder local|hash] [--cache] [--ingest-concurrency N]
 *                            [--shared ../shared/data]
 *   npm run bench:quality -- --chart-only     # redraw bench/results/quality-chart.svg from the latest results
 *
 * Each dataset is ingested once into a fresh temporary data directory by a service with the embedded runner; then
 * one search-only service per mode is opened on the same directory (vectors and the keyword index persist there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environment, intArg, loadAverage, log, parseEmbedderChoice, REPO_ROOT, resolveEmbedder, RESULTS_DIR, round, writeResults } from './lib.js';
import * as cache from './quality/cache.js';
import { renderChart } from './quality/chart.js';
import { evaluateMode, type ModeResult } from './quality/evaluate.js';
import { ingest, type IngestReport, openService } from './quality/harness.js';
import { loadLocomo } from './quality/locomo.js';
import { loadLongMemEval } from './quality/longmemeval.js';
import { MODES, parseModes, searchEnvFromProcess } from './quality/modes.js';
import { renderDataset } from './quality/report.js';
import { loadSciFact } from './quality/scifact.js';
import { DATASET_NAMES, type DatasetName, type QualityDataset } from './quality/types.js';

const LOADERS: Record<DatasetName, (dataDir: string, limit: number) => QualityDataset> = {
  locomo: loadLocomo,
  longmemeval: loadLongMemEval,
  scifact: loadSciFact,
};

const MISSED_IN_SUMMARY = 5;

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: DATASET_NAMES.join(',') },
    modes: { type: 'string' },
    'limit-questions': { type: 'string', default: '0' },
    embedder: { type: 'string', default: 'local' },
    cache: { type: 'boolean', default: false },
    'chart-only': { type: 'boolean', default: false },
    'ingest-concurrency': { type: 'string' },
    shared: { type: 'string', default: process.env.MNEMO_SHARED_DATA ?? path.resolve(REPO_ROOT, '..', 'shared', 'data') },
  },
  strict: true,
});

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
  const ingestEnv: Record<string, string> = args['ingest-concurrency']
    ? { MNEMO_INGEST_CONCURRENCY: String(intArg(args['ingest-concurrency'], 2, 'ingest-concurrency')) }
    : {};
  const env = environment();
  log(`quality benchmark: ${datasets.join(', ')}; modes ${modes.map((m) => m.name).join(', ')}; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const { embedder, choice, warning, loadMs } = await resolveEmbedder(parseEmbedderChoice(args.embedder));
  log(`embedder ${embedder.id} ready in ${Math.round(loadMs)} ms`);

  for (const name of datasets) {
    const started = performance.now();
    const loadAtStart = loadAverage();
    const dataset = LOADERS[name](args.shared, limitQuestions);
    log(`${name}: ${dataset.documents.length} documents, ${dataset.queries.length} queries`);
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
        log(`${name}: ingested ${report.done}/${report.documents} in ${report.seconds.toFixed(0)} s (${report.docsPerSecond.toFixed(1)} docs/s, ${report.failed} failed; load before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')})`);
        if (key) cache.save(key, name, dataDir, report);
      }
      for (const f of report.failures) log(`  failed: ${f.customId}: ${f.error}`);

      const results: (ModeResult & { search: object; loadAverageAfter: number[] })[] = [];
      for (const mode of modes) {
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
        options: { modes: modes.map((m) => m.name), limitQuestions, cache: args.cache, requestLimit: dataset.requestLimit, threshold: 0 },
        embedder: { requested: args.embedder, used: choice, id: embedder.id, ...(warning ? { warning } : {}) },
        load: dataset.loadStats,
        notes: dataset.notes,
        documents: dataset.documents.length,
        queries: dataset.queries.length,
        ingest: { ...report, cached, seconds: round(report.seconds, 1), docsPerSecond: round(report.docsPerSecond, 2) },
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
      console.log(renderDataset({ ...summary, embedderId: embedder.id, modes: results }));
      console.log('');
      log(`results written to ${path.relative(process.cwd(), file)} and quality-${name}-latest.json (${summary.totalSeconds} s)`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await embedder.close?.();
  writeChart();
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
