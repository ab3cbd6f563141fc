import type Database from 'better-sqlite3';
import type { MemoryRecord } from '../../core/types.js';
import { VectorIndex, type VectorIndexOptions } from '../../vector/vector-index.js';
import {
  selectMemoryTerms,
  type MemoryCandidate,
  type MemoryKeywordQuery,
  type MemoryListQuery,
  type MemoryPatch,
  type MemoryStore,
  type MemoryVectorQuery,
  type SubjectAttribute,
  type MemoryDates,
} from '../memories.js';
import { orgScopeToken } from '../scope-tokens.js';
import { listIdsSql, memoryScopeSql } from './memory-list-sql.js';
import { COLUMNS, encode, rowToMemory, SELECT_M, type Row } from './memory-rows.js';
import { MemorySideRows } from './memory-side.js';
import { blobToVector, vectorToBlob } from './rows.js';
import { sequencedWrite } from './sequenced-write.js';

/**
 * The memory index scans exactly only small scopes: beyond them the binary stage picks a fixed-size pool to rescore,
 * so a relation lookup (8 candidates) costs about the same in a tag of 2,000 memories and one of 200,000. A memory
 * search asks for 100 candidates: 12 rows rescored per result (1,200 of a 10,000-memory tag) kept every exact top-100
 * row of 60 questions (.scratch probe against an exact scan; 40 per result, 4,000 rows, took twice the time). A
 * smaller exact scan and pool for relation lookups (500 / 256) measured no faster at 2,500 memories (memory speed
 * round 3): the int8 scan is not where their time goes.
 */
const MEMORY_INDEX_OPTIONS: VectorIndexOptions = { exactScanLimit: 2_000, rescorePerResult: 12, minRescore: 1_000, rescoreFraction: 64 };

/** Memories per subject + attribute pair that findMemoryDatesBySubjects returns at most (newest first). */
const BY_SUBJECTS_PER_PAIR = 100;

