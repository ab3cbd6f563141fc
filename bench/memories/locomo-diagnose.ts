/**
 * Why memories-mode search misses LoCoMo evidence (issue 26, round 5): ingests LoCoMo dev once into a kept data
 * directory (`--data`; reused when it already holds the ingest), then for every question reads the first 100
 * memories and counts where the first memory of an evidence turn ranks: no memory of any evidence turn exists
 * (extraction), ranked 1-10 (found), 11-100 (ranking), or beyond the candidates. Prints aggregates only.
 *
 *   npx tsx bench/memories/locomo-diagnose.ts [--data /tmp/locomo-memories] [--shared ../shared/data] [--examples N]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveEmbedder } from '../lib.js';
import { ingest, memoryInventory, openService, search } from '../quality/harness.js';
import { loadLocomo } from '../quality/locomo.js';
import { resultUnits, taggedUnit } from '../quality/units.js';

const { values: a } = parseArgs({
  options: { data: { type: 'string', default: '/tmp/locomo-memories' }, shared: { type: 'string', default: '../shared/data' }, examples: { type: 'string', default: '0' }, limit: { type: 'string', default: '100' } },
});
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const { embedder } = await resolveEmbedder('local');
const marker = path.join(a.data!, 'ingested');
if (!fs.existsSync(marker)) {
  fs.mkdirSync(a.data!, { recursive: true });
  const svc = await openService(a.data!, embedder, {}, true);
  const r = await ingest(svc.api, dataset.documents);
  await svc.close();
  console.log(`ingested ${r.done}/${r.documents} in ${r.seconds.toFixed(0)} s`);
  fs.writeFileSync(marker, '');
}
const svc = await openService(a.data!, embedder, {}, false);
const tags = [...new Set(dataset.queries.map((q) => q.containerTag))];
const inv = await memoryInventory(svc.api, tags, dataset.unitKey);
const buckets = { noMemory: 0, top1: 0, top10: 0, top11to100: 0, beyond: 0 };
const byCat = new Map<string, typeof buckets>();
let examples = Number(a.examples);
for (const q of dataset.queries) {
  const relevant = [...q.relevant.keys()];
  const covered = relevant.filter((u) => inv.unitsWithMemory.has(taggedUnit(q.containerTag, u)));
  const cat = byCat.get(q.category) ?? { noMemory: 0, top1: 0, top10: 0, top11to100: 0, beyond: 0 };
  byCat.set(q.category, cat);
  let bucket: keyof typeof buckets;
  if (covered.length === 0) bucket = 'noMemory';
  else {
    const results = await search(svc.api, { q: q.q, containerTag: q.containerTag, limit: Number(a.limit), rerank: false, searchMode: 'memories' });
    const rank = results.findIndex((r) => resultUnits(r, dataset.unitKey).some((u) => relevant.includes(u)));
    bucket = rank < 0 ? 'beyond' : rank === 0 ? 'top1' : rank < 10 ? 'top10' : 'top11to100';
    if (examples > 0 && (bucket === 'beyond' || bucket === 'top11to100')) {
      examples--;
      console.log(
        `--- [${bucket} ${rank + 1}] ${q.q}\n  top: ${results
          .slice(0, 3)
          .map((r) => r.memory)
          .join(' | ')}\n  evidence memory: ${rank >= 0 ? results[rank]!.memory : '(not in candidates)'}`,
      );
    }
  }
  buckets[bucket]++;
  cat[bucket]++;
}
await svc.close();
const n = dataset.queries.length;
const pct = (x: number, d = n) => `${((100 * x) / d).toFixed(1)}%`;
console.log(`questions ${n}, memories ${inv.memories}`);
console.log(
  Object.entries(buckets)
    .map(([k, v]) => `${k} ${v} (${pct(v)})`)
    .join(', '),
);
for (const [c, b] of byCat) {
  const m = Object.values(b).reduce((x, y) => x + y, 0);
  console.log(
    `  ${c} (${m}): ${Object.entries(b)
      .map(([k, v]) => `${k} ${pct(v, m)}`)
      .join(', ')}`,
  );
}
process.exit(0);
