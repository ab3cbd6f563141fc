/**
 * Ranking experiments on LoCoMo dev without re-ingesting (issue 26, round 6): reads a data directory that
 * locomo-diagnose.ts ingested (`--data`), runs every question in memories mode, chunk-only mode and memories +
 * chunks mode through POST /v4/search, and writes what each returned (units, similarity, kind) to a JSON file, with
 * recall@10 of each mode. Offline analyses of other rankings read that file; the figures the README cites come from
 * the service itself (this script's recall lines, or bench:memories).
 *
 *   npx tsx bench/memories/locomo-dump.ts --data /tmp/locomo-memories --out /tmp/locomo-dump.json [--limit 100] [--modes hybrid]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveEmbedder } from '../lib.js';
import { openService, search } from '../quality/harness.js';
import { searchEnvFromProcess } from '../quality/modes.js';
import { loadLocomo } from '../quality/locomo.js';
import { mean, rankingOf, recallAtK } from '../quality/metrics.js';
import { resultUnits } from '../quality/units.js';
import type { DumpRow } from './locomo-dump-rows.js';

const { values: a } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/locomo-memories' },
    shared: { type: 'string', default: '../shared/data' },
    out: { type: 'string' },
    limit: { type: 'string', default: '100' },
    modes: { type: 'string', default: 'memories,documents,hybrid' },
  },
});
if (!fs.existsSync(path.join(a.data!, 'ingested'))) throw new Error(`--data ${a.data}: not ingested (run locomo-diagnose.ts first)`);
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const { embedder } = await resolveEmbedder('local');
const svc = await openService(a.data!, embedder, searchEnvFromProcess(), false);
const modes = a.modes!.split(',') as ('memories' | 'documents' | 'hybrid')[];
const rows: DumpRow[] = [];
const recall = new Map<string, number[]>(modes.map((m) => [m, []]));
// Milliseconds of each search through the API, for the latency of a mode (load-dependent: compare runs side by side).
const times = new Map<string, number[]>(modes.map((m) => [m, []]));
for (const q of dataset.queries) {
  const relevant = [...q.relevant.keys()];
  const lists: (typeof rows)[number]['lists'] = {};
  for (const mode of modes) {
    const limit = mode === 'hybrid' ? dataset.requestLimit : Number(a.limit);
    const t0 = performance.now();
    const results = await search(svc.api, { q: q.q, containerTag: q.containerTag, limit, rerank: false, searchMode: mode });
    times.get(mode)!.push(performance.now() - t0);
    lists[mode] = results.map((r) => ({ units: resultUnits(r, dataset.unitKey), sim: r.similarity, kind: r.resultType ?? 'chunk', text: (r.memory ?? r.chunk ?? '').slice(0, 200) }));
    const ranking = rankingOf(
      lists[mode].map((r) => r.units),
      mode === 'documents' ? 'distinct-units' : 'results',
    );
    recall.get(mode)!.push(recallAtK(ranking, new Set(relevant), 10));
  }
  rows.push({ q: q.q, tag: q.containerTag, category: q.category, relevant, lists });
}
await svc.close();
const quantile = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
for (const [mode, xs] of recall) {
  const ms = times.get(mode)!;
  console.log(`${mode}: recall@10 ${(100 * mean(xs)).toFixed(2)}% (${xs.length} questions), search p50 ${quantile(ms, 0.5).toFixed(1)} ms, p95 ${quantile(ms, 0.95).toFixed(1)} ms`);
}
if (a.out) fs.writeFileSync(a.out, JSON.stringify(rows));
process.exit(0);
