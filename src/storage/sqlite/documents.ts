import type Database from 'better-sqlite3';
import { createError } from '../../core/errors.js';
import type { DocumentHead, DocumentRecord, StoredFile } from '../../core/types.js';
import type { BlobStore } from '../blobs.js';
import { removeDocumentBlobs } from '../blobs.js';
import { CUSTOM_ID_MATCH_LIMIT, type DocumentListQuery, type DocumentPatch, type DocumentStore } from '../documents.js';
import type { VectorIndex } from '../../vector/vector-index.js';
import type { SqliteChunks } from './chunks.js';
import { compileFilter } from './filter-sql.js';
import type { KeywordIndexes } from './sqlite-keyword.js';
import { scopeOf } from './sqlite-keyword.js';
import { cachedStatement } from './statement-cache.js';
import { sequencedWrite } from './sequenced-write.js';
import type { SqliteVectorSync } from './vector-sync.js';
import { DOCUMENT_COLUMNS, DOCUMENT_HEAD_COLUMNS, documentToRow, encodeDocumentField, rowToDocument, rowToDocumentHead } from './rows.js';

type Row = Record<string, unknown>;

/**
 * Documents on the embedded store's SQLite database. A retag or a delete changes the search index in the same
 * transaction (its FTS5 scope column, its chunk vectors) and moves the in-memory vector index along with the
 * change sequence, as the index's own writes do (see chunks.ts).
 */
/** Rows looked at on each side of a document for its neighbours (neighbourDocuments). */
const NEIGHBOUR_SCAN = 2000;

export class SqliteDocuments implements DocumentStore {
  private readonly vectorSync: SqliteVectorSync;
  private readonly vectors: VectorIndex;
  private readonly keyword: KeywordIndexes;

  constructor(
    private readonly db: Database.Database,
    private readonly index: SqliteChunks,
    private readonly blobs: BlobStore,
  ) {
    this.vectorSync = index.vectorSync;
    this.vectors = index.vectors;
    this.keyword = index.keyword;
  }