/** The side rows (memory-side.ts) a write from `before` to `after` changes besides the tag rows. */
function changedSides(before: MemoryRecord, after: MemoryRecord) {
  return {
    keywords: before.memory !== after.memory || before.isLatest !== after.isLatest,
    tags: !sameSet(before.containerTags, after.containerTags),
    sources: !sameSet(before.documentIds, after.documentIds),
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** Searchable = latest, not forgotten, not expired: what search and profiles see by default. */
const searchable = (m: Pick<MemoryRecord, 'isLatest' | 'isForgotten'>) => m.isLatest && !m.isForgotten;

/**
 * MemoryStore on the embedded SQLite database. Tags and sources live in side tables so scope and retraction are
 * index lookups (memory-side.ts); vectors of searchable memories are held in an in-memory index per organisation
 * (like chunks). Lookups by id drive from the id index with the organisation checked on each row (`+org_id`): the
 * planner would otherwise walk every memory of the organisation.
 */
export class SqliteMemories implements MemoryStore {
  private readonly vectors: VectorIndex;
  /** Read before every memory vector search and around every write: prepared once (after the migrations). */
  private seqStatement: Database.Statement | null = null;
  /** Prepared once: the memory step runs it once per subject + attribute pair it judges. */
  private bySubjectStatement: Database.Statement | null = null;
  /** Prepared once: profiles run it once per page, for every subject + attribute pair of the page. */
  private bySubjectsStatement: Database.Statement | null = null;
  /** Prepared once: cached profiles read it on every request. */
  private tagStampStatement: Database.Statement | null = null;
  /**
   * The reads of a memory search (keyword candidates, rows by id, float vectors, expired ids, chains) by their SQL,
   * prepared once: a search runs six or seven, and compiling each again cost ~40 µs.
   */
  private readonly searchStatements = new Map<string, Database.Statement>();
  private othersStatement: Database.Statement | null = null;
  private sideRows: MemorySideRows | null = null;

  constructor(private readonly db: Database.Database) {
    this.vectors = new VectorIndex(
      (orgId, model) => this.loadVectors(orgId, model),
      MEMORY_INDEX_OPTIONS,
      (orgId, model, ids) => this.readFloats(orgId, model, ids),
    );
  }

  async insertMemory(m: MemoryRecord, embedding?: { model: string; vector: Float32Array }): Promise<void> {
    const { from, to } = sequencedWrite(
      this.db,
      () => this.seq(m.orgId),
      () => {
        const info = this.db
          .prepare(
            `INSERT INTO memories (id, org_id, created_at, ${Object.values(COLUMNS).join(', ')}, embedding, embedding_model)
           VALUES (?, ?, ?, ${Object.keys(COLUMNS)
             .map(() => '?')
             .join(', ')}, ?, ?)`,
          )
          .run(m.id, m.orgId, m.createdAt, ...Object.keys(COLUMNS).map((k) => encode(k, m[k as keyof MemoryRecord])), embedding ? vectorToBlob(embedding.vector) : null, embedding?.model ?? null);
        this.side().write(m, Number(info.lastInsertRowid), { keywords: true, tags: true, sources: true });
      },
    );
    this.reindex(m, embedding);
    this.vectors.advance(m.orgId, from, to);
  }

  async getMemory(orgId: string, id: string, containerTags?: readonly string[]): Promise<MemoryRecord | null> {
    const row = (
      containerTags
        ? this.db
            .prepare(
              `SELECT ${SELECT_M} FROM memories m WHERE m.id = ? AND +m.org_id = ? AND EXISTS
               (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?)))`,
            )
            .get(id, orgId, orgId, JSON.stringify(containerTags))
        : this.db.prepare(`SELECT ${SELECT_M} FROM memories m WHERE m.id = ? AND +m.org_id = ?`).get(id, orgId)
    ) as Row | undefined;
    return row ? rowToMemory(row) : null;
  }

  async getMemoriesByIds(orgId: string, ids: readonly string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) return [];
    return this.readByIds(orgId, ids);
  }

  async updateMemory(orgId: string, id: string, patch: MemoryPatch, embedding?: { model: string; vector: Float32Array }): Promise<MemoryRecord | null> {
    const entries = Object.entries(patch).filter(([k, v]) => v !== undefined && k in COLUMNS);
    const {
      value: updated,
      from,
      to,
    } = sequencedWrite(
      this.db,
      () => this.seq(orgId),
      () => {
        const sets = entries.map(([k]) => `${COLUMNS[k as keyof typeof COLUMNS]} = ?`);
        const params = entries.map(([k, v]) => encode(k, v));
        if (embedding) {
          sets.push('embedding = ?', 'embedding_model = ?');
          params.push(vectorToBlob(embedding.vector), embedding.model);
        }
        const read = () => this.db.prepare(`SELECT m.rowid, ${SELECT_M} FROM memories m WHERE m.id = ? AND +m.org_id = ?`).get(id, orgId) as Row | undefined;
        const beforeRow = sets.length > 0 ? read() : undefined;
        if (sets.length > 0 && !beforeRow) return null;
        if (sets.length > 0) this.db.prepare(`UPDATE memories SET ${sets.join(', ')} WHERE id = ? AND +org_id = ?`).run(...params, id, orgId);
        const row = read();
        if (!row) return null;
        const m = rowToMemory(row);
        const before = beforeRow ? rowToMemory(beforeRow) : m;
        // Only what the write changed is rewritten: a duplicate's new source repeats its text, flags and tags, and
        // rewriting its keyword row and term counts cost as much as the rest of the write (memory step, issue 26).
        const change = changedSides(before, m);
        if (sets.length > 0) this.side().write(m, row.rowid as number, change);
        return { m, reindex: embedding !== undefined || change.tags || before.isLatest !== m.isLatest || before.isForgotten !== m.isForgotten };
      },
    );
    if (!updated) return null;
    // The vector index holds the memory's vector under its tags while it is searchable: unchanged, nothing to redo.
    if (updated.reindex) this.reindex(updated.m, embedding ?? this.storedVector(orgId, id) ?? undefined);
    this.vectors.advance(orgId, from, to);
    return updated.m;
  }

  async listMemories(orgId: string, q: MemoryListQuery): Promise<{ memories: MemoryRecord[]; total: number }> {
    const { page, count } = listIdsSql(orgId, q, new Date().toISOString());
    const ids = this.db
      .prepare(page.sql)
      .pluck()
      .all(...page.params) as string[];
    const total =
      q.count === false
        ? -1
        : (this.db
            .prepare(count.sql)
            .pluck()
            .get(...count.params) as number);
    const byId = new Map(this.readByIds(orgId, ids).map((m) => [m.id, m]));
    return { memories: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), total };
  }

  async findMemoriesByContent(orgId: string, containerTags: readonly string[], content: string): Promise<MemoryRecord[]> {
    const { where, params } = memoryScopeSql(orgId, { containerTags }, new Date().toISOString());
    const rows = this.db.prepare(`SELECT ${SELECT_M} FROM memories m WHERE ${where.join(' AND ')} AND m.memory = ? ORDER BY m.created_at`).all(...params, content) as Row[];
    return rows.map(rowToMemory);
  }

  async findMemoriesBySubject(orgId: string, containerTags: readonly string[], subject: string, attribute: string): Promise<MemoryRecord[]> {
    return this.bySubject(orgId, containerTags, subject, attribute, 20);
  }

  async findMemoryDatesBySubjects(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[]): Promise<MemoryDates[]> {
    return this.bySubjects(orgId, containerTags, pairs).map((r) => ({
      id: r.id as string,
      subject: r.subject as string | null,
      attribute: r.attribute as string | null,
      createdAt: r.created_at as string,
      eventDate: r.event_date as string | null,
    }));
  }

  async memoryTagStamp(orgId: string, tag: string): Promise<string> {
    this.tagStampStatement ??= this.db.prepare(
      `SELECT coalesce((SELECT n FROM memory_tag_seq WHERE org_id = ? AND tag = ?), 0) AS n,
       (SELECT min(forget_after) FROM memory_tags INDEXED BY memory_tags_expiring WHERE org_id = ? AND tag = ? AND forget_after IS NOT NULL AND forget_after > ?) AS next`,
    );
    const r = this.tagStampStatement.get(orgId, tag, orgId, tag, new Date().toISOString()) as { n: number; next: string | null };
    return `${r.n}/${r.next ?? ''}`;
  }

  async memoryHistory(orgId: string, rootMemoryId: string): Promise<MemoryRecord[]> {
    return (await this.memoryHistories(orgId, [rootMemoryId])).get(rootMemoryId) ?? [];
  }

  async memoryHistories(orgId: string, rootMemoryIds: readonly string[]): Promise<Map<string, MemoryRecord[]>> {
    const roots = [...new Set(rootMemoryIds)];
    const out = new Map<string, MemoryRecord[]>(roots.map((r) => [r, []]));
    if (roots.length === 0) return out;
    const json = JSON.stringify(roots);
    // A chain is the rows naming the root, and the root itself (a row written before roots were set names none).
    const rows = this.searchStatement(
      `SELECT ${SELECT_M} FROM memories m WHERE m.org_id = ? AND m.root_memory_id IN (SELECT value FROM json_each(?))
       UNION SELECT ${SELECT_M} FROM memories m WHERE m.id IN (SELECT value FROM json_each(?)) AND +m.org_id = ?`,
    ).all(orgId, json, json, orgId) as Row[];
    for (const m of rows.map(rowToMemory)) {
      const root = m.rootMemoryId !== null && out.has(m.rootMemoryId) ? m.rootMemoryId : m.id;
      out.get(root)?.push(m);
    }
    for (const chain of out.values()) chain.sort((a, b) => a.version - b.version || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    return out;
  }

  async memoriesOfDocument(orgId: string, documentId: string): Promise<MemoryRecord[]> {
    const rows = this.db
      .prepare(`SELECT ${SELECT_M} FROM memories m WHERE m.id IN (SELECT memory_id FROM memory_sources WHERE org_id = ? AND document_id = ?) AND +m.org_id = ? ORDER BY m.created_at`)
      .all(orgId, documentId, orgId) as Row[];
    return rows.map(rowToMemory);
  }

  async memoriesOfDocuments(orgId: string, documentIds: readonly string[]): Promise<Map<string, MemoryRecord[]>> {
    const wanted = [...new Set(documentIds)];
    const out = new Map<string, MemoryRecord[]>(wanted.map((id) => [id, []]));
    if (wanted.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT s.document_id AS source_document_id, ${SELECT_M} FROM memory_sources s JOIN memories m ON m.id = s.memory_id AND m.org_id = s.org_id
         WHERE s.org_id = ? AND s.document_id IN (SELECT value FROM json_each(?)) ORDER BY m.created_at`,
      )
      .all(orgId, JSON.stringify(wanted)) as Row[];
    for (const r of rows) out.get(r.source_document_id as string)?.push(rowToMemory(r));
    return out;
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
    const expired = this.expiredAmong(
      orgId,
      found.map((c) => c.chunkId),
      now,
    );
    const out = found.filter((c) => !expired.has(c.chunkId)).map((c) => ({ memoryId: c.chunkId, score: c.score }));
    if (!q.includeForgotten && !q.includeSuperseded) return out;
    // Forgotten or superseded memories are not in the index: scored exactly, from their rows, within the scope.
    const { where, params } = memoryScopeSql(orgId, { ...q, includeForgotten: true, includeSuperseded: true }, now);
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
    const terms = selectMemoryTerms(q.terms, this.side().termFrequencies(orgId, q.terms), q.limit, q.rowBudget);
    if (terms.length === 0) return [];
    const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
    // The organisation and the tags are checked on the matched rows, not as scope tokens of the match: bm25() reads
    // the whole posting list of every phrase of a match once per query (its IDF), and a scope token's list is every
    // memory of the organisation or the tag (10,000 rows: two thirds of the statement's time). The terms' own lists
    // are read in full either way (across organisations, as the IDF already did), and the scores are the same (the
    // scope column weighs 0). The scope tokens stay written. When other organisations have memories in the file, the
    // organisation's token stays in the match: without it every one of their matching rows would be ranked and read
    // before the organisation check drops it.
    let match = `terms : (${terms.map(quote).join(' OR ')})`;
    if (this.othersHaveMemories(orgId)) match += ` AND scope : ${quote(orgScopeToken(orgId))}`;
    const { where, params } = memoryScopeSql(orgId, { ...q, containerTags: undefined }, new Date().toISOString(), { rowsKnown: true });
    if (q.containerTags && q.containerTags.length > 0) {
      where.push('EXISTS (SELECT 1 FROM memory_tags t WHERE t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?)) AND t.memory_id = m.id)');
      params.push(orgId, JSON.stringify([...new Set(q.containerTags)]));
    }
    // The terms' rows are bounded (selectMemoryTerms): FTS5 finds them, each row's memory is read by rowid.
    const rows = this.searchStatement(
      `SELECT m.id, f.rank FROM (SELECT rowid, rank FROM memory_fts WHERE memory_fts MATCH ? AND rank MATCH 'bm25(1.0, 0.0)') f
       CROSS JOIN memories m ON m.rowid = f.rowid WHERE ${where.join(' AND ')} ORDER BY f.rank LIMIT ?`,
    ).all(match, ...params, q.limit) as Row[];
    // bm25() is lower-is-better and unbounded: callers score keyword evidence themselves; this orders candidates.
    return rows.map((r) => ({ memoryId: r.id as string, score: -(r.rank as number) }));
  }

  async expiringMemories(now: string, attribute: string): Promise<MemoryRecord[]> {
    const rows = this.db
      .prepare(`SELECT ${SELECT_M} FROM memories m WHERE m.forget_after IS NOT NULL AND m.forget_after <= ? AND m.is_forgotten = 0 AND m.is_latest = 1 AND m.attribute = ? ORDER BY m.forget_after`)
      .all(now, attribute) as Row[];
    return rows.map(rowToMemory);
  }

  async forgetExpiredMemories(now: string): Promise<number> {
    const rows = this.db.prepare('SELECT id, org_id FROM memories WHERE forget_after IS NOT NULL AND forget_after <= ? AND is_forgotten = 0').all(now) as Row[];
    if (rows.length === 0) return 0;
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE memories SET is_forgotten = 1, forgotten_at = ?, forget_reason = coalesce(forget_reason, 'expired'), updated_at = ?
           WHERE forget_after IS NOT NULL AND forget_after <= ? AND is_forgotten = 0`,
        )
        .run(now, now, now);
      const read = this.db.prepare(`SELECT m.rowid, ${SELECT_M} FROM memories m WHERE m.id = ?`);
      for (const r of rows) {
        const row = read.get(r.id) as Row;
        this.side().write(rowToMemory(row), row.rowid as number, { keywords: false, tags: false, sources: false });
      }
    })();
    for (const r of rows) this.vectors.removeDocument(r.org_id as string, r.id as string);
    return rows.length;
  }

  async memoryCounts(orgId: string, tags?: readonly string[]): Promise<Map<string, number>> {
    const now = new Date().toISOString();
    const rows = this.db
      .prepare(
        `SELECT t.tag, count(*) AS n FROM memory_tags t
         WHERE t.org_id = ? ${tags ? 'AND t.tag IN (SELECT value FROM json_each(?))' : ''}
         AND t.is_latest = 1 AND t.is_forgotten = 0 AND (t.forget_after IS NULL OR t.forget_after > ?) GROUP BY t.tag`,
      )
      .all(...(tags ? [orgId, JSON.stringify(tags), now] : [orgId, now])) as Row[];
    return new Map(rows.map((r) => [r.tag as string, r.n as number]));
  }

  async deleteMemories(orgId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const json = JSON.stringify(ids);
    const {
      value: n,
      from,
      to,
    } = sequencedWrite(
      this.db,
      () => this.seq(orgId),
      () => {
        const rowids = this.db.prepare('SELECT rowid FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ?').pluck().all(json, orgId) as number[];
        for (const rowid of rowids) this.side().removeKeywords(orgId, rowid);
        return this.db.prepare('DELETE FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ?').run(json, orgId).changes;
      },
    );
    for (const id of ids) this.vectors.removeDocument(orgId, id);
    this.vectors.advance(orgId, from, to);
    return n;
  }

  /** Memories by id, in no particular order. */
  private readByIds(orgId: string, ids: readonly string[]): MemoryRecord[] {
    if (ids.length === 0) return [];
    const rows = this.searchStatement(`SELECT ${SELECT_M} FROM memories m WHERE m.id IN (SELECT value FROM json_each(?)) AND +m.org_id = ?`).all(JSON.stringify(ids), orgId) as Row[];
    return rows.map(rowToMemory);
  }

  /**
   * One statement for every distinct pair (subject in any case): each pair's rows come from its own range of
   * memories_subject in index order, its BY_SUBJECTS_PER_PAIR newest (a profile page asks for ~90 pairs: one
   * statement each cost 57% of /v4/profile at 10,000 memories); only what decides the current one is read.
   */
  private bySubjects(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[]): Row[] {
    const seen = new Set<string>();
    const distinct: [string, string][] = [];
    for (const p of pairs) {
      const key = `${p.subject.toLowerCase()}\u0000${p.attribute}`;
      if (seen.has(key)) continue;
      seen.add(key);
      distinct.push([p.subject, p.attribute]);
    }
    if (distinct.length === 0) return [];
    const statement = (this.bySubjectsStatement ??= this.db.prepare(
      `SELECT m.id, m.subject, m.attribute, m.created_at, m.event_date FROM json_each(?) p CROSS JOIN memories m
       WHERE m.rowid IN (
         SELECT s.rowid FROM memories s INDEXED BY memories_subject
         WHERE s.org_id = ? AND lower(s.subject) = lower(p.value ->> 0) AND s.attribute = p.value ->> 1 AND s.subject IS NOT NULL
         AND s.is_latest = 1 AND s.is_forgotten = 0 AND (s.forget_after IS NULL OR s.forget_after > ?)
         AND EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = s.id AND t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?)))
         ORDER BY s.updated_at DESC LIMIT ?)
       ORDER BY p.key, m.updated_at DESC, m.rowid DESC`,
    ));
    return statement.all(JSON.stringify(distinct), orgId, new Date().toISOString(), orgId, JSON.stringify([...new Set(containerTags)]), BY_SUBJECTS_PER_PAIR) as Row[];
  }

  /** Latest, unforgotten memories of the tags with this subject (any case) and attribute, newest first. */
  private bySubject(orgId: string, containerTags: readonly string[], subject: string, attribute: string, limit: number): MemoryRecord[] {
    this.bySubjectStatement ??= this.db.prepare(
      `SELECT ${SELECT_M} FROM memories m INDEXED BY memories_subject
       WHERE m.org_id = ? AND lower(m.subject) = lower(?) AND m.attribute = ? AND m.subject IS NOT NULL
       AND m.is_latest = 1 AND m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?)
       AND EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?)))
       ORDER BY m.updated_at DESC LIMIT ?`,
    );
    const rows = this.bySubjectStatement.all(orgId, subject, attribute, new Date().toISOString(), orgId, JSON.stringify([...new Set(containerTags)]), limit) as Row[];
    return rows.map(rowToMemory);
  }

  private side(): MemorySideRows {
    this.sideRows ??= new MemorySideRows(this.db);
    return this.sideRows;
  }

  /** Keeps the in-memory vector index to the searchable memories. */
  private reindex(m: MemoryRecord, embedding: { model: string; vector: Float32Array } | undefined): void {
    this.vectors.removeDocument(m.orgId, m.id);
    if (!embedding || !searchable(m)) return;
    this.vectors.putDocument(m.orgId, embedding.model, { documentId: m.id, containerTags: m.containerTags }, [{ chunkId: m.id, documentId: m.id, vector: embedding.vector }]);
  }

  private storedVector(orgId: string, id: string): { model: string; vector: Float32Array } | null {
    const r = this.db.prepare('SELECT embedding, embedding_model FROM memories WHERE id = ? AND +org_id = ?').get(id, orgId) as Row | undefined;
    return r?.embedding && r.embedding_model ? { model: r.embedding_model as string, vector: blobToVector(r.embedding as Buffer) } : null;
  }

  private expiredAmong(orgId: string, ids: readonly string[], now: string): Set<string> {
    if (ids.length === 0) return new Set();
    const rows = this.searchStatement(`SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND forget_after IS NOT NULL AND forget_after <= ?`)
      .pluck()
      .all(JSON.stringify(ids), orgId, now) as string[];
    return new Set(rows);
  }

  /** The stored float vectors of some memories (the vector index rescores its shortlist with them). */
  private readFloats(orgId: string, model: string, ids: readonly string[]): Map<string, Float32Array> {
    const rows = this.searchStatement('SELECT id, embedding FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND +org_id = ? AND embedding_model = ?').all(JSON.stringify(ids), orgId, model) as Row[];
    return new Map(rows.map((r) => [r.id as string, blobToVector(r.embedding as Buffer)]));
  }

  /** Whether an organisation other than this one has memories in the file (two index seeks). */
  private othersHaveMemories(orgId: string): boolean {
    this.othersStatement ??= this.db.prepare('SELECT EXISTS (SELECT 1 FROM memories WHERE org_id < ?) OR EXISTS (SELECT 1 FROM memories WHERE org_id > ?)').pluck();
    return this.othersStatement.get(orgId, orgId) === 1;
  }

  /** A search read's statement, prepared on first use (its SQL varies only with the scope's options: a few). */
  private searchStatement(sql: string): Database.Statement {
    let statement = this.searchStatements.get(sql);
    if (!statement) this.searchStatements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /** The organisation's memory change counter (migration 11). */
  private seq(orgId: string): number {
    this.seqStatement ??= this.db.prepare('SELECT n FROM memory_seq WHERE org_id = ?').pluck();
    return (this.seqStatement.get(orgId) as number | undefined) ?? 0;
  }

  private loadVectors(orgId: string, model: string) {
    const version = this.seq(orgId);
    const rows = this.db.prepare(`SELECT id, container_tags, embedding FROM memories WHERE org_id = ? AND is_latest = 1 AND is_forgotten = 0 AND embedding_model = ?`).all(orgId, model) as Row[];
    return {
      vectors: rows.map((r) => ({ chunkId: r.id as string, documentId: r.id as string, vector: blobToVector(r.embedding as Buffer) })),
      documents: rows.map((r) => ({ documentId: r.id as string, containerTags: JSON.parse(r.container_tags as string) as string[] })),
      version,
    };
  }
}
