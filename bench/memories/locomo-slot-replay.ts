/**
 * Memories + chunks fusions that give the memories' own evidence a slot, replayed on saved LoCoMo dev lists (issue 26,
 * round 18). The served steps (recall.ts: memory turn context, memoriesWithSlots, fuseRanked) are replayed with the
 * served list lengths (a request of `--limit` asks each side for limit + limit / 2), then shapes that hand slots to
 * memories whose source turns the chunk page lacks, each scored as recall@10 overall, on both halves of the
 * conversations and on odd / even ones. The figures the README cites come from the service itself.
 *
 * `--dump` is a locomo-dump.ts file with memories and hybrid lists; `--chunks` another one holding the documents lists
 * of the same questions (chunk search does not depend on the memories, so one chunk dump serves several memory
 * ingestions).
 *
 *   npx tsx bench/memories/locomo-slot-replay.ts --dump /tmp/dump.json [--chunks /tmp/chunks.json] [--limit 20]
 */
import { parseArgs } from 'node:util';
import { mean, rankingOf, recallAtK } from '../quality/metrics.js';
import { fuseRanked, memoriesWithSlots, MEMORY_SLOT_SIMILARITY } from '../../src/search/result-fusion.js';
import { orderByMemoryContext, MEMORY_CONTEXT_SOURCES } from '../../src/search/memory-turn-context.js';
import { CONTEXT_WINDOW } from '../../src/search/turn-context.js';
import { SOURCE_EVIDENCE_WEIGHT } from '../../src/search/memory-similarity.js';
import { readDump, type DumpItem, type DumpRow } from './locomo-dump-rows.js';

const { values: a } = parseArgs({ options: { dump: { type: 'string' }, chunks: { type: 'string' }, limit: { type: 'string', default: '20' }, filter: { type: 'string' } } });
const rows = readDump(a.dump!);
if (a.chunks) {
  const other = readDump(a.chunks);
  rows.forEach((r, i) => {
    if (other[i]!.q !== r.q) throw new Error(`--chunks: question ${i} differs`);
    r.lists.documents = other[i]!.lists.documents!;
  });
}
const limit = Number(a.limit);
const each = Math.min(100, limit + Math.ceil(limit / 2));
const tags = [...new Set(rows.map((r) => r.tag))].sort();
const firstHalf = new Set(tags.slice(0, Math.ceil(tags.length / 2)));
const odd = new Set(tags.filter((_, i) => i % 2 === 0));

// A LoCoMo unit is `D<session>:<turn>`; neighbours are turns of the same session up to CONTEXT_WINDOW apart (the
// service reads them in insertion order, which also crosses a session's end: an approximation).
const parse = (u: string) => u.split(':').map((x) => Number(x.replace(/\D/g, '')));
const near = (u: string, v: string) => {
  const [s1, t1] = parse(u);
  const [s2, t2] = parse(v);
  return s1 === s2 && u !== v && Math.abs(t1! - t2!) <= CONTEXT_WINDOW;
};

/** What the served steps hand the fusion: memory list (first `each`) and chunk list after the memory turn context. */
const listsCache = new Map<DumpRow, { m: DumpItem[]; c: DumpItem[]; all: DumpItem[] }>();
function servedLists(r: DumpRow) {
  const held = listsCache.get(r);
  if (held) return held;
  const m = (r.lists.memories ?? []).slice(0, each);
  const c = r.lists.documents ?? [];
  const all = [...new Set([...c, ...m].flatMap((x) => x.units))];
  const neighbours = new Map(all.map((u) => [u, all.filter((v) => near(u, v))]));
  const ordered =
    m.length > 0
      ? orderByMemoryContext(
          c.map((x) => ({ ...x, similarity: x.sim, documentId: x.units[0] ?? '', turn: true })),
          m.slice(0, MEMORY_CONTEXT_SOURCES).map((x) => ({ similarity: x.sim, sources: x.units })),
          neighbours,
        ).map((x) => ({ units: x.units, sim: x.similarity, kind: x.kind, text: x.text }))
      : c;
  const out = { m, c: ordered.slice(0, each), all: c };
  listsCache.set(r, out);
  return out;
}
const asMemory = (x: DumpItem, i: number) => ({ ...x, kind: 'memory' as const, similarity: x.sim, key: `m${i}:${x.text}`, sources: x.units });
const asChunk = (x: DumpItem, i: number) => ({ ...x, kind: 'chunk' as const, similarity: x.sim, key: `c${i}:${x.text}`, sources: x.units });

