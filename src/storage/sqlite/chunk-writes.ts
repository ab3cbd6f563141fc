import type Database from 'better-sqlite3';
import type { ChunkEmbedding, ChunkRecord, DocumentRef } from '../../core/types.js';
import { cachedStatement } from './statement-cache.js';

/**
 * The staging writes of SqliteChunks (chunks.ts): a generation's chunks and then their vectors, both inactive until
 * activateGeneration makes them searchable.
 */

/** Stages a generation's chunks (inactive), replacing what was staged for it before. */
export function stageChunks(db: Database.Database, ref: DocumentRef, chunks: readonly ChunkRecord[]): void {
  db.transaction(() => {
    cachedStatement(db, 'DELETE FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ? AND active = 0').run(ref.orgId, ref.documentId, ref.generation);
    const insert = cachedStatement(
      db,
      `INSERT INTO chunks (id, org_id, document_id, generation, position, content, embedded_content, token_count, type, metadata, active, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    );
    for (const c of chunks) {
      insert.run(c.id, ref.orgId, ref.documentId, ref.generation, c.position, c.content, c.embeddedContent, c.tokenCount, c.type, JSON.stringify(c.metadata), c.createdAt);
    }
  })();
}

/** Stores the float vectors of `model` of a generation's chunks. */
export function writeEmbeddings(db: Database.Database, ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): void {
  const update = cachedStatement(db, 'UPDATE chunks SET embedding = ?, embedding_model = ? WHERE +org_id = ? AND document_id = ? AND generation = ? AND id = ?');
  db.transaction(() => {
    for (const e of embeddings) {
      update.run(Buffer.from(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength), model, ref.orgId, ref.documentId, ref.generation, e.chunkId);
    }
  })();
}
