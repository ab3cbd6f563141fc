/**
 * Load benchmark: search latency and add→searchable time while the service ingests, on a real server process.
 *
 *   npm run bench:load -- [--chunks 100000] [--seconds 180] [--clients 16] [--add-share 0.2] [--large-chars 5000000]
 *                         [--seed 42] [--profile DIR]
 *
 * The corpus (bench/corpus.ts, as in bench:search) is written straight into a SQLite store through the Store
 * interface; `--real` chunks get vectors from the local model and the rest "synthetic vectors derived from real
 * embeddings" (a same-topic real vector plus noise, renormalised; vector search is an exact scan, so its cost does
 * not depend on the values). Then `src/server.ts` starts on that data with the local model. Idle search latency is
 * measured first (one client), then one large document is added (the issue used 20 MB; MNEMO_MAX_DOCUMENT_CHARS now
 * caps a document at 5M characters, so the largest accepted one is used) and `--clients` clients send ~80% searches
 * and ~20% adds of small documents for `--seconds`. Each add carries a unique token, polled by search until it is
 * found. Targets (the issue): search p95 under load ≤ 4× idle p95, every add searchable within 60 s, no errors.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { normalize } from '../src/vector/cosine.js';
import { fillCorpusStore } from './corpus-store.js';
import { createRng, embeddedContent, generateCorpus, generateQueries, generateTextDocuments, seedFrom, type Corpus } from './corpus.js';
import { BENCH_KEY, environment, intArg, loadAverage, log, mb, REPO_ROOT, resolveEmbedder, round, sleep, summarize, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: {
    chunks: { type: 'string' },
    seconds: { type: 'string' },
    clients: { type: 'string' },
    'add-share': { type: 'string' },
    'large-chars': { type: 'string' },
    real: { type: 'string' },
    seed: { type: 'string' },
    /** Writes a CPU profile of the server (node --cpu-prof) into DIR when it stops. */
    profile: { type: 'string' },
  },
});
const opts = {
  chunks: intArg(args.chunks, 100_000, 'chunks'),
  seconds: intArg(args.seconds, 180, 'seconds'),
  clients: intArg(args.clients, 16, 'clients'),
  addShare: Number(args['add-share'] ?? 0.2),
  largeChars: intArg(args['large-chars'], 5_000_000, 'large-chars'),
  real: intArg(args.real, 512, 'real'),
  seed: intArg(args.seed, 42, 'seed'),
};
const SEARCHABLE_TARGET_MS = 60_000;
const ADD_TAG = 'load-adds';

