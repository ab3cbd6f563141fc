/**
 * The keyword side's broad-scope statement (sqlite-keyword.ts: a tag holding most of the organisation is matched by
 * its terms alone and filtered by each row's `scope`), two ways, timed in one process on a kept `bench:search`
 * database with the probe's queries: `scope` read in the top-N statement itself (SQLite's sorter then reads it from
 * FTS5's content table for every matching row, up to 2% of the corpus) against `scope` read after the sort, for the
 * kept rows only. Each query runs both ways in turn (order alternated), so machine load weighs on both alike. Prints
 * CPU ms per search and whether the outputs match.
 *
 *   npx tsx bench/search-broad-scope.ts <kept dir>/serve-probe.json [--rounds 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { selectMatchTerms } from '../src/search/keyword-score.js';
import { KeywordIndexes, termStats } from '../src/storage/sqlite/sqlite-keyword.js';
import { queryTerms } from '../src/text/tokenize.js';
import type { ServeProbeJob } from './serve-probe-job.js';

const { values: args, positionals } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, candidates: { type: 'string', default: '100' } }, allowPositionals: true });
const job = JSON.parse(fs.readFileSync(positionals[0]!.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
const candidates = Number(args.candidates);
const db = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
const total = (db.prepare('SELECT count(*) AS n FROM chunks WHERE org_id = ? AND active = 1').get(orgId) as { n: number }).n;
const fts = new KeywordIndexes(db).table(orgId, false)!;
const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;

const statements = {
  scopeInSort: db.prepare(`SELECT rowid, bm25(${fts}, 1.0, 0.0) AS r, scope FROM ${fts} WHERE ${fts} MATCH ? ORDER BY r, rowid LIMIT ?`),
  scopeAfterSort: db.prepare(
    `SELECT f.rowid, f.r, s.scope FROM (
       SELECT rowid, bm25(${fts}, 1.0, 0.0) AS r FROM ${fts} WHERE ${fts} MATCH ? ORDER BY r, rowid LIMIT ?
     ) f JOIN ${fts} s ON s.rowid = f.rowid ORDER BY f.r, f.rowid`,
  ),
};
type Way = keyof typeof statements;

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const spent: Record<Way, number> = { scopeInSort: 0, scopeAfterSort: 0 };
let searches = 0;
let differing = 0;
const queries = job.bodies.map((b) => JSON.parse(b) as { q: string; containerTag?: string });
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [i, q] of queries.entries()) {
    if (!q.containerTag) continue;
    const terms = queryTerms(q.q);
    const chosen = selectMatchTerms(terms, termStats(db, new KeywordIndexes(db), orgId, terms, total), candidates);
    if (chosen.length === 0) continue;
    searches++;
    const match = `terms : (${chosen.map(quote).join(' OR ')})`;
    // As keywordSearch over-fetches for a tag of ~85% of the chunks (the bench's main tag).
    const fetch = Math.ceil((candidates / 0.85) * 1.25) + 16;
    const ways: Way[] = (i + round) % 2 === 0 ? ['scopeInSort', 'scopeAfterSort'] : ['scopeAfterSort', 'scopeInSort'];
    const out = ways.map((w) => {
      const c0 = cpuMs();
      const rows = statements[w].all(match, fetch);
      spent[w] += cpuMs() - c0;
      return JSON.stringify(rows);
    });
    if (out[0] !== out[1]) differing++;
  }
}
const perSearch = (w: Way) => +(spent[w] / Math.max(searches, 1)).toFixed(2);
console.log(JSON.stringify({ searches, cpuMsPerSearch: { scopeInSort: perSearch('scopeInSort'), scopeAfterSort: perSearch('scopeAfterSort') }, differingLists: differing }));
db.close();
