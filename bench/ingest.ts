/**
 * Ingestion benchmark: end-to-end throughput of ~1 KB text documents through the HTTP API and the embedded runner,
 * compared with the embedding model's raw throughput on the same texts, plus add-to-searchable time for single
 * documents on an idle service.
 *
 *   npm run bench:ingest -- [--docs 300] [--embedder local|hash] [--batch 50] [--single 20] [--bytes 1000]
 *                           [--ingest-concurrency N] [--seed 42]
 *
 * The service runs in this process on a file-backed SQLite store in a temporary data directory (deleted afterwards),
 * wired by createRuntime exactly like the server, with the embedder resolved up front (local ONNX model, or the hash
 * embedder when asked for or when the model cannot be loaded).
 */
import { drawPerfChart } from './perf-chart.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { DEFAULT_ORG_ID } from '../src/services/auth.js';
import { generateTextDocuments } from './corpus.js';
import {
  BENCH_KEY,
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
  sleep,
  sqliteFilesSize,
  summarize,
  writeResults,
  RESULTS_DIR,
  listenLocal,
} from './lib.js';

const TARGET_RATIO = 0.8;
const BULK_TAG = 'ingest_bulk';
const SINGLE_TAG = 'ingest_single';
const WARM_TAG = 'ingest_warmup';

