import type Database from 'better-sqlite3';
import type { MemoryRecord } from '../../core/types.js';
import { indexTerms } from '../../text/tokenize.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex } from '../../vector/vector-index.js';
import type {
  MemoryCandidate,
  MemoryKeywordQuery,
  MemoryListQuery,
  MemoryPatch,
  MemoryScope,
  MemoryStore,
  MemoryVectorQuery,
} from '../memories.js';
import { orgScopeToken, tagScopeToken } from '../scope-tokens.js';
import { blobToVector, vectorToBlob } from './rows.js';
import { sequencedWrite } from './sequenced-write.js';

type Row = Record<string, unknown>;

const COLUMNS: Record<keyof Omit<MemoryRecord, 'orgId' | 'id' | 'createdAt'>, string> = {
  containerTags: 'container_tags',
  memory: 'memory',
  isStatic: 'is_static',
  isLatest: 'is_latest',
  isForgotten: 'is_forgotten',
  isInference: 'is_inference',
  version: 'version',
  parentMemoryId: 'parent_memory_id',
  rootMemoryId: 'root_memory_id',
  relation: 'relation',
  subject: 'subject',
  attribute: 'attribute',
  eventDate: 'event_date',
  forgetAfter: 'forget_after',
  forgetReason: 'forget_reason',
  forgottenAt: 'forgotten_at',
  documentIds: 'document_ids',
  sourceCount: 'source_count',
  metadata: 'metadata',
  updatedAt: 'updated_at',
};
const JSON_FIELDS = new Set(['containerTags', 'documentIds', 'metadata']);
const BOOL_FIELDS = new Set(['isStatic', 'isLatest', 'isForgotten', 'isInference']);
/** Columns of a memory record (not the vector). */
const SELECT = `id, org_id, created_at, ${Object.values(COLUMNS).join(', ')}`;

function encode(field: string, value: unknown): unknown {
  if (JSON_FIELDS.has(field)) return JSON.stringify(value);
  if (BOOL_FIELDS.has(field)) return value ? 1 : 0;
  return value ?? null;
}

function rowToMemory(r: Row): MemoryRecord {
  return {
    id: r.id as string,
    orgId: r.org_id as string,
    containerTags: JSON.parse(r.container_tags as string) as string[],
    memory: r.memory as string,
    isStatic: r.is_static === 1,
    isLatest: r.is_latest === 1,
    isForgotten: r.is_forgotten === 1,
    isInference: r.is_inference === 1,
    version: r.version as number,
    parentMemoryId: (r.parent_memory_id as string | null) ?? null,
    rootMemoryId: (r.root_memory_id as string | null) ?? null,
    relation: (r.relation as MemoryRecord['relation']) ?? null,
    subject: (r.subject as string | null) ?? null,
    attribute: (r.attribute as string | null) ?? null,
    eventDate: (r.event_date as string | null) ?? null,
    forgetAfter: (r.forget_after as string | null) ?? null,
    forgetReason: (r.forget_reason as string | null) ?? null,
    forgottenAt: (r.forgotten_at as string | null) ?? null,
    documentIds: JSON.parse(r.document_ids as string) as string[],
    sourceCount: r.source_count as number,
    metadata: JSON.parse(r.metadata as string) as MemoryRecord['metadata'],
    createdAt: r.created_at as string,
    updatedAt: r.updated_at as string,
  };
}

/** Searchable = latest, not forgotten, not expired: what search and profiles see by default. */
const searchable = (m: Pick<MemoryRecord, 'isLatest' | 'isForgotten'>) => m.isLatest && !m.isForgotten;

/**
 * MemoryStore on the embedded SQLite database. Tags and sources live in side tables so scope and retraction are
 * index lookups; vectors of searchable memories are held in an in-memory index per organisation (like chunks).
 */
export class SqliteMemories implements MemoryStore {
  private readonly vectors: VectorIndex;
  /** Read before every memory vector search and around every write: prepared once (after the migrations). */
  private seqStatement: Database.Statement | null = null;

  constructor(private readonly db: Database.Database) {
    this.vectors = new VectorIndex((orgId, model) => this.loadVectors(orgId, model), DEFAULT_VECTOR_INDEX_OPTIONS, (orgId, model, ids) => this.readFloats(orgId, model, ids));
  }

