import type { FilterNode } from '../core/filters.js';
import type { DocumentHead, DocumentRecord, DocumentStatus } from '../core/types.js';

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

export type DocumentPatch = Partial<Omit<DocumentRecord, 'id' | 'orgId' | 'createdAt'>>;

/**
 * Documents port: the documents of an organisation, their tags, customIds, pipeline state and stored files.
 * Every operation but the runner's due-work poll is scoped by organisation inside the store query.
 */
export interface DocumentStore {
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
  /** The heads of these documents (DocumentHead: no text), in any order; ids that do not exist are left out. */
  getDocumentHeads(orgId: string, ids: readonly string[]): Promise<DocumentHead[]>;
  /**
   * Applies a patch and returns the updated document; a new customId or new container tags that would give two
   * documents the same customId under one tag throw CUSTOM_ID_CONFLICT and change nothing. With expectGeneration, the
   * update only happens while the document is still at that generation (returns null otherwise), so a stale pipeline
   * run cannot overwrite a newer one. New container tags re-tag the document's searchable chunks too. A patch whose
   * `file` replaces or clears the document's file removes the previous blob (unless the key is the same).
   */
  updateDocument(orgId: string, id: string, patch: DocumentPatch, options?: { expectGeneration?: number }): Promise<DocumentRecord | null>;
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
  /**
   * Ids of the documents added just before and after each of `ids` with the same container tags, up to `window`
   * on each side (`offset` -window..-1, 1..window): a chat's turns stored one document each, read in their
   * conversation (search/turn-context.ts). Insertion order: SQLite's rowid; MongoDB's createdAt, then id (documents
   * added in the same millisecond may come in id order there).
   */
  neighbourDocuments(orgId: string, ids: readonly string[], window: number): Promise<Map<string, { id: string; offset: number }[]>>;
}
