import type Database from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';
import { SCRATCH_VOCAB } from './fts-row-delta.js';

/**
 * Document frequencies of the chunk keyword index, stored (table keyword_terms, migration 16): for each organisation
 * and term, the searchable chunks whose keyword row holds it, as the organisation's fts5vocab 'row' table counts
 * them. FTS5 counts a term's rows by walking its whole doclist, which cost a cold start at 1M chunks 122 MB of reads
 * and ~0.7 s for the first search, then ~150 ms a search while the feedback pass asked for common terms (issue 28).
 * Every write that changes keyword rows moves the stored figures in its own transaction (storeScratchCounts below), so
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
 * Adds one side of a write's keyword rows, as ftsRowDelta's scratch vocabulary counts them while it calls `counted`,
 * to the organisation's stored frequencies (`sign` -1: rows removed; a term left in no row goes). Inside the write's
 * transaction. Two statements a side: one a term cost activations ~1.4 ms more a document (300 terms).
 */
export function storeScratchCounts(db: Database.Database, orgId: string, sign: -1 | 1): void {
  cachedStatement(db, `INSERT INTO keyword_terms (org_id, term, df) SELECT ?, term, ? * doc FROM ${SCRATCH_VOCAB} WHERE true ON CONFLICT (org_id, term) DO UPDATE SET df = df + excluded.df`).run(orgId, sign);
  if (sign < 0) cachedStatement(db, `DELETE FROM keyword_terms WHERE org_id = ? AND df <= 0 AND term IN (SELECT term FROM ${SCRATCH_VOCAB})`).run(orgId);
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
