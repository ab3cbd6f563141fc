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
  /**
   * createdAt / updatedAt; `support`: most sources first, then most recently updated; `recency`: by memoryRecency
   * (the profile's two orders).
   */
  sort?: 'createdAt' | 'updatedAt' | 'support' | 'recency';
  order?: 'asc' | 'desc';
  /** Only memories whose memoryRecency is this day (YYYY-MM-DD) or later. */
  recentSince?: string;
  limit: number;
  offset: number;
  /** false: `total` is not counted (returned as -1), for callers that only page. */
  count?: boolean;
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
  /**
   * Rows the chosen terms may match at most (selectMemoryTerms); default KEYWORD_ROW_BUDGET. A relation lookup of the
   * memory step, which offers the judge a few candidates, asks for fewer so that its cost does not grow with the tag.
   */
  rowBudget?: number;
}

/** Two facts about the same thing: one subject (compared case-insensitively) and one stored attribute. */
export interface SubjectAttribute {
  subject: string;
  attribute: string;
}

/**
 * When a memory happened, as a day (YYYY-MM-DD), for "recent context": its event date when that is not after the
 * day it was last updated (a plan's future date is not recency), else the day it was last updated.
 */
export function memoryRecency(m: Pick<MemoryRecord, 'eventDate' | 'updatedAt'>): string {
  const updated = m.updatedAt.slice(0, 10);
  return m.eventDate && m.eventDate.slice(0, 10) <= updated ? m.eventDate.slice(0, 10) : updated;
}

/**
 * Keyword terms worth matching: rarest first (by their document frequency among the organisation's memories), while
 * the rows they match stay within a budget that depends on the request, not on the organisation's size. A query
 * whose terms are all common matches none of them (its candidates come from the vector side). Both stores apply
 * it, so a keyword search costs the same in a tag of 100 memories and one of 100,000.
 */
export function selectMemoryTerms(terms: readonly string[], docFrequencies: ReadonlyMap<string, number>, limit: number, rowBudget: number = KEYWORD_ROW_BUDGET): string[] {
  const budget = Math.max(rowBudget, limit * 20);
  const distinct = [...new Set(terms)].filter((t) => (docFrequencies.get(t) ?? 0) > 0);
  const byRarity = distinct.sort((a, b) => docFrequencies.get(a)! - docFrequencies.get(b)! || (a < b ? -1 : 1));
  const chosen: string[] = [];
  let rows = 0;
  for (const t of byRarity) {
    const df = docFrequencies.get(t)!;
    if (rows + df > budget) break;
    chosen.push(t);
    rows += df;
  }
  return chosen;
}

/** A memory's subject, attribute and dates (findMemoryDatesBySubjects). */
export type MemoryDates = Pick<MemoryRecord, 'id' | 'subject' | 'attribute' | 'createdAt' | 'eventDate'>;

/** Rows a memory keyword search may match at least (see selectMemoryTerms). */
export const KEYWORD_ROW_BUDGET = 2000;

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
  /**
   * Latest, unforgotten, unexpired memories of the tags about any of these subject + attribute pairs, in one read, with
   * only what decides which one is current: the 100 newest (updatedAt) of each pair, grouped by pair in the order first
   * asked (a pair repeated, its subject in any case, counts once), newest first within a pair. Profiles check a page's
   * facts against newer ones with it (whole rows cost 4x the read at 10,000 memories).
   */
  findMemoryDatesBySubjects(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[]): Promise<MemoryDates[]>;
  /**
   * A stamp of what the tag's memory reads return: it changes with every write that touches a memory of the tag (by
   * any process: it is read from the store) and when the tag's next forgetAfter passes. One indexed read; caches of
   * per-tag reads (the profile) key on it.
   */
  memoryTagStamp(orgId: string, tag: string): Promise<string>;
  /** Every version of a chain, oldest first. */
  memoryHistory(orgId: string, rootMemoryId: string): Promise<MemoryRecord[]>;
  /** Every version of each chain (by root id), oldest first, in one read: the version context of a page of results. */
  memoryHistories(orgId: string, rootMemoryIds: readonly string[]): Promise<Map<string, MemoryRecord[]>>;
  /** Memories that name this document among their sources. */
  memoriesOfDocument(orgId: string, documentId: string): Promise<MemoryRecord[]>;
  /** The memories of each document (by id, oldest first; a document without memories maps to []), in one read. */
  memoriesOfDocuments(orgId: string, documentIds: readonly string[]): Promise<Map<string, MemoryRecord[]>>;
  memoryVectorSearch(orgId: string, query: MemoryVectorQuery): Promise<MemoryCandidate[]>;
  memoryKeywordSearch(orgId: string, query: MemoryKeywordQuery): Promise<MemoryCandidate[]>;
  /** Marks memories of any organisation whose forgetAfter has passed as forgotten; returns how many. */
  forgetExpiredMemories(now: string): Promise<number>;
  /**
   * Latest, unforgotten memories of any organisation filed under `attribute` whose forgetAfter has passed by `now`:
   * what the expiry job is about to forget, read first when forgetting one means more (a planned job start's day came).
   */
  expiringMemories(now: string, attribute: string): Promise<MemoryRecord[]>;
  /** Number of latest, unforgotten memories per tag (for container-tag lists). */
  memoryCounts(orgId: string, tags?: readonly string[]): Promise<Map<string, number>>;
  /** Removes memories for good (a container tag deleted with its content). */
  deleteMemories(orgId: string, ids: readonly string[]): Promise<number>;
}
