/**
 * Where the vector index's final shortlist gets its floats: the image file's rows (vector/float-rows.ts) or the
 * SQLite store's lookups by chunk id (storage/sqlite/chunks.ts readFloats), timed in one process on a kept
 * `bench:search` database whose image holds floats (written by this code: `--keep`, or any image written since),
 * with the probe's real query embeddings and tag scopes. The two indexes are restored from the same image; each
 * query runs on both in turn (order alternated), so machine load weighs on both alike. Prints wall and CPU time per
 * search and whether the two return the same lists with the same scores.
 *
 *   npx tsx bench/search-float-source.ts <kept dir>/serve-probe.json [--limit 150] [--rounds 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createTransformersEmbedder } from '../src/providers/transformers-embedder.js';
import { blobToVector } from '../src/storage/sqlite/rows.js';
import { readIndexImage } from '../src/vector/index-image.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex, type FloatReader } from '../src/vector/vector-index.js';
import type { ServeProbeJob } from './serve-probe-job.js';

const { values: args, positionals } = parseArgs({ options: { limit: { type: 'string', default: '150' }, rounds: { type: 'string', default: '3' } }, allowPositionals: true });
const job = JSON.parse(fs.readFileSync(positionals[0]!.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
const limit = Number(args.limit);
const db = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
const model = job.model ?? 'BAAI/bge-small-en-v1.5';
const embedderId = `local:${model}`;
const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
const stamp = db.prepare('SELECT token, seq FROM vector_snapshots WHERE org_id = ? AND model = ?').get(orgId, embedderId) as { token: string; seq: number };
const file = path.join(
  `${path.join(job.dataDir, 'mnemo.db')}-vectors`,
  fs.readdirSync(`${path.join(job.dataDir, 'mnemo.db')}-vectors`).find((f) => f.endsWith('.vix'))!,
);
const image = (): ReturnType<typeof readIndexImage> => readIndexImage(file, stamp, embedderId);
const withFloats = image()!;
if (!withFloats.floatRows) throw new Error(`${file} holds no floats: write the image with this code first`);
const withoutFloats = { ...image()!, floatRows: null };

// The store's statement (storage/sqlite/chunks.ts readFloats).
const readFloats = db.prepare('SELECT id, embedding FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND embedding_model = ?');
let storeRows = 0;
const reader: FloatReader = (org, m, ids) => {
  storeRows += ids.length;
  const rows = readFloats.all(JSON.stringify(ids), org, m) as { id: string; embedding: Buffer }[];
  return new Map(rows.map((r) => [r.id, blobToVector(r.embedding)]));
};
const fromFile = new VectorIndex(() => ({ image: withFloats }), DEFAULT_VECTOR_INDEX_OPTIONS, reader);
const fromStore = new VectorIndex(() => ({ image: withoutFloats }), DEFAULT_VECTOR_INDEX_OPTIONS, reader);

const embedder = await createTransformersEmbedder({ model, modelsDir: path.resolve('.models'), cacheDir: '/nonexistent', allowDownload: false, dtype: 'q8', batchSize: 8 });
const queries = job.bodies.map((b) => JSON.parse(b) as { q: string; containerTag?: string });
const vectors: Float32Array[] = [];
for (const q of queries) vectors.push(await embedder.embedQuery(q.q));
await embedder.close?.();

const timed = { file: { wall: [] as number[], cpu: 0, storeRows: 0 }, store: { wall: [] as number[], cpu: 0, storeRows: 0 } };
let differing = 0;
const search = (which: 'file' | 'store', i: number) => {
  const index = which === 'file' ? fromFile : fromStore;
  const rows0 = storeRows;
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const hits = index.search(orgId, { vector: vectors[i]!, model: embedderId, limit, ...(queries[i]!.containerTag ? { containerTags: [queries[i]!.containerTag!] } : {}) });
  timed[which].wall.push(performance.now() - t);
  const cpu = process.cpuUsage(cpu0);
  timed[which].cpu += (cpu.user + cpu.system) / 1000;
  timed[which].storeRows += storeRows - rows0;
  return hits;
};
// Loads both (not timed).
search('file', 0);
search('store', 0);
timed.file = { wall: [], cpu: 0, storeRows: 0 };
timed.store = { wall: [], cpu: 0, storeRows: 0 };
for (let round = 0; round < Number(args.rounds); round++) {
  for (let i = 0; i < vectors.length; i++) {
    const order: ('file' | 'store')[] = (i + round) % 2 === 0 ? ['file', 'store'] : ['store', 'file'];
    const [a, b] = order.map((w) => search(w, i));
    if (JSON.stringify(a) !== JSON.stringify(b)) differing++;
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const summary = (w: 'file' | 'store') => ({
  p50: +pct(timed[w].wall, 0.5).toFixed(2),
  p95: +pct(timed[w].wall, 0.95).toFixed(2),
  cpuMsPerSearch: +(timed[w].cpu / timed[w].wall.length).toFixed(2),
  storeRowsPerSearch: +(timed[w].storeRows / timed[w].wall.length).toFixed(1),
});
console.log(JSON.stringify({ limit, searches: timed.file.wall.length, fromFile: summary('file'), fromStore: summary('store'), differingLists: differing }));
withFloats.floatRows?.close();
db.close();