async function main(): Promise<void> {
  const env = environment();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-load-'));
  let t0 = performance.now();
  const corpus = generateCorpus({ seed: opts.seed, chunks: opts.chunks });
  const vectors = await corpusVectors(corpus);
  await buildStore(path.join(dir, 'mnemo.db'), corpus, vectors.data, vectors.model);
  const buildSeconds = round((performance.now() - t0) / 1000, 1);
  log(`store of ${corpus.documents.length} documents, ${corpus.chunkCount} chunks built in ${buildSeconds} s`);

  const server = await startBenchServer(dir);
  try {
    const queries = generateQueries(corpus, { seed: opts.seed, count: 400 });
    const search = async (q: string, containerTag?: string) => {
      const res = await api(server.url, '/v4/search', { q, limit: 10, ...(containerTag ? { containerTag } : {}) });
      return res.results as { documentId: string }[];
    };
    for (const q of queries.slice(0, 10)) await search(q.q, q.containerTag);
    const idle: number[] = [];
    for (const q of queries.slice(10, 110)) {
      t0 = performance.now();
      await search(q.q, q.containerTag);
      idle.push(performance.now() - t0);
    }
    const idleSummary = summarize(idle);
    log(`idle search (1 client): p50 ${idleSummary.p50} ms, p95 ${idleSummary.p95} ms`);

    const largeText = largeDocument(opts.largeChars);
    const large = await api(server.url, '/v3/documents', { content: largeText, containerTag: 'load-large' });
    const largeAddedAt = performance.now();
    log(`large document (${largeText.length} characters) added: ${large.id as string}`);

    const searchLat: number[] = [];
    const addLat: number[] = [];
    const searchable: number[] = [];
    const notSearchable: string[] = [];
    const errors: string[] = [];
    const polls: Promise<void>[] = [];
    const texts = generateTextDocuments(seedFrom(opts.seed, 'adds'), 256, 1500);
    let adds = 0;
    const deadline = performance.now() + opts.seconds * 1000;
    const client = async (c: number) => {
      const rng = createRng(seedFrom(opts.seed, 'client', c));
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          if (rng.next() < opts.addShare) {
            const token = `zqload${c}x${adds++}x${rng.int(1e9)}`;
            const res = await api(server.url, '/v3/documents', { content: `${texts[rng.int(texts.length)]!.text} ${token}`, containerTag: ADD_TAG });
            const addedAt = performance.now();
            addLat.push(addedAt - start);
            polls.push(pollSearchable(search, token, res.id as string, addedAt, searchable, notSearchable, errors));
          } else {
            const q = queries[rng.int(queries.length)]!;
            await search(q.q, q.containerTag);
            searchLat.push(performance.now() - start);
          }
        } catch (err) {
          errors.push(String(err).slice(0, 200));
        }
      }
    };
    log(`${opts.clients} clients for ${opts.seconds} s (${Math.round((1 - opts.addShare) * 100)}% searches)`);
    await Promise.all(Array.from({ length: opts.clients }, (_, c) => client(c)));
    await Promise.all(polls);
    const largeStatus = await waitForDocument(server.url, large.id as string, 30_000);
    const loadSummary = summarize(searchLat);
    const result = {
      benchmark: 'load',
      options: opts,
      environment: env,
      note:
        'The issue asked for a 20 MB document; MNEMO_MAX_DOCUMENT_CHARS caps documents at 5M characters, so the largest ' +
        'accepted document is used. Corpus vectors: `real` chunks embedded by the local model, the rest derived from them.',
      corpus: { documents: corpus.documents.length, chunks: corpus.chunkCount, realVectors: vectors.real, buildSeconds },
      idleSearch: idleSummary,
      loadSearch: loadSummary,
      searchP95Ratio: round(loadSummary.p95 / idleSummary.p95, 2),
      adds: { count: addLat.length, requestMs: summarize(addLat), searchableMs: summarize(searchable), notSearchableWithin60s: notSearchable.length },
      largeDocument: { characters: largeText.length, status: largeStatus.status, secondsSinceAdded: round((largeStatus.at - largeAddedAt) / 1000, 1) },
      errors: { count: errors.length, samples: errors.slice(0, 10) },
      serverRss: { peakMb: mb(server.peakRss()), endMb: mb(server.rss()) },
      loadAverageAtEnd: loadAverage(),
      targets: {
        searchP95WithinFourTimesIdle: loadSummary.p95 <= 4 * idleSummary.p95,
        everyAddSearchableWithin60s: notSearchable.length === 0 && searchable.every((ms) => ms <= SEARCHABLE_TARGET_MS),
        noErrors: errors.length === 0,
      },
    };
    const file = writeResults('load', result);
    log(`search under load: p50 ${loadSummary.p50} p95 ${loadSummary.p95} p99 ${loadSummary.p99} ms (${loadSummary.n} searches), idle p95 ${idleSummary.p95} ms`);
    log(`adds: ${addLat.length}, searchable p50 ${result.adds.searchableMs.p50} p95 ${result.adds.searchableMs.p95} ms, not within 60 s: ${notSearchable.length}`);
    log(`large document: ${largeStatus.status} after ${result.largeDocument.secondsSinceAdded} s; errors ${errors.length}; server RSS peak ${result.serverRss.peakMb} MB`);
    log(`targets: ${JSON.stringify(result.targets)}; written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function api(base: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json).slice(0, 150)}`);
  return json;
}

/** Searches for an added document's unique token until the document is among the results (or two minutes pass). */
async function pollSearchable(search: (q: string, tag?: string) => Promise<{ documentId: string }[]>, token: string, id: string, addedAt: number, found: number[], missing: string[], errors: string[]): Promise<void> {
  while (performance.now() - addedAt < 2 * SEARCHABLE_TARGET_MS) {
    await sleep(250);
    const results = await search(token, ADD_TAG).catch((err: unknown) => (errors.push(`poll: ${String(err).slice(0, 200)}`), []));
    if (results.some((r) => r.documentId === id)) {
      const ms = performance.now() - addedAt;
      if (ms <= SEARCHABLE_TARGET_MS) found.push(ms);
      else missing.push(id);
      return;
    }
  }
  missing.push(id);
}

