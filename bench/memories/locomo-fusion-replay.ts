/**
 * Memories + chunks fusion choices replayed on a locomo-dump.ts file (issue 26, round 11): the served fusion
 * (search/result-fusion.ts fuseRanked) over the dumped memories and chunk lists, its weights, and other ways to fill
 * ten slots from the two lists, each scored as recall@10 over the questions, with each half of the conversations
 * apart (a choice that wins on one half only is noise), and the odd and even conversations apart (a second split). The
 * figures the README cites come from the service itself.
 * `--own` names a second dump of memories mode made with MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT=0: each memory ranked on
 * its own text alone, not on its source passage's similarity (search/memory-similarity.ts withSourceEvidence), which
 * makes the served memory ranking three quarters a copy of the chunk ranking. Round 14 replays fusions with it too.
 *
 * `--expanded` names a locomo-expansion.ts file (chunk lists of the question expanded by its best memories): round 15
 * replays merging them with the question's own chunks before the served steps.
 *
 *   npx tsx bench/memories/locomo-fusion-replay.ts --dump /tmp/locomo-dump.json [--each 15] [--own /tmp/own.json]
 *     [--expanded /tmp/expanded.json]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { mean, rankingOf, recallAtK } from '../quality/metrics.js';
import { fuseRanked, type FusionOptions } from '../../src/search/result-fusion.js';
import { orderByMemoryContext } from '../../src/search/memory-turn-context.js';
import { reorderedBy } from '../../src/search/turn-context.js';
import { withIntent } from '../../src/search/query-intent.js';
import { readDump, type DumpItem, type DumpRow } from './locomo-dump-rows.js';

const { values: a } = parseArgs({
  options: { dump: { type: 'string', default: '/tmp/locomo-dump.json' }, each: { type: 'string', default: '15' }, own: { type: 'string' }, expanded: { type: 'string' } },
});
const rows = readDump(a.dump!);
const each = Number(a.each);
const tags = [...new Set(rows.map((r) => r.tag))].sort();
const firstHalf = new Set(tags.slice(0, Math.ceil(tags.length / 2)));
const odd = new Set(tags.filter((_, i) => i % 2 === 0));
// Memories ranked on their own text (--own), by question, in the dump's order.
const own = a.own ? (JSON.parse(fs.readFileSync(a.own, 'utf8')) as DumpRow[]).map((r) => r.lists.memories ?? []) : null;
if (own && own.length !== rows.length) throw new Error(`--own ${a.own}: ${own.length} questions, the dump has ${rows.length}`);
rows.forEach((r, i) => {
  if (own) r.lists.own = own[i]!;
});

type Fill = (memories: DumpItem[], chunks: DumpItem[], row: DumpRow) => string[][];
function score(fill: Fill) {
  const all: number[] = [];
  const h1: number[] = [];
  const h2: number[] = [];
  const o: number[] = [];
  const e: number[] = [];
  for (const r of rows) {
    const slots = fill(r.lists.memories ?? [], r.lists.documents ?? [], r);
    const x = recallAtK(rankingOf(slots, 'results'), new Set(r.relevant), 10);
    all.push(x);
    (firstHalf.has(r.tag) ? h1 : h2).push(x);
    (odd.has(r.tag) ? o : e).push(x);
  }
  const pct = (xs: number[]) => (100 * mean(xs)).toFixed(2);
  return `${pct(all)}% (halves ${pct(h1)} / ${pct(h2)}, odd / even ${pct(o)} / ${pct(e)})`;
}

const key = (i: DumpItem, n: number) => `${i.kind}:${i.text}:${n}`;
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
// Round 14 (fusion15): wider turn context in the memories + chunks mode, memories ranked on their own text (--own), and
// what one slot of the first page is worth from each side. A chunk's turn is lifted by a source's evidence as a noisy-OR
// term at `weight`, capped at that evidence (search/turn-context.ts liftedBy with the weight as a parameter).
const lift = (similarity: number, evidence: number, weight: number) => Math.max(similarity, Math.min(withIntent(similarity, weight * evidence), evidence));
function widened(c: DumpItem[], m: DumpItem[], o: { memories: number; memoryWeight: number; chunks: number; chunkWeight: number; decay: number }): DumpItem[] {
  const best = c[0]?.sim ?? 0;
  const score = new Map(c.map((x) => [x, x.sim]));
  const lend = (source: string, evidence: number, weight: number) => {
    for (const x of c) if (x.units[0] && near(x.units[0], source)) score.set(x, Math.max(score.get(x)!, lift(x.sim, evidence, weight)));
  };
  m.slice(0, o.memories).forEach((x, i) => {
    for (const u of x.units) lend(u, x.sim * best * o.decay ** i, o.memoryWeight);
  });
  for (const x of c.slice(0, o.chunks)) if (x.units[0]) lend(x.units[0], x.sim, o.chunkWeight);
  return reorderedBy(
    c.map((x) => ({ ...x, similarity: x.sim })),
    (x) => score.get(c.find((y) => y.units === x.units)!)!,
  ).map((x) => ({ ...x, sim: x.similarity }));
}
const served = { memories: 2, memoryWeight: 0.3, chunks: 0, chunkWeight: 0, decay: 1 };
report('round 14: memory context as served (2 memories, 0.3), then fuseRanked', (m, c, r) => fuseWith({ memoryWeight: 0.3, k: 1 })(m, widened(c.slice(0, each), m, served), r));
// A memory below `gate` keeps boosting (or standing in for) its source chunks but takes no slot of its own.
for (const gate of [0.7, 0.8, 0.9]) {
  report(`  memories below ${gate} take no slot of their own`, (m, c, r) => {
    const ordered = widened(c.slice(0, each), m, served);
    const listed = new Set(ordered.flatMap((x) => x.units));
    return fuseWith({ memoryWeight: 0.3, k: 1 })(
      m.filter((x) => x.sim >= gate || x.units.every((u) => listed.has(u))),
      ordered,
      r,
    );
  });
}
for (const memories of [1, 3, 5, 10]) {
  for (const decay of [1, 0.7]) {
    report(`  ${memories} memories lend context (decay ${decay}), then fuseRanked`, (m, c, r) => fuseWith({ memoryWeight: 0.3, k: 1 })(m, widened(c.slice(0, each), m, { ...served, memories, decay }), r));
  }
}
for (const chunkWeight of [0.1, 0.15, 0.2]) {
  for (const chunks of [2, 3, 4]) {
    report(`  + the first ${chunks} chunks lend context again at ${chunkWeight}`, (m, c, r) => fuseWith({ memoryWeight: 0.3, k: 1 })(m, widened(c.slice(0, each), m, { ...served, chunks, chunkWeight }), r));
  }
}
if (own) {
  report('own-text memories only', (_m, _c, r) => r.lists.own!.slice(0, 10).map((x) => x.units));
  report('union of the first 10 chunks and the first 10 own-text memories', (_m, c, r) => [[...c.slice(0, 10), ...r.lists.own!.slice(0, 10)].flatMap((x) => x.units)]);
  for (const w of [0.1, 0.3, 0.5]) report(`fuseRanked of own-text memories w=${w} k=1`, (_m, c, r) => fuseWith({ memoryWeight: w, k: 1 })(r.lists.own!, c, r));
  report('chunks 9 + the best own-text memory of a new source', (_m, c, r) => {
    const head = c.slice(0, 9).map((x) => x.units);
    const seen = new Set(head.flat());
    const extra = r.lists.own!.find((x) => x.units.length > 0 && x.units.every((u) => !seen.has(u)));
    return [...head, ...(extra ? [extra.units] : []), ...c.slice(9).map((x) => x.units)];
  });
}
// Round 15 (fusion16): `--expanded` names a locomo-expansion.ts file made from this dump: each question's chunk list
// for the question expanded by its best memories. Merged with the question's own chunks by weighted reciprocal rank
// (search/memory-feedback.ts), then the served steps (memory context, slot floor 0.8, fuseRanked).
/**
 * Two chunk lists (best first) in one by weighted reciprocal rank: rank r of the question's list scores 1/(k + r), of
 * the expanded list w/(k + r), summed; re-ordered, not re-scored (the i-th gets the i-th highest similarity). The merge
 * round 15 served and measured (fusion16 8eb5720: 79.11 -> 79.29% at k 10, 79.15% at k 60), kept here to replay it.
 */