  async insertMemory(m: MemoryRecord, embedding?: { model: string; vector: Float32Array }): Promise<void> {
    const { from, to } = sequencedWrite(this.db, () => this.seq(m.orgId), () => {
      const info = this.db
        .prepare(
          `INSERT INTO memories (id, org_id, created_at, ${Object.values(COLUMNS).join(', ')}, embedding, embedding_model)
           VALUES (?, ?, ?, ${Object.keys(COLUMNS).map(() => '?').join(', ')}, ?, ?)`,
        )
        .run(
          m.id,
          m.orgId,
          m.createdAt,
          ...Object.keys(COLUMNS).map((k) => encode(k, m[k as keyof MemoryRecord])),
          embedding ? vectorToBlob(embedding.vector) : null,
          embedding?.model ?? null,
        );
      this.writeSide(m, Number(info.lastInsertRowid));
    });
    this.reindex(m, embedding);
    this.vectors.advance(m.orgId, from, to);
  }

  async getMemory(orgId: string, id: string, containerTags?: readonly string[]): Promise<MemoryRecord | null> {
    const row = (
      containerTags
        ? this.db
            .prepare(
              `SELECT ${SELECT} FROM memories WHERE org_id = ? AND id = ? AND id IN
               (SELECT memory_id FROM memory_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?)))`,
            )
            .get(orgId, id, orgId, JSON.stringify(containerTags))
        : this.db.prepare(`SELECT ${SELECT} FROM memories WHERE org_id = ? AND id = ?`).get(orgId, id)
    ) as Row | undefined;
    return row ? rowToMemory(row) : null;
  }

  async getMemoriesByIds(orgId: string, ids: readonly string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT ${SELECT} FROM memories WHERE org_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .all(orgId, JSON.stringify(ids)) as Row[];
    return rows.map(rowToMemory);
  }

