import type Database from 'better-sqlite3';
import type { MemoryRecord } from '../../core/types.js';
import { indexTerms } from '../../text/tokenize.js';
import { memoryRecency } from '../memories.js';
import { orgScopeToken, tagScopeToken } from '../scope-tokens.js';

/** What changed in a write, so only the side rows that depend on it are rewritten. */
export interface SideChange {
  /** The text or the latest flag changed (or the memory is new): keyword row and term counts. */
  keywords: boolean;
  /** The tags changed (or the memory is new): keyword scope tokens too. */
  tags: boolean;
  /** The sources changed (or the memory is new). */
  sources: boolean;
}

/**
 * The side rows of a memory (migrations 4 and 13): its tags, each carrying the flags and sort keys a tag's listing
 * reads so that listing walks an index in order; its sources; its keyword row (latest memories only) with its scope
 * tokens; and the per-organisation document frequency of each keyword term. Statements are prepared once.
 */
export class MemorySideRows {
  private readonly s: ReturnType<typeof prepare>;

  constructor(db: Database.Database) {
    this.s = prepare(db);
  }

  /** Rewrites what depends on the change; tag rows always (their sort keys follow every write). */
  write(m: MemoryRecord, rowid: number, change: SideChange): void {
    this.s.deleteTags.run(m.id);
    const recency = memoryRecency(m);
    for (const t of new Set(m.containerTags)) {
      this.s.insertTag.run(m.orgId, t, m.id, m.isLatest ? 1 : 0, m.isForgotten ? 1 : 0, m.isStatic ? 1 : 0, m.sourceCount, m.createdAt, m.updatedAt, recency, m.forgetAfter);
    }
    if (change.sources) {
      this.s.deleteSources.run(m.id);
      for (const d of new Set(m.documentIds)) this.s.insertSource.run(m.orgId, d, m.id);
    }
    if (change.keywords || change.tags) {
      this.removeKeywords(m.orgId, rowid);
      if (m.isLatest) {
        const terms = indexTerms(m.memory);
        const scope = [orgScopeToken(m.orgId), ...m.containerTags.map((t) => tagScopeToken(m.orgId, t))].join(' ');
        this.s.insertFts.run(rowid, terms.join(' '), scope);
        for (const t of new Set(terms)) this.s.countTerm.run(m.orgId, t);
      }
    }
  }

  /** Removes a memory's keyword row and its terms from the organisation's counts (before a delete or a rewrite). */
  removeKeywords(orgId: string, rowid: number): void {
    const old = this.s.ftsTerms.get(rowid) as string | undefined;
    if (old === undefined) return;
    for (const t of new Set(old.split(' ').filter(Boolean))) this.s.uncountTerm.run(orgId, t);
    this.s.deleteFts.run(rowid);
  }

  /** Document frequencies of terms among the organisation's keyword rows. */
  termFrequencies(orgId: string, terms: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const t of new Set(terms)) {
      const n = this.s.termCount.get(orgId, t) as number | undefined;
      if (n) out.set(t, n);
    }
    return out;
  }
}

function prepare(db: Database.Database) {
  return {
    deleteTags: db.prepare('DELETE FROM memory_tags WHERE memory_id = ?'),
    insertTag: db.prepare(
      `INSERT OR IGNORE INTO memory_tags (org_id, tag, memory_id, is_latest, is_forgotten, is_static, source_count, created_at, updated_at, recency, forget_after)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    deleteSources: db.prepare('DELETE FROM memory_sources WHERE memory_id = ?'),
    insertSource: db.prepare('INSERT OR IGNORE INTO memory_sources (org_id, document_id, memory_id) VALUES (?, ?, ?)'),
    ftsTerms: db.prepare('SELECT terms FROM memory_fts WHERE rowid = ?').pluck(),
    deleteFts: db.prepare('DELETE FROM memory_fts WHERE rowid = ?'),
    insertFts: db.prepare('INSERT INTO memory_fts (rowid, terms, scope) VALUES (?, ?, ?)'),
    countTerm: db.prepare('INSERT INTO memory_terms (org_id, term, n) VALUES (?, ?, 1) ON CONFLICT (org_id, term) DO UPDATE SET n = n + 1'),
    uncountTerm: db.prepare('UPDATE memory_terms SET n = n - 1 WHERE org_id = ? AND term = ?'),
    termCount: db.prepare('SELECT n FROM memory_terms WHERE org_id = ? AND term = ?').pluck(),
  };
}