function mergedByRank<T extends { id: string; similarity: number }>(own: readonly T[], expanded: readonly T[], w: number, k: number): T[] {
  const score = new Map<string, number>();
  const byId = new Map<string, T>();
  own.forEach((h, i) => {
    if (byId.has(h.id)) return;
    byId.set(h.id, h);
    score.set(h.id, 1 / (k + i + 1));
  });
  expanded.forEach((h, i) => {
    if (!byId.has(h.id)) byId.set(h.id, h);
    score.set(h.id, (score.get(h.id) ?? 0) + w / (k + i + 1));
  });
  const order = [...byId.values()].map((h, i) => ({ h, i, s: score.get(h.id)! }));
  order.sort((x, y) => y.s - x.s || x.i - y.i);
  const similarities = [...byId.values()].map((h) => h.similarity).sort((x, y) => y - x);
  return order.map(({ h }, rank) => ({ ...h, similarity: similarities[rank]! }));
}
if (a.expanded) {
  const expanded = JSON.parse(fs.readFileSync(a.expanded, 'utf8')) as Record<string, { units: string[]; sim: number }[][]>[];
  if (expanded.length !== rows.length) throw new Error(`--expanded ${a.expanded}: ${expanded.length} questions, the dump has ${rows.length}`);
  const byRow = new Map(rows.map((r, i) => [r, expanded[i]!]));
  const servedFill =
    (merge: (c: DumpItem[], r: DumpRow) => DumpItem[]): Fill =>
    (m, c, r) => {
      const ordered = widened(merge(c, r).slice(0, each), m, served);
      const listed = new Set(ordered.flatMap((x) => x.units));
      return fuseWith({ memoryWeight: 0.3, k: 1 })(
        m.filter((x) => x.sim >= 0.8 || x.units.every((u) => listed.has(u))),
        ordered,
        r,
      );
    };
  report(
    'round 15: served steps replayed, no second query',
    servedFill((c) => c),
  );
  for (const variant of Object.keys(expanded[0] ?? {}).filter((v) => v.startsWith('top'))) {
    for (const [w, k] of [
      [0.3, 10],
      [0.5, 10],
      [0.3, 60],
      [1, 10],
    ] as const) {
      const merge = (c: DumpItem[], r: DumpRow) => {
        const tag = (xs: { units: string[]; sim: number }[]) => xs.filter((x) => x.units[0]).map((x) => ({ ...x, text: '', kind: 'chunk', id: x.units[0]!, similarity: x.sim }));
        return mergedByRank(tag(c), tag(byRow.get(r)![variant]![0] ?? []), w, k).map((x) => ({ units: x.units, sim: x.similarity, kind: 'chunk', text: x.text }));
      };
      report(`  ${variant}: chunks merged (w ${w}, k ${k}) only`, (_m, c, r) =>
        merge(c, r)
          .slice(0, 10)
          .map((x) => x.units),
      );
      report(`  ${variant}: merged (w ${w}, k ${k}), then served steps`, servedFill(merge));
    }
  }
}
// What a slot holds: the share of a question's evidence found by the chunk at rank i (7-14), and by the n-th memory
// (1-3) whose sources none of the first 9 chunks holds, by the memory's similarity (>= 0.95, 0.85-0.95, below).
const gains = new Map<string, number[]>();
const add = (k: string, x: number) => gains.set(k, [...(gains.get(k) ?? []), x]);
for (const r of rows) {
  const c = r.lists.documents ?? [];
  const rel = new Set(r.relevant);
  const share = (units: string[]) => units.filter((u) => rel.has(u)).length / Math.max(1, rel.size);
  for (let i = 6; i < 14 && i < c.length; i++) add(`chunk rank ${i + 1}`, share(c[i]!.units));
  const seen = new Set(c.slice(0, 9).flatMap((x) => x.units));
  for (const side of own ? ['memories', 'own'] : ['memories']) {
    (r.lists[side] ?? [])
      .filter((x) => x.units.length > 0 && x.units.every((u) => !seen.has(u)))
      .slice(0, 3)
      .forEach((x, n) => {
        add(`${side} new source #${n + 1}`, share(x.units));
        add(`${side} new source #${n + 1}, sim ${x.sim >= 0.95 ? '>= 0.95' : x.sim >= 0.85 ? '0.85-0.95' : '< 0.85'}`, share(x.units));
      });
  }
}
console.log('\nevidence per question a slot holds (recall@10 points if the slot were added):');
for (const [k, xs] of [...gains].sort((p, q) => p[0].localeCompare(q[0]))) console.log(`  ${k.padEnd(48)} ${(100 * mean(xs)).toFixed(2)}  (${xs.length} questions)`);
process.exit(0);
