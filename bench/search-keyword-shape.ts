/**
 * The SQLite keyword side of a search, two ways, timed in one process on a kept `bench:search` database with the
 * probe's queries and tag scopes: the FTS5 statement as it was (`rank MATCH 'bm25(1.0, 0.0)' ORDER BY rank`, FTS5
 * sorts every match) against a `bm25()` column (SQLite's top-N sorter keeps the LIMIT best), and the candidates'
 * chunk rows and index terms as two statements against one joined statement. Each query runs both ways in turn
 * (order alternated), so machine load weighs on both alike. Prints CPU ms per search and whether the outputs match.
 *
 *   npx tsx bench/search-keyword-shape.ts <kept dir>/serve-probe.json [--limit 150] [--rounds 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { selectMatchTerms } from '../src/search/keyword-score.js';
import { tagScopeToken } from '../src/storage/scope-tokens.js';
import { KeywordIndexes, termStats } from '../src/storage/sqlite/sqlite-keyword.js';
import { queryTerms } from '../src/text/tokenize.js';
import type { ServeProbeJob } from './serve-probe-job.js';

const { values: args, positionals } = parseArgs({ options: { limit: { type: 'string', default: '150' }, rounds: { type: 'string', default: '3' } }, allowPositionals: true });
const job = JSON.parse(fs.readFileSync(positionals[0]!.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
const limit = Number(args.limit);
const db = new Database(path.join(job.dataDir, 'mnemo.db'), { readonly: true });
const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
const total = (db.prepare('SELECT count(*) AS n FROM chunks WHERE org_id = ? AND active = 1').get(orgId) as { n: number }).n;
const fts = new KeywordIndexes(db).table(orgId, false)!;
const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
const columns = 'id, org_id, document_id, generation, position, content, embedded_content, token_count, type, metadata, created_at';

const statements = {
  ftsRankSort: db.prepare(
    `SELECT c.id AS chunk_id, c.document_id, f.rank FROM (
       SELECT rowid, rank FROM ${fts} WHERE ${fts} MATCH ? AND rank MATCH 'bm25(1.0, 0.0)' ORDER BY rank LIMIT ?
     ) f JOIN chunks c ON c.rowid = f.rowid WHERE +c.org_id = ? AND c.active = 1 ORDER BY f.rank`,
  ),
  ftsBm25Column: db.prepare(
    `SELECT c.id AS chunk_id, c.document_id, f.r AS rank FROM (
       SELECT rowid, bm25(${fts}, 1.0, 0.0) AS r FROM ${fts} WHERE ${fts} MATCH ? ORDER BY r, rowid LIMIT ?
     ) f JOIN chunks c ON c.rowid = f.rowid WHERE +c.org_id = ? AND c.active = 1 ORDER BY f.r, f.rowid`,
  ),
  rows: db.prepare(`SELECT ${columns} FROM chunks WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`),
  terms: db.prepare(`SELECT c.id, f.terms FROM chunks c JOIN ${fts} f ON f.rowid = c.rowid WHERE +c.org_id = ? AND c.id IN (SELECT value FROM json_each(?))`),
  rowsWithTerms: db.prepare(
    `SELECT ${columns
      .split(', ')
      .map((c) => `c.${c}`)
      .join(', ')}, f.terms AS fts_terms FROM chunks c LEFT JOIN ${fts} f ON f.rowid = c.rowid
     WHERE +c.org_id = ? AND c.id IN (SELECT value FROM json_each(?))`,
  ),
};

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const spent = { ftsRankSort: 0, ftsBm25Column: 0, twoStatements: 0, oneStatement: 0 };
type Way = keyof typeof spent;
const timed = <T>(way: Way, run: () => T): T => {
  const c0 = cpuMs();
  const out = run();
  spent[way] += cpuMs() - c0;
  return out;
};
let searches = 0;
let differingFts = 0;
let differingRows = 0;
const queries = job.bodies.map((b) => JSON.parse(b) as { q: string; containerTag?: string });
for (let round = 0; round < Number(args.rounds); round++) {
  for (const [i, q] of queries.entries()) {
    const terms = queryTerms(q.q);
    const chosen = selectMatchTerms(terms, termStats(db, new KeywordIndexes(db), orgId, terms, total), limit);
    if (chosen.length === 0) continue;
    searches++;
    let match = `terms : (${chosen.map(quote).join(' OR ')})`;
    if (q.containerTag) match += ` AND scope : (${quote(tagScopeToken(orgId, q.containerTag))})`;
    const first = (i + round) % 2 === 0;
    const ftsWays: Way[] = first ? ['ftsRankSort', 'ftsBm25Column'] : ['ftsBm25Column', 'ftsRankSort'];
    const [a, b] = ftsWays.map((w) => timed(w, () => statements[w as 'ftsRankSort' | 'ftsBm25Column'].all(match, limit, orgId) as { chunk_id: string }[]));
    if (JSON.stringify(a) !== JSON.stringify(b)) differingFts++;
    const ids = JSON.stringify(a!.map((r) => r.chunk_id));
    const two = () => {
      const rows = statements.rows.all(orgId, ids) as Record<string, unknown>[];
      const terms = new Map((statements.terms.all(orgId, ids) as { id: string; terms: string }[]).map((r) => [r.id, r.terms]));
      return rows.map((r) => ({ ...r, fts_terms: terms.get(r.id as string) ?? null }));
    };
    const one = () => statements.rowsWithTerms.all(orgId, ids);
    const [x, y] = first ? [timed('twoStatements', two), timed('oneStatement', one)] : [timed('oneStatement', one), timed('twoStatements', two)].reverse();
    if (JSON.stringify(x) !== JSON.stringify(y)) differingRows++;
  }
}
const perSearch = (w: Way) => +(spent[w] / Math.max(searches, 1)).toFixed(2);
console.log(
  JSON.stringify({
    limit,
    searches,
    cpuMsPerSearch: { ftsRankSort: perSearch('ftsRankSort'), ftsBm25Column: perSearch('ftsBm25Column'), rowsAndTermsTwoStatements: perSearch('twoStatements'), rowsWithTermsOneStatement: perSearch('oneStatement') },
    differingFtsLists: differingFts,
    differingRowSets: differingRows,
  }),
);
db.close();
