/** Domain types shared by the API, pipeline, runners and stores (workflows import these as types only). */

export const DOCUMENT_STATUSES = ['unknown', 'queued', 'extracting', 'chunking', 'embedding', 'indexing', 'done', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Statuses in which a document still has pipeline work to do. */
export const PENDING_STATUSES: readonly DocumentStatus[] = ['queued', 'extracting', 'chunking', 'embedding', 'indexing'];

export const DOCUMENT_TYPES = ['text', 'pdf', 'tweet', 'google_doc', 'google_slide', 'google_sheet', 'image', 'video', 'audio', 'notion_doc', 'webpage', 'onedrive', 'github_markdown'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type TaskType = 'memory' | 'superrag';

export type MetadataValue = string | number | boolean | string[];
export type Metadata = Record<string, MetadataValue>;

export interface StepRecord {
  name: string;
  startTime: string;
  endTime?: string;
  duration?: number;
  status: 'pending' | 'completed' | 'failed';
  error?: string;
  metadata?: Record<string, unknown>;
}

/** The first `chars` characters of a text, identified by their SHA-256 (hex). */
export interface ContentPrefix {
  chars: number;
  sha256: string;
}

export interface ProcessingMetadata {
  startTime: string;
  endTime?: string;
  duration?: number;
  finalStatus?: 'done' | 'failed';
  error?: string;
  errorCode?: string;
  failedStep?: string;
  attempts?: number;
  chunkingStrategy?: string;
  tokenCount?: number;
  chunkCount?: number;
  embeddingModel?: string;
  /** Progress of a file extraction in flight or finished: {unit, done, total?, phase?} (pages, seconds of audio...). */
  extraction?: { unit: string; done: number; total?: number; phase?: string };
  /**
   * The start of the content whose memories an earlier run already stored (a conversation's earlier turns, carried
   * by POST /v4/conversations on an append): the memory step extracts only what follows when the content still
   * starts with it (pipeline/memory-prefix.ts).
   */
  memoryPrefix?: ContentPrefix;
  steps: StepRecord[];
}

/** The original file of a document created from an upload, kept in the blob store (storage/blobs.ts). */
export interface StoredFile {
  /** Blob key. */
  key: string;
  /** The name the client gave the file, if any. */
  filename: string | null;
  /** Detected MIME type. */
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface DocumentRecord {
  id: string;
  orgId: string;
  customId: string | null;
  containerTags: string[];
  /** Content exactly as the client sent it (text, HTML or URL). */
  raw: string;
  /** Extracted plain text or markdown, set by the extract step. */
  content: string | null;
  contentHash: string;
  title: string | null;
  summary: string | null;
  url: string | null;
  filepath: string | null;
  type: DocumentType;
  metadata: Metadata;
  status: DocumentStatus;
  taskType: TaskType;
  forgetAfter: string | null;
  entityContext: string | null;
  source: string | null;
  connectionId: string | null;
  processingMetadata: ProcessingMetadata | null;
  /** Bumped whenever the content changes; a step whose generation is stale stops without writing. */
  generation: number;
  attempts: number;
  /** Epoch ms before which the embedded runner leaves this document alone (retry backoff). */
  nextRunAt: number;
  tokenCount: number | null;
  wordCount: number | null;
  chunkCount: number | null;
  /** The uploaded original, when the document was created from a file; null otherwise. */
  file: StoredFile | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The fields of a document a search result carries: everything but its text, its file and its pipeline state, so a
 * search reads them without the document's text (storage/sqlite: a covering index, no overflow pages).
 */
export type DocumentHead = Pick<DocumentRecord, 'id' | 'orgId' | 'customId' | 'containerTags' | 'title' | 'summary' | 'url' | 'filepath' | 'type' | 'metadata' | 'generation' | 'createdAt' | 'updatedAt'>;

export interface ChunkRecord {
  id: string;
  orgId: string;
  documentId: string;
  generation: number;
  position: number;
  content: string;
  /** Text given to the embedder: content plus title and heading context. */
  embeddedContent: string;
  tokenCount: number;
  type: 'text' | 'image';
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface ChunkEmbedding {
  chunkId: string;
  vector: Float32Array;
}

/** A scored candidate from one retriever (vector or keyword). */
export interface Candidate {
  chunkId: string;
  documentId: string;
  score: number;
}

/** root: the whole organisation, every endpoint. scoped: only its container tags and the content endpoints. */
export type KeyKind = 'root' | 'scoped';
export type Permission = 'read' | 'write';

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  name: string;
  /** SHA-256 of the key: the key itself is shown once, at creation, and never stored. */
  keyHash: string;
  /** The first few characters, so a person can recognise the key in a list. */
  prefix: string;
  kind: KeyKind;
  permission: Permission;
  /** Container tags the key is limited to; null = the whole organisation (root keys). */
  containerTags: string[] | null;
  expiresAt: string | null;
  /** A disabled key is refused until enabled again (PUT /v3/auth/keys/{id}/toggle). */
  enabled: boolean;
  /** Requests per window; null = no per-key limit. */
  rateLimitMax: number | null;
  rateLimitWindowMs: number | null;
  /** Expiry notices already sent, by lead time (e.g. "7d", "1d"). */
  expiryNotices: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** Per-space settings of a container tag (its documents are found through the documents' tags). */
export interface ContainerTagRecord {
  orgId: string;
  tag: string;
  name: string | null;
  entityContext: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
}

export type SettingsRecord = Record<string, unknown>;

/** Identifies one pipeline run of one document. */
export interface DocumentRef {
  orgId: string;
  documentId: string;
  generation: number;
}

/** How a memory relates to the one it points at: a new version of it, more detail on it, or an inference from it. */
export type MemoryRelation = 'updates' | 'extends' | 'derives';

/** An atomic fact about a container tag's user or project, with its version history and sources. */
export interface MemoryRecord {
  id: string;
  orgId: string;
  /** The spaces the memory belongs to (its source documents' tags, or the tag it was written under). */
  containerTags: string[];
  memory: string;
  /** A lasting trait (identity, profession, preference, relationship) rather than recent context. */
  isStatic: boolean;
  /** False once a newer version updates it. */
  isLatest: boolean;
  isForgotten: boolean;
  /** Derived by inference rather than stated; ranked lower. */
  isInference: boolean;
  version: number;
  /** The previous version (for `updates`), or the memory this one extends or derives from. */
  parentMemoryId: string | null;
  /** First version of this memory's chain (itself for version 1). */
  rootMemoryId: string | null;
  relation: MemoryRelation | null;
  subject: string | null;
  attribute: string | null;
  /** Date of the event the fact is about (YYYY-MM-DD), when known. */
  eventDate: string | null;
  forgetAfter: string | null;
  forgetReason: string | null;
  forgottenAt: string | null;
  /** Documents that state this fact (a duplicate adds its document); empty for memories written directly. */
  documentIds: string[];
  sourceCount: number;
  metadata: Metadata;
  createdAt: string;
  updatedAt: string;
}
