/**
 * Memories search at 10,000 memories, repeatable (issue 26 "Speed"): the speed part's tag built once and kept, then
 * read by any tree of the code side by side with another, and the ranked ids of every query written so that two
 * trees' results can be compared.
 *
 *   npx tsx bench/memories/search-speed-probe.ts --build /tmp/x/db          # the speed part's 10,000 memories, kept
 *   npx tsx bench/memories/search-speed-probe.ts --data /tmp/x/db --rounds 3 --ids /tmp/x/ids.json [--stages] [--profile /tmp/x/p.cpuprofile]
 *
 * `--times` writes each query's latencies and CPU times (one per round).
 * `--data` copies the database into a temporary directory first, so each run starts from the same file. Each round
 * sends the speed part's queries (10 warm-up, 100 measured) as POST /v4/search in memories mode, limit 10,
 * threshold 0, as the speed part does; the figures are over every measured request of every round: latency and the
 * process's CPU time per request (all threads: the query embedding runs in ONNX threads), which a loaded machine
 * changes less than the latency. `--stages` times the store's and the embedder's calls (bench/instrument.ts);
 * `--profile` writes a V8 CPU profile of the measured requests.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createRuntime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { CallTimer, instrumentEmbedder, instrumentStore } from '../instrument.js';
import { BENCH_KEY, intArg, listenLocal, loadAverage, log, resolveEmbedder, round, summarize } from '../lib.js';
import { Api } from '../quality/harness.js';
import { breakdown, measure, searchPath } from './breakdown.js';
import { seedMemories, writeMemories } from './speed.js';

const { values: a } = parseArgs({
  options: {
    build: { type: 'string' },
    data: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    ids: { type: 'string' },
    times: { type: 'string' },
    stages: { type: 'boolean', default: false },
    profile: { type: 'string' },
    label: { type: 'string', default: '' },
  },
  strict: true,
});

const SPEED = { memories: 10_000, apiWrites: 1000, updates: 200, queries: 100, warmup: 10, listPages: 10, stepDocs: 0, stepWindow: 100, seed: 42 };

async function main() {
  const { embedder } = await resolveEmbedder('local');
  const building = a.build !== undefined;
  const source = a.build ?? a.data;
  if (!source) throw new Error('--build <dir> or --data <dir>');
  let dir = source;
  if (building) fs.mkdirSync(dir, { recursive: true });
  else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-memory-search-probe-'));
    fs.copyFileSync(path.join(source, 'mnemo.db'), path.join(dir, 'mnemo.db'));
  }
  const timer = new CallTimer();
  const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dir, MNEMO_LOG_LEVEL: 'silent' });
  const rawStore = new SqliteStore(path.join(dir, 'mnemo.db'));
  const runtime = await createRuntime(config, silentLogger, {
    store: a.stages ? instrumentStore(rawStore, timer) : rawStore,
    embedder: staticEmbedderHandle(a.stages ? instrumentEmbedder(embedder, timer) : embedder),
    print: () => undefined,
  });
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);
  try {
    if (building) {
      const w = await writeMemories(api, (facts) => seedMemories(rawStore, embedder, facts), SPEED, log);
      fs.writeFileSync(path.join(dir, 'queries.json'), JSON.stringify(w.queries));
      log(`built: ${w.latestInTag} memories, ${w.updates} updates, in ${dir}`);
      return;
    }
    const queries = JSON.parse(fs.readFileSync(path.join(source, 'queries.json'), 'utf8')) as string[];
    const warm = queries.slice(0, SPEED.warmup);
    const measured = queries.slice(SPEED.warmup, SPEED.warmup + SPEED.queries);
    const body = (q: string) => ({ q, containerTag: 'memory_bench_user', searchMode: 'memories', limit: 10, threshold: 0 });
    for (const q of warm) await api.post('/v4/search', body(q));
    const ids: Record<string, string[]> = {};
    const perQuery: Record<string, { ms: number[]; cpuMs: number[] }> = {};
    const cpuMs: number[] = [];
    const samples: Awaited<ReturnType<typeof measure>> = [];
    const session = a.profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
    }
    const load0 = loadAverage();
    for (let r = 0; r < intArg(a.rounds, 3, 'rounds'); r++) {
      samples.push(
        ...(await measure(measured, timer, async (q) => {
          const c0 = process.cpuUsage();
          const res = await api.post<{ results: { id: string }[] }>('/v4/search', body(q));
          const c = process.cpuUsage(c0);
          cpuMs.push((c.user + c.system) / 1000);
          ids[q] = res.results.map((x) => x.id);
          const t = (perQuery[q] ??= { ms: [], cpuMs: [] });
          t.cpuMs.push(round((c.user + c.system) / 1000));
        })),
      );
    }
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(a.profile!, JSON.stringify(profile));
      session.disconnect();
    }
    for (const [k, s] of samples.entries()) perQuery[measured[k % measured.length]!]!.ms.push(round(s.ms));
    const b = breakdown(samples);
    const out = { label: a.label, loadAtStart: load0, loadAtEnd: loadAverage(), latencyMs: b.latencyMs, cpuMs: summarize(cpuMs), ...(a.stages ? { path: searchPath(b), calls: b.meanPerRequest, sql: b.sql } : {}) };
    console.log(JSON.stringify(out, null, 1));
    log(
      `${a.label} memories search: p50 ${b.latencyMs.p50} / p95 ${b.latencyMs.p95} / mean ${b.latencyMs.mean} ms; CPU p50 ${round(out.cpuMs.p50)} / p95 ${round(out.cpuMs.p95)} / mean ${round(out.cpuMs.mean)} ms; load ${load0.join(' ')} → ${out.loadAtEnd.join(' ')}`,
    );
    if (a.ids) fs.writeFileSync(a.ids, JSON.stringify(ids, null, 1));
    if (a.times) fs.writeFileSync(a.times, JSON.stringify(perQuery, null, 1));
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
    await runtime.close();
    if (!building) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