  async insertDocument(doc: DocumentRecord): Promise<void> {
    const row = documentToRow(doc);
    const cols = Object.keys(row);
    try {
      this.db.transaction(() => {
        cachedStatement(this.db, `INSERT INTO documents (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
        this.writeTags(doc.orgId, doc.id, doc.containerTags, doc.customId);
      })();
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && doc.customId) {
        throw createError('CUSTOM_ID_CONFLICT', [doc.customId]);
      }
      throw err;
    }
  }

  async getDocument(orgId: string, id: string, containerTags?: readonly string[]): Promise<DocumentRecord | null> {
    const row = (
      containerTags
        ? cachedStatement(
            this.db,
            `SELECT * FROM documents WHERE org_id = ? AND id = ? AND id IN (SELECT document_id FROM document_tags
               WHERE org_id = ? AND document_id = ? AND tag IN (SELECT value FROM json_each(?)))`,
          ).get(orgId, id, orgId, id, JSON.stringify(containerTags))
        : cachedStatement(this.db, 'SELECT * FROM documents WHERE org_id = ? AND id = ?').get(orgId, id)
    ) as Row | undefined;
    return row ? rowToDocument(row) : null;
  }

  async neighbourDocuments(orgId: string, ids: readonly string[], window: number): Promise<Map<string, { id: string; offset: number }[]>> {
    // Insertion order is the rowid's; the scan looks at most NEIGHBOUR_SCAN rows each way, so a document whose tag
    // has no other document near it costs a bounded range read. The unary + keeps SQLite on the rowid range (with
    // the org_id index it read the whole organisation and sorted it).
    const side = (dir: 'before' | 'after') =>
      this.db.prepare(
        `SELECT n.id AS id FROM documents d JOIN documents n ON n.rowid ${dir === 'before' ? '< d.rowid AND n.rowid >= d.rowid - ?' : '> d.rowid AND n.rowid <= d.rowid + ?'}
         AND +n.org_id = d.org_id AND +n.container_tags = d.container_tags
         WHERE d.org_id = ? AND d.id = ? ORDER BY n.rowid ${dir === 'before' ? 'DESC' : 'ASC'} LIMIT ?`,
      );
    const [before, after] = [side('before'), side('after')];
    const out = new Map<string, { id: string; offset: number }[]>();
    for (const id of new Set(ids)) {
      const b = (before.all(NEIGHBOUR_SCAN, orgId, id, window) as { id: string }[]).map((r, i) => ({ id: r.id, offset: -(i + 1) }));
      const a = (after.all(NEIGHBOUR_SCAN, orgId, id, window) as { id: string }[]).map((r, i) => ({ id: r.id, offset: i + 1 }));
      out.set(id, [...b, ...a]);
    }
    return out;
  }

  async findDocumentsByCustomId(orgId: string, customId: string, containerTags?: readonly string[]): Promise<DocumentRecord[]> {
    const rows = (
      containerTags
        ? this.db
            .prepare(
              `SELECT * FROM documents WHERE org_id = ? AND custom_id = ? AND id IN (SELECT document_id FROM document_tags
               WHERE org_id = ? AND custom_id = ? AND tag IN (SELECT value FROM json_each(?)))
               ORDER BY created_at, id LIMIT ?`,
            )
            .all(orgId, customId, orgId, customId, JSON.stringify(containerTags), CUSTOM_ID_MATCH_LIMIT)
        : this.db.prepare('SELECT * FROM documents WHERE org_id = ? AND custom_id = ? ORDER BY created_at, id LIMIT ?').all(orgId, customId, CUSTOM_ID_MATCH_LIMIT)
    ) as Row[];
    return rows.map(rowToDocument);
  }

  async getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    const rows = cachedStatement(this.db, `SELECT * FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).all(orgId, JSON.stringify(ids)) as Row[];
    return rows.map(rowToDocument);
  }

  async getDocumentHeads(orgId: string, ids: readonly string[]): Promise<DocumentHead[]> {
    if (ids.length === 0) return [];
    // The covering index alone: one leaf a document, where the row is its leaf and the overflow pages of its text.
    const rows = cachedStatement(this.db, `SELECT ${DOCUMENT_HEAD_COLUMNS.join(', ')} FROM documents INDEXED BY documents_head WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).all(
      orgId,
      JSON.stringify(ids),
    ) as Row[];
    return rows.map(rowToDocumentHead);
  }

  async updateDocument(orgId: string, id: string, patch: DocumentPatch, options: { expectGeneration?: number } = {}): Promise<DocumentRecord | null> {
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in DOCUMENT_COLUMNS);
    const replacedFiles: string[] = [];
    // A retag records the change sequence first (vector-sync.ts), so it takes the write lock at once.
    let retagFrom: number | undefined;
    let retagDelta: Map<string, number> | undefined;
    const update = this.db.transaction(() => {
      if (patch.containerTags) retagFrom = this.vectorSync.seq(orgId);
      const sets = entries.map(([k]) => `${DOCUMENT_COLUMNS[k as keyof DocumentRecord]} = ?`);
      const params = entries.map(([k, v]) => encodeDocumentField(k as keyof DocumentRecord, v));
      let where = 'org_id = ? AND id = ?';
      const whereParams: unknown[] = [orgId, id];
      if (options.expectGeneration !== undefined) {
        where += ' AND generation = ?';
        whereParams.push(options.expectGeneration);
      }
      const before = patch.file !== undefined ? (cachedStatement(this.db, `SELECT file FROM documents WHERE ${where}`).get(...whereParams) as { file: string | null } | undefined) : undefined;
      if (sets.length > 0) {
        const info = cachedStatement(this.db, `UPDATE documents SET ${sets.join(', ')} WHERE ${where}`).run(...params, ...whereParams);
        if (info.changes === 0) return null;
      }
      // After a write, read the row back by id alone: the patch may itself have changed the generation.
      const row = (
        sets.length > 0 ? cachedStatement(this.db, 'SELECT * FROM documents WHERE org_id = ? AND id = ?').get(orgId, id) : cachedStatement(this.db, `SELECT * FROM documents WHERE ${where}`).get(...whereParams)
      ) as Row | undefined;
      if (!row) return null;
      const doc = rowToDocument(row);
      if (patch.containerTags || patch.customId !== undefined) {
        try {
          this.writeTags(orgId, id, doc.containerTags, doc.customId);
        } catch (err) {
          // Thrown inside the transaction, so the document row keeps its previous tags and customId.
          if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && doc.customId) {
            throw createError('CUSTOM_ID_CONFLICT', [doc.customId]);
          }
          throw err;
        }
      }
      if (patch.containerTags) {
        const fts = this.keyword.table(orgId, false);
        if (fts) {
          // The scope tokens' document frequencies move with the rows (broad-tag searches read them).
          const before = this.index.keywordRows(orgId, [id]).rows;
          cachedStatement(this.db, `UPDATE ${fts} SET scope = ? WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id = ? AND active = 1)`).run(scopeOf(orgId, patch.containerTags), orgId, id);
          retagDelta = this.index.moveKeywordTerms(orgId, before, this.index.keywordRows(orgId, [id]).rows);
        }
        this.vectors.retagDocument(orgId, id, patch.containerTags);
        this.vectors.advance(orgId, retagFrom!, this.vectorSync.seq(orgId));
        this.vectorSync.noteChanged(orgId, 1);
      }
      const previous = before?.file ? (JSON.parse(before.file) as StoredFile) : null;
      if (previous && previous.key !== doc.file?.key) replacedFiles.push(previous.key);
      return doc;
    });
    const updated = patch.containerTags ? update.immediate() : update();
    if (retagDelta) this.index.moveTermStats(orgId, 0, retagDelta);
    for (const key of replacedFiles) await this.blobs.delete(key).catch(() => {});
    return updated;
  }

  async deleteDocuments(orgId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const withFiles: { id: string; fileKey: string }[] = [];
    const {
      value: { found: existing, active, delta },
      from,
      to,
    } = sequencedWrite(
      this.db,
      () => this.vectorSync.seq(orgId),
      () => {
        const rows = this.db.prepare(`SELECT id, file FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).all(orgId, JSON.stringify(ids)) as { id: string; file: string | null }[];
        const found = rows.map((r) => r.id);
        for (const r of rows) if (r.file) withFiles.push({ id: r.id, fileKey: (JSON.parse(r.file) as StoredFile).key });
        const json = JSON.stringify(found);
        // The deleted rows move the stored document frequencies (and, once committed, the cached ones) along.
        const before = this.index.keywordRows(orgId, found);
        const fts = this.keyword.table(orgId, false);
        if (fts) {
          this.db.prepare(`DELETE FROM ${fts} WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id IN (SELECT value FROM json_each(?)))`).run(orgId, json);
        }
        const delta = this.index.moveKeywordTerms(orgId, before.rows, []);
        this.db.prepare(`DELETE FROM chunk_vectors WHERE org_id = ? AND document_id IN (SELECT value FROM json_each(?))`).run(orgId, json);
        this.db.prepare(`DELETE FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).run(orgId, json);
        return { found, active: before.active, delta };
      },
    );
    this.index.moveTermStats(orgId, -active, delta);
    for (const id of existing) this.vectors.removeDocument(orgId, id);
    this.vectors.advance(orgId, from, to);
    this.vectorSync.noteChanged(orgId, existing.length);
    await removeDocumentBlobs(this.blobs, orgId, withFiles);
    return existing;
  }

  async findRecentDuplicates(orgId: string, contentHash: string, containerTags: readonly string[], since: string): Promise<DocumentRecord[]> {
    const rows = cachedStatement(
      this.db,
      `SELECT * FROM documents WHERE org_id = ? AND content_hash = ? AND created_at >= ? AND custom_id IS NULL
         ORDER BY created_at DESC LIMIT 20`,
    ).all(orgId, contentHash, since) as Row[];
    return rows.map(rowToDocument).filter((d) => sameTags(d.containerTags, containerTags));
  }

  async findDocumentIdsByTags(orgId: string, tags: readonly string[], filepath?: string): Promise<string[]> {
    const params: unknown[] = [orgId, JSON.stringify(tags)];
    let sql = `SELECT DISTINCT t.document_id AS id FROM document_tags t JOIN documents d ON d.id = t.document_id
               WHERE t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?))`;
    if (filepath) {
      // length(?) counts like substr does (JavaScript's .length counts UTF-16 units).
      sql += filepath.endsWith('/') ? ' AND substr(d.filepath, 1, length(?)) = ?' : ' AND d.filepath = ?';
      params.push(...(filepath.endsWith('/') ? [filepath, filepath] : [filepath]));
    }
    return (this.db.prepare(sql).all(...params) as { id: string }[]).map((r) => r.id);
  }

  async findDocumentIdsByFilepath(orgId: string, filepath: string): Promise<string[]> {
    const prefix = filepath.endsWith('/');
    const sql = `SELECT id FROM documents WHERE org_id = ? AND ${prefix ? 'substr(filepath, 1, length(?)) = ?' : 'filepath = ?'}`;
    return (this.db.prepare(sql).all(orgId, ...(prefix ? [filepath, filepath] : [filepath])) as { id: string }[]).map((r) => r.id);
  }

  async listDocuments(orgId: string, q: DocumentListQuery): Promise<{ documents: DocumentRecord[]; total: number }> {
    const where = ['d.org_id = ?'];
    const params: unknown[] = [orgId];
    if (q.containerTags && q.containerTags.length > 0) {
      const tags = [...new Set(q.containerTags)];
      if (q.tagOperator === 'AND') {
        where.push(`d.id IN (SELECT document_id FROM document_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?))
                    GROUP BY document_id HAVING count(*) = ?)`);
        params.push(orgId, JSON.stringify(tags), tags.length);
      } else {
        where.push(`d.id IN (SELECT document_id FROM document_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?)))`);
        params.push(orgId, JSON.stringify(tags));
      }
    }
    if (q.statuses && q.statuses.length > 0) {
      where.push('d.status IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(q.statuses));
    }
    if (q.filepath) {
      if (q.filepath.endsWith('/')) {
        where.push('substr(d.filepath, 1, length(?)) = ?');
        params.push(q.filepath, q.filepath);
      } else {
        where.push('d.filepath = ?');
        params.push(q.filepath);
      }
    }
    if (q.filters) {
      const f = compileFilter(q.filters, 'd.metadata');
      where.push(f.sql);
      params.push(...f.params);
    }
    const whereSql = where.join(' AND ');
    // Without filters the statement is one of a few shapes (status pages poll it): kept prepared. A filter's SQL
    // follows the request's filter tree, so those are prepared for the call only.
    const prepare = (sql: string) => (q.filters ? this.db.prepare(sql) : cachedStatement(this.db, sql));
    const total = (prepare(`SELECT count(*) AS n FROM documents d WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const sortCol = q.sort === 'updatedAt' ? 'd.updated_at' : 'd.created_at';
    const order = q.order === 'asc' ? 'ASC' : 'DESC';
    const rows = prepare(`SELECT d.* FROM documents d WHERE ${whereSql} ORDER BY ${sortCol} ${order}, d.id ${order} LIMIT ? OFFSET ?`).all(...params, q.limit, q.offset) as Row[];
    return { documents: rows.map(rowToDocument), total };
  }

  async findDueDocuments(now: number, limit: number, excludeIds: ReadonlySet<string>): Promise<DocumentRecord[]> {
    const rows = cachedStatement(this.db, DUE_DOCUMENTS_SQL).all(now, JSON.stringify([...excludeIds]), limit) as Row[];
    return rows.map(rowToDocument);
  }

  /** Rewrites a document's tag rows; the (org, tag, customId) unique index makes a customId unique per tag. */
  private writeTags(orgId: string, documentId: string, tags: readonly string[], customId: string | null): void {
    cachedStatement(this.db, 'DELETE FROM document_tags WHERE org_id = ? AND document_id = ?').run(orgId, documentId);
    const insert = cachedStatement(this.db, 'INSERT INTO document_tags (org_id, tag, document_id, custom_id) VALUES (?, ?, ?, ?)');
    for (const t of new Set(tags)) insert.run(orgId, t, documentId, customId);
  }
}

/**
 * Due work for the runner, polled several times a second. The status condition repeats the partial index
 * documents_due word for word so that SQLite uses it: a scan reads every document row, multi-megabyte contents
 * included (the statuses not listed are PENDING_STATUSES).
 */
export const DUE_DOCUMENTS_SQL = `SELECT * FROM documents WHERE status NOT IN ('done', 'failed', 'unknown') AND next_run_at <= ?
  AND id NOT IN (SELECT value FROM json_each(?)) ORDER BY next_run_at, created_at LIMIT ?`;

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((t) => y.has(t));
}
