import type { ApiKeyRecord, ChunkRecord, ContainerTagRecord, DocumentHead, DocumentRecord } from '../../core/types.js';

/** Column name of each document field (camelCase record ↔ snake_case table). */
export const DOCUMENT_COLUMNS: Record<Exclude<keyof DocumentRecord, never>, string> = {
  id: 'id',
  orgId: 'org_id',
  customId: 'custom_id',
  containerTags: 'container_tags',
  raw: 'raw',
  content: 'content',
  contentHash: 'content_hash',
  title: 'title',
  summary: 'summary',
  url: 'url',
  filepath: 'filepath',
  type: 'type',
  metadata: 'metadata',
  status: 'status',
  taskType: 'task_type',
  forgetAfter: 'forget_after',
  entityContext: 'entity_context',
  source: 'source',
  connectionId: 'connection_id',
  processingMetadata: 'processing_metadata',
  generation: 'generation',
  attempts: 'attempts',
  nextRunAt: 'next_run_at',
  tokenCount: 'token_count',
  wordCount: 'word_count',
  chunkCount: 'chunk_count',
  file: 'file',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const JSON_FIELDS = new Set<keyof DocumentRecord>(['containerTags', 'metadata', 'processingMetadata', 'file']);

/** Encodes one document field for SQLite. */
export function encodeDocumentField(field: keyof DocumentRecord, value: unknown): unknown {
  if (JSON_FIELDS.has(field)) return value === null || value === undefined ? null : JSON.stringify(value);
  return value === undefined ? null : value;
}

export function documentToRow(doc: DocumentRecord): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(DOCUMENT_COLUMNS)) {
    row[column] = encodeDocumentField(field as keyof DocumentRecord, doc[field as keyof DocumentRecord]);
  }
  return row;
}

export function rowToDocument(row: Record<string, unknown>): DocumentRecord {
  const doc: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(DOCUMENT_COLUMNS)) {
    const v = row[column];
    doc[field] = JSON_FIELDS.has(field as keyof DocumentRecord) ? (v === null || v === undefined ? null : JSON.parse(v as string)) : v;
  }
  return doc as unknown as DocumentRecord;
}

/**
 * The columns of a DocumentHead, in the order of the covering index `documents_head` (migration 17): a search reads
 * its hits' documents from that index alone, never the rows, whose text (raw, content) runs over overflow pages
 * before the columns a result needs.
 */
export const DOCUMENT_HEAD_COLUMNS = ['id', 'org_id', 'custom_id', 'container_tags', 'title', 'summary', 'url', 'filepath', 'type', 'metadata', 'generation', 'created_at', 'updated_at'] as const;

export function rowToDocumentHead(row: Record<string, unknown>): DocumentHead {
  return {
    id: row.id as string,
    orgId: row.org_id as string,
    customId: row.custom_id as string | null,
    containerTags: JSON.parse(row.container_tags as string) as string[],
    title: row.title as string | null,
    summary: row.summary as string | null,
    url: row.url as string | null,
    filepath: row.filepath as string | null,
    type: row.type as DocumentHead['type'],
    metadata: JSON.parse(row.metadata as string) as DocumentHead['metadata'],
    generation: row.generation as number,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
  };
}

export function rowToChunk(row: Record<string, unknown>): ChunkRecord {
  return {
    id: row.id as string,
    orgId: row.org_id as string,
    documentId: row.document_id as string,
    generation: row.generation as number,
    position: row.position as number,
    content: row.content as string,
    embeddedContent: row.embedded_content as string,
    tokenCount: row.token_count as number,
    type: row.type as ChunkRecord['type'],
    metadata: JSON.parse(row.metadata as string) as Record<string, unknown>,
    createdAt: row.created_at as string,
  };
}

export function rowToApiKey(row: Record<string, unknown>): ApiKeyRecord {
  return {
    id: row.id as string,
    orgId: row.org_id as string,
    name: row.name as string,
    keyHash: row.key_hash as string,
    prefix: row.prefix as string,
    kind: row.kind as ApiKeyRecord['kind'],
    permission: row.permission as ApiKeyRecord['permission'],
    containerTags: row.container_tags ? (JSON.parse(row.container_tags as string) as string[]) : null,
    expiresAt: (row.expires_at as string | null) ?? null,
    enabled: row.enabled === 1,
    rateLimitMax: (row.rate_limit_max as number | null) ?? null,
    rateLimitWindowMs: (row.rate_limit_window_ms as number | null) ?? null,
    expiryNotices: JSON.parse(row.expiry_notices as string) as string[],
    createdAt: row.created_at as string,
    revokedAt: (row.revoked_at as string | null) ?? null,
  };
}

/** An API key as SQLite column values. */
export function apiKeyToRow(key: ApiKeyRecord): Record<string, unknown> {
  return {
    id: key.id,
    org_id: key.orgId,
    name: key.name,
    key_hash: key.keyHash,
    prefix: key.prefix,
    kind: key.kind,
    permission: key.permission,
    container_tags: key.containerTags ? JSON.stringify(key.containerTags) : null,
    expires_at: key.expiresAt,
    enabled: key.enabled ? 1 : 0,
    rate_limit_max: key.rateLimitMax,
    rate_limit_window_ms: key.rateLimitWindowMs,
    expiry_notices: JSON.stringify(key.expiryNotices),
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  };
}

export function rowToContainerTag(row: Record<string, unknown>): ContainerTagRecord {
  return {
    orgId: row.org_id as string,
    tag: row.tag as string,
    name: (row.name as string | null) ?? null,
    entityContext: (row.entity_context as string | null) ?? null,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
  };
}

/** Float32Array → BLOB. */
export function vectorToBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/** BLOB → Float32Array (copied: SQLite buffers need not be 4-byte aligned). */
export function blobToVector(b: Buffer): Float32Array {
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}
