/**
 * A service that ingests while it answers: each search follows a document activation (a re-index of one stored
 * document as a new generation, same text, its stored vectors). Two source trees in one process on one kept
 * `bench:search` database (a copy: it writes), alternated query by query so machine load weighs on both alike; each
 * side activates through its own store and then searches (SearchService.searchChunks, limit 10) through it. Prints
 * the CPU ms per activation and per search after it, and wall p50 / p95 of the searches. The query vectors are
 * embedded once beforehand.
 *
 *   cp -r <kept dir> /tmp/<branch>/db-copy   (and point a copy of its serve-probe.json's dataDir at it)
 *   npx tsx bench/search-after-activation.ts /tmp/main-tree . /tmp/<branch>/db-copy/serve-probe.json [rounds]
 */
import Database from 'better-sqlite3';
import type { ChunkRecord } from '../src/core/types.js';
import type { ChunkSearchParams } from '../src/services/search.js';
import type { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { openAbSides } from './search-ab-sides.js';

const { trees, model, queries, sides, file, orgId, rounds: roundCount } = await openAbSides('search-after-activation.ts', process.argv.slice(2), 2);
const side = new Database(file);
// Documents to re-index, spread over the database.
const docIds = side.prepare('SELECT id FROM documents WHERE org_id = ? AND rowid % 97 = 0 LIMIT 2000').pluck().all(orgId) as string[];

let nextDoc = 0;
/** Re-indexes one document through a side's store: its active chunks again, as a new generation. */
const reindex = async (store: SqliteStore): Promise<void> => {
  const documentId = docIds[nextDoc++ % docIds.length]!;
  const rows = side.prepare('SELECT * FROM chunks WHERE org_id = ? AND document_id = ? AND active = 1 ORDER BY position').all(orgId, documentId) as Record<string, unknown>[];
  const generation = ((side.prepare('SELECT max(generation) FROM chunks WHERE org_id = ? AND document_id = ?').pluck().get(orgId, documentId) as number | null) ?? 0) + 1;
  const ref = { orgId, documentId, generation };
  const chunks: ChunkRecord[] = rows.map((r, position) => ({
    id: `${documentId}-g${generation}-${position}`,
    orgId,
    documentId,
    generation,
    position,
    content: r.content as string,
    embeddedContent: r.embedded_content as string,
    tokenCount: r.token_count as number,
    type: 'text',
    metadata: {},
    createdAt: r.created_at as string,
  }));
  await store.chunks.replaceChunks(ref, chunks);
  const embeddings = rows.flatMap((r, i) => {
    const blob = r.embedding as Buffer | null;
    return blob ? [{ chunkId: chunks[i]!.id, vector: new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength)) }] : [];
  });
  await store.chunks.putEmbeddings(ref, (rows[0]?.embedding_model as string | undefined) ?? model, embeddings);
  await store.chunks.activateGeneration(ref);
};

const params = (q: { q: string; containerTag?: string }): ChunkSearchParams => ({ q: q.q, ...(q.containerTag ? { containerTags: [q.containerTag] } : {}), limit: 10, threshold: 0, rerank: false });
// Warm-up: every query once on each side (statements, vector index, the statistics of the queries' terms).
for (const q of queries) for (const s of ['a', 'b'] as const) await sides[s].service.searchChunks(orgId, params(q));
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const timed = { a: { activation: 0, search: 0, wall: [] as number[] }, b: { activation: 0, search: 0, wall: [] as number[] } };
let rounds = 0;
for (let round = 0; round < roundCount; round++) {
  for (const [i, q] of queries.entries()) {
    for (const s of (i + round) % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      let c = cpuNow();
      await reindex(sides[s].store);
      timed[s].activation += cpuNow() - c;
      c = cpuNow();
      const t = performance.now();
      await sides[s].service.searchChunks(orgId, params(q));
      timed[s].wall.push(performance.now() - t);
      timed[s].search += cpuNow() - c;
    }
    rounds++;
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const summary = (s: 'a' | 'b') => ({
  activationCpuMs: +(timed[s].activation / rounds).toFixed(2),
  searchCpuMs: +(timed[s].search / rounds).toFixed(2),
  p50: +pct(timed[s].wall, 0.5).toFixed(1),
  p95: +pct(timed[s].wall, 0.95).toFixed(1),
});
console.log(JSON.stringify({ searches: rounds, a: { tree: trees.a, ...summary('a') }, b: { tree: trees.b, ...summary('b') } }));
side.close();
await sides.a.store.close();
await sides.b.store.close();
process.exit(0);
