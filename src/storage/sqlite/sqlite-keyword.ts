import type Database from 'better-sqlite3';
import type { Candidate } from '../../core/types.js';
import type { ChunkRowids } from './chunk-rowids.js';
import { createHash } from 'node:crypto';
import { tagScopeToken } from '../scope-tokens.js';
import type { KeywordQuery, SearchScope, TermStats } from '../chunks.js';
import { compileFilter } from './filter-sql.js';
import { cachedStatement } from './statement-cache.js';
import { FTS_TOKENIZE } from './fts-row-delta.js';

/**
 * Keyword index of one organisation: an FTS5 table of normalised terms (text/tokenize.ts) with a `scope` column
 * of hashed container-tag tokens, so a MATCH is scoped by tag inside the index. Each organisation has its own
 * table, so BM25 statistics (document frequencies, lengths) never mix tenants.
 */
export class KeywordIndexes {
  private readonly tables = new Map<string, string>();

  constructor(private readonly db: Database.Database) {}

  /** The organisation's FTS table, or null when it has none yet (and `create` is false). */
  table(orgId: string, create: boolean): string | null {
    const cached = this.tables.get(orgId);
    if (cached) return cached;
    const row = this.db.prepare('SELECT table_name FROM keyword_indexes WHERE org_id = ?').get(orgId) as { table_name: string } | undefined;
    if (row) {
      this.tables.set(orgId, row.table_name);
      return row.table_name;
    }
    if (!create) return null;
    const name = `fts_${createHash('sha256').update(orgId).digest('hex').slice(0, 24)}`;
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5(terms, scope, ${FTS_TOKENIZE})`);
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${name}_vocab USING fts5vocab(${name}, 'row')`);
    this.db.prepare('INSERT OR IGNORE INTO keyword_indexes (org_id, table_name) VALUES (?, ?)').run(orgId, name);
    this.tables.set(orgId, name);
    return name;
  }
}

/** Scope tokens stored with each indexed chunk: one per container tag. */
export function scopeOf(orgId: string, tags: readonly string[]): string {
  return tags.map((t) => tagScopeToken(orgId, t)).join(' ');
}

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;

/**
 * BM25 over the terms column only (the scope column's weight is 0), as a plain function column `r` (not FTS5's
 * hidden `rank` column).
 * Ordering by it lets SQLite's own top-N sorter keep the LIMIT best rows; `rank MATCH 'bm25(…)'` with `ORDER BY
 * rank` made FTS5 sort every match itself, which took ~60% longer for the same rows (bench/search-keyword-shape.ts).
 * Ties go by rowid, as FTS5's own sort left them.
 */
function bm25Rank(fts: string): string {
  return `bm25(${fts}, 1.0, 0.0) AS r`;
}

/** Number of searchable chunks of an organisation (the N of document frequencies). */
export function countActiveChunks(db: Database.Database, orgId: string): number {
  return (db.prepare('SELECT count(*) AS n FROM chunks WHERE org_id = ? AND active = 1').get(orgId) as { n: number }).n;
}

/**
 * Share of the organisation's searchable chunks that carry any of these scope tokens (an upper bound: the sum of
 * their document frequencies over the total).
 */
export type ScopeShare = (tokens: readonly string[]) => number;

/** Tags holding at least this share of the organisation's chunks are searched unscoped and filtered (see below). */
const BROAD_SCOPE_SHARE = 0.25;

