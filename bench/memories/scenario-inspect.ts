/**
 * Why a scenario's question misses (issue 26, round 11): runs the scenarios of one file (or those whose id matches
 * `--only`) into a kept data directory (`--data`; reused when it already holds them, so a ranking change is
 * re-measured without ingesting again), then prints each question's first results with their subject, attribute,
 * document date and similarity. Do not point it at the held-out file.
 *
 *   npx tsx bench/memories/scenario-inspect.ts --file test/fixtures/memory-scenarios/rank11.json [--only regex] [--data /tmp/x] [--top 5]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_KEY, resolveEmbedder } from '../lib.js';
import { openService } from '../quality/harness.js';
import { officialClient } from './quality.js';
import { DEFAULT_RUN, runScenario } from './run-scenario.js';
import { loadScenarios } from './scenarios.js';

const { values: a } = parseArgs({
  options: { file: { type: 'string' }, only: { type: 'string' }, data: { type: 'string', default: '/tmp/mnemo-scenario-inspect' }, top: { type: 'string', default: '5' } },
});
if (!a.file || /holdout/i.test(a.file)) throw new Error('--file <scenario file> (never the held-out split)');
const scenarios = loadScenarios([path.resolve(a.file)]).scenarios.filter((s) => !a.only || new RegExp(a.only).test(s.id));
const { embedder } = await resolveEmbedder('local');
const marker = path.join(a.data!, 'ingested');
const fresh = !fs.existsSync(marker);
fs.mkdirSync(a.data!, { recursive: true });
const svc = await openService(a.data!, embedder, { MNEMO_INGEST_POLL_MS: '50' }, fresh);
const client = officialClient(svc.baseUrl, BENCH_KEY);
if (fresh) {
  for (const s of scenarios) await runScenario(client, s, DEFAULT_RUN);
  fs.writeFileSync(marker, '');
}
const phrases = (p: string | string[] | undefined) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);
for (const s of scenarios) {
  const tag = `${DEFAULT_RUN.tagPrefix}${s.id}`.slice(0, 100);
  for (const q of s.questions) {
    const res = await svc.api.post('/v4/search', { q: q.q, containerTag: tag, searchMode: 'memories', limit: Number(a.top), threshold: 0 });
    const results = (res as { results: { memory?: string; similarity: number; metadata?: Record<string, unknown> | null }[] }).results;
    const has = (t: string, p: string[]) => p.some((x) => t.toLowerCase().includes(x.toLowerCase()));
    const first = results[0]?.memory ?? '';
    const ok = has(first, phrases(q.current)) && !has(first, phrases(q.stale));
    console.log(`${ok ? 'ok  ' : 'MISS'} ${s.id}: ${q.q}`);
    for (const r of results) console.log(`     ${r.similarity.toFixed(3)} ${r.memory}`);
  }
}
await svc.close();
process.exit(0);
