/**
 * How many rows of the vector index's final shortlist must be rescored from the stored floats: the index as deployed
 * with several option sets (`floatsPerResult`, the int8 pool) against an exact float scan, on a kept `bench:search` database (`--keep`) and the
 * probe's real query embeddings with their tag scopes. Prints recall and how many top lists differ from the
 * deployed setting's, per limit, and the floats each setting reads.
 *
 *   npx tsx bench/search-float-shortlist.ts <kept dir>/serve-probe.json [--variants '[{"floatsPerResult":2},{"floatsPerResult":1.25}]']
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createTransformersEmbedder } from '../src/providers/transformers-embedder.js';
import { blobToVector } from '../src/storage/sqlite/rows.js';
import { dot } from '../src/vector/cosine.js';
import { TopK } from '../src/vector/top-k.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex, type IndexedVector } from '../src/vector/vector-index.js';
import type { ServeProbeJob } from './serve-probe-job.js';

const { values: args, positionals } = parseArgs({ options: { variants: { type: 'string', default: '[{"floatsPerResult":2},{"floatsPerResult":1.25},{"floatsPerResult":1}]' } }, allowPositionals: true });
const job = JSON.parse(fs.readFileSync(positionals[0]!.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
const db = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
const model = job.model ?? 'BAAI/bge-small-en-v1.5';
const embedderId = `local:${model}`;
const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
const floats: IndexedVector[] = (
  db.prepare('SELECT id, document_id, embedding FROM chunks WHERE org_id = ? AND active = 1 AND embedding_model = ?').all(orgId, embedderId) as { id: string; document_id: string; embedding: Buffer }[]
).map((r) => ({ chunkId: r.id, documentId: r.document_id, vector: blobToVector(r.embedding) }));
const documents = (db.prepare('SELECT id, container_tags FROM documents WHERE org_id = ?').all(orgId) as { id: string; container_tags: string }[]).map((r) => ({
  documentId: r.id,
  containerTags: JSON.parse(r.container_tags) as string[],
}));
db.close();
const tagsOf = new Map(documents.map((d) => [d.documentId, d.containerTags]));
const byId = new Map(floats.map((v) => [v.chunkId, v.vector]));
const settings = JSON.parse(args.variants!) as Partial<typeof DEFAULT_VECTOR_INDEX_OPTIONS>[];
const reads = new Map<Partial<typeof DEFAULT_VECTOR_INDEX_OPTIONS>, number>();
/** The ids of each setting's last float read (timed below with the store's own statement). */
const lastRead = new Map<Partial<typeof DEFAULT_VECTOR_INDEX_OPTIONS>, readonly string[]>();
const indexes = settings.map(
  (f) =>
    new VectorIndex(
      () => ({ vectors: floats, documents }),
      { ...DEFAULT_VECTOR_INDEX_OPTIONS, ...f },
      (_org, _model, ids) => {
        reads.set(f, (reads.get(f) ?? 0) + ids.length);
        lastRead.set(f, ids);
        return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
      },
    ),
);
const embedder = await createTransformersEmbedder({ model, modelsDir: path.resolve('.models'), cacheDir: '/nonexistent', allowDownload: false, dtype: 'q8', batchSize: 8 });
const queries = job.bodies.map((b) => JSON.parse(b) as { q: string; containerTag?: string });
const vectors: Float32Array[] = [];
for (const q of queries) vectors.push(await embedder.embedQuery(q.q));
await embedder.close?.();
// The float reads as the SQLite store makes them (storage/sqlite/chunks.ts readFloats), each setting's ids of a query
// read in turn (order alternated), on a connection of the kept database.
const timing = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
const readFloats = timing.prepare('SELECT id, embedding FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND embedding_model = ?');
const readMs = settings.map(() => [] as number[]);
for (const limit of [10, 50, 150]) {
  const stats = settings.map(() => ({ found: 0, total: 0, differ: 0, min: 1 }));
  queries.forEach((q, i) => {
    const top = new TopK(limit);
    floats.forEach((v, k) => {
      if (q.containerTag === undefined || (tagsOf.get(v.documentId) ?? []).includes(q.containerTag)) top.push(k, dot(vectors[i]!, v.vector));
    });
    const want = new Set(top.sorted().map(({ item }) => floats[item]!.chunkId));
    const scope = { vector: vectors[i]!, model: embedderId, limit, ...(q.containerTag ? { containerTags: [q.containerTag] } : {}) };
    const lists = indexes.map((idx) => idx.search(orgId, scope).map((c) => c.chunkId));
    if (limit === 150) {
      const order = settings.map((_, s) => s);
      if (i % 2 === 1) order.reverse();
      for (const s of order) {
        const t = performance.now();
        for (const r of readFloats.all(JSON.stringify(lastRead.get(settings[s]!)), orgId, embedderId) as { embedding: Buffer }[]) blobToVector(r.embedding);
        readMs[s]!.push(performance.now() - t);
      }
    }
    lists.forEach((list, s) => {
      const hit = list.filter((id) => want.has(id)).length;
      stats[s]!.found += hit;
      stats[s]!.total += want.size;
      stats[s]!.min = Math.min(stats[s]!.min, hit / Math.max(1, want.size));
      if (list.join() !== lists[0]!.join()) stats[s]!.differ++;
    });
  });
  settings.forEach((f, s) => {
    const r = stats[s]!;
    console.log(`limit ${limit} ${JSON.stringify(f)}: recall ${(r.found / r.total).toFixed(4)} (min ${r.min.toFixed(2)}), lists differing from the first: ${r.differ}/${queries.length}`);
  });
}
timing.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
settings.forEach((f, s) => console.log(`${JSON.stringify(f)}: ${reads.get(f)} floats read; at limit 150 the read takes p50 ${median(readMs[s]!).toFixed(2)} ms`));
