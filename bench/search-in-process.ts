/**
 * The in-process phase of `npm run bench:search` alone, on a kept database (`--keep`): the service and its client in
 * one process, the store opened by the caller and the embedder handed in (as bench/search.ts does after its build),
 * without the build before it, so that two trees can be compared on one database (copy this file into each). No warm-up
 * runs (the bench calls none): the first search loads the index, from its image, or with `--from-rows` (which deletes
 * the database's image record: use a copy) from the stored rows as right after the bench's build. `--reactivate`
 * re-activates five documents first, as the bench's index-step measure does; `--profile <file>` writes the self time
 * of each function over the timed searches. Prints one JSON line (CPU of the whole process a search, digest of every
 * result list).
 *
 *   npx tsx bench/search-in-process.ts <kept dir>/serve-probe.json [--rounds 2] [--warmup 20] [--from-rows] [--reactivate] [--profile <file>]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { DEFAULT_ORG_ID } from '../src/services/auth.js';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { listenLocal, resolveEmbedder, summarize } from './lib.js';
import { timedSearch, type ServeProbeJob } from './serve-probe-job.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '20' },
    reactivate: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'from-rows': { type: 'boolean', default: false },
  },
});
const job = JSON.parse(fs.readFileSync(positionals[0]!.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
if (job.model) process.env.MNEMO_EMBEDDING_MODEL = job.model;
const { embedder } = await resolveEmbedder(job.embeddings);
// As right after bench/search.ts's build: no image yet, so the first search loads the index from its rows.
if (values['from-rows']) {
  const side = new Database(path.join(job.dataDir, 'mnemo.db'));
  side.exec('DELETE FROM vector_snapshots');
  side.close();
}
const store = new SqliteStore(path.join(job.dataDir, 'mnemo.db'));
// As bench/search.ts before its in-process phase (measureIndexStep): five documents re-activated on the fresh store.
if (values.reactivate) {
  const side = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
  const ids = side.prepare('SELECT id FROM documents ORDER BY id').pluck().all() as string[];
  side.close();
  for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
    const documentId = ids[Math.floor(f * (ids.length - 1))]!;
    await store.chunks.activateGeneration({ orgId: DEFAULT_ORG_ID, documentId, generation: 1 });
    await store.chunks.getChunks(DEFAULT_ORG_ID, documentId);
  }
}
const config = loadConfig({ MNEMO_API_KEY: job.apiKey, MNEMO_DATA_DIR: job.dataDir, MNEMO_LOG_LEVEL: 'silent' });
const runtime = await createRuntime(config, silentLogger, { store, embedder: staticEmbedderHandle(embedder), print: () => undefined });
const { server, baseUrl } = await listenLocal(runtime.app);
const digest = createHash('sha256');
const search = (body: string): Promise<number> => timedSearch(baseUrl, job.apiKey, body, digest);
const firstQueryMs = await search(job.bodies[0]!);
const rest = job.bodies.slice(1);
for (const body of rest.slice(0, Number(values.warmup))) await search(body);
const latencyMs: number[] = [];
const profileFile = values.profile;
const session = profileFile ? new Session() : null;
if (session && profileFile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
for (let r = 0; r < Number(values.rounds); r++) for (const body of rest) latencyMs.push(await search(body));
const cpu = process.cpuUsage(cpu0);
if (session && profileFile) {
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  fs.writeFileSync(profileFile, JSON.stringify([...self].sort((a, b) => b[1] - a[1]).map(([k, ms]) => [k, Math.round(ms * 10) / 10])));
}
const m = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({
    firstQueryMs: Math.round(firstQueryMs),
    latency: summarize(latencyMs),
    cpuMsPerSearch: Math.round(((cpu.user + cpu.system) / 1000 / latencyMs.length) * 100) / 100,
    rssMb: Math.round(m.rss / 1e6),
    heapUsedMb: Math.round(m.heapUsed / 1e6),
    resultsDigest: digest.digest('hex').slice(0, 16),
  })}\n`,
);
server.close();
await runtime.close();
process.exit(0);