async function waitForDocument(base: string, id: string, timeoutMs: number): Promise<{ status: string; at: number }> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const { status } = (await api(base, `/v3/documents/${id}`)) as { status: string };
    if (status === 'done' || status === 'failed' || performance.now() > until) return { status, at: performance.now() };
    await sleep(1000);
  }
}

/** Realistic prose (bench/corpus.ts sentences) in paragraphs, exactly `chars` characters long. */
function largeDocument(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (const d of generateTextDocuments(seedFrom(opts.seed, 'large'), Math.ceil(chars / 2500) + 1, 3000)) {
    parts.push(d.text);
    length += d.text.length + 2;
    if (length >= chars) break;
  }
  return parts.join('\n\n').slice(0, chars);
}

/** Real vectors for the first `--real` chunks, then per-topic noisy copies for the rest (as bench:search does). */
async function corpusVectors(corpus: Corpus): Promise<{ data: Float32Array[]; real: number; model: string }> {
  const { embedder } = await resolveEmbedder('local');
  const all: { topic: number; text: string }[] = [];
  for (const d of corpus.documents) d.chunks.forEach((_, p) => all.push({ topic: d.topic, text: embeddedContent(d, p) }));
  const real = Math.min(opts.real, all.length);
  log(`embedding ${real} of ${all.length} chunks with ${embedder.id}; the others get derived vectors`);
  const data = await embedder.embedDocuments(all.slice(0, real).map((c) => c.text));
  const model = embedder.id;
  await embedder.close?.();
  const byTopic = new Map<number, number[]>();
  for (let g = 0; g < real; g++) byTopic.set(all[g]!.topic, [...(byTopic.get(all[g]!.topic) ?? []), g]);
  for (let g = real; g < all.length; g++) {
    const rng = createRng(seedFrom(corpus.seed, 'vector', g));
    const sources = byTopic.get(all[g]!.topic) ?? [rng.int(real)];
    const src = data[sources[rng.int(sources.length)]!]!;
    const v = new Float32Array(src.length);
    for (let i = 0; i < v.length; i++) v[i] = src[i]! + 0.03 * rng.gaussian();
    data.push(normalize(v));
  }
  return { data, real, model };
}

/** Fills the store as the index step leaves it (bench/corpus-store.ts). */
async function buildStore(dbFile: string, corpus: Corpus, vectors: Float32Array[], model: string): Promise<void> {
  const { store } = await fillCorpusStore(dbFile, corpus, vectors, model, {
    documentId: (d) => `load${String(d.index).padStart(18, '0')}`,
    chunkId: (d, position) =>
      createHash('md5')
        .update(`load${String(d.index).padStart(18, '0')}:${position}`)
        .digest('hex'),
    metadata: () => ({ source: 'bench' }),
  });
  await store.close();
}

/** `src/server.ts` as its own process (as `npm start` runs it) on the prepared data, with its RSS sampled. */
async function startBenchServer(dataDir: string) {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => probe.once('listening', r));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const profile = args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MNEMO_DATA_DIR: dataDir,
      MNEMO_API_KEY: BENCH_KEY,
      MNEMO_EMBEDDINGS: 'local',
      MNEMO_MODELS_DIR: path.join(REPO_ROOT, '.models'),
      MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
      MNEMO_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const rss = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  };
  let peak = 0;
  const timer = setInterval(() => {
    if (child.exitCode === null) peak = Math.max(peak, rss());
  }, 500);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const health = await fetch(`${url}/health`, { headers: { authorization: `Bearer ${BENCH_KEY}` } })
      .then((r) => r.json() as Promise<{ providers?: { embeddings?: { state?: string } } }>)
      .catch(() => null);
    if (health?.providers?.embeddings?.state === 'ready') break;
    if (child.exitCode !== null || i > 600) throw new Error('server did not start');
    await sleep(200);
  }
  return {
    url,
    rss,
    peakRss: () => peak,
    stop: async () => {
      clearInterval(timer);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