/**
 * BM25 over the organisation's own FTS5 index, scoped by tags inside the MATCH expression. Without document
 * conditions the top rows are picked inside FTS5 (`ORDER BY rank LIMIT`, its own sorter) before anything is
 * joined: the table holds only this organisation's searchable chunks, so the join merely maps rowids to ids.
 *
 * A tag that holds most of the organisation makes the scoped MATCH slow (FTS5 intersects the terms with the tag
 * token's doclist, one entry per chunk of the tag: ~45 ms for an 850k-chunk tag, against ~3 ms for the terms alone)
 * while filtering little. For such broad scopes (`share` of the chunks at least BROAD_SCOPE_SHARE; the store answers
 * 0 for tags too small to gain from it) the terms are matched alone, over-fetching by the inverse of the share, and
 * rows outside the tags dropped; BM25 weighs only the terms column, so these are exactly the scoped query's top rows whenever `limit` of them survive, or the unscoped
 * match ran out. Otherwise the scoped query runs after all.
 *
 * `rowids` is told each hit's rowid, so that reading the hits' rows afterwards skips the id index (chunk-rowids.ts).
 */
export function keywordSearch(db: Database.Database, indexes: KeywordIndexes, orgId: string, q: KeywordQuery, share?: ScopeShare, rowids?: ChunkRowids): Candidate[] {
  const fts = indexes.table(orgId, false);
  if (!fts || q.terms.length === 0 || q.limit <= 0) return [];
  const termsMatch = `terms : (${q.terms.map(quote).join(' OR ')})`;
  let match = termsMatch;
  const tokens = q.containerTags && q.containerTags.length > 0 ? [...new Set(q.containerTags)].map((t) => tagScopeToken(orgId, t)) : [];
  if (tokens.length > 0) match += ` AND scope : (${tokens.map(quote).join(' OR ')})`;
  const docScope = documentScopeSql(q, 'd');
  if (docScope) {
    const rows = db
      .prepare(
        `SELECT c.rowid, c.id AS chunk_id, c.document_id, bm25(${fts}, 1.0, 0.0) AS rank
         FROM ${fts} JOIN chunks c ON c.rowid = ${fts}.rowid
         JOIN documents d ON d.id = c.document_id AND d.org_id = c.org_id
         WHERE ${fts} MATCH ? AND +c.org_id = ? AND c.active = 1 AND ${docScope.sql} ORDER BY rank LIMIT ?`,
      )
      .all(match, orgId, ...docScope.params, q.limit) as RankedRow[];
    return candidates(rows, rowids);
  }
  if (tokens.length > 0 && share) {
    const broad = share(tokens);
    if (broad >= BROAD_SCOPE_SHARE) {
      const fetch = Math.ceil((q.limit / Math.min(1, broad)) * 1.25) + 16;
      // The top rows are sorted by FTS5 alone (doclists and lengths); their scopes are then read from the content
      // table, one leaf each on a cold database, in bm25 order and only as far as `limit` rows in the tags need: the
      // over-fetch is a bound, and reading every fetched row's scope cost ~60 leaves a search at 1M (issue 28).
      const matched = cachedStatement(db, `SELECT rowid, ${bm25Rank(fts)} FROM ${fts} WHERE ${fts} MATCH ? ORDER BY r, rowid LIMIT ?`).all(termsMatch, fetch) as {
        rowid: number;
        r: number;
      }[];
      const kept = keepInScope(db, fts, matched, new Set(tokens), q.limit, broad);
      if (kept.length === q.limit || matched.length < fetch) {
        const ids = cachedStatement(db, `SELECT rowid, id, document_id FROM chunks WHERE rowid IN (SELECT value FROM json_each(?)) AND +org_id = ? AND active = 1`).all(
          JSON.stringify(kept.map((r) => r.rowid)),
          orgId,
        ) as {
          rowid: number;
          id: string;
          document_id: string;
        }[];
        const byRowid = new Map(ids.map((c) => [c.rowid, c]));
        return kept.flatMap((r) => {
          const c = byRowid.get(r.rowid);
          if (!c) return [];
          rowids?.note(c.id, c.rowid);
          return [{ chunkId: c.id, documentId: c.document_id, score: -r.r }];
        });
      }
    }
  }
  const rows = cachedStatement(
    db,
    `SELECT f.rowid, c.id AS chunk_id, c.document_id, f.r AS rank FROM (
       SELECT rowid, ${bm25Rank(fts)} FROM ${fts} WHERE ${fts} MATCH ? ORDER BY r, rowid LIMIT ?
     ) f JOIN chunks c ON c.rowid = f.rowid
     WHERE +c.org_id = ? AND c.active = 1 ORDER BY f.r, f.rowid`,
  ).all(match, q.limit, orgId) as RankedRow[];
  return candidates(rows, rowids);
}

