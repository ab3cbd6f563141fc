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
import type { ChunkHit, ChunkSearchParams } from '../src/services/search.js';
import { openAbSides } from './search-ab-sides.js';

const { trees, queries, sides, orgId, rounds } = await openAbSides('search-service-ab.ts', process.argv.slice(2), 3);

const params = (q: { q: string; containerTag?: string }): ChunkSearchParams => ({ q: q.q, ...(q.containerTag ? { containerTags: [q.containerTag] } : {}), limit: 10, threshold: 0, rerank: false });
const run = (side: 'a' | 'b', q: { q: string; containerTag?: string }) => sides[side].service.searchChunks(orgId, params(q));
for (const q of queries.slice(0, 3)) for (const side of ['a', 'b'] as const) await run(side, q);
const timed = { a: { wall: [] as number[], cpu: 0 }, b: { wall: [] as number[], cpu: 0 } };
const key = (hits: readonly ChunkHit[]) => JSON.stringify(hits.map((h) => [h.chunk.id, h.similarity, h.vectorScore, h.keywordScore]));
let searches = 0;
let differing = 0;
for (let round = 0; round < rounds; round++) {
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
console.log(JSON.stringify({ searches, a: { tree: trees.a, ...summary('a') }, b: { tree: trees.b, ...summary('b') }, differingLists: differing }));
await sides.a.store.close();
await sides.b.store.close();
process.exit(0);
