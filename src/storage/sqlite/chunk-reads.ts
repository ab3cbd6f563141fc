import type Database from 'better-sqlite3';
import type { ChunkRecord, DocumentRef } from '../../core/types.js';
import { cachedStatement } from './statement-cache.js';
import { blobToVector, rowToChunk } from './rows.js';
import type { ChunkRowids } from './chunk-rowids.js';

/**
 * Reads of chunk rows for SqliteChunks (chunks.ts): by document, by id, with their keyword terms, and their stored
 * floats. Queries by id or document id write `+org_id` so the planner keeps the id index (see chunks.ts); the
 * organisation is still checked on every row.
 */

type Row = Record<string, unknown>;

/**
 * Done documents with an active chunk of another model (or none). "Another model" is spelled as a range on both sides
 * of the current one, each a range of the partial index chunks_embedding_model: after the first start, when no chunk
 * is stale, the check reads nothing instead of every chunk.
 */
export const STALE_EMBEDDINGS_SQL = `SELECT DISTINCT d.org_id, d.id, d.generation FROM (
    SELECT document_id FROM chunks WHERE active = 1 AND embedding_model IS NULL
    UNION ALL SELECT document_id FROM chunks WHERE active = 1 AND embedding_model < ?
    UNION ALL SELECT document_id FROM chunks WHERE active = 1 AND embedding_model > ?
  ) c JOIN documents d ON d.id = c.document_id WHERE d.status = 'done' LIMIT ?`;

/** Done documents with a chunk to (re-)embed for `model` (STALE_EMBEDDINGS_SQL), at most `limit`. */
export function readDocumentsWithStaleEmbeddings(db: Database.Database, model: string, limit: number): DocumentRef[] {
  const rows = db.prepare(STALE_EMBEDDINGS_SQL).all(model, model, limit) as Row[];
  return rows.map((r) => ({ orgId: r.org_id as string, documentId: r.id as string, generation: r.generation as number }));
}

/** Chunk columns a ChunkRecord needs (not the vector blob, which only the vector index reads). */
const CHUNK_COLUMNS = 'id, org_id, document_id, generation, position, content, embedded_content, token_count, type, metadata, created_at';
const CHUNK_COLUMNS_OF_C = CHUNK_COLUMNS.split(', ')
  .map((c) => `c.${c}`)
  .join(', ');

/** A document's active chunks, or those of one generation (active or staged), in order. */
export function readChunks(db: Database.Database, orgId: string, documentId: string, generation?: number): ChunkRecord[] {
  const rows = (
    generation === undefined
      ? db.prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND active = 1 ORDER BY position`).all(orgId, documentId)
      : db.prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ? ORDER BY position`).all(orgId, documentId, generation)
  ) as Row[];
  return rows.map(rowToChunk);
}

