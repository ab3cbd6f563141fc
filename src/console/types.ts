/** The parts of the public API's answers that the console reads (docs/API.md has the full shapes). */

export interface Session {
  org: { id: string; name: string | null; slug: string | null };
  keyType: string;
  accessType: 'full' | 'restricted';
  scope: { type: 'full' | 'scoped'; permission: string; tag?: string; tags?: string[]; expires: string | null };
}

export interface TagView {
  containerTag: string;
  name: string | null;
  documentCount: number;
  memoryCount: number;
  lastActivityAt: string | null;
}

export interface Pagination {
  currentPage: number;
  limit: number;
  totalItems: number;
  totalPages: number;
}

export interface DocumentSummary {
  id: string;
  customId: string | null;
  connectionId: string | null;
  containerTags: string[];
  title: string | null;
  summary: string | null;
  filepath: string | null;
  type: string;
  status: string;
  /** "api", "upload", or a connector's provider (documents stored before sources were recorded may say "api"). */
  source?: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentListResponse {
  memories: DocumentSummary[];
  pagination: Pagination;
}

export interface ProcessingResponse {
  documents: DocumentSummary[];
  totalCount: number;
}

export interface ProcessingStep {
  name: string;
  startTime: string;
  endTime?: string;
  duration?: number;
  status: string;
  metadata?: Record<string, unknown>;
}

export interface ProcessingMetadata {
  startTime?: string;
  steps?: ProcessingStep[];
  endTime?: string;
  duration?: number;
  finalStatus?: string;
  error?: string;
  errorCode?: string;
  [key: string]: unknown;
}

export interface DocumentDetail extends DocumentSummary {
  content: string | null;
  raw: string | null;
  source: string | null;
  url: string | null;
  chunkCount: number | null;
  tokenCount: number | null;
  wordCount: number | null;
  processingMetadata: ProcessingMetadata | null;
}

export interface Chunk {
  id: string;
  position: number;
  content: string;
  tokenCount: number;
}

export interface ChunksResponse {
  chunks: Chunk[];
  total: number;
}

export interface MemoryVersion {
  id: string;
  memory: string;
  version: number;
  createdAt: string;
  parentMemoryId: string | null;
  isLatest: boolean;
  isForgotten: boolean;
}

export interface MemoryEntry {
  id: string;
  memory: string;
  version: number;
  isLatest: boolean;
  isForgotten: boolean;
  isStatic: boolean;
  isInference: boolean;
  parentMemoryId: string | null;
  rootMemoryId: string | null;
  relation: 'updates' | 'extends' | 'derives' | null;
  forgetAfter: string | null;
  forgetReason: string | null;
  documentIds: string[];
  containerTags: string[];
  createdAt: string;
  updatedAt: string;
  memoryRelations?: Record<string, 'updates' | 'extends' | 'derives'> | null;
  history?: MemoryVersion[];
}

export interface MemoryListResponse {
  memoryEntries: MemoryEntry[];
  pagination: Pagination;
}

export interface GraphDocument extends DocumentSummary {
  memoryEntries: MemoryEntry[];
}

export interface GraphResponse {
  documents: GraphDocument[];
  pagination: Pagination;
}

export interface SearchResult {
  id: string;
  resultType?: 'memory' | 'chunk' | string;
  memory?: string;
  chunk?: string;
  similarity: number;
  version?: number;
  documentId?: string;
  title?: string | null;
  containerTags?: string[];
  updatedAt?: string;
}

export interface SearchResponse {
  results: SearchResult[];
  timing: number;
  total: number;
}

export interface ProfileResponse {
  profile: { static: unknown[]; dynamic: unknown[] };
}

export interface ConnectionView {
  id: string;
  createdAt: string;
  provider: string;
  containerTags: string[];
  documentLimit: number;
  metadata: Record<string, unknown>;
  status: string;
  lastSyncAt: string | null;
  nextSyncAt: string | null;
  error: string | null;
  setupUrl?: string | null;
}

export interface SyncRun {
  id: string;
  status: string;
  triggerType: string;
  startedAt: string;
  completedAt: string | null;
  itemsProcessed: number;
  itemsFailed: number;
  error: string | null;
}

export interface KeyView {
  id: string;
  name: string | null;
  prefix: string;
  type: string;
  permission: string;
  containerTags: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  enabled: boolean;
  revokedAt: string | null;
  expiresSoon: boolean;
}

export interface Settings {
  chunkSize: number | null;
  shouldLLMFilter: boolean | null;
  filterPrompt: string | null;
  workspacePrompt: string | null;
  categories: string[] | null;
  [key: string]: unknown;
}

/** What the server puts in index.html's meta tag: the Temporal UI link of a document's workflow, when configured. */
export interface ConsoleConfig {
  workflowUrl: string | null;
}
