import { dot } from '../../vector/cosine.js';
import { packInt8 } from '../../vector/int8.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createError } from '../../core/errors.js';
import type {
  ApiKeyRecord,
  Candidate,
  ChunkEmbedding,
  ChunkRecord,
  DocumentRecord,
  DocumentRef,
  OrganizationRecord,
  SettingsRecord,
  StoredFile,
} from '../../core/types.js';
import { CUSTOM_ID_MATCH_LIMIT } from '../store.js';
import type {
  DocumentListQuery,
  DocumentPatch,
  KeywordQuery,
  Store,
  StoreCapabilities,
  TermStats,
  VectorQuery,
} from '../store.js';
import type { VectorIndex } from '../../vector/vector-index.js';
import { compileFilter, registerFilterFunctions } from './filter-sql.js';
import { indexTerms, indexTermsYielding } from '../../text/tokenize.js';
import { migrate } from './migrations.js';
import { sequencedWrite } from './sequenced-write.js';
import { SqliteVectorSync } from './vector-sync.js';
import { SqliteAccounts } from './accounts.js';
import { SqliteMemories } from './memories.js';
import type { BlobStore } from '../blobs.js';
import { FsBlobStore } from '../blobs/fs-blob-store.js';
import { removeDocumentBlobs } from '../blobs.js';
import type { SecretStore } from '../secrets.js';
import { FileSecretStore } from './file-secrets.js';
import { SqliteConnections } from './connections.js';
import { SqliteAgentAccess } from './agent-access-accounts.js';
import type { ApiKeyPatch, ContainerTagPatch } from '../accounts.js';
import {
  DOCUMENT_COLUMNS,
  blobToVector,
  documentToRow,
  encodeDocumentField,
  rowToChunk,
  rowToDocument,
} from './rows.js';
import { countActiveChunks, documentScopeSql, KeywordIndexes, keywordSearch, scopeOf, termStats } from './sqlite-keyword.js';

type Row = Record<string, unknown>;

/** Chunk columns a ChunkRecord needs (not the vector blob, which only the vector index reads). */
const CHUNK_COLUMNS = 'id, org_id, document_id, generation, position, content, embedded_content, token_count, type, metadata, created_at';

/**
 * Embedded store on SQLite (WAL, FTS5) with an in-memory vector index. Use ':memory:' for tests.
 *
 * Queries that look rows up by id or document id write `+org_id`: the unary plus keeps SQLite's planner (which has
 * no statistics, since nothing runs ANALYZE) from choosing the low-selectivity (org_id, active) index over the id
 * index. The organisation is still checked on every row.
 */
/**
 * Chunks a tag needs before the broad keyword path is considered: intersecting with a doclist costs ~0.05 µs an
 * entry (~1 ms at 20k), less than the broad path's over-fetch, scope reads and second lookup. (bench:peers, whose
 * scopes hold a few hundred chunks, ran 3-4 ms slower a query after the broad path came, which this is meant to undo.)
 */
const BROAD_SCOPE_MIN_ROWS = 20_000;

