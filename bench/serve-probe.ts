/**
 * Child process of `npm run bench:search`: the service as a user runs it, in a fresh process on the benchmark's
 * database. It measures what the benchmark process cannot: start-up, the first search after start (the vector index
 * loads then) and the resident memory of a process that holds only the service (the benchmark process also held the
 * corpus and its own bookkeeping, and V8 keeps freed heap pages). Reads its job as JSON from argv[2] and prints one
 * JSON line (argv[2] may also be `@file`, as `npm run bench:search -- --keep` leaves one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createRuntime } from '../src/runtime.js';
import { listenLocal, REPO_ROOT } from './lib.js';

export interface ServeProbeJob {
  dataDir: string;
  apiKey: string;
  embeddings: 'local' | 'hash';
  /** Request bodies for /v4/search, the first one timed on its own. */
  bodies: string[];
}

export interface ServeProbeResult {
  startMs: number;
  embedderReadyMs: number;
  firstQueryMs: number;
  latencyMs: number[];
  rssMb: number;
  heapUsedMb: number;
  arrayBuffersMb: number;
}

const arg = process.argv[2]!;
const job = JSON.parse(arg.startsWith('@') ? fs.readFileSync(arg.slice(1), 'utf8') : arg) as ServeProbeJob;
const t0 = performance.now();
const config = loadConfig({
  MNEMO_API_KEY: job.apiKey,
  MNEMO_DATA_DIR: job.dataDir,
  MNEMO_LOG_LEVEL: 'silent',
  MNEMO_EMBEDDINGS: job.embeddings,
  MNEMO_MODELS_DIR: path.join(REPO_ROOT, '.models'),
  MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
});
const runtime = await createRuntime(config, silentLogger, { print: () => undefined });
const { server, baseUrl } = await listenLocal(runtime.app);
const startMs = performance.now() - t0;
await runtime.embedder.get();
const embedderReadyMs = performance.now() - t0;

const search = async (body: string): Promise<number> => {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/v4/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${job.apiKey}`, 'content-type': 'application/json' },
    body,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`search failed: ${res.status}`);
  return performance.now() - t;
};
const firstQueryMs = await search(job.bodies[0]!);
const latencyMs: number[] = [];
for (const body of job.bodies.slice(1)) latencyMs.push(await search(body));
const memory = process.memoryUsage();
const result: ServeProbeResult = {
  startMs,
  embedderReadyMs,
  firstQueryMs,
  latencyMs,
  rssMb: memory.rss / 1e6,
  heapUsedMb: memory.heapUsed / 1e6,
  arrayBuffersMb: memory.arrayBuffers / 1e6,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
server.close();
await runtime.close();
process.exit(0);
