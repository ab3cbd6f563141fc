/**
 * `npm run bench:peers`: Mnemo side by side with what users would pick instead, in one invocation, on the same
 * corpus, queries and embedding weights (the model Mnemo is configured with, bge-small-en-v1.5 by default: the same
 * ONNX file in .models, pooling, query instruction and token limit for every system):
 *   - Mnemo, embedded (SQLite, in-process runner), through its HTTP API, hybrid search of chunks;
 *   - Mem0 open source (PyPI mem0ai), adds with infer=False into its default local vector store (Qdrant on disk);
 *   - Qdrant's local mode (qdrant-client, in process), as a user pairing a vector database with their own code.
 * The peers run in a git-ignored venv (scripts/install-peers.sh, run here when missing), each in its own process.
 * Corpus and queries: LoCoMo dev (one item per turn, "[date] speaker: text", one scope per conversation), scored
 * by evidence recall@10 as in bench:quality. Reports add throughput, search p50/p95 (query embedding included for
 * every system, one client), peak RSS and recall; writes bench/results/peers-latest.json.
 *
 *   npm run bench:peers [-- --questions N] [--shared ../shared/data]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LOCAL_MODEL } from '../src/providers/create-embedder.js';
import { localModelProfile } from '../src/providers/transformers-embedder.js';
import { openService, search, ingest } from './quality/harness.js';
import { loadLocomo } from './quality/locomo.js';
import { rankingOf, recallAtK } from './quality/metrics.js';
import { resultUnits } from './quality/units.js';
import { environment, intArg, loadAverage, log, markdownTable, REPO_ROOT, resolveEmbedder, round, summarize, writeResults } from './lib.js';

const args = parseArgs({
  options: {
    questions: { type: 'string' },
    shared: { type: 'string', default: process.env.MNEMO_SHARED_DATA ?? path.resolve(REPO_ROOT, '..', 'shared', 'data') },
  },
}).values;

const LIMIT = 20;
const MODEL_ID = process.env.MNEMO_EMBEDDING_MODEL ?? DEFAULT_LOCAL_MODEL;
const MODEL_DIR = path.join(REPO_ROOT, '.models', ...MODEL_ID.split('/'));
const PROFILE = localModelProfile(MODEL_ID);
const DTYPE = process.env.MNEMO_EMBEDDING_DTYPE ?? PROFILE.dtype;
const ONNX_FILE = DTYPE === 'fp32' ? 'model.onnx' : DTYPE === 'q8' ? 'model_quantized.onnx' : null;
const MAX_LENGTH = (JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'tokenizer_config.json'), 'utf8')) as { model_max_length: number }).model_max_length;
const VENV_PYTHON = path.join(REPO_ROOT, '.tools', 'peers-venv', 'bin', 'python');

interface SystemResult {
  system: string;
  version: string;
  items: number;
  addSeconds: number;
  addsPerSecond: number;
  search: ReturnType<typeof summarize>;
  peakRssMb: number;
  recallAt10: number;
  recallAt5: number;
  notes: string;
}

async function main(): Promise<void> {
  if (!ONNX_FILE) throw new Error(`bench:peers runs the peers on fp32 or q8 weights, not ${DTYPE}`);
  const dataset = loadLocomo(args.shared!, intArg(args.questions, 0, 'questions'));
  const docs = dataset.documents.map((d) => ({ ...d, taskType: 'superrag' as const }));
  const unitOf = new Map(docs.map((d) => [d.customId, String(d.metadata.turnId)]));
  log(`LoCoMo dev: ${docs.length} turns, ${dataset.queries.length} questions`);
  const recall = (items: readonly (string | null)[], relevant: ReadonlyMap<string, number>, k: number) =>
    recallAtK(
      rankingOf(
        items.map((i) => (i && unitOf.has(i) ? [unitOf.get(i)!] : [])),
        'distinct-units',
      ),
      new Set(relevant.keys()),
      k,
    );
  const results: SystemResult[] = [];

  // ---- Mnemo ----
  {
    const { embedder } = await resolveEmbedder('local');
    if (embedder.id !== `local:${MODEL_ID}`) throw new Error(`Mnemo runs ${embedder.id}, the peers would run ${MODEL_ID}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-peers-'));
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
    try {
      const svc = await openService(dir, embedder, {}, true);
      const report = await ingest(svc.api, docs);
      const ms: number[] = [];
      let r10 = 0;
      let r5 = 0;
      for (const q of dataset.queries) {
        const t0 = performance.now();
        const found = await search(svc.api, { q: q.q, containerTag: q.containerTag, limit: LIMIT, rerank: false, searchMode: 'documents' });
        ms.push(performance.now() - t0);
        const ranking = rankingOf(
          found.map((r) => resultUnits(r, dataset.unitKey)),
          'distinct-units',
        );
        r10 += recallAtK(ranking, new Set(q.relevant.keys()), 10);
        r5 += recallAtK(ranking, new Set(q.relevant.keys()), 5);
      }
      await svc.close();
      const n = dataset.queries.length;
      results.push({
        system: 'Mnemo (embedded)',
        version: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version as string,
        items: docs.length,
        addSeconds: round(report.seconds),
        addsPerSecond: round(docs.length / report.seconds),
        search: summarize(ms),
        peakRssMb: round(peak / 1e6),
        recallAt10: round(r10 / n, 4),
        recallAt5: round(r5 / n, 4),
        notes: 'POST /v3/documents/batch until every document is done (chunked, embedded, indexed); POST /v4/search hybrid, chunks only; RSS of the benchmark process (service and model)',
      });
    } finally {
      clearInterval(sampler);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    log(`Mnemo: ${JSON.stringify(results.at(-1))}`);
  }

  // ---- peers ----
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts', 'install-peers.sh')], { stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-peers-py-'));
  const input = path.join(work, 'corpus.json');
  fs.writeFileSync(
    input,
    JSON.stringify({
      limit: LIMIT,
      docs: docs.map((d) => ({ id: d.customId, tag: d.containerTag, text: d.content })),
      queries: dataset.queries.map((q) => ({ id: q.id, tag: q.containerTag, q: q.q })),
    }),
  );
  const peers = [
    { name: 'mem0', label: 'Mem0 open source (infer=False, local Qdrant)', notes: 'Memory.add(text, user_id=conversation, infer=False) one item at a time (its API); Memory.search(q, user_id, limit)' },
    { name: 'qdrant', label: 'Qdrant local mode (qdrant-client)', notes: 'upsert in batches of 256 after embedding; query_points with a payload filter on the conversation' },
  ];
  for (const peer of peers) {
    const output = path.join(work, `${peer.name}.json`);
    log(`${peer.label}: adding ${docs.length} items and searching ${dataset.queries.length} questions ...`);
    // No network for the peers: proxies point at a closed port, telemetry is off.
    execFileSync(
      VENV_PYTHON,
      [
        path.join(REPO_ROOT, 'bench', 'peers', 'run_peers.py'),
        '--system',
        peer.name,
        '--input',
        input,
        '--output',
        output,
        '--model-dir',
        MODEL_DIR,
        '--onnx',
        ONNX_FILE,
        '--pooling',
        PROFILE.pooling,
        '--query-prefix',
        PROFILE.queryPrefix,
        '--max-length',
        String(MAX_LENGTH),
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, MEM0_TELEMETRY: 'False', HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '', HF_HUB_OFFLINE: '1' },
      },
    );
    const out = JSON.parse(fs.readFileSync(output, 'utf8')) as { version: string; addSeconds: number; peakRssMb: number; results: { id: string; ms: number; items: (string | null)[] }[] };
    const byId = new Map(out.results.map((r) => [r.id, r]));
    let r10 = 0;
    let r5 = 0;
    for (const q of dataset.queries) {
      const got = byId.get(q.id)?.items ?? [];
      r10 += recall(got, q.relevant, 10);
      r5 += recall(got, q.relevant, 5);
    }
    const n = dataset.queries.length;
    results.push({
      system: peer.label,
      version: out.version,
      items: docs.length,
      addSeconds: round(out.addSeconds),
      addsPerSecond: round(docs.length / out.addSeconds),
      search: summarize(out.results.map((r) => r.ms)),
      peakRssMb: round(out.peakRssMb),
      recallAt10: round(r10 / n, 4),
      recallAt5: round(r5 / n, 4),
      notes: peer.notes,
    });
    log(`${peer.label}: ${JSON.stringify(results.at(-1))}`);
  }
  fs.rmSync(work, { recursive: true, force: true });

  const mnemo = results[0]!;
  const mem0 = results.find((r) => r.system.startsWith('Mem0'))!;
  const target = {
    p95Ratio: round(mem0.search.p95 / mnemo.search.p95, 2),
    met: mem0.search.p95 / mnemo.search.p95 >= 4 && mnemo.recallAt10 > mem0.recallAt10,
    rule: "Mnemo's search p95 at least 4x lower than Mem0's at better recall@10 (issue 28)",
  };
  const table = markdownTable(
    ['system', 'adds/s', 'search p50 ms', 'search p95 ms', 'peak RSS MB', 'LoCoMo recall@10', 'recall@5'],
    results.map((r) => [r.system, r.addsPerSecond, r.search.p50, r.search.p95, Math.round(r.peakRssMb), `${(r.recallAt10 * 100).toFixed(1)}%`, `${(r.recallAt5 * 100).toFixed(1)}%`]),
  );
  const file = writeResults('peers', {
    environment: environment(),
    loadAverage: loadAverage(),
    dataset: { name: 'locomo-dev', items: docs.length, questions: dataset.queries.length },
    model: `${MODEL_ID} (onnx/${ONNX_FILE}, ${DTYPE}, ${PROFILE.pooling} pooling, normalised, ${MAX_LENGTH} tokens${PROFILE.queryPrefix ? ', query instruction' : ''})`,
    results,
    target,
  });
  console.log(`\n${table}\n\np95 ratio Mem0 / Mnemo: ${target.p95Ratio} (target >= 4 at better recall: ${target.met ? 'met' : 'not met'})\nwritten ${path.relative(REPO_ROOT, file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
