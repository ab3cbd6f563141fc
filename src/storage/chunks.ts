import type { FilterNode } from '../core/filters.js';
import type { Candidate, ChunkEmbedding, ChunkRecord, DocumentRef } from '../core/types.js';

/** Narrows a search to part of an organisation; applied inside the store query, never afterwards. */
export interface SearchScope {
  /** Chunks of documents carrying any of these tags; undefined = the whole organisation. */
  containerTags?: readonly string[];
  documentId?: string;
  /** Exact document filepath, or a prefix when it ends with '/'. */
  filepath?: string;
  filters?: FilterNode;
}

export interface VectorQuery extends SearchScope {
  vector: Float32Array;
  model: string;
  limit: number;
}

export interface KeywordQuery extends SearchScope {
  /** Normalised index terms (see text/tokenize.ts); any of them may match. */
  terms: readonly string[];
  limit: number;
}

/** Both retrievers at once (see ChunkStore.hybridCandidates). */
export interface HybridQuery extends SearchScope {
  vector: Float32Array;
  model: string;
  terms: readonly string[];
  /** Candidates per retriever, and of the fused list. */
  limit: number;
  /** Relative weight of each retriever in the rank fusion (the in-app fusion weights). */
  weights: { vector: number; keyword: number };
}

/** Raw candidates of each retriever, scored as vectorSearch and keywordSearch score them. */
export interface HybridCandidates {
  vector: Candidate[];
  keyword: Candidate[];
}

export interface TermStats {
  totalChunks: number;
  docFrequencies: Map<string, number>;
}

/** Where the search index does its work; the one statement of what a store does natively. */
export interface SearchCapabilities {
  /** Vector search runs inside the database (false: exact scoring in the app over store-scoped candidates). */
  nativeVectorSearch: boolean;
  /** Keyword search runs inside the database. */
  nativeKeywordSearch: boolean;
  /** hybridCandidates fuses ranks in the database in one query (false: it runs the two retrievers separately). */
  nativeRankFusion: boolean;
}

/**
 * Chunks port, the search index: chunk generations staged and activated by the pipeline, their embeddings, and the
 * two retrievers over the searchable ones. Every call is scoped by organisation inside the store query.
 */
export interface ChunkStore {
  readonly capabilities: SearchCapabilities;

  /** Replaces the chunks staged for ref.generation (idempotent for a re-run of the chunk step). */
  replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void>;
  /** Chunks of a document, by position: the given generation, or the searchable ones when omitted. */
  getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]>;
  getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]>;
  /** The stored index terms of searchable chunks (text/tokenize.ts indexTerms), so search need not re-tokenise. */
  getChunkTerms(orgId: string, chunkIds: readonly string[]): Promise<Map<string, readonly string[]>>;
  /**
   * getChunksByIds and getChunkTerms of the same ids in one read (SQLite: one statement instead of two lookups of
   * every id; MongoDB: one find): how search reads its candidates.
   */
  getChunksWithTerms(orgId: string, chunkIds: readonly string[]): Promise<{ chunks: ChunkRecord[]; terms: Map<string, readonly string[]> }>;
  /**
   * The cosine of `vector` with the stored embeddings (from `model`) of these chunks, so hybrid search can give a
   * keyword-only candidate its vector evidence too. Chunks without such an embedding are left out. `documentIds`:
   * each chunk's document, in the same order, when the caller knows it (an in-memory index then finds the rows
   * without a lookup by chunk id).
   */
  scoreChunkVectors(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[], documentIds?: readonly string[]): Promise<Map<string, number>>;
  /** Chunks of ref.generation that have no vector from `model` yet. */
  getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]>;
  putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void>;
  /** Makes ref.generation the searchable chunk set of the document and drops older generations. */
  activateGeneration(ref: DocumentRef): Promise<number>;
  /** Done documents (any organisation) whose searchable chunks lack vectors from `model` (the model changed). */
  findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]>;

  vectorSearch(orgId: string, query: VectorQuery): Promise<Candidate[]>;
  keywordSearch(orgId: string, query: KeywordQuery): Promise<Candidate[]>;
  /**
   * Both retrievers for one query, scores the raw ones vectorSearch and keywordSearch return. While
   * capabilities.nativeRankFusion, one database query whose fused rank order decides which candidates come back;
   * otherwise the two retrievers run separately.
   */
  hybridCandidates(orgId: string, query: HybridQuery): Promise<HybridCandidates>;
  /** Document frequency of terms among the organisation's searchable chunks. */
  termStats(orgId: string, terms: readonly string[]): Promise<TermStats>;
}
