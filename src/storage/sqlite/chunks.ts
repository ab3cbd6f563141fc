import { dot } from '../../vector/cosine.js';
import { packInt8 } from '../../vector/int8.js';
import type Database from 'better-sqlite3';
import type { Candidate, ChunkEmbedding, ChunkRecord, DocumentRef } from '../../core/types.js';
import type { ChunkStore, HybridCandidates, HybridQuery, KeywordQuery, SearchCapabilities, TermStats, VectorQuery } from '../chunks.js';
import type { VectorIndex } from '../../vector/vector-index.js';
import { indexTerms, indexTermsYielding } from '../../text/tokenize.js';
import { sequencedWrite } from './sequenced-write.js';
import { cachedStatement } from './statement-cache.js';
import { SqliteVectorSync } from './vector-sync.js';
import { blobToVector } from './rows.js';
import { readChunks, readChunksByIds, readChunksMissingEmbedding, readChunksWithTerms, readChunkTerms, readDocumentsWithStaleEmbeddings, readFloats, readKeywordRows } from './chunk-reads.js';
import { countActiveChunks, documentScopeSql, KeywordIndexes, keywordSearch, scopeOf } from './sqlite-keyword.js';
import { ftsRowDelta } from './fts-row-delta.js';
import { moveKeywordTerms, storedFrequencies } from './keyword-terms.js';
import { TermStatsCache } from './term-stats-cache.js';
import { ChunkRowids } from './chunk-rowids.js';
import { stageChunks, writeEmbeddings } from './chunk-writes.js';

type Row = Record<string, unknown>;

/**
 * Chunks a tag needs before the broad keyword path is considered: intersecting with a doclist costs ~0.05 µs an
 * entry (~1 ms at 20k), less than the broad path's over-fetch, scope reads and second lookup. (bench:peers, whose
 * scopes hold a few hundred chunks, ran 3-4 ms slower a query after the broad path came, which this is meant to undo.)
 */
const BROAD_SCOPE_MIN_ROWS = 20_000;

export interface SqliteChunksOptions {
  /**
   * Tags with fewer chunks than this always use the scoped keyword MATCH (see keywordSearch in sqlite-keyword.ts);
   * the default keeps small organisations on it. Tests lower it to run the broad path on small data.
   */
  broadScopeMinRows?: number;
  /** Vector indexes of fewer rows get no image file (vector-sync.ts); tests lower it. */
  imageMinRows?: number;
}

export { STALE_EMBEDDINGS_SQL } from './chunk-reads.js';

/**
 * The search index of the embedded store: chunks in SQLite, FTS5 keyword tables per organisation (sqlite-keyword.ts)
 * and the in-memory vector index kept in step with the database's change sequence (vector-sync.ts).
 *
 * Queries that look rows up by id or document id write `+org_id`: the unary plus keeps SQLite's planner (which has
 * no statistics, since nothing runs ANALYZE) from choosing the low-selectivity (org_id, active) index over the id
 * index. The organisation is still checked on every row.
 */
export class SqliteChunks implements ChunkStore {
  readonly capabilities: SearchCapabilities = { nativeVectorSearch: false, nativeKeywordSearch: true, nativeRankFusion: false };
  /** The vector index's change tracking; the documents adapter moves it along with its retags and deletes. */
  readonly vectorSync: SqliteVectorSync;
  readonly vectors: VectorIndex;
  /** The per-organisation FTS5 tables; the documents adapter re-scopes and deletes their rows. */
  readonly keyword: KeywordIndexes;
  /** Searchable chunk counts and document frequencies read so far: moved along by activations, retags and deletes. */
  private readonly termStatsCache: TermStatsCache;
  private readonly broadScopeMinRows: number;
  /** Rowids of recent keyword hits, so their rows are read without the id index (getChunksWithTerms). */
  private readonly keywordRowids = new ChunkRowids();

  /** `vectorFile`: where the vector index keeps its image (null: in memory only). */
  constructor(
    private readonly db: Database.Database,
    vectorFile: string | null,
    options: SqliteChunksOptions = {},
  ) {
    this.broadScopeMinRows = options.broadScopeMinRows ?? BROAD_SCOPE_MIN_ROWS;
    this.vectorSync = new SqliteVectorSync(this.db, vectorFile, (orgId, model, ids) => readFloats(this.db, orgId, model, ids), {
      ...(options.imageMinRows !== undefined ? { minRows: options.imageMinRows } : {}),
    });
    this.vectors = this.vectorSync.index;
    this.keyword = new KeywordIndexes(this.db);
    this.termStatsCache = new TermStatsCache({
      totalChunks: (orgId) => countActiveChunks(this.db, orgId),
      docFrequencies: (orgId, terms) => storedFrequencies(this.db, orgId, terms),
    });
  }

