import type { MemoryRecord } from '../core/types.js';

export type MemoryPatch = Partial<Omit<MemoryRecord, 'id' | 'orgId' | 'createdAt'>>;

export interface MemoryScope {
  /** Memories carrying any of these tags; undefined = the whole organisation. */
  containerTags?: readonly string[];
  /** Include forgotten (or expired) memories. */
  includeForgotten?: boolean;
  /** Include versions that a newer version replaced. */
  includeSuperseded?: boolean;
}

export interface MemoryListQuery extends MemoryScope {
  isStatic?: boolean;
  /** Only memories sourced from this document. */
  documentId?: string;
  sort?: 'createdAt' | 'updatedAt';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface MemoryVectorQuery extends MemoryScope {
  vector: Float32Array;
  model: string;
  limit: number;
}

export interface MemoryKeywordQuery extends MemoryScope {
  /** Normalised index terms (text/tokenize.ts); any of them may match. */
  terms: readonly string[];
  limit: number;
}

/** A scored memory candidate from one retriever (raw cosine, or BM25-ranked keyword match). */
export interface MemoryCandidate {
  memoryId: string;
  score: number;
}

/**
 * Memory port: memories with their vectors, version chains and sources. Every call is scoped by organisation and
 * (when given) container tags inside the store query. Implemented by the SQLite and MongoDB adapters.
 */
export interface MemoryStore {
  /** Inserts a memory; with a vector, it becomes searchable by meaning. */
  insertMemory(memory: MemoryRecord, embedding?: { model: string; vector: Float32Array }): Promise<void>;
  /** A memory by id, within the scope's tags when given (forgotten and superseded ones included). */
  getMemory(orgId: string, id: string, containerTags?: readonly string[]): Promise<MemoryRecord | null>;
  getMemoriesByIds(orgId: string, ids: readonly string[]): Promise<MemoryRecord[]>;
  /** Applies a patch (and a new vector when given); returns the result, or null when the memory does not exist. */
  updateMemory(orgId: string, id: string, patch: MemoryPatch, embedding?: { model: string; vector: Float32Array }): Promise<MemoryRecord | null>;
  listMemories(orgId: string, query: MemoryListQuery): Promise<{ memories: MemoryRecord[]; total: number }>;
  /** Latest, unforgotten memories whose text is exactly `content`, within the tags. */
  findMemoriesByContent(orgId: string, containerTags: readonly string[], content: string): Promise<MemoryRecord[]>;
  /**
   * Latest, unforgotten memories of the tags about this subject (case-insensitive) and attribute: what a new fact
   * about the same thing may update, however differently it is worded.
   */
  findMemoriesBySubject(orgId: string, containerTags: readonly string[], subject: string, attribute: string): Promise<MemoryRecord[]>;
  /** Every version of a chain, oldest first. */
  memoryHistory(orgId: string, rootMemoryId: string): Promise<MemoryRecord[]>;
  /** Memories that name this document among their sources. */
  memoriesOfDocument(orgId: string, documentId: string): Promise<MemoryRecord[]>;
  memoryVectorSearch(orgId: string, query: MemoryVectorQuery): Promise<MemoryCandidate[]>;
  memoryKeywordSearch(orgId: string, query: MemoryKeywordQuery): Promise<MemoryCandidate[]>;
  /** Marks memories of any organisation whose forgetAfter has passed as forgotten; returns how many. */
  forgetExpiredMemories(now: string): Promise<number>;
  /** Number of latest, unforgotten memories per tag (for container-tag lists). */
  memoryCounts(orgId: string, tags?: readonly string[]): Promise<Map<string, number>>;
  /** Removes memories for good (a container tag deleted with its content). */
  deleteMemories(orgId: string, ids: readonly string[]): Promise<number>;
}
