/**
 * Child process of `npm run bench:search`: the service as a user runs it, in a fresh process on the benchmark's
 * database. It measures what the benchmark process cannot: start-up, the first search after start (the vector index
 * loads then) and the resident memory of a process that holds only the service (the benchmark process also held the
 * corpus and its own bookkeeping, and V8 keeps freed heap pages). Reads its job as JSON from argv[2] and prints one
 * JSON line (argv[2] may also be `@file`, as `npm run bench:search -- --keep` leaves one).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createRuntime, startWarmUp } from '../src/runtime.js';
import { listenLocal } from './lib.js';
import { serveProbeEnv, timedSearch, type ServeProbeJob } from './serve-probe-job.js';

export type { ServeProbeJob } from './serve-probe-job.js';

export interface ServeProbeResult {
  embedderId: string;
  startMs: number;
  embedderReadyMs: number;
  firstQueryMs: number;
  /** When the store's warm-up was over (from the start, as startMs), null if it was not by the end. */
  warmUpMs: number | null;
  latencyMs: number[];
  rssMb: number;
  heapUsedMb: number;
  arrayBuffersMb: number;
  /** CPU time of the whole process (event loop, embedder worker, ONNX threads) per search after the first. */
  cpuMsPerSearch: number;
  /**
   * SHA-256 of every search's result ids and similarities in order (the first search's included): two builds of the
   * service that answer the same lists on the same database print the same digest.
   */
  resultsDigest: string;
}

const arg = process.argv[2]!;
const job = JSON.parse(arg.startsWith('@') ? fs.readFileSync(arg.slice(1), 'utf8') : arg) as ServeProbeJob;
const t0 = performance.now();
const config = loadConfig(serveProbeEnv(job, process.env));
const runtime = await createRuntime(config, silentLogger, { print: () => undefined });
const { server, baseUrl } = await listenLocal(runtime.app);
const startMs = performance.now() - t0;
// As src/server.ts does once it listens.
let warmUpMs: number | null = null;
void startWarmUp(runtime, config).then(() => (warmUpMs = performance.now() - t0));
const { id: embedderId } = await runtime.embedder.get();
if (job.expectEmbedderId && embedderId !== job.expectEmbedderId) {
  throw new Error(`serve-probe: the service embeds with ${embedderId} but the database holds ${job.expectEmbedderId} vectors`);
}
const embedderReadyMs = performance.now() - t0;

const digest = createHash('sha256');
const search = (body: string): Promise<number> => timedSearch(baseUrl, job.apiKey, body, digest);
const firstQueryMs = await search(job.bodies[0]!);
const latencyMs: number[] = [];
const cpu0 = process.cpuUsage();
for (const body of job.bodies.slice(1)) latencyMs.push(await search(body));
const cpu = process.cpuUsage(cpu0);
const memory = process.memoryUsage();
const result: ServeProbeResult = {
  embedderId,
  startMs,
  embedderReadyMs,
  firstQueryMs,
  warmUpMs,
  latencyMs,
  rssMb: memory.rss / 1e6,
  heapUsedMb: memory.heapUsed / 1e6,
  arrayBuffersMb: memory.arrayBuffers / 1e6,
  cpuMsPerSearch: (cpu.user + cpu.system) / 1000 / Math.max(latencyMs.length, 1),
  resultsDigest: digest.digest('hex'),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
server.close();
await runtime.close();
process.exit(0);
