/**
 * MCP `recall` latency at 10k memories in one container tag: the tool as an MCP client calls it (SDK client over
 * Streamable HTTP at /mcp, one session, one request at a time), with and without the profile.
 *
 *   npm run bench:recall -- [--memories 10000] [--queries 200] [--warmup 20] [--embedder local|hash] [--seed 42]
 *
 * One service (createRuntime, embedded runner, file-backed SQLite in a temporary directory) on 127.0.0.1:0. The
 * memories are written through POST /v4/memories in batches of 100 (each embedded and related to the tag's
 * memories, as in production). Results: bench/results/recall-latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { BENCH_KEY, environment, intArg, listenLocal, loadAverage, log, parseEmbedderChoice, resolveEmbedder, round, summarize, writeResults } from './lib.js';
import { generateFacts } from './memories/facts.js';
import { Api } from './quality/harness.js';

const TAG = 'recall_bench_user';
const TARGET_P95_MS = 100;

const { values: args } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    embedder: { type: 'string', default: 'local' },
    seed: { type: 'string', default: '42' },
  },
  strict: true,
});

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const o = {
    memories: intArg(args.memories, 10_000, 'memories'),
    queries: intArg(args.queries, 200, 'queries'),
    warmup: intArg(args.warmup, 20, 'warmup'),
    embedder: parseEmbedderChoice(args.embedder),
    seed: intArg(args.seed, 42, 'seed'),
  };
  const env = environment();
  log(`recall benchmark: ${o.memories} memories in one tag, ${o.queries} recall calls; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const { embedder, choice, warning } = await resolveEmbedder(o.embedder);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-recall-'));
  const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dir, MNEMO_LOG_LEVEL: 'silent' });
  const runtime = await createRuntime(config, silentLogger, { store: new SqliteStore(path.join(dir, 'mnemo.db')), embedder: staticEmbedderHandle(embedder), print: () => undefined });
  const { server, baseUrl } = await listenLocal(runtime.app);
  const api = new Api(baseUrl);

  const facts = generateFacts(o.seed, Math.ceil(o.memories * 1.2));
  const w0 = performance.now();
  for (let i = 0; i < o.memories; i += 100) {
    await api.post('/v4/memories', { containerTag: TAG, memories: facts.slice(i, Math.min(i + 100, o.memories)).map((f) => ({ content: f.text, isStatic: f.isStatic })) });
    if ((i / 100) % 20 === 19) log(`  write: ${i + 100} memories`);
  }
  const stored = (await api.post<{ pagination: { totalItems: number } }>('/v4/memories/list', { containerTag: TAG, limit: 1 })).pagination.totalItems;
  log(`write: ${o.memories} sent in ${((performance.now() - w0) / 1000).toFixed(0)} s; ${stored} latest memories in the tag`);

  const client = new Client({ name: 'recall-bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers: { authorization: `Bearer ${BENCH_KEY}` } } }));
  const queries = facts.slice(0, o.warmup + o.queries).map((f) => f.query);
  const phases: Record<string, { latencyMs: ReturnType<typeof summarize>; memoriesPerCall: number }> = {};
  const loadBefore = loadAverage();
  for (const includeProfile of [true, false]) {
    const name = includeProfile ? 'recallWithProfile' : 'recallMemoriesOnly';
    for (const q of queries.slice(0, o.warmup)) await client.callTool({ name: 'recall', arguments: { query: q, containerTag: TAG, includeProfile } });
    const ms: number[] = [];
    let found = 0;
    for (const q of queries.slice(o.warmup)) {
      const t0 = performance.now();
      const r = await client.callTool({ name: 'recall', arguments: { query: q, containerTag: TAG, includeProfile } });
      ms.push(performance.now() - t0);
      found += (r.structuredContent as { memories: unknown[] }).memories.length;
    }
    phases[name] = { latencyMs: summarize(ms), memoriesPerCall: round(found / o.queries, 1) };
    const l = phases[name].latencyMs;
    log(`${name}: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms (${phases[name].memoriesPerCall} memories per call)`);
  }
  await client.close();
  const result = {
    benchmark: 'recall',
    request: 'MCP tools/call recall {query, containerTag, includeProfile} over Streamable HTTP (SDK client, one session, sequential)',
    options: o,
    embedder: { choice, id: embedder.id, ...(warning ? { warning } : {}) },
    memoriesInTag: stored,
    phases,
    target: { p95Ms: TARGET_P95_MS, met: phases.recallWithProfile!.latencyMs.p95 <= TARGET_P95_MS },
    environment: { ...env, loadAverageBeforeQueries: loadBefore, loadAverageAfter: loadAverage() },
  };
  log(`results: ${writeResults('recall', result)}`);
  server.close();
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
