import type { FilterNode } from '../core/filters.js';
import type { AccountStore, AgentAccessStore } from './accounts.js';
import type { BlobStore } from './blobs.js';
import type { SecretStore } from './secrets.js';
import type { ConnectionStore } from './connections.js';
import type { MemoryStore } from './memories.js';
import type {
  Candidate,
  ChunkEmbedding,
  ChunkRecord,
  DocumentRecord,
  DocumentRef,
  DocumentStatus,
  SettingsRecord,
} from '../core/types.js';

export type TagOperator = 'AND' | 'OR';

/** How many documents a customId lookup returns at most (enough to report an ambiguity). */
export const CUSTOM_ID_MATCH_LIMIT = 50;

export interface DocumentListQuery {
  containerTags?: readonly string[];
  /** How several containerTags combine: OR (default) = any of them, AND = all of them. */
  tagOperator?: TagOperator;
  filters?: FilterNode;
  statuses?: readonly DocumentStatus[];
  /** Exact filepath, or a prefix when it ends with '/'. */
  filepath?: string;
  sort?: 'createdAt' | 'updatedAt';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

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
  /** Normalised index terms (see search/tokenize.ts); any of them may match. */
  terms: readonly string[];
  limit: number;
}

/** Both retrievers at once, for stores that fuse ranks in the database (see Store.hybridCandidates). */
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

export type DocumentPatch = Partial<
  Omit<DocumentRecord, 'id' | 'orgId' | 'createdAt'>
>;

export interface StoreCapabilities {
  /** Vector search runs inside the database (false: exact scoring in the app over store-scoped candidates). */
  nativeVectorSearch: boolean;
  /** Keyword search runs inside the database. */
  nativeKeywordSearch: boolean;
  /** The database picks hybrid candidates by rank fusion in one query (hybridCandidates); absent = false. */
  nativeRankFusion?: boolean;
}

/**
 * Persistence port. Every operation takes the caller's organisation id, and every query is scoped by it:
 * isolation between organisations is structural, not a filter applied to results.
 */
export interface Store extends AccountStore {
  readonly kind: 'sqlite' | 'mongodb';
  /** The memory port (memories, their vectors, versions and sources), on the same database. */
  readonly memories: MemoryStore;
  /** The uploaded originals of documents (a directory for SQLite, GridFS for MongoDB). */
  readonly blobs: BlobStore;
  /** Instance-wide secrets shared by every process (a file in the data directory for SQLite, a document for MongoDB). */
  readonly secrets: SecretStore;
  /** Connector connections, their sync runs and per-item sync state. */
  readonly connections: ConnectionStore;
  /** OAuth clients, codes and grants, consent sign-in links and MCP sessions (accounts.ts). */
  readonly agentAccess: AgentAccessStore;
  readonly capabilities: StoreCapabilities;
  /** Creates or upgrades the schema; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Throws when the store cannot serve requests. */
  ping(): Promise<void>;

  /**
   * Inserts a document; throws CUSTOM_ID_CONFLICT if another document of the organisation carries the same customId
   * under one of its container tags (a customId is unique per container tag, not per organisation).
   */
  insertDocument(doc: DocumentRecord): Promise<void>;
  /** Looks a document up by its id; with containerTags, only a document carrying one of them. */
  getDocument(orgId: string, id: string, containerTags?: readonly string[]): Promise<DocumentRecord | null>;
  /**
   * Documents with this customId, oldest first (at most CUSTOM_ID_MATCH_LIMIT): those carrying any of
   * `containerTags` when given, else across the organisation.
   */
  findDocumentsByCustomId(orgId: string, customId: string, containerTags?: readonly string[]): Promise<DocumentRecord[]>;
  getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<DocumentRecord[]>;
  /**
   * Applies a patch and returns the updated document; a new customId or new container tags that would give two
   * documents the same customId under one tag throw CUSTOM_ID_CONFLICT and change nothing. With expectGeneration, the update only happens while the
   * document is still at that generation (returns null otherwise), so a stale pipeline run cannot overwrite a newer one.
   * A patch whose `file` replaces or clears the document's file removes the previous blob (unless the key is the same).
   */
  updateDocument(
    orgId: string,
    id: string,
    patch: DocumentPatch,
    options?: { expectGeneration?: number },
  ): Promise<DocumentRecord | null>;
  /** Deletes documents with their chunks, vectors and stored files (blobs); returns the ids that existed. */
  deleteDocuments(orgId: string, ids: readonly string[]): Promise<string[]>;
  /**
   * Documents without a customId that have this content hash and exactly these tags, created at or after `since`
   * (newest first): how a re-sent batch finds what its first attempt already added.
   */
  findRecentDuplicates(orgId: string, contentHash: string, containerTags: readonly string[], since: string): Promise<DocumentRecord[]>;
  /** Ids of every document carrying any of the tags (for container deletes), optionally under a filepath. */
  findDocumentIdsByTags(orgId: string, tags: readonly string[], filepath?: string): Promise<string[]>;
  /** Ids of every document of the organisation under a filepath: exact, or a prefix when it ends with "/". */
  findDocumentIdsByFilepath(orgId: string, filepath: string): Promise<string[]>;
  listDocuments(orgId: string, query: DocumentListQuery): Promise<{ documents: DocumentRecord[]; total: number }>;

  /** Documents of any organisation that have pipeline work due at `now`, oldest first. */
  findDueDocuments(now: number, limit: number, excludeIds: ReadonlySet<string>): Promise<DocumentRecord[]>;
  /** Documents whose indexed chunks lack vectors from `model` (the model changed since they were embedded). */
  findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]>;

  /** Replaces the chunks staged for ref.generation (idempotent for a re-run of the chunk step). */
  replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void>;
  /** Chunks of a document, by position: the given generation, or the searchable ones when omitted. */
  getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]>;
  getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]>;
  /** Optional: the stored index terms of chunks (search/tokenize.ts indexTerms), so search need not re-tokenise. */
  getChunkTerms?(orgId: string, chunkIds: readonly string[]): Promise<Map<string, readonly string[]>>;
  /**
   * Optional: the cosine of `vector` with the stored embeddings (from `model`) of these chunks, so hybrid search can
   * give a keyword-only candidate its vector evidence too. Chunks without such an embedding are left out.
   */
  scoreChunkVectors?(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[]): Promise<Map<string, number>>;
  /** Chunks of ref.generation that have no vector from `model` yet. */
  getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]>;
  putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void>;
  /** Makes ref.generation the searchable chunk set of the document and drops older generations. */
  activateGeneration(ref: DocumentRef): Promise<number>;

  vectorSearch(orgId: string, query: VectorQuery): Promise<Candidate[]>;
  keywordSearch(orgId: string, query: KeywordQuery): Promise<Candidate[]>;
  /**
   * Optional, used while capabilities.nativeRankFusion: both retrievers in one query whose fused rank order decides
   * which candidates come back; scores stay the raw ones vectorSearch and keywordSearch return.
   */
  hybridCandidates?(orgId: string, query: HybridQuery): Promise<HybridCandidates>;
  /** Document frequency of terms among the organisation's searchable chunks. */
  termStats(orgId: string, terms: readonly string[]): Promise<TermStats>;

  getSettings(orgId: string): Promise<SettingsRecord>;
  updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord>;
}
