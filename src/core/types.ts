/** Domain types shared by the API, pipeline, runners and stores (workflows import these as types only). */

export const DOCUMENT_STATUSES = [
  'unknown',
  'queued',
  'extracting',
  'chunking',
  'embedding',
  'indexing',
  'done',
  'failed',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Statuses in which a document still has pipeline work to do. */
export const PENDING_STATUSES: readonly DocumentStatus[] = ['queued', 'extracting', 'chunking', 'embedding', 'indexing'];

export const DOCUMENT_TYPES = [
  'text',
  'pdf',
  'tweet',
  'google_doc',
  'google_slide',
  'google_sheet',
  'image',
  'video',
  'audio',
  'notion_doc',
  'webpage',
  'onedrive',
  'github_markdown',
] as const;
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
  steps: StepRecord[];
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
  createdAt: string;
  updatedAt: string;
}

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
