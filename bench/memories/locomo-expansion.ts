/**
 * Second chunk queries for memories + chunks search, measured before serving (issue 26, round 15): reads a
 * locomo-dump.ts file (`--dump`, for each question's memories list) and the data directory it was made from
 * (`--data`), runs chunk-only searches with the question expanded by its best memories (pseudo-relevance feedback:
 * a memory restates a turn in words close to a question's), and writes each expanded query's chunk list beside the
 * dump's, for offline fusions (Python or locomo-fusion-replay.ts). The figures the README cites come from the service.
 *
 *   npx tsx bench/memories/locomo-expansion.ts --data /tmp/locomo --dump /tmp/dump.json --out /tmp/expanded.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveEmbedder } from '../lib.js';
import { openService, search } from '../quality/harness.js';
import { searchEnvFromProcess } from '../quality/modes.js';
import { resultUnits } from '../quality/units.js';
import { loadLocomo } from '../quality/locomo.js';

const { values: a } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/locomo-memories' },
    shared: { type: 'string', default: '../shared/data' },
    dump: { type: 'string' },
    // The memories that expand the question: the dump's own (as served in memories + chunks mode) or another dump's,
    // e.g. one made with MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT=0 (memories ranked on their own text).
    memories: { type: 'string' },
    out: { type: 'string' },
    limit: { type: 'string', default: '50' },
    // Each variant: `top<N>` = question + the first N memories' text; `each<N>` = the i-th memory's text alone, i < N.
    variants: { type: 'string', default: 'top1,top3,each3' },
  },
});
type Row = { q: string; tag: string; lists: Record<string, { text: string }[]> };
const rows = JSON.parse(fs.readFileSync(a.dump!, 'utf8')) as Row[];
const memoryRows = a.memories ? (JSON.parse(fs.readFileSync(a.memories, 'utf8')) as Row[]) : rows;
if (memoryRows.length !== rows.length) throw new Error(`--memories ${a.memories}: ${memoryRows.length} questions, the dump has ${rows.length}`);
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const { embedder } = await resolveEmbedder('local');
const svc = await openService(a.data!, embedder, searchEnvFromProcess(), false);
const out: Record<string, { units: string[]; sim: number }[][]>[] = [];
const chunks = async (q: string, tag: string) =>
  (await search(svc.api, { q, containerTag: tag, limit: Number(a.limit), rerank: false, searchMode: 'documents' })).map((r) => ({ units: resultUnits(r, dataset.unitKey), sim: r.similarity }));
for (const [i, r] of rows.entries()) {
  const memories = (memoryRows[i]!.lists.memories ?? []).map((m) => m.text);
  if (i % 200 === 0) console.log(`${i}/${rows.length} questions`);
  const lists: Record<string, { units: string[]; sim: number }[][]> = {};
  for (const v of a.variants!.split(',')) {
    const n = Number(/\d+$/.exec(v)?.[0] ?? 1);
    if (v.startsWith('top')) lists[v] = [await chunks([r.q, ...memories.slice(0, n)].join(' '), r.tag)];
    else lists[v] = await Promise.all(memories.slice(0, n).map((m) => chunks(m, r.tag)));
  }
  out.push(lists);
}
await svc.close();
if (a.out) fs.writeFileSync(a.out, JSON.stringify(out));
process.exit(0);