/**
 * The first `limit` of `matched` (bm25 order) whose scope holds a token of `wanted`, reading scopes in batches sized by
 * the tags' share of the organisation (`share`, an upper bound) for the rows still needed.
 */
function keepInScope(db: Database.Database, fts: string, matched: readonly { rowid: number; r: number }[], wanted: ReadonlySet<string>, limit: number, share: number) {
  const scopes = cachedStatement(db, `SELECT s.rowid, s.scope FROM json_each(?) j JOIN ${fts} s ON s.rowid = j.value`);
  const kept: { rowid: number; r: number }[] = [];
  for (let at = 0; at < matched.length && kept.length < limit;) {
    const part = matched.slice(at, at + Math.ceil((limit - kept.length) / Math.min(1, share)));
    at += part.length;
    const read = new Map((scopes.all(JSON.stringify(part.map((r) => r.rowid))) as { rowid: number; scope: string }[]).map((r) => [r.rowid, r.scope]));
    for (const r of part) {
      if (kept.length === limit) break;
      if (
        read
          .get(r.rowid)
          ?.split(' ')
          .some((t) => wanted.has(t))
      )
        kept.push(r);
    }
  }
  return kept;
}

interface RankedRow {
  rowid: number;
  chunk_id: string;
  document_id: string;
  rank: number;
}

/** FTS5's bm25() is negative (lower is better); flipped so higher is better. Each hit's rowid is noted for its read. */
const candidates = (rows: readonly RankedRow[], rowids: ChunkRowids | undefined): Candidate[] =>
  rows.map((r) => {
    rowids?.note(r.chunk_id, r.rowid);
    return { chunkId: r.chunk_id, documentId: r.document_id, score: -r.rank };
  });

/**
 * Document frequencies of terms among the organisation's searchable chunks (never other organisations'), counted
 * from its keyword table's vocabulary: FTS5 walks each term's doclist. The store reads the stored counts instead
 * (keyword-terms.ts); this is the recount they must always equal.
 */
export function termStats(db: Database.Database, indexes: KeywordIndexes, orgId: string, terms: readonly string[], totalChunks: number): TermStats {
  const docFrequencies = new Map<string, number>();
  const fts = indexes.table(orgId, false);
  if (fts && terms.length > 0) {
    const rows = cachedStatement(db, `SELECT term, doc FROM ${fts}_vocab WHERE term IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...new Set(terms)])) as { term: string; doc: number }[];
    for (const r of rows) docFrequencies.set(r.term, r.doc);
  }
  return { totalChunks, docFrequencies };
}

/** Conditions on the documents table (alias) for a search scope's document id, filepath and metadata filters. */
export function documentScopeSql(scope: SearchScope, alias: string): { sql: string; params: unknown[] } | null {
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope.documentId) {
    where.push(`${alias}.id = ?`);
    params.push(scope.documentId);
  }
  if (scope.filepath) {
    if (scope.filepath.endsWith('/')) {
      where.push(`substr(${alias}.filepath, 1, length(?)) = ?`);
      params.push(scope.filepath, scope.filepath);
    } else {
      where.push(`${alias}.filepath = ?`);
      params.push(scope.filepath);
    }
  }
  if (scope.filters) {
    const f = compileFilter(scope.filters, `${alias}.metadata`);
    where.push(f.sql);
    params.push(...f.params);
  }
  return where.length > 0 ? { sql: where.join(' AND '), params } : null;
}
