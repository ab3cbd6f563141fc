import type Database from 'better-sqlite3';
import type { Candidate } from '../../types.js';
import { orgScopeToken, tagScopeToken } from '../scope-tokens.js';
import type { KeywordQuery, SearchScope, TermStats } from '../store.js';
import { compileFilter } from './filter-sql.js';

/** Scope tokens stored with each indexed chunk: its organisation plus each of its container tags. */
export function scopeOf(orgId: string, tags: readonly string[]): string {
  return [orgScopeToken(orgId), ...tags.map((t) => tagScopeToken(orgId, t))].join(' ');
}

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;

/** BM25 over FTS5, scoped by organisation and tags inside the MATCH expression itself. */
export function keywordSearch(db: Database.Database, orgId: string, q: KeywordQuery): Candidate[] {
  if (q.terms.length === 0 || q.limit <= 0) return [];
  const scopeTokens =
    q.containerTags && q.containerTags.length > 0
      ? [...new Set(q.containerTags)].map((t) => tagScopeToken(orgId, t))
      : [orgScopeToken(orgId)];
  const match = `terms : (${q.terms.map(quote).join(' OR ')}) AND scope : (${scopeTokens.map(quote).join(' OR ')})`;
  const where = ['chunk_fts MATCH ?', 'c.org_id = ?', 'c.active = 1'];
  const params: unknown[] = [match, orgId];
  let join = '';
  const docScope = documentScopeSql(q, 'd');
  if (docScope) {
    join = 'JOIN documents d ON d.id = c.document_id AND d.org_id = c.org_id';
    where.push(docScope.sql);
    params.push(...docScope.params);
  }
  const rows = db
    .prepare(
      `SELECT c.id AS chunk_id, c.document_id, bm25(chunk_fts, 1.0, 0.0) AS rank
       FROM chunk_fts JOIN chunks c ON c.rowid = chunk_fts.rowid ${join}
       WHERE ${where.join(' AND ')} ORDER BY rank LIMIT ?`,
    )
    .all(...params, q.limit) as { chunk_id: string; document_id: string; rank: number }[];
  // FTS5's bm25() is negative (lower is better); flip it so higher is better.
  return rows.map((r) => ({ chunkId: r.chunk_id, documentId: r.document_id, score: -r.rank }));
}

/** Document frequencies of terms among the organisation's searchable chunks (never other organisations'). */
export function termStats(db: Database.Database, orgId: string, terms: readonly string[]): TermStats {
  const totalChunks = (
    db.prepare('SELECT count(*) AS n FROM chunks WHERE org_id = ? AND active = 1').get(orgId) as { n: number }
  ).n;
  const docFrequencies = new Map<string, number>();
  const count = db.prepare('SELECT count(*) AS n FROM chunk_fts WHERE chunk_fts MATCH ?');
  const scope = quote(orgScopeToken(orgId));
  for (const t of new Set(terms)) {
    const { n } = count.get(`terms : ${quote(t)} AND scope : ${scope}`) as { n: number };
    docFrequencies.set(t, n);
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
      where.push(`substr(${alias}.filepath, 1, ?) = ?`);
      params.push(scope.filepath.length, scope.filepath);
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