/** Terms whose document frequencies are kept per organisation (the cache starts over beyond this). */
const TERM_FREQUENCY_CACHE = 50_000;

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly capabilities: StoreCapabilities = { nativeVectorSearch: false, nativeKeywordSearch: true };
  private readonly db: Database.Database;
  private readonly vectors: VectorIndex;
  private readonly keyword: KeywordIndexes;
  private readonly accounts: SqliteAccounts;
  readonly memories: SqliteMemories;
  /** Uploaded originals as files: `<directory of the database>/files`, or a temporary directory for ':memory:'. */
  readonly blobs: BlobStore;
  /** Secrets as files next to the database (in memory for ':memory:'). */
  readonly secrets: SecretStore;
  readonly connections: SqliteConnections;
  readonly agentAccess: SqliteAgentAccess;
  private readonly tempBlobDir: string | null;
  /** Searchable chunk count per organisation, dropped whenever chunks are activated or deleted. */
  private readonly activeChunkCounts = new Map<string, number>();
  /**
   * Document frequencies per organisation and term, dropped with the counts: reading a common term's frequency
   * walks its whole FTS5 doclist (~10 ms a query at 1M chunks), and between writes every query would repeat it.
   */
  private readonly termFrequencies = new Map<string, Map<string, number>>();
  private readonly broadScopeMinRows: number;
  private readonly vectorSync: SqliteVectorSync;

  /**
   * `broadScopeMinRows`: tags with fewer chunks than this always use the scoped keyword MATCH (see keywordSearch in
   * sqlite-keyword.ts); the default keeps small organisations on it. Tests lower it to run the broad path on small data.
   * `imageMinRows`: vector indexes of fewer rows get no image file (vector-sync.ts); tests lower it.
   */
  constructor(file: string, options: { blobDir?: string; broadScopeMinRows?: number; imageMinRows?: number } = {}) {
    this.broadScopeMinRows = options.broadScopeMinRows ?? BROAD_SCOPE_MIN_ROWS;
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.tempBlobDir = options.blobDir || file !== ':memory:' ? null : path.join(os.tmpdir(), `mnemo-blobs-${randomUUID()}`);
    this.blobs = new FsBlobStore(options.blobDir ?? this.tempBlobDir ?? path.join(path.dirname(file), 'files'));
    this.secrets = new FileSecretStore(file === ':memory:' ? null : path.dirname(file));
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    registerFilterFunctions(this.db);
    this.vectorSync = new SqliteVectorSync(this.db, file === ':memory:' ? null : `${file}-vectors`, (orgId, model, ids) => this.readFloats(orgId, model, ids), {
      ...(options.imageMinRows !== undefined ? { minRows: options.imageMinRows } : {}),
    });
    this.vectors = this.vectorSync.index;
    this.keyword = new KeywordIndexes(this.db);
    this.accounts = new SqliteAccounts(this.db);
    this.memories = new SqliteMemories(this.db);
    this.connections = new SqliteConnections(this.db);
    this.agentAccess = new SqliteAgentAccess(this.db);
  }

  async migrate(): Promise<void> {
    migrate(this.db);
  }

  async close(): Promise<void> {
    if (this.db.open) await this.vectorSync.close();
    if (this.db.open) this.db.close();
    if (this.tempBlobDir) fs.rmSync(this.tempBlobDir, { recursive: true, force: true });
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  // Accounts port (organisations, keys, spaces): see accounts.ts.
  upsertOrganization(org: OrganizationRecord) { return this.accounts.upsertOrganization(org); }
  getOrganization(orgId: string) { return this.accounts.getOrganization(orgId); }
  listOrganizations() { return this.accounts.listOrganizations(); }
  insertApiKey(key: ApiKeyRecord) { return this.accounts.insertApiKey(key); }
  findApiKeyByHash(keyHash: string) { return this.accounts.findApiKeyByHash(keyHash); }
  getApiKey(id: string, orgId?: string) { return this.accounts.getApiKey(id, orgId); }
  listApiKeys(orgId: string) { return this.accounts.listApiKeys(orgId); }
  updateApiKey(id: string, patch: ApiKeyPatch) { return this.accounts.updateApiKey(id, patch); }
  listKeysExpiringBefore(before: string) { return this.accounts.listKeysExpiringBefore(before); }
  getContainerTag(orgId: string, tag: string) { return this.accounts.getContainerTag(orgId, tag); }
  upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string) { return this.accounts.upsertContainerTag(orgId, tag, patch, now); }
  deleteContainerTag(orgId: string, tag: string) { return this.accounts.deleteContainerTag(orgId, tag); }
  listContainerTags(orgId: string, tags?: readonly string[]) { return this.accounts.listContainerTags(orgId, tags); }
  containerTagStats(orgId: string, tags?: readonly string[]) { return this.accounts.containerTagStats(orgId, tags); }

  async insertDocument(doc: DocumentRecord): Promise<void> {
    const row = documentToRow(doc);
    const cols = Object.keys(row);
    try {
      this.db.transaction(() => {
        this.db
          .prepare(`INSERT INTO documents (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`)
          .run(row);
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
        ? this.db
            .prepare(
              `SELECT * FROM documents WHERE org_id = ? AND id = ? AND id IN (SELECT document_id FROM document_tags
               WHERE org_id = ? AND document_id = ? AND tag IN (SELECT value FROM json_each(?)))`,
            )
            .get(orgId, id, orgId, id, JSON.stringify(containerTags))
        : this.db.prepare('SELECT * FROM documents WHERE org_id = ? AND id = ?').get(orgId, id)
    ) as Row | undefined;
    return row ? rowToDocument(row) : null;
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
        : this.db
            .prepare('SELECT * FROM documents WHERE org_id = ? AND custom_id = ? ORDER BY created_at, id LIMIT ?')
            .all(orgId, customId, CUSTOM_ID_MATCH_LIMIT)
    ) as Row[];
    return rows.map(rowToDocument);
  }

  async getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .all(orgId, JSON.stringify(ids)) as Row[];
    return rows.map(rowToDocument);
  }

  async updateDocument(
    orgId: string,
    id: string,
    patch: DocumentPatch,
    options: { expectGeneration?: number } = {},
  ): Promise<DocumentRecord | null> {
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in DOCUMENT_COLUMNS);
    const replacedFiles: string[] = [];
    // A retag records the change sequence first (vector-sync.ts), so it takes the write lock at once.
    let retagFrom: number | undefined;
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
      const before =
        patch.file !== undefined ? (this.db.prepare(`SELECT file FROM documents WHERE ${where}`).get(...whereParams) as { file: string | null } | undefined) : undefined;
      if (sets.length > 0) {
        const info = this.db.prepare(`UPDATE documents SET ${sets.join(', ')} WHERE ${where}`).run(...params, ...whereParams);
        if (info.changes === 0) return null;
      }
      // After a write, read the row back by id alone: the patch may itself have changed the generation.
      const row = (
        sets.length > 0
          ? this.db.prepare('SELECT * FROM documents WHERE org_id = ? AND id = ?').get(orgId, id)
          : this.db.prepare(`SELECT * FROM documents WHERE ${where}`).get(...whereParams)
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
          this.db
            .prepare(`UPDATE ${fts} SET scope = ? WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id = ? AND active = 1)`)
            .run(scopeOf(orgId, patch.containerTags), orgId, id);
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
    for (const key of replacedFiles) await this.blobs.delete(key).catch(() => {});
    return updated;
  }

  async deleteDocuments(orgId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const withFiles: { id: string; fileKey: string }[] = [];
    const { value: existing, from, to } = sequencedWrite(this.db, () => this.vectorSync.seq(orgId), () => {
      const rows = this.db
        .prepare(`SELECT id, file FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`)
        .all(orgId, JSON.stringify(ids)) as { id: string; file: string | null }[];
      const found = rows.map((r) => r.id);
      for (const r of rows) if (r.file) withFiles.push({ id: r.id, fileKey: (JSON.parse(r.file) as StoredFile).key });
      const json = JSON.stringify(found);
      const fts = this.keyword.table(orgId, false);
      if (fts) {
        this.db
          .prepare(`DELETE FROM ${fts} WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id IN (SELECT value FROM json_each(?)))`)
          .run(orgId, json);
      }
      this.db.prepare(`DELETE FROM chunk_vectors WHERE org_id = ? AND document_id IN (SELECT value FROM json_each(?))`).run(orgId, json);
      this.db.prepare(`DELETE FROM documents WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`).run(orgId, json);
      return found;
    });
    this.forgetTermStats(orgId);
    for (const id of existing) this.vectors.removeDocument(orgId, id);
    this.vectors.advance(orgId, from, to);
    this.vectorSync.noteChanged(orgId, existing.length);
    await removeDocumentBlobs(this.blobs, orgId, withFiles);
    return existing;
  }

  async findRecentDuplicates(orgId: string, contentHash: string, containerTags: readonly string[], since: string): Promise<DocumentRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM documents WHERE org_id = ? AND content_hash = ? AND created_at >= ? AND custom_id IS NULL
         ORDER BY created_at DESC LIMIT 20`,
      )
      .all(orgId, contentHash, since) as Row[];
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
    const total = (this.db.prepare(`SELECT count(*) AS n FROM documents d WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const sortCol = q.sort === 'updatedAt' ? 'd.updated_at' : 'd.created_at';
    const order = q.order === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(`SELECT d.* FROM documents d WHERE ${whereSql} ORDER BY ${sortCol} ${order}, d.id ${order} LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as Row[];
    return { documents: rows.map(rowToDocument), total };
  }

  async findDueDocuments(now: number, limit: number, excludeIds: ReadonlySet<string>): Promise<DocumentRecord[]> {
    const rows = this.db.prepare(DUE_DOCUMENTS_SQL).all(now, JSON.stringify([...excludeIds]), limit) as Row[];
    return rows.map(rowToDocument);
  }

  async findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]> {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT d.org_id, d.id, d.generation FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE c.active = 1 AND d.status = 'done' AND (c.embedding_model IS NULL OR c.embedding_model <> ?) LIMIT ?`,
      )
      .all(model, limit) as Row[];
    return rows.map((r) => ({ orgId: r.org_id as string, documentId: r.id as string, generation: r.generation as number }));
  }

  async replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ? AND active = 0')
        .run(ref.orgId, ref.documentId, ref.generation);
      const insert = this.db.prepare(
        `INSERT INTO chunks (id, org_id, document_id, generation, position, content, embedded_content, token_count, type, metadata, active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      );
      for (const c of chunks) {
        insert.run(c.id, ref.orgId, ref.documentId, ref.generation, c.position, c.content, c.embeddedContent, c.tokenCount, c.type, JSON.stringify(c.metadata), c.createdAt);
      }
    })();
  }

  async getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]> {
    const rows = (
      generation === undefined
        ? this.db.prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND active = 1 ORDER BY position`)
            .all(orgId, documentId)
        : this.db.prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ? ORDER BY position`)
            .all(orgId, documentId, generation)
    ) as Row[];
    return rows.map(rowToChunk);
  }

  async getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]> {
    if (chunkIds.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .all(orgId, JSON.stringify(chunkIds)) as Row[];
    return rows.map(rowToChunk);
  }

  async getChunkTerms(orgId: string, chunkIds: readonly string[]): Promise<Map<string, readonly string[]>> {
    const fts = this.keyword.table(orgId, false);
    if (!fts || chunkIds.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT c.id, f.terms FROM chunks c JOIN ${fts} f ON f.rowid = c.rowid
         WHERE +c.org_id = ? AND c.id IN (SELECT value FROM json_each(?))`,
      )
      .all(orgId, JSON.stringify(chunkIds)) as { id: string; terms: string }[];
    return new Map(rows.map((r) => [r.id, r.terms === '' ? [] : r.terms.split(' ')]));
  }

  async getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ?
         AND (embedding IS NULL OR embedding_model IS NULL OR embedding_model <> ?) ORDER BY position`,
      )
      .all(ref.orgId, ref.documentId, ref.generation, model) as Row[];
    return rows.map(rowToChunk);
  }

  async putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void> {
    const update = this.db.prepare(
      'UPDATE chunks SET embedding = ?, embedding_model = ? WHERE +org_id = ? AND document_id = ? AND generation = ? AND id = ?',
    );
    this.db.transaction(() => {
      for (const e of embeddings) {
        update.run(Buffer.from(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength), model, ref.orgId, ref.documentId, ref.generation, e.chunkId);
      }
    })();
  }

  async activateGeneration(ref: DocumentRef): Promise<number> {
    // Keyword terms first, in slices with the event loop served between them (seconds for a 5M-character
    // document); the transaction below then only writes. Staged chunks do not change until they are activated.
    const staged = this.db
      .prepare('SELECT id, embedded_content FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ?')
      .all(ref.orgId, ref.documentId, ref.generation) as { id: string; embedded_content: string }[];
    const computed = await indexTermsYielding(staged.map((r) => r.embedded_content));
    const termsById = new Map(staged.map((r, i) => [r.id, computed[i]!.join(' ')]));
    const {
      value: { tags, rows },
      from,
      to,
    } = sequencedWrite(this.db, () => this.vectorSync.seq(ref.orgId), () => {
      const doc = this.db.prepare('SELECT container_tags FROM documents WHERE org_id = ? AND id = ?').get(ref.orgId, ref.documentId) as
        | { container_tags: string }
        | undefined;
      if (!doc) return { tags: [] as string[], rows: [] as Row[] };
      const tags = JSON.parse(doc.container_tags) as string[];
      const fts = this.keyword.table(ref.orgId, true)!;
      this.db
        .prepare(`DELETE FROM ${fts} WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id = ?)`)
        .run(ref.orgId, ref.documentId);
      this.db
        .prepare('DELETE FROM chunks WHERE +org_id = ? AND document_id = ? AND generation <> ?')
        .run(ref.orgId, ref.documentId, ref.generation);
      this.db
        .prepare('UPDATE chunks SET active = 1 WHERE +org_id = ? AND document_id = ? AND generation = ?')
        .run(ref.orgId, ref.documentId, ref.generation);
      const rows = this.db
        .prepare('SELECT rowid, id, embedded_content, embedding, embedding_model FROM chunks WHERE +org_id = ? AND document_id = ? ORDER BY position')
        .all(ref.orgId, ref.documentId) as Row[];
      const insertFts = this.db.prepare(`INSERT INTO ${fts} (rowid, terms, scope) VALUES (?, ?, ?)`);
      const scope = scopeOf(ref.orgId, tags);
      for (const r of rows) insertFts.run(r.rowid, termsById.get(r.id as string) ?? ftsTerms(r.embedded_content as string), scope);
      this.db.prepare('DELETE FROM chunk_vectors WHERE org_id = ? AND document_id = ?').run(ref.orgId, ref.documentId);
      const insertVector = this.db.prepare('INSERT INTO chunk_vectors (org_id, document_id, model, chunk_id, packed) VALUES (?, ?, ?, ?, ?)');
      for (const r of rows) {
        if (!r.embedding || !r.embedding_model) continue;
        r.vector = blobToVector(r.embedding as Buffer);
        insertVector.run(ref.orgId, ref.documentId, r.embedding_model, r.id, packInt8(r.vector as Float32Array));
      }
      return { tags, rows };
    });
    this.forgetTermStats(ref.orgId);
    const byModel = new Map<string, { chunkId: string; documentId: string; vector: Float32Array }[]>();
    for (const r of rows) {
      if (!r.vector) continue;
      const list = byModel.get(r.embedding_model as string) ?? [];
      list.push({ chunkId: r.id as string, documentId: ref.documentId, vector: r.vector as Float32Array });
      byModel.set(r.embedding_model as string, list);
    }
    this.vectors.removeDocument(ref.orgId, ref.documentId);
    for (const [model, vectors] of byModel) {
      this.vectors.putDocument(ref.orgId, model, { documentId: ref.documentId, containerTags: tags }, vectors);
    }
    this.vectors.advance(ref.orgId, from, to);
    this.vectorSync.noteChanged(ref.orgId, rows.length);
    return rows.length;
  }

  async vectorSearch(orgId: string, q: VectorQuery): Promise<Candidate[]> {
    let documentIds: Set<string> | undefined;
    const docScope = documentScopeSql(q, 'documents');
    if (docScope) {
      const rows = this.db
        .prepare(`SELECT id FROM documents WHERE org_id = ? AND ${docScope.sql}`)
        .all(orgId, ...docScope.params) as { id: string }[];
      documentIds = new Set(rows.map((r) => r.id));
    }
    this.vectorSync.catchUp(orgId, q.model);
    return this.vectors.search(orgId, {
      vector: q.vector,
      model: q.model,
      limit: q.limit,
      ...(q.containerTags ? { containerTags: q.containerTags } : {}),
      ...(documentIds ? { documentIds } : {}),
    });
  }

  async keywordSearch(orgId: string, q: KeywordQuery): Promise<Candidate[]> {
    return keywordSearch(this.db, this.keyword, orgId, q, (tokens) => {
      const { totalChunks, docFrequencies } = this.frequencies(orgId, tokens);
      const rows = tokens.reduce((sum, t) => sum + (docFrequencies.get(t) ?? 0), 0);
      // A small tag's scoped MATCH is already cheap; the broad path's over-fetch would cost more than it saves.
      return totalChunks > 0 && rows >= this.broadScopeMinRows ? rows / totalChunks : 0;
    });
  }

  async termStats(orgId: string, terms: readonly string[]): Promise<TermStats> {
    return this.frequencies(orgId, terms);
  }

  /** Document frequencies (of query terms or of scope tokens) from the cache, reading only the terms it lacks. */
  private frequencies(orgId: string, terms: readonly string[]): TermStats {
    let total = this.activeChunkCounts.get(orgId);
    if (total === undefined) {
      total = countActiveChunks(this.db, orgId);
      this.activeChunkCounts.set(orgId, total);
    }
    let known = this.termFrequencies.get(orgId);
    if (!known || known.size > TERM_FREQUENCY_CACHE) {
      known = new Map();
      this.termFrequencies.set(orgId, known);
    }
    const missing = [...new Set(terms)].filter((t) => !known.has(t));
    if (missing.length > 0) {
      const found = termStats(this.db, this.keyword, orgId, missing, total).docFrequencies;
      for (const t of missing) known.set(t, found.get(t) ?? 0);
    }
    const docFrequencies = new Map<string, number>();
    for (const t of terms) if (known.get(t)) docFrequencies.set(t, known.get(t)!);
    return { totalChunks: total, docFrequencies };
  }

  private forgetTermStats(orgId: string): void {
    this.activeChunkCounts.delete(orgId);
    this.termFrequencies.delete(orgId);
  }

  async getSettings(orgId: string): Promise<SettingsRecord> {
    const row = this.db.prepare('SELECT data FROM settings WHERE org_id = ?').get(orgId) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as SettingsRecord) : {};
  }

  async updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord> {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT data FROM settings WHERE org_id = ?').get(orgId) as { data: string } | undefined;
      const merged = { ...(row ? (JSON.parse(row.data) as SettingsRecord) : {}), ...patch };
      this.db
        .prepare(
          `INSERT INTO settings (org_id, data, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(org_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
        )
        .run(orgId, JSON.stringify(merged), new Date().toISOString());
      return merged;
    })();
  }

  /** Rewrites a document's tag rows; the (org, tag, customId) unique index makes a customId unique per tag. */
  private writeTags(orgId: string, documentId: string, tags: readonly string[], customId: string | null): void {
    this.db.prepare('DELETE FROM document_tags WHERE org_id = ? AND document_id = ?').run(orgId, documentId);
    const insert = this.db.prepare('INSERT INTO document_tags (org_id, tag, document_id, custom_id) VALUES (?, ?, ?, ?)');
    for (const t of new Set(tags)) insert.run(orgId, t, documentId, customId);
  }

  /** The stored float vectors of some chunks (the vector index rescores its shortlist with them). */
  async scoreChunkVectors(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[]): Promise<Map<string, number>> {
    const scores = new Map<string, number>();
    if (chunkIds.length === 0) return scores;
    for (const [id, v] of this.readFloats(orgId, model, chunkIds)) if (v.length === vector.length) scores.set(id, dot(vector, v));
    return scores;
  }

  private readFloats(orgId: string, model: string, chunkIds: readonly string[]): Map<string, Float32Array> {
    const rows = this.db
      .prepare('SELECT id, embedding FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND embedding_model = ?')
      .all(JSON.stringify(chunkIds), orgId, model) as Row[];
    return new Map(rows.map((r) => [r.id as string, blobToVector(r.embedding as Buffer)]));
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

function ftsTerms(text: string): string {
  return indexTerms(text).join(' ');
}
