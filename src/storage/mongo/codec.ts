import { createHash } from 'node:crypto';
import { Binary } from 'mongodb';
import type { ApiKeyRecord, ChunkRecord, DocumentHead, DocumentRecord, Metadata, MetadataValue, StoredFile } from '../../core/types.js';
import type { DocumentPatch } from '../documents.js';
import type { ApiKeyBson, ChunkBson, DocumentBson, MetaIndexEntry } from './schema.js';

/** Round-trips a value through JSON, exactly as the SQLite store stores it (undefined dropped, -0 → 0). */
export function jsonNormalize<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * Escapes an object key for use as a BSON field name: '%', '.', '$' and NUL are percent-encoded, and the
 * empty key becomes a lone '%' (which escaping never produces otherwise).
 */
export function escapeKey(key: string): string {
  if (key === '') return '%';
  return key.replace(/[%.$\u0000]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export function unescapeKey(field: string): string {
  return field === '%' ? '' : field.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Opaque client or pipeline JSON (settings, processing metadata, chunk metadata) → BSON with safe keys. */
export function toOpaque(value: unknown): unknown {
  return mapKeys(jsonNormalize(value), escapeKey);
}

export function fromOpaque(value: unknown): unknown {
  return mapKeys(value, unescapeKey);
}

function mapKeys(value: unknown, f: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, f));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), mapKeys(v, f)]));
}