const { values: args } = parseArgs({
  options: {
    docs: { type: 'string', default: '300' },
    embedder: { type: 'string', default: 'local' },
    batch: { type: 'string', default: '50' },
    single: { type: 'string', default: '20' },
    bytes: { type: 'string', default: '1000' },
    'ingest-concurrency': { type: 'string' },
    seed: { type: 'string', default: '42' },
  },
  strict: true,
});

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const options = {
    docs: intArg(args.docs, 300, 'docs'),
    embedder: parseEmbedderChoice(args.embedder),
    batch: Math.min(600, Math.max(1, intArg(args.batch, 50, 'batch'))),
    single: intArg(args.single, 20, 'single'),
    bytes: intArg(args.bytes, 1000, 'bytes'),
    ingestConcurrency: args['ingest-concurrency'] === undefined ? undefined : intArg(args['ingest-concurrency'], 2, 'ingest-concurrency'),
    seed: intArg(args.seed, 42, 'seed'),
  };
  const started = performance.now();
  const env = environment();
  const rss = new RssSampler();
  log(`ingest benchmark: ${options.docs} documents of ~${options.bytes} bytes, embedder ${options.embedder}, ${env.cores} cores`);

  rss.setPhase('embedder');
  const { embedder, choice, warning, loadMs } = await resolveEmbedder(options.embedder);
  log(`embedder ${embedder.id} ready in ${Math.round(loadMs)} ms`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-ingest-'));
  const config = loadConfig({
    MNEMO_API_KEY: BENCH_KEY,
    MNEMO_DATA_DIR: dir,
    MNEMO_LOG_LEVEL: 'silent',
    ...(options.ingestConcurrency ? { MNEMO_INGEST_CONCURRENCY: String(options.ingestConcurrency) } : {}),
  });
  const runtime = await createRuntime(config, silentLogger, { embedder: staticEmbedderHandle(embedder), print: () => undefined });
  await runtime.runner.start();
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);

  const warmCount = 5;
  const texts = generateTextDocuments(options.seed, warmCount + options.docs + options.single, options.bytes).map((d) => d.text);
  const warmTexts = texts.slice(0, warmCount);
  const bulkTexts = texts.slice(warmCount, warmCount + options.docs);
  const singleTexts = texts.slice(warmCount + options.docs);
  const meanBytes = round(bulkTexts.reduce((a, t) => a + Buffer.byteLength(t), 0) / Math.max(1, bulkTexts.length), 0);

  // Warm-up (model, statements, JIT); not measured.
  rss.setPhase('warmup');
  await api.post('/v3/documents/batch', { documents: warmTexts.map((content) => ({ content })), containerTag: WARM_TAG });
  await waitUntilProcessed(api, WARM_TAG, warmCount, rss);

  // 1. Bulk ingestion through the HTTP API.
  rss.setPhase('bulk');
  const loadBefore = loadAverage();
  log(`bulk: posting ${options.docs} documents in batches of ${options.batch}...`);
  const t0 = performance.now();
  const postMs: number[] = [];
  for (let i = 0; i < bulkTexts.length; i += options.batch) {
    const p0 = performance.now();
    const res = (await api.post('/v3/documents/batch', {
      documents: bulkTexts.slice(i, i + options.batch).map((content, j) => ({ content, metadata: { n: i + j } })),
      containerTag: BULK_TAG,
    })) as { success: number; failed: number };
    postMs.push(performance.now() - p0);
    if (res.failed > 0) throw new Error(`batch rejected ${res.failed} documents`);
  }
  const acceptedMs = performance.now() - t0;
  const { done, failed } = await waitUntilProcessed(api, BULK_TAG, bulkTexts.length, rss);
  const bulkSeconds = (performance.now() - t0) / 1000;
  const pipelineDocsPerSecond = done / bulkSeconds;
  const docs = (await runtime.store.documents.listDocuments(DEFAULT_ORG_ID, { containerTags: [BULK_TAG], limit: bulkTexts.length + 10, offset: 0 })).documents;
  const chunks = (await Promise.all(docs.map((d) => runtime.store.chunks.getChunks(DEFAULT_ORG_ID, d.id)))).flat();
  const stepMs: Record<string, number[]> = {};
  for (const d of docs) for (const s of d.processingMetadata?.steps ?? []) if (s.duration !== undefined) (stepMs[s.name] ??= []).push(s.duration);
  log(`bulk: ${done} done, ${failed} failed in ${bulkSeconds.toFixed(1)} s = ${pipelineDocsPerSecond.toFixed(2)} docs/s (${chunks.length} chunks)`);

  // 2. Raw model throughput on the texts the pipeline embedded (chunk embeddedContent). The baseline is batches of
  // 32 in document order; a batch is padded to its longest text, so length-sorted batches and single texts are
  // measured too, and the ratio is also reported against the best of the three (the conservative one).
  rss.setPhase('raw-model');
  const embedTexts = chunks.map((c) => c.embeddedContent);
  const rawRun = async (batches: string[][]) => {
    const r0 = performance.now();
    for (const b of batches) await embedder.embedDocuments(b);
    const seconds = (performance.now() - r0) / 1000;
    return { seconds: round(seconds, 2), textsPerSecond: round(embedTexts.length / seconds, 2), docsPerSecond: round(done / seconds, 2) };
  };
  const batchesOf = (texts: string[], n: number) => Array.from({ length: Math.ceil(texts.length / n) }, (_, i) => texts.slice(i * n, (i + 1) * n));
  const raw = {
    batch32: await rawRun(batchesOf(embedTexts, 32)),
    batch32SortedByLength: await rawRun(
      batchesOf(
        [...embedTexts].sort((a, b) => a.length - b.length),
        32,
      ),
    ),
    batch1: await rawRun(batchesOf(embedTexts, 1)),
  };
  const rawDocsPerSecond = raw.batch32.docsPerSecond;
  const bestRaw = Object.entries(raw).sort((a, b) => b[1].docsPerSecond - a[1].docsPerSecond)[0]!;
  const ratio = pipelineDocsPerSecond / rawDocsPerSecond;
  const ratioBest = pipelineDocsPerSecond / bestRaw[1].docsPerSecond;
  log(
    `raw model (texts/s): batch 32 ${raw.batch32.textsPerSecond}, sorted batch 32 ${raw.batch32SortedByLength.textsPerSecond}, batch 1 ${raw.batch1.textsPerSecond}; ` +
      `pipeline/raw = ${(ratio * 100).toFixed(0)}% (vs best raw ${(ratioBest * 100).toFixed(0)}%)`,
  );
  const loadAfter = loadAverage();

  // 3. Add -> searchable for single documents on an idle service.
  rss.setPhase('single');
  const toDone: number[] = [];
  const toSearchable: number[] = [];
  let notFound = 0;
  for (const [i, text] of singleTexts.entries()) {
    await sleep(250);
    const nonce = `zqvx${i}marker${options.seed}`;
    const s0 = performance.now();
    const { id } = (await api.post('/v3/documents', { content: `${text} Reference ${nonce}.`, containerTag: SINGLE_TAG })) as { id: string };
    for (;;) {
      const d = (await api.get(`/v3/documents/${id}`)) as { status: string };
      if (d.status === 'done' || d.status === 'failed') break;
      await sleep(5);
    }
    toDone.push(performance.now() - s0);
    let found = false;
    const deadline = performance.now() + 5000;
    while (!found && performance.now() < deadline) {
      const r = (await api.post('/v4/search', { q: nonce, containerTag: SINGLE_TAG, limit: 5 })) as { results: { documentId: string }[] };
      found = r.results.some((x) => x.documentId === id);
      if (!found) await sleep(5);
    }
    if (found) toSearchable.push(performance.now() - s0);
    else notFound++;
  }
  if (singleTexts.length > 0) log(`single: add->searchable p50 ${summarize(toSearchable).p50} ms over ${toSearchable.length} documents`);

  server.close();
  await runtime.close();
  const side = new Database(path.join(dir, 'mnemo.db'));
  side.pragma('wal_checkpoint(TRUNCATE)');
  side.close();
  const db = sqliteFilesSize(path.join(dir, 'mnemo.db'));
  fs.rmSync(dir, { recursive: true, force: true });
  const memory = rss.stop();

  const result = {
    benchmark: 'ingest',
    date: new Date().toISOString(),
    environment: env,
    options,
    embedder: { requested: options.embedder, used: choice, id: embedder.id, loadMs: round(loadMs), ...(warning ? { warning } : {}) },
    runner: { concurrency: config.ingest.concurrency, embeddingBatchSize: config.embeddings.batchSize },
    documents: { count: bulkTexts.length, meanBytes, chunks: chunks.length, chunksPerDocument: round(chunks.length / Math.max(1, docs.length), 2) },
    bulk: {
      seconds: round(bulkSeconds, 2),
      acceptedSeconds: round(acceptedMs / 1000, 2),
      batchPostMs: summarize(postMs),
      done,
      failed,
      docsPerSecond: round(pipelineDocsPerSecond, 2),
      chunksPerSecond: round(chunks.length / bulkSeconds, 2),
      stepDurationsMs: Object.fromEntries(Object.entries(stepMs).map(([k, v]) => [k, summarize(v)])),
    },
    rawModel: { texts: embedTexts.length, ...raw, best: bestRaw[0] },
    ratio: {
      pipelineToRaw: round(ratio, 3),
      pipelineToBestRaw: round(ratioBest, 3),
      target: TARGET_RATIO,
      meetsTarget: ratio >= TARGET_RATIO,
      meetsTargetAgainstBestRaw: ratioBest >= TARGET_RATIO,
      note: 'raw = embedDocuments on the chunk texts the pipeline embedded; baseline batches of 32 in document order',
    },
    single: {
      count: singleTexts.length,
      addToDoneMs: summarize(toDone),
      addToSearchableMs: summarize(toSearchable),
      notSearchableWithin5s: notFound,
    },
    database: { bytes: db.bytes, mb: mb(db.bytes), files: db.files, note: 'warm-up, bulk and single documents' },
    rss: memory,
    loadAverage: { beforeBulk: loadBefore, afterRawModel: loadAfter },
    totalSeconds: round((performance.now() - started) / 1000, 1),
  };
  const file = writeResults('ingest', result);

  console.log('');
  console.log(`### Ingest benchmark (${embedder.id}; ${result.documents.count} docs of ~${meanBytes} B, ${result.documents.chunksPerDocument} chunks/doc; runner concurrency ${result.runner.concurrency})`);
  console.log('');
  console.log(
    markdownTable(
      ['metric', 'value'],
      [
        ['pipeline throughput (POST batch -> all done)', `${result.bulk.docsPerSecond} docs/s (${result.bulk.chunksPerSecond} chunks/s, ${result.bulk.seconds} s)`],
        ['raw model: embedDocuments, batches of 32 (baseline)', `${raw.batch32.docsPerSecond} docs/s (${raw.batch32.textsPerSecond} texts/s)`],
        ['raw model: batches of 32 sorted by length', `${raw.batch32SortedByLength.docsPerSecond} docs/s (${raw.batch32SortedByLength.textsPerSecond} texts/s)`],
        ['raw model: one text at a time', `${raw.batch1.docsPerSecond} docs/s (${raw.batch1.textsPerSecond} texts/s)`],
        ['pipeline / raw (baseline batch 32)', `${Math.round(ratio * 100)}% (target >= ${TARGET_RATIO * 100}%: ${result.ratio.meetsTarget ? 'met' : 'NOT met'})`],
        ['pipeline / best raw', `${Math.round(ratioBest * 100)}% (${result.ratio.meetsTargetAgainstBestRaw ? 'met' : 'NOT met'})`],
        ['API accepted all batches in', `${result.bulk.acceptedSeconds} s (batch POST p50 ${result.bulk.batchPostMs.p50} ms)`],
        ...Object.entries(result.bulk.stepDurationsMs).map(([k, s]) => [`step ${k} (per doc, under load)`, `p50 ${s.p50} ms, p95 ${s.p95} ms`] as [string, string]),
        ['single doc add -> done (idle)', `p50 ${result.single.addToDoneMs.p50} ms, p95 ${result.single.addToDoneMs.p95} ms`],
        ['single doc add -> searchable (idle)', `p50 ${result.single.addToSearchableMs.p50} ms, p95 ${result.single.addToSearchableMs.p95} ms (${toSearchable.length}/${singleTexts.length} found)`],
        ['database on disk', `${result.database.mb} MB`],
        ['peak RSS', `${memory.peakMb} MB`],
        ['load average before / after', `${loadBefore.join(' ')} / ${loadAfter.join(' ')}`],
      ],
    ),
  );
  console.log('');
  log(`results written to ${path.relative(process.cwd(), file)} (${result.totalSeconds} s)`);
  const chart = drawPerfChart(RESULTS_DIR);
  if (chart) log(`chart written to ${path.relative(process.cwd(), chart)}`);
}

class Api {
  constructor(private readonly base: string) {}

  async post(route: string, body: unknown): Promise<unknown> {
    return this.request('POST', route, body);
  }

  async get(route: string): Promise<unknown> {
    return this.request('GET', route);
  }

  private async request(method: string, route: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.base}${route}`, {
      method,
      headers: { authorization: `Bearer ${BENCH_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  }
}

/** Polls the document list until `expected` documents of the tag are done or failed. */
async function waitUntilProcessed(api: Api, tag: string, expected: number, rss: RssSampler, timeoutMs = 30 * 60_000) {
  const deadline = performance.now() + timeoutMs;
  const count = async (status: string) => ((await api.post('/v3/documents/list', { containerTag: tag, status, limit: 1 })) as { pagination: { totalItems: number } }).pagination.totalItems;
  for (;;) {
    const [done, failed] = [await count('done'), await count('failed')];
    rss.sample();
    if (done + failed >= expected) return { done, failed };
    if (performance.now() > deadline) throw new Error(`only ${done + failed}/${expected} documents processed in time`);
    await sleep(50);
  }
}
