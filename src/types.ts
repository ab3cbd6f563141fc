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

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  name: string;
  keyHash: string;
  prefix: string;
  containerTags: string[] | null;
  createdAt: string;
  revokedAt: string | null;
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