type Page = string[][];
type Fill = (r: DumpRow) => Page;
const servedCache = new Map<DumpRow, Page>();
function served(r: DumpRow, o: { w?: number; k?: number; floor?: number } = {}): Page {
  const plain = o.w === undefined && o.k === undefined && o.floor === undefined;
  if (plain && servedCache.has(r)) return servedCache.get(r)!;
  const page = servedUncached(r, o);
  if (plain) servedCache.set(r, page);
  return page;
}
function servedUncached(r: DumpRow, o: { w?: number; k?: number; floor?: number }): Page {
  const { m, c } = servedLists(r);
  const mm = m.map(asMemory);
  const cc = c.map(asChunk);
  return fuseRanked(memoriesWithSlots(mm, cc, o.floor ?? MEMORY_SLOT_SIMILARITY), cc, { memoryWeight: o.w ?? 0.3, k: o.k ?? 1 })
    .slice(0, 10)
    .map((x) => [...x.sources]);
}

/** A memory's own calibrated similarity, backed out of its source-weighted one (search/memory-similarity.ts). */
function ownSimilarity(x: DumpItem, chunks: DumpItem[]): number {
  const floor = chunks.at(-1)?.sim ?? 0;
  let source = -1;
  for (const c of chunks) if (c.units.some((u) => x.units.includes(u))) source = Math.max(source, c.sim);
  const s = source < 0 ? floor : source;
  return Math.min(1, Math.max(0, (x.sim - SOURCE_EVIDENCE_WEIGHT * s) / (1 - SOURCE_EVIDENCE_WEIGHT)));
}

/**
 * The served page with its last `r` slots open to the best memories (within the first `depth` of the memory list,
 * at or above `floor` by `by`) whose source turns the page's first 10 - r slots lack.
 */
function newSourceSlots(r: DumpRow, o: { slots: number; depth: number; floor: number; by: 'sim' | 'own'; base?: Page }): Page {
  const page = o.base ?? served(r);
  const { m, all } = servedLists(r);
  const head = page.slice(0, 10 - o.slots);
  const seen = new Set(head.flat());
  const score = (x: DumpItem) => (o.by === 'sim' ? x.sim : ownSimilarity(x, all));
  const extra = m
    .slice(0, o.depth)
    .filter((x) => x.units.length > 0 && x.units.every((u) => !seen.has(u)) && score(x) >= o.floor)
    .slice(0, o.slots);
  const out = [...head];
  for (const x of extra) {
    if (x.units.every((u) => seen.has(u))) continue;
    out.push(x.units);
    x.units.forEach((u) => seen.add(u));
  }
  for (const p of page.slice(10 - o.slots)) if (out.length < 10 && p.some((u) => !seen.has(u))) out.push(p);
  return out.slice(0, 10);
}

/** Reciprocal-rank fusion with the source turn as the unit: 1/(k + chunk rank) + w/(k + memory rank). */
function turnRrf(r: DumpRow, w: number, k: number): Page {
  const { m, c } = servedLists(r);
  const s = new Map<string, number>();
  const first = (xs: DumpItem[], weight: number) => {
    const seen = new Set<string>();
    xs.forEach((x, i) => {
      for (const u of x.units)
        if (!seen.has(u)) {
          seen.add(u);
          s.set(u, (s.get(u) ?? 0) + weight / (k + i + 1));
        }
    });
  };
  first(c, 1);
  first(m, w);
  return [...s.entries()]
    .sort((p, q) => q[1] - p[1])
    .slice(0, 10)
    .map(([u]) => [u]);
}