  /**
   * Loads the vector indexes that have an image (vector-sync.ts warmUp), and counts the searchable chunks of their
   * organisations for the keyword side meanwhile; never rejects.
   */
  async warmUp(): Promise<void> {
    const vectors = this.vectorSync.warmUp().catch(() => {
      // A warm-up is an optimisation: a failed one leaves the load to the first search, as without it.
    });
    // The count (BM25's N) was the first search's to take: ~40 ms of CPU and its pages read at 1M chunks, ~0.4 s at
    // start on a busy machine. Taken while the thread pool reads the vector image and the event loop is idle.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (const { org_id: orgId } of this.db.prepare('SELECT org_id FROM vector_snapshots').all() as { org_id: string }[]) {
        if (!this.db.open) break;
        this.termStatsCache.get(orgId, []);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch {
      // Likewise: the first search counts them.
    }
    await vectors;
  }

  /** Writes the vector index image (when due) and stops its background work; the database stays open. */
  close(): Promise<void> {
    return this.vectorSync.close();
  }

  async findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]> {
    return readDocumentsWithStaleEmbeddings(this.db, model, limit);
  }

  async replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void> {
    stageChunks(this.db, ref, chunks);
  }

  async getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]> {
    return readChunks(this.db, orgId, documentId, generation);
  }

  async getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]> {
    return readChunksByIds(this.db, orgId, chunkIds);
  }

  async getChunkTerms(orgId: string, chunkIds: readonly string[]): Promise<Map<string, readonly string[]>> {
    return readChunkTerms(this.db, this.keyword.table(orgId, false), orgId, chunkIds);
  }

  async getChunksWithTerms(orgId: string, chunkIds: readonly string[]): Promise<{ chunks: ChunkRecord[]; terms: Map<string, readonly string[]> }> {
    return readChunksWithTerms(this.db, this.keyword.table(orgId, false), orgId, chunkIds, this.keywordRowids);
  }

  async getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]> {
    return readChunksMissingEmbedding(this.db, ref, model);
  }

  async putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void> {
    writeEmbeddings(this.db, ref, model, embeddings);
  }

  async activateGeneration(ref: DocumentRef): Promise<number> {
    // Keyword terms first, in slices with the event loop served between them (seconds for a 5M-character
    // document); the transaction below then only writes. Staged chunks do not change until they are activated.
    const staged = cachedStatement(this.db, 'SELECT id, embedded_content FROM chunks WHERE +org_id = ? AND document_id = ? AND generation = ?').all(ref.orgId, ref.documentId, ref.generation) as {
      id: string;
      embedded_content: string;
    }[];
    const computed = await indexTermsYielding(staged.map((r) => r.embedded_content));
    const termsById = new Map(staged.map((r, i) => [r.id, computed[i]!.join(' ')]));
    const {
      value: { tags, rows, active, delta },
      from,
      to,
    } = sequencedWrite(
      this.db,
      () => this.vectorSync.seq(ref.orgId),
      () => {
        const doc = cachedStatement(this.db, 'SELECT container_tags FROM documents WHERE org_id = ? AND id = ?').get(ref.orgId, ref.documentId) as { container_tags: string } | undefined;
        if (!doc) return { tags: [] as string[], rows: [] as Row[], active: 0, delta: new Map<string, number>() };
        const tags = JSON.parse(doc.container_tags) as string[];
        // The document's keyword rows before and after move the stored document frequencies (and the cached ones).
        const before = this.keywordRows(ref.orgId, [ref.documentId]);
        const fts = this.keyword.table(ref.orgId, true)!;
        cachedStatement(this.db, `DELETE FROM ${fts} WHERE rowid IN (SELECT rowid FROM chunks WHERE +org_id = ? AND document_id = ?)`).run(ref.orgId, ref.documentId);
        cachedStatement(this.db, 'DELETE FROM chunks WHERE +org_id = ? AND document_id = ? AND generation <> ?').run(ref.orgId, ref.documentId, ref.generation);
        cachedStatement(this.db, 'UPDATE chunks SET active = 1 WHERE +org_id = ? AND document_id = ? AND generation = ?').run(ref.orgId, ref.documentId, ref.generation);
        const rows = cachedStatement(this.db, 'SELECT rowid, id, embedded_content, embedding, embedding_model FROM chunks WHERE +org_id = ? AND document_id = ? ORDER BY position').all(ref.orgId, ref.documentId) as Row[];
        const insertFts = cachedStatement(this.db, `INSERT INTO ${fts} (rowid, terms, scope) VALUES (?, ?, ?)`);
        const scope = scopeOf(ref.orgId, tags);
        const added: string[] = [];
        for (const r of rows) {
          const terms = termsById.get(r.id as string) ?? indexTerms(r.embedded_content as string).join(' ');
          insertFts.run(r.rowid, terms, scope);
          added.push(`${terms} ${scope}`);
        }
        const delta = this.moveKeywordTerms(ref.orgId, before.rows, added);
        cachedStatement(this.db, 'DELETE FROM chunk_vectors WHERE org_id = ? AND document_id = ?').run(ref.orgId, ref.documentId);
        const insertVector = cachedStatement(this.db, 'INSERT INTO chunk_vectors (org_id, document_id, model, chunk_id, packed) VALUES (?, ?, ?, ?, ?)');
        for (const r of rows) {
          if (!r.embedding || !r.embedding_model) continue;
          r.vector = blobToVector(r.embedding as Buffer);
          insertVector.run(ref.orgId, ref.documentId, r.embedding_model, r.id, packInt8(r.vector as Float32Array));
        }
        return { tags, rows, active: before.active, delta };
      },
    );
    this.moveTermStats(ref.orgId, rows.length - active, delta);
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
      const rows = this.db.prepare(`SELECT id FROM documents WHERE org_id = ? AND ${docScope.sql}`).all(orgId, ...docScope.params) as { id: string }[];
      documentIds = new Set(rows.map((r) => r.id));
    }
    const load = this.vectorSync.loading(orgId);
    if (load) await load;
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
    return keywordSearch(
      this.db,
      this.keyword,
      orgId,
      q,
      (tokens) => {
        const { totalChunks, docFrequencies } = this.frequencies(orgId, tokens);
        const rows = tokens.reduce((sum, t) => sum + (docFrequencies.get(t) ?? 0), 0);
        // A small tag's scoped MATCH is already cheap; the broad path's over-fetch would cost more than it saves.
        return totalChunks > 0 && rows >= this.broadScopeMinRows ? rows / totalChunks : 0;
      },
      this.keywordRowids,
    );
  }

  async termStats(orgId: string, terms: readonly string[]): Promise<TermStats> {
    return this.frequencies(orgId, terms);
  }

  /** Document frequencies (of query terms or of scope tokens) from the cache, reading only the terms it lacks. */
  private frequencies(orgId: string, terms: readonly string[]): TermStats {
    return this.termStatsCache.get(orgId, terms);
  }

  /**
   * The keyword rows of some documents as the term statistics count them (terms and scope, joined by a space) and
   * their active chunks, for a write that replaces, retags or removes them to move the statistics along
   * (moveKeywordTerms, moveTermStats). Called inside the write's transaction, before it changes the rows (and after,
   * for a retag).
   */
  keywordRows(orgId: string, documentIds: readonly string[]): { rows: string[]; active: number } {
    return readKeywordRows(this.db, this.keyword.table(orgId, false), orgId, documentIds);
  }

  /**
   * Moves the organisation's stored document frequencies (keyword-terms.ts) from the keyword rows `removed` to
   * `added`, inside the write's transaction, and returns how they moved (for moveTermStats once it commits).
   */
  moveKeywordTerms(orgId: string, removed: readonly string[], added: readonly string[]): Map<string, number> {
    const delta = ftsRowDelta(this.db, removed, added, () => true);
    moveKeywordTerms(this.db, orgId, delta);
    return delta;
  }

  /**
   * Moves the organisation's cached statistics along with a committed write: `chunks` more active chunks (negative:
   * fewer) and the frequency changes `delta` (moveKeywordTerms). Dropping them instead cost the next search a read of
   * every term it asks, on most searches while documents are ingested or deleted.
   */
  moveTermStats(orgId: string, chunks: number, delta: ReadonlyMap<string, number>): void {
    this.termStatsCache.update(orgId, chunks, (cached) => new Map([...delta].filter(([term]) => cached(term))));
  }

  async hybridCandidates(orgId: string, q: HybridQuery): Promise<HybridCandidates> {
    // No rank fusion in SQLite (capabilities.nativeRankFusion is false): the two retrievers, each on its own.
    const [vector, keyword] = await Promise.all([this.vectorSearch(orgId, q), this.keywordSearch(orgId, q)]);
    return { vector, keyword };
  }

  /** The stored float vectors of some chunks (the vector index rescores its shortlist with them). */
  async scoreChunkVectors(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[], documentIds?: readonly string[]): Promise<Map<string, number>> {
    if (chunkIds.length === 0) return new Map();
    // Rows the vector index's image file holds are scored from it; the rest from the stored floats.
    const scores = documentIds ? this.vectors.imageScores(orgId, model, vector, chunkIds, documentIds) : new Map<string, number>();
    const rest = scores.size > 0 ? chunkIds.filter((id) => !scores.has(id)) : chunkIds;
    if (rest.length === 0) return scores;
    for (const [id, v] of readFloats(this.db, orgId, model, rest)) if (v.length === vector.length) scores.set(id, dot(vector, v));
    return scores;
  }
}