  async updateMemory(orgId: string, id: string, patch: MemoryPatch, embedding?: { model: string; vector: Float32Array }): Promise<MemoryRecord | null> {
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in COLUMNS);
    const { value: updated, from, to } = sequencedWrite(this.db, () => this.seq(orgId), () => {
      const sets = entries.map(([k]) => `${COLUMNS[k as keyof typeof COLUMNS]} = ?`);
      const params = entries.map(([k, v]) => encode(k, v));
      if (embedding) {
        sets.push('embedding = ?', 'embedding_model = ?');
        params.push(vectorToBlob(embedding.vector), embedding.model);
      }
      if (sets.length > 0) this.db.prepare(`UPDATE memories SET ${sets.join(', ')} WHERE org_id = ? AND id = ?`).run(...params, orgId, id);
      const row = this.db.prepare(`SELECT rowid, ${SELECT} FROM memories WHERE org_id = ? AND id = ?`).get(orgId, id) as Row | undefined;
      if (!row) return null;
      const m = rowToMemory(row);
      if (patch.containerTags || patch.documentIds || patch.memory !== undefined || patch.isLatest !== undefined || patch.isForgotten !== undefined) {
        this.writeSide(m, row.rowid as number);
      }
      return m;
    });
    if (!updated) return null;
    const vector = embedding ?? this.storedVector(orgId, id);
    this.reindex(updated, vector ?? undefined);
    this.vectors.advance(orgId, from, to);
    return updated;
  }

  async listMemories(orgId: string, q: MemoryListQuery): Promise<{ memories: MemoryRecord[]; total: number }> {
    const { where, params } = this.scopeSql(orgId, q);
    if (q.isStatic !== undefined) {
      where.push('m.is_static = ?');
      params.push(q.isStatic ? 1 : 0);
    }
    if (q.documentId) {
      where.push('m.id IN (SELECT memory_id FROM memory_sources WHERE org_id = ? AND document_id = ?)');
      params.push(orgId, q.documentId);
    }
    const sql = where.join(' AND ');
    const total = (this.db.prepare(`SELECT count(*) AS n FROM memories m WHERE ${sql}`).get(...params) as { n: number }).n;
    const col = q.sort === 'updatedAt' ? 'm.updated_at' : 'm.created_at';
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(`SELECT ${SELECT.replace(/(^|, )(\w+)/g, '$1m.$2')} FROM memories m WHERE ${sql} ORDER BY ${col} ${dir}, m.id ${dir} LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as Row[];
    return { memories: rows.map(rowToMemory), total };
  }

  async findMemoriesByContent(orgId: string, containerTags: readonly string[], content: string): Promise<MemoryRecord[]> {
    const { where, params } = this.scopeSql(orgId, { containerTags });
    const rows = this.db
      .prepare(`SELECT ${SELECT.replace(/(^|, )(\w+)/g, '$1m.$2')} FROM memories m WHERE ${where.join(' AND ')} AND m.memory = ? ORDER BY m.created_at`)
      .all(...params, content) as Row[];
    return rows.map(rowToMemory);
  }

  async findMemoriesBySubject(orgId: string, containerTags: readonly string[], subject: string, attribute: string): Promise<MemoryRecord[]> {
    const { where, params } = this.scopeSql(orgId, { containerTags });
    const rows = this.db
      .prepare(
        `SELECT ${SELECT.replace(/(^|, )(\w+)/g, '$1m.$2')} FROM memories m WHERE ${where.join(' AND ')}
         AND m.attribute = ? AND lower(m.subject) = lower(?) ORDER BY m.updated_at DESC LIMIT 20`,
      )
      .all(...params, attribute, subject) as Row[];
    return rows.map(rowToMemory);
  }

  async memoryHistory(orgId: string, rootMemoryId: string): Promise<MemoryRecord[]> {
    const rows = this.db
      .prepare(`SELECT ${SELECT} FROM memories WHERE org_id = ? AND (root_memory_id = ? OR id = ?) ORDER BY version, created_at`)
      .all(orgId, rootMemoryId, rootMemoryId) as Row[];
    return rows.map(rowToMemory);
  }

  async memoriesOfDocument(orgId: string, documentId: string): Promise<MemoryRecord[]> {
    const rows = this.db
      .prepare(`SELECT ${SELECT} FROM memories WHERE org_id = ? AND id IN (SELECT memory_id FROM memory_sources WHERE org_id = ? AND document_id = ?) ORDER BY created_at`)
      .all(orgId, orgId, documentId) as Row[];
    return rows.map(rowToMemory);
  }

  async memoryVectorSearch(orgId: string, q: MemoryVectorQuery): Promise<MemoryCandidate[]> {
    const now = new Date().toISOString();
    // Memories changed by another process on this file (or by the forgetting job) since the index loaded: reload.
    const known = this.vectors.version(orgId, q.model);
    if (known !== undefined && known !== this.seq(orgId)) this.vectors.evict(orgId);
    const found = this.vectors.search(orgId, {
      vector: q.vector,
      model: q.model,
      limit: q.limit,
      ...(q.containerTags ? { containerTags: q.containerTags } : {}),
    });
    // Expired memories leave the index when the forgetting job marks them; until then the query drops them here.
    const expired = this.expiredAmong(orgId, found.map((c) => c.chunkId), now);
    const out = found.filter((c) => !expired.has(c.chunkId)).map((c) => ({ memoryId: c.chunkId, score: c.score }));
    if (!q.includeForgotten && !q.includeSuperseded) return out;
    // Forgotten or superseded memories are not in the index: scored exactly, from their rows, within the scope.
    const { where, params } = this.scopeSql(orgId, { ...q, includeForgotten: true, includeSuperseded: true });
    where.push('(m.is_forgotten = 1 OR m.is_latest = 0 OR (m.forget_after IS NOT NULL AND m.forget_after <= ?))', 'm.embedding_model = ?');
    params.push(now, q.model);
    if (!q.includeSuperseded) where.push('m.is_latest = 1');
    if (!q.includeForgotten) {
      where.push('m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?)');
      params.push(now);
    }
    const rows = this.db.prepare(`SELECT m.id, m.embedding FROM memories m WHERE ${where.join(' AND ')}`).all(...params) as Row[];
    for (const r of rows) {
      const v = blobToVector(r.embedding as Buffer);
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += v[i]! * q.vector[i]!;
      out.push({ memoryId: r.id as string, score: dot });
    }
    return out.sort((a, b) => b.score - a.score).slice(0, q.limit);
  }

  async memoryKeywordSearch(orgId: string, q: MemoryKeywordQuery): Promise<MemoryCandidate[]> {
    if (q.terms.length === 0 || q.limit <= 0) return [];
    const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
    let match = `terms : (${q.terms.map(quote).join(' OR ')}) AND scope : ${quote(orgScopeToken(orgId))}`;
    if (q.containerTags && q.containerTags.length > 0) {
      match += ` AND scope : (${[...new Set(q.containerTags)].map((t) => quote(tagScopeToken(orgId, t))).join(' OR ')})`;
    }
    const { where, params } = this.scopeSql(orgId, { ...q, containerTags: undefined });
    const rows = this.db
      .prepare(
        `SELECT m.id, bm25(memory_fts, 1.0, 0.0) AS rank FROM memory_fts JOIN memories m ON m.rowid = memory_fts.rowid
         WHERE memory_fts MATCH ? AND ${where.join(' AND ')} ORDER BY rank LIMIT ?`,
      )
      .all(match, ...params, q.limit) as Row[];
    // bm25() is lower-is-better and unbounded: callers score keyword evidence themselves; this orders candidates.
    return rows.map((r) => ({ memoryId: r.id as string, score: -(r.rank as number) }));
  }

  async forgetExpiredMemories(now: string): Promise<number> {
    const rows = this.db
      .prepare('SELECT id, org_id FROM memories WHERE forget_after IS NOT NULL AND forget_after <= ? AND is_forgotten = 0')
      .all(now) as Row[];
    if (rows.length === 0) return 0;
    this.db
      .prepare(
        `UPDATE memories SET is_forgotten = 1, forgotten_at = ?, forget_reason = coalesce(forget_reason, 'expired'), updated_at = ?
         WHERE forget_after IS NOT NULL AND forget_after <= ? AND is_forgotten = 0`,
      )
      .run(now, now, now);
    for (const r of rows) this.vectors.removeDocument(r.org_id as string, r.id as string);
    return rows.length;
  }

  async memoryCounts(orgId: string, tags?: readonly string[]): Promise<Map<string, number>> {
    const now = new Date().toISOString();
    const rows = this.db
      .prepare(
        `SELECT t.tag, count(*) AS n FROM memory_tags t JOIN memories m ON m.id = t.memory_id
         WHERE t.org_id = ? ${tags ? 'AND t.tag IN (SELECT value FROM json_each(?))' : ''}
         AND m.is_latest = 1 AND m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?) GROUP BY t.tag`,
      )
      .all(...(tags ? [orgId, JSON.stringify(tags), now] : [orgId, now])) as Row[];
    return new Map(rows.map((r) => [r.tag as string, r.n as number]));
  }

  async deleteMemories(orgId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const json = JSON.stringify(ids);
    const { value: n, from, to } = sequencedWrite(this.db, () => this.seq(orgId), () => {
      this.db.prepare('DELETE FROM memory_fts WHERE rowid IN (SELECT rowid FROM memories WHERE org_id = ? AND id IN (SELECT value FROM json_each(?)))').run(orgId, json);
      return this.db.prepare('DELETE FROM memories WHERE org_id = ? AND id IN (SELECT value FROM json_each(?))').run(orgId, json).changes;
    });
    for (const id of ids) this.vectors.removeDocument(orgId, id);
    this.vectors.advance(orgId, from, to);
    return n;
  }

  /** WHERE clauses of a scope on `memories m` (organisation, tags, forgotten/expired, superseded). */
  private scopeSql(orgId: string, q: MemoryScope): { where: string[]; params: unknown[] } {
    const where = ['m.org_id = ?'];
    const params: unknown[] = [orgId];
    if (q.containerTags && q.containerTags.length > 0) {
      where.push('m.id IN (SELECT memory_id FROM memory_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?)))');
      params.push(orgId, JSON.stringify([...new Set(q.containerTags)]));
    }
    if (!q.includeForgotten) {
      where.push('m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?)');
      params.push(new Date().toISOString());
    }
    if (!q.includeSuperseded) where.push('m.is_latest = 1');
    return { where, params };
  }

  /** Rewrites the tag, source and keyword rows of a memory. */
  private writeSide(m: MemoryRecord, rowid: number): void {
    this.db.prepare('DELETE FROM memory_tags WHERE memory_id = ?').run(m.id);
    const tag = this.db.prepare('INSERT OR IGNORE INTO memory_tags (org_id, tag, memory_id) VALUES (?, ?, ?)');
    for (const t of m.containerTags) tag.run(m.orgId, t, m.id);
    this.db.prepare('DELETE FROM memory_sources WHERE memory_id = ?').run(m.id);
    const src = this.db.prepare('INSERT OR IGNORE INTO memory_sources (org_id, document_id, memory_id) VALUES (?, ?, ?)');
    for (const d of m.documentIds) src.run(m.orgId, d, m.id);
    this.db.prepare('DELETE FROM memory_fts WHERE rowid = ?').run(rowid);
    if (m.isLatest) {
      const scope = [orgScopeToken(m.orgId), ...m.containerTags.map((t) => tagScopeToken(m.orgId, t))].join(' ');
      this.db.prepare('INSERT INTO memory_fts (rowid, terms, scope) VALUES (?, ?, ?)').run(rowid, indexTerms(m.memory).join(' '), scope);
    }
  }

  /** Keeps the in-memory vector index to the searchable memories. */
  private reindex(m: MemoryRecord, embedding: { model: string; vector: Float32Array } | undefined): void {
    this.vectors.removeDocument(m.orgId, m.id);
    if (!embedding || !searchable(m)) return;
    this.vectors.putDocument(m.orgId, embedding.model, { documentId: m.id, containerTags: m.containerTags }, [
      { chunkId: m.id, documentId: m.id, vector: embedding.vector },
    ]);
  }

  private storedVector(orgId: string, id: string): { model: string; vector: Float32Array } | null {
    const r = this.db.prepare('SELECT embedding, embedding_model FROM memories WHERE org_id = ? AND id = ?').get(orgId, id) as Row | undefined;
    return r?.embedding && r.embedding_model ? { model: r.embedding_model as string, vector: blobToVector(r.embedding as Buffer) } : null;
  }

  private expiredAmong(orgId: string, ids: readonly string[], now: string): Set<string> {
    if (ids.length === 0) return new Set();
    const rows = this.db
      .prepare(`SELECT id FROM memories WHERE org_id = ? AND id IN (SELECT value FROM json_each(?)) AND forget_after IS NOT NULL AND forget_after <= ?`)
      .all(orgId, JSON.stringify(ids), now) as Row[];
    return new Set(rows.map((r) => r.id as string));
  }

  /** The stored float vectors of some memories (the vector index rescores its shortlist with them). */
  private readFloats(orgId: string, model: string, ids: readonly string[]): Map<string, Float32Array> {
    const rows = this.db
      .prepare('SELECT id, embedding FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND org_id = ? AND embedding_model = ?')
      .all(JSON.stringify(ids), orgId, model) as Row[];
    return new Map(rows.map((r) => [r.id as string, blobToVector(r.embedding as Buffer)]));
  }

  /** The organisation's memory change counter (migration 11). */
  private seq(orgId: string): number {
    this.seqStatement ??= this.db.prepare('SELECT n FROM memory_seq WHERE org_id = ?').pluck();
    return (this.seqStatement.get(orgId) as number | undefined) ?? 0;
  }

  private loadVectors(orgId: string, model: string) {
    const version = this.seq(orgId);
    const rows = this.db
      .prepare(`SELECT id, container_tags, embedding FROM memories WHERE org_id = ? AND is_latest = 1 AND is_forgotten = 0 AND embedding_model = ?`)
      .all(orgId, model) as Row[];
    return {
      vectors: rows.map((r) => ({ chunkId: r.id as string, documentId: r.id as string, vector: blobToVector(r.embedding as Buffer) })),
      documents: rows.map((r) => ({ documentId: r.id as string, containerTags: JSON.parse(r.container_tags as string) as string[] })),
      version,
    };
  }
}