const filter = a.filter ? new RegExp(a.filter) : null;
function score(name: string, fill: Fill) {
  if (filter && !filter.test(name)) return;
  const all: number[] = [];
  const h1: number[] = [];
  const h2: number[] = [];
  const o: number[] = [];
  const e: number[] = [];
  for (const r of rows) {
    const x = recallAtK(rankingOf(fill(r), 'results'), new Set(r.relevant), 10);
    all.push(x);
    (firstHalf.has(r.tag) ? h1 : h2).push(x);
    (odd.has(r.tag) ? o : e).push(x);
  }
  const pct = (xs: number[]) => (100 * mean(xs)).toFixed(2);
  console.log(`| ${name} | ${pct(all)} | ${pct(h1)} / ${pct(h2)} | ${pct(o)} / ${pct(e)} |`);
}

console.log(`${rows.length} questions, ${tags.length} conversations, each side ${each}`);
console.log('| fill | recall@10 | halves | odd / even |\n|---|---|---|---|');
score('memories + chunks as served (dumped hybrid list)', (r) => (r.lists.hybrid ?? []).slice(0, 10).map((x) => x.units));
score('chunks only', (r) => (r.lists.documents ?? []).slice(0, 10).map((x) => x.units));
score('memories only', (r) => (r.lists.memories ?? []).slice(0, 10).map((x) => x.units));
score('ceiling: union of chunks 1-10 and memories 1-10', (r) => [[...(r.lists.documents ?? []).slice(0, 10), ...(r.lists.memories ?? []).slice(0, 10)].flatMap((x) => x.units)]);
score('served steps replayed', (r) => served(r));
let same = 0;
for (const r of rows) if (JSON.stringify(served(r)) === JSON.stringify((r.lists.hybrid ?? []).slice(0, 10).map((x) => x.units))) same++;
console.log(`(replayed page identical to the dumped one for ${same} of ${rows.length} questions)`);
for (const w of [0.3, 0.5, 0.7, 1]) for (const floor of [0.5, 0.6, 0.7, 0.8, 0.9]) score(`served fusion, memory weight ${w}, slot floor ${floor}`, (r) => served(r, { w, floor }));
for (const slots of [1, 2])
  for (const depth of [3, 5])
    for (const [by, floor] of [
      ['sim', 0.6],
      ['sim', 0.7],
      ['sim', 0.8],
      ['own', 0.7],
      ['own', 0.9],
    ] as const)
      score(`last ${slots} slots: memories 1-${depth} of new turns, ${by} >= ${floor}`, (r) => newSourceSlots(r, { slots, depth, floor, by }));
// Agreement: the new turn a memory names is also in the chunk list's first `rank` (both lists found it).
for (const slots of [1, 2])
  for (const depth of [3, 5, 10])
    for (const rank of [20, 30, 50])
      score(`last ${slots} slots: memories 1-${depth} of new turns in chunks 1-${rank}`, (r) => {
        const listed = new Set(
          servedLists(r)
            .all.slice(0, rank)
            .flatMap((x) => x.units),
        );
        const page = served(r);
        const { m } = servedLists(r);
        const head = page.slice(0, 10 - slots);
        const seen = new Set(head.flat());
        const extra = m
          .slice(0, depth)
          .filter((x) => x.units.length > 0 && x.units.every((u) => !seen.has(u) && listed.has(u)))
          .slice(0, slots);
        const out = [...head];
        for (const x of extra) if (x.units.some((u) => !seen.has(u))) (out.push(x.units), x.units.forEach((u) => seen.add(u)));
        for (const p of page.slice(10 - slots)) if (out.length < 10 && p.some((u) => !seen.has(u))) out.push(p);
        return out.slice(0, 10);
      });
// Per-query choice from the score gap: the last slot goes to the best new-turn memory only when the chunk page is flat
// (its 10th chunk is within `gap` of its first) and the memory's own similarity reaches `own`.
for (const gap of [0.05, 0.1, 0.15, 0.2])
  for (const own of [0.5, 0.7, 0.9])
    score(`last slot to a new-turn memory 1-5 when chunk 1 - chunk 10 < ${gap} and own >= ${own}`, (r) => {
      const c = servedLists(r).all;
      if ((c[0]?.sim ?? 0) - (c[9]?.sim ?? 0) >= gap) return served(r);
      return newSourceSlots(r, { slots: 1, depth: 5, floor: own, by: 'own' });
    });
for (const w of [0.3, 0.5, 0.7, 1]) for (const k of [1, 5, 10, 60]) score(`turn rrf w ${w} k ${k}`, (r) => turnRrf(r, w, k));
process.exit(0);
