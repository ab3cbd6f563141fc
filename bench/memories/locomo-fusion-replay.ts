/**
 * Memories + chunks fusion choices replayed on a locomo-dump.ts file (issue 26, round 11): the served fusion
 * (search/result-fusion.ts fuseRanked) over the dumped memories and chunk lists, its weights, and other ways to fill
 * ten slots from the two lists, each scored as recall@10 over the questions, with each half of the conversations
 * apart (a choice that wins on one half only is noise). The figures the README cites come from the service itself.
 *
 *   npx tsx bench/memories/locomo-fusion-replay.ts --dump /tmp/locomo-dump.json [--each 15]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { mean, rankingOf, recallAtK } from '../quality/metrics.js';
import { fuseRanked, type FusionOptions } from '../../src/search/result-fusion.js';
import { orderByMemoryContext } from '../../src/search/memory-turn-context.js';

const { values: a } = parseArgs({ options: { dump: { type: 'string', default: '/tmp/locomo-dump.json' }, each: { type: 'string', default: '15' } } });
interface Item {
  units: string[];
  sim: number;
  kind: string;
  text: string;
}
interface Row {
  q: string;
  tag: string;
  category: string;
  relevant: string[];
  lists: Record<string, Item[]>;
}
const rows = JSON.parse(fs.readFileSync(a.dump!, 'utf8')) as Row[];
const each = Number(a.each);
const tags = [...new Set(rows.map((r) => r.tag))].sort();
const firstHalf = new Set(tags.slice(0, Math.ceil(tags.length / 2)));

type Fill = (memories: Item[], chunks: Item[], row: Row) => string[][];
function score(fill: Fill) {
  const all: number[] = [];
  const h1: number[] = [];
  const h2: number[] = [];
  for (const r of rows) {
    const slots = fill(r.lists.memories ?? [], r.lists.documents ?? [], r);
    const x = recallAtK(rankingOf(slots, 'results'), new Set(r.relevant), 10);
    all.push(x);
    (firstHalf.has(r.tag) ? h1 : h2).push(x);
  }
  const pct = (xs: number[]) => (100 * mean(xs)).toFixed(1);
  return `${pct(all)}% (halves ${pct(h1)} / ${pct(h2)})`;
}

const key = (i: Item, n: number) => `${i.kind}:${i.text}:${n}`;
const fuseWith =
  (o: FusionOptions): Fill =>
  (m, c) =>
    fuseRanked(
      m.slice(0, each).map((x, i) => ({ ...x, kind: 'memory' as const, similarity: x.sim, key: key(x, i), sources: x.units })),
      c.slice(0, each).map((x, i) => ({ ...x, kind: 'chunk' as const, similarity: x.sim, key: key(x, i), sources: x.units })),
      o,
    )
      .slice(0, 10)
      .map((x) => x.sources as string[]);

const report = (name: string, fill: Fill) => console.log(`${name.padEnd(60)} ${score(fill)}`);
console.log(`${rows.length} questions, ${tags.length} conversations`);
report('memories + chunks as served (dumped hybrid list)', (_m, _c, r) => (r.lists.hybrid ?? []).slice(0, 10).map((x) => x.units));
report('chunks only', (_m, c) => c.slice(0, 10).map((x) => x.units));
report('memories only', (m) => m.slice(0, 10).map((x) => x.units));
for (const w of [0.3]) for (const k of [1]) report(`fuseRanked w=${w} k=${k} (the served fusion, replayed)`, fuseWith({ memoryWeight: w, k }));
for (const w of [0.5, 0.7, 1]) for (const k of [1, 5, 20, 60]) report(`fuseRanked w=${w} k=${k}`, fuseWith({ memoryWeight: w, k }));

// Round 13: the most any fill of 20 slots from the two lists' first ten can find, and the served fusion after the
// chunks are re-ordered with the turns beside the best memories' source turns (a LoCoMo unit is `D<session>:<turn>`:
// neighbours are the turns of the same session up to two apart, as neighbourDocuments reads them in insertion order).
report('union of the first 10 chunks and the first 10 memories (20 slots)', (m, c) => [[...c.slice(0, 10), ...m.slice(0, 10)].flatMap((x) => x.units)]);
const near = (u: string, v: string) => u.split(':')[0] === v.split(':')[0] && u !== v && Math.abs(Number(u.split(':')[1]) - Number(v.split(':')[1])) <= 2;
report('memory turn context, then fuseRanked w=0.3 k=1', (m, c, r) => {
  const all = [...new Set([...c, ...m].flatMap((x) => x.units))];
  const neighbours = new Map(all.map((u) => [u, all.filter((v) => near(u, v))]));
  const ordered = orderByMemoryContext(
    c.map((x) => ({ ...x, similarity: x.sim, documentId: x.units[0] ?? '', turn: true })),
    m.map((x) => ({ similarity: x.sim, sources: x.units })),
    neighbours,
  ).map((x) => ({ ...x, sim: x.similarity }));
  return fuseWith({ memoryWeight: 0.3, k: 1 })(m, ordered, r);
});

// Reserve the last r slots for the best memories whose sources the first chunks lack.
for (const r of [1, 2, 3, 4]) {
  report(`chunks ${10 - r} + ${r} memories of new sources`, (m, c) => {
    const head = c.slice(0, 10 - r).map((x) => x.units);
    const seen = new Set(head.flat());
    const extra = m.filter((x) => x.units.length > 0 && x.units.some((u) => !seen.has(u))).slice(0, r);
    const out = [...head, ...extra.map((x) => x.units)];
    for (const x of c.slice(10 - r)) if (out.length < 10) out.push(x.units);
    return out;
  });
}
// One score per turn: the better of the chunk's and the memory's similarity (memory's scaled), slots by turn.
for (const w of [0.6, 0.8, 1, 1.2]) {
  report(`per turn max(chunk sim, ${w} x memory sim)`, (m, c) => {
    const s = new Map<string, number>();
    for (const x of c) for (const u of x.units) s.set(u, Math.max(s.get(u) ?? 0, x.sim));
    for (const x of m.slice(0, 30)) for (const u of x.units) s.set(u, Math.max(s.get(u) ?? 0, w * x.sim));
    return [...s.entries()]
      .sort((p, q) => q[1] - p[1])
      .slice(0, 10)
      .map(([u]) => [u]);
  });
}
// Rank-based per turn: reciprocal ranks summed over both lists.
for (const w of [0.3, 0.5, 0.8, 1]) {
  for (const k of [1, 10, 60]) {
    report(`per turn rrf: 1/(k+rc) + ${w}/(k+rm), k=${k}`, (m, c) => {
      const s = new Map<string, number>();
      const firstC = new Map<string, number>();
      c.slice(0, 50).forEach((x, i) => {
        for (const u of x.units) if (!firstC.has(u)) firstC.set(u, i);
      });
      for (const [u, i] of firstC) s.set(u, 1 / (k + i + 1));
      const firstM = new Map<string, number>();
      m.slice(0, 50).forEach((x, i) => {
        for (const u of x.units) if (!firstM.has(u)) firstM.set(u, i);
      });
      for (const [u, i] of firstM) s.set(u, (s.get(u) ?? 0) + w / (k + i + 1));
      return [...s.entries()]
        .sort((p, q) => q[1] - p[1])
        .slice(0, 10)
        .map(([u]) => [u]);
    });
  }
}
// Additive per turn: a chunk's similarity plus a share of its turn's best memory similarity above a floor.
for (const beta of [0.1, 0.2, 0.3, 0.5]) {
  for (const floor of [0, 0.5, 0.7]) {
    report(`per turn chunk sim + ${beta} x max(0, memory sim - ${floor})`, (m, c) => {
      const s = new Map<string, number>();
      for (const x of c) for (const u of x.units) if (!s.has(u)) s.set(u, x.sim);
      const best = new Map<string, number>();
      for (const x of m.slice(0, 30)) for (const u of x.units) best.set(u, Math.max(best.get(u) ?? 0, x.sim));
      for (const [u, v] of best) s.set(u, (s.get(u) ?? 0) + beta * Math.max(0, v - floor));
      return [...s.entries()]
        .sort((p, q) => q[1] - p[1])
        .slice(0, 10)
        .map(([u]) => [u]);
    });
  }
}
process.exit(0);