/** Field name under metaIndex for a metadata key: a hash, so no client key ever becomes a path or an operator. */
export function metaField(key: string): string {
  return `m${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/**
 * What a filter can match for one metadata value, with the semantics of core/filters.ts `matchesFilter`:
 * text as JavaScript's String() writes it, lower-cased text for ignoreCase, and a number only for numbers and
 * numeric strings (never for booleans or arrays). Arrays contribute their string elements.
 */
export function metaIndexEntry(value: MetadataValue | null): MetaIndexEntry | null {
  if (value === null || typeof value === 'object') {
    if (!Array.isArray(value)) return null;
    const s = value.filter((v): v is string => typeof v === 'string');
    return { s, l: s.map((v) => v.toLowerCase()) };
  }
  const text = String(value);
  const entry: MetaIndexEntry = { s: [text], l: [text.toLowerCase()] };
  if (typeof value === 'number') entry.n = value;
  else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) entry.n = Number(value);
  return entry;
}

export function metadataFields(metadata: Metadata): Pick<DocumentBson, 'metadata' | 'metaIndex'> {
  const pairs = Object.entries(jsonNormalize(metadata) ?? {}).map(([k, v]) => ({ k, v }));
  const metaIndex: Record<string, MetaIndexEntry> = {};
  for (const { k, v } of pairs) {
    const entry = metaIndexEntry(v);
    if (entry) metaIndex[metaField(k)] = entry;
  }
  return { metadata: pairs, metaIndex };
}

/** Document fields a patch may set (id, orgId and createdAt are fixed at insert); the type keeps the list complete. */
const PATCHABLE: Record<Exclude<keyof DocumentRecord, 'id' | 'orgId' | 'createdAt'>, true> = {
  customId: true,
  containerTags: true,
  raw: true,
  content: true,
  contentHash: true,
  title: true,
  summary: true,
  url: true,
  filepath: true,
  type: true,
  metadata: true,
  status: true,
  taskType: true,
  forgetAfter: true,
  entityContext: true,
  source: true,
  connectionId: true,
  processingMetadata: true,
  generation: true,
  attempts: true,
  nextRunAt: true,
  tokenCount: true,
  wordCount: true,
  chunkCount: true,
  file: true,
  updatedAt: true,
};

/** BSON `$set` for document fields; undefined values and unknown or fixed fields are skipped. */
export function documentFields(fields: DocumentPatch): Partial<DocumentBson> {
  const $set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields) as [keyof DocumentRecord, unknown][]) {
    if (value === undefined || !Object.prototype.hasOwnProperty.call(PATCHABLE, field)) continue;
    if (field === 'metadata') Object.assign($set, metadataFields(value as Metadata));
    else if (field === 'processingMetadata') $set.processingMetadata = value === null ? null : toOpaque(value);
    else if (field === 'containerTags') $set.containerTags = [...(value as string[])];
    else if (field === 'file') $set.file = value === null ? null : { ...(value as StoredFile) };
    else $set[field] = value;
  }
  return $set as Partial<DocumentBson>;
}

export function documentToBson(doc: DocumentRecord): DocumentBson {
  const $set = documentFields(doc);
  return { ...($set as DocumentBson), _id: doc.id, orgId: doc.orgId, createdAt: doc.createdAt };
}

export function bsonToDocument(b: DocumentBson): DocumentRecord {
  return {
    id: b._id,
    orgId: b.orgId,
    customId: b.customId,
    containerTags: b.containerTags,
    raw: b.raw,
    content: b.content,
    contentHash: b.contentHash,
    title: b.title,
    summary: b.summary,
    url: b.url,
    filepath: b.filepath,
    type: b.type,
    metadata: Object.fromEntries(b.metadata.map((p) => [p.k, p.v])),
    status: b.status,
    taskType: b.taskType,
    forgetAfter: b.forgetAfter,
    entityContext: b.entityContext,
    source: b.source,
    connectionId: b.connectionId,
    processingMetadata: b.processingMetadata === null ? null : (fromOpaque(b.processingMetadata) as DocumentRecord['processingMetadata']),
    generation: b.generation,
    attempts: b.attempts,
    nextRunAt: b.nextRunAt,
    tokenCount: b.tokenCount,
    wordCount: b.wordCount,
    chunkCount: b.chunkCount,
    file: b.file ? { key: b.file.key, filename: b.file.filename, mimeType: b.file.mimeType, size: b.file.size, sha256: b.file.sha256 } : null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** The fields of a DocumentHead, as a MongoDB projection (the document's text is not sent). */
export const DOCUMENT_HEAD_PROJECTION = {
  _id: 1,
  orgId: 1,
  customId: 1,
  containerTags: 1,
  title: 1,
  summary: 1,
  url: 1,
  filepath: 1,
  type: 1,
  metadata: 1,
  generation: 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

export function bsonToDocumentHead(b: Pick<DocumentBson, keyof typeof DOCUMENT_HEAD_PROJECTION>): DocumentHead {
  return {
    id: b._id,
    orgId: b.orgId,
    customId: b.customId,
    containerTags: b.containerTags,
    title: b.title,
    summary: b.summary,
    url: b.url,
    filepath: b.filepath,
    type: b.type,
    metadata: Object.fromEntries(b.metadata.map((p) => [p.k, p.v])),
    generation: b.generation,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** Fields a chunk keeps from its record; search fields are added by the chunk writer. */
export function bsonToChunk(b: ChunkBson): ChunkRecord {
  return {
    id: b._id,
    orgId: b.orgId,
    documentId: b.documentId,
    generation: b.generation,
    position: b.position,
    content: b.content,
    embeddedContent: b.embeddedContent,
    tokenCount: b.tokenCount,
    type: b.type,
    metadata: fromOpaque(b.metadata) as Record<string, unknown>,
    createdAt: b.createdAt,
  };
}

export function apiKeyToBson(k: ApiKeyRecord): ApiKeyBson {
  return {
    _id: k.id,
    orgId: k.orgId,
    name: k.name,
    keyHash: k.keyHash,
    prefix: k.prefix,
    kind: k.kind,
    permission: k.permission,
    containerTags: k.containerTags ? [...k.containerTags] : null,
    expiresAt: k.expiresAt,
    enabled: k.enabled,
    rateLimitMax: k.rateLimitMax,
    rateLimitWindowMs: k.rateLimitWindowMs,
    expiryNotices: [...k.expiryNotices],
    createdAt: k.createdAt,
    revokedAt: k.revokedAt,
  };
}

export function bsonToApiKey(b: ApiKeyBson): ApiKeyRecord {
  return {
    id: b._id,
    orgId: b.orgId,
    name: b.name,
    keyHash: b.keyHash,
    prefix: b.prefix,
    kind: b.kind ?? (b.containerTags ? 'scoped' : 'root'),
    permission: b.permission ?? 'write',
    containerTags: b.containerTags,
    expiresAt: b.expiresAt ?? null,
    enabled: b.enabled ?? true,
    rateLimitMax: b.rateLimitMax ?? null,
    rateLimitWindowMs: b.rateLimitWindowMs ?? null,
    expiryNotices: b.expiryNotices ?? [],
    createdAt: b.createdAt,
    revokedAt: b.revokedAt ?? null,
  };
}

/** Stored vector: BSON binary vector (float32), the form Atlas Vector Search indexes. */
export function vectorField(vector: Float32Array): Record<string, Binary> {
  return { [`d${vector.length}`]: Binary.fromFloat32Array(vector) };
}

export function readVector(embedding: Record<string, Binary> | null | undefined): Float32Array | null {
  const bin = embedding ? Object.values(embedding)[0] : undefined;
  return bin ? bin.toFloat32Array() : null;
}
