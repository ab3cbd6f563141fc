import type Database from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

/**
 * Document frequencies of the chunk keyword index, stored (table keyword_terms, migration 16): for each organisation
 * and term, the searchable chunks whose keyword row holds it, as the organisation's fts5vocab 'row' table counts
 * them. FTS5 counts a term's rows by walking its whole doclist, which cost a cold start at 1M chunks 122 MB of reads
 * and ~0.7 s for the first search, then ~150 ms a search while the feedback pass asked for common terms (issue 28).
 * Every write that changes keyword rows moves the stored figures in its own transaction (moveKeywordTerms below), so
 * they are never staler than the rows, after a crash included.
 */

/** The stored document frequencies of `terms` in the organisation (terms in no searchable chunk are left out). */
export function storedFrequencies(db: Database.Database, orgId: string, terms: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  if (terms.length === 0) return found;
  const rows = cachedStatement(db, 'SELECT term, df FROM keyword_terms WHERE org_id = ? AND term IN (SELECT value FROM json_each(?))').all(orgId, JSON.stringify([...new Set(terms)])) as {
    term: string;
    df: number;
  }[];
  for (const r of rows) found.set(r.term, r.df);
  return found;
}

/**
 * Adds `delta` (per term, rows gained; negative: rows lost) to the organisation's stored frequencies; a term left in
 * no row is removed. Called inside the write's transaction, after ftsRowDelta worked the delta out from the rows.
 */
export function moveKeywordTerms(db: Database.Database, orgId: string, delta: ReadonlyMap<string, number>): void {
  const add = cachedStatement(db, 'INSERT INTO keyword_terms (org_id, term, df) VALUES (?, ?, ?) ON CONFLICT (org_id, term) DO UPDATE SET df = df + excluded.df');
  const drop = cachedStatement(db, 'DELETE FROM keyword_terms WHERE org_id = ? AND term = ? AND df <= 0');
  for (const [term, d] of delta) {
    if (d === 0) continue;
    add.run(orgId, term, d);
    if (d < 0) drop.run(orgId, term);
  }
}

/**
 * Counts the organisation's document frequencies afresh from its keyword table's vocabulary (every doclist walked:
 * ~2 s at 1M chunks) and stores them in place of what was stored. The migration that brings the table runs it once
 * per organisation.
 */
export function recountKeywordTerms(db: Database.Database, orgId: string, ftsTable: string): number {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable}_vocab USING fts5vocab(${ftsTable}, 'row')`);
  db.prepare('DELETE FROM keyword_terms WHERE org_id = ?').run(orgId);
  return db.prepare(`INSERT INTO keyword_terms (org_id, term, df) SELECT ?, term, doc FROM ${ftsTable}_vocab WHERE doc > 0`).run(orgId).changes;
}