export function readChunksByIds(db: Database.Database, orgId: string, chunkIds: readonly string[]): ChunkRecord[] {
  if (chunkIds.length === 0) return [];
  const rows = cachedStatement(db, `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).all(orgId, JSON.stringify(chunkIds)) as Row[];
  return rows.map(rowToChunk);
}

/** The keyword terms of searchable chunks, from the organisation's FTS table `fts` (none when it has none). */
export function readChunkTerms(db: Database.Database, fts: string | null, orgId: string, chunkIds: readonly string[]): Map<string, readonly string[]> {
  if (!fts || chunkIds.length === 0) return new Map();
  const rows = cachedStatement(
    db,
    `SELECT c.id, f.terms FROM chunks c JOIN ${fts} f ON f.rowid = c.rowid
     WHERE +c.org_id = ? AND c.id IN (SELECT value FROM json_each(?))`,
  ).all(orgId, JSON.stringify(chunkIds)) as { id: string; terms: string }[];
  return new Map(rows.map((r) => [r.id, r.terms === '' ? [] : r.terms.split(' ')]));
}

/**
 * Chunks with their keyword terms in one read (a search's hits). Ids whose rowid `rowids` remembers (keyword hits)
 * are read by rowid: one random read of the id index less a chunk, cold (issue 28). A row whose id is not the one
 * asked for (a reused rowid) is dropped and its id read as the others are.
 */
export function readChunksWithTerms(db: Database.Database, fts: string | null, orgId: string, chunkIds: readonly string[], rowids: ChunkRowids): { chunks: ChunkRecord[]; terms: Map<string, readonly string[]> } {
  if (!fts || chunkIds.length === 0) return { chunks: readChunksByIds(db, orgId, chunkIds), terms: new Map() };
  const { known, unknown } = rowids.split(chunkIds);
  const rows: Row[] = [];
  if (known.size > 0) {
    // A chunk has FTS terms only while it is searchable, so the join is a LEFT one: rows as readChunksByIds reads them.
    const byRowid = cachedStatement(
      db,
      `SELECT c.rowid, ${CHUNK_COLUMNS_OF_C}, f.terms AS fts_terms FROM chunks c LEFT JOIN ${fts} f ON f.rowid = c.rowid
       WHERE c.rowid IN (SELECT value FROM json_each(?)) AND +c.org_id = ?`,
    ).all(JSON.stringify([...known.keys()]), orgId) as Row[];
    const found = new Set<string>();
    for (const r of byRowid) {
      if (known.get(r.rowid as number) !== r.id) continue;
      rows.push(r);
      found.add(r.id as string);
    }
    for (const id of known.values()) if (!found.has(id)) unknown.push(id);
  }
  if (unknown.length > 0) {
    rows.push(
      ...(cachedStatement(
        db,
        `SELECT ${CHUNK_COLUMNS_OF_C}, f.terms AS fts_terms FROM chunks c LEFT JOIN ${fts} f ON f.rowid = c.rowid
         WHERE +c.org_id = ? AND c.id IN (SELECT value FROM json_each(?))`,
      ).all(orgId, JSON.stringify(unknown)) as Row[]),
    );
  }
  const chunks: ChunkRecord[] = [];
  const terms = new Map<string, readonly string[]>();
  for (const r of rows) {
    chunks.push(rowToChunk(r));
    const t = r.fts_terms as string | null;
    if (t !== null) terms.set(r.id as string, t === '' ? [] : t.split(' '));
  }
  return { chunks, terms };
}

/** A generation's chunks without a vector of `model` (to embed), in order. */
export function readChunksMissingEmbedding(db: Database.Database, ref: DocumentRef, model: string): ChunkRecord[] {
  const rows = cachedStatement(
    db,
    `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ?
       AND (embedding IS NULL OR embedding_model IS NULL OR embedding_model <> ?) ORDER BY position`,
  ).all(ref.orgId, ref.documentId, ref.generation, model) as Row[];
  return rows.map(rowToChunk);
}

/** The stored float vectors of `model` of some chunks (the vector index rescores its shortlist with them). */
export function readFloats(db: Database.Database, orgId: string, model: string, chunkIds: readonly string[]): Map<string, Float32Array> {
  const rows = cachedStatement(db, 'SELECT id, embedding FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND embedding_model = ?').all(JSON.stringify(chunkIds), orgId, model) as Row[];
  return new Map(rows.map((r) => [r.id as string, blobToVector(r.embedding as Buffer)]));
}

/**
 * The keyword rows of some documents as the term statistics count them (terms and scope, joined by a space) and
 * their active chunks (SqliteChunks.keywordRows).
 */
export function readKeywordRows(db: Database.Database, fts: string | null, orgId: string, documentIds: readonly string[]): { rows: string[]; active: number } {
  if (documentIds.length === 0) return { rows: [], active: 0 };
  const ids = JSON.stringify(documentIds);
  const rows = fts
    ? (cachedStatement(db, `SELECT coalesce(terms, '') || ' ' || coalesce(scope, '') FROM ${fts} WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id IN (SELECT value FROM json_each(?)))`)
        .pluck()
        .all(orgId, ids) as string[])
    : [];
  const active = cachedStatement(db, 'SELECT count(*) FROM chunks WHERE +org_id = ? AND document_id IN (SELECT value FROM json_each(?)) AND active = 1').pluck().get(orgId, ids) as number;
  return { rows, active };
}
