/**
 * Chunk search (SearchService.searchChunks, limit 10, no rerank) of two source trees in one process, alternated
 * query by query on one kept `bench:search` database, so machine load weighs on both alike: CPU ms per search (the
 * measure load affects least), wall p50 / p95, and whether the two return the same hits with the same scores. The
 * query vectors are embedded once beforehand (the embedder is not what is compared); HTTP, auth and the memory side
 * are left out. Tree B's config, logger and embedder are used for both.
 *
 *   git worktree add --detach /tmp/main-tree main && cp -al node_modules /tmp/main-tree/
 *   npx tsx bench/search-service-ab.ts /tmp/main-tree . <kept dir>/serve-probe.json [rounds]
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ServeProbeJob } from './serve-probe-job.js';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createTransformersEmbedder } from '../src/providers/transformers-embedder.js';
import type { Embedder, EmbedderHandle } from '../src/providers/embedder.js';
import type { ChunkHit, ChunkSearchParams, SearchService } from '../src/services/search.js';
import type { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../src/storage/store.js';
import { serveProbeEnv } from './serve-probe-job.js';

const [treeA, treeB, jobFile, roundsArg] = process.argv.slice(2);
if (!treeA || !treeB || !jobFile) throw new Error('usage: search-service-ab.ts <treeA> <treeB> <serve-probe.json> [rounds]');
const job = JSON.parse(fs.readFileSync(jobFile.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
const config = loadConfig(serveProbeEnv(job, process.env));
const model = job.model ?? 'BAAI/bge-small-en-v1.5';
const real = await createTransformersEmbedder({ model, modelsDir: path.resolve('.models'), cacheDir: '/nonexistent', allowDownload: false, dtype: 'q8', batchSize: 8 });
const queries = job.bodies.map((b) => JSON.parse(b) as { q: string; containerTag?: string });
const vectors = new Map<string, Float32Array>();
for (const q of queries) vectors.set(q.q, await real.embedQuery(q.q));
await real.close?.();
const embedder: Embedder = {
  id: real.id,
  kind: real.kind,
  dimensions: real.dimensions,
  calibration: real.calibration,
  embedDocuments: () => Promise.reject(new Error('search-service-ab embeds no documents')),
  embedQuery: (text) => Promise.resolve(vectors.get(text)!),
};
const handle: EmbedderHandle = { get: () => Promise.resolve(embedder), status: () => ({ state: 'ready', provider: 'local', model, dimensions: embedder.dimensions }) };

const file = path.join(job.dataDir, 'mnemo.db');
const open = async (root: string): Promise<{ store: Store; service: SearchService }> => {
  const { SqliteStore: StoreOfTree } = (await import(path.resolve(root, 'src/storage/sqlite/sqlite-store.ts'))) as { SqliteStore: typeof SqliteStore };
  const { SearchService: Service } = (await import(path.resolve(root, 'src/services/search.ts'))) as { SearchService: typeof SearchService };
  const store = new StoreOfTree(file);
  return { store, service: new Service(store, handle, config.search, silentLogger) };
};
const sides = { a: await open(treeA), b: await open(treeB) };
const db = new Database(file, { readonly: true });
const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
db.close();

const params = (q: { q: string; containerTag?: string }): ChunkSearchParams => ({ q: q.q, ...(q.containerTag ? { containerTags: [q.containerTag] } : {}), limit: 10, threshold: 0, rerank: false });
const run = (side: 'a' | 'b', q: { q: string; containerTag?: string }) => sides[side].service.searchChunks(orgId, params(q));
for (const q of queries.slice(0, 3)) for (const side of ['a', 'b'] as const) await run(side, q);
const timed = { a: { wall: [] as number[], cpu: 0 }, b: { wall: [] as number[], cpu: 0 } };
const key = (hits: readonly ChunkHit[]) => JSON.stringify(hits.map((h) => [h.chunk.id, h.similarity, h.vectorScore, h.keywordScore]));
let searches = 0;
let differing = 0;
for (let round = 0; round < Number(roundsArg ?? 3); round++) {
  for (const [i, q] of queries.entries()) {
    const out: Partial<Record<'a' | 'b', ChunkHit[]>> = {};
    for (const side of (i + round) % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const cpu0 = process.cpuUsage();
      const t = performance.now();
      out[side] = await run(side, q);
      timed[side].wall.push(performance.now() - t);
      const cpu = process.cpuUsage(cpu0);
      timed[side].cpu += (cpu.user + cpu.system) / 1000;
    }
    searches++;
    if (key(out.a!) !== key(out.b!)) differing++;
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const summary = (side: 'a' | 'b') => ({ cpuMsPerSearch: +(timed[side].cpu / searches).toFixed(2), p50: +pct(timed[side].wall, 0.5).toFixed(1), p95: +pct(timed[side].wall, 0.95).toFixed(1) });
console.log(JSON.stringify({ searches, a: { tree: treeA, ...summary('a') }, b: { tree: treeB, ...summary('b') }, differingLists: differing }));
await sides.a.store.close();
await sides.b.store.close();
process.exit(0);
