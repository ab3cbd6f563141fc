import type { Binary, Collection, Db, IndexDescription } from 'mongodb';
import type { DocumentStatus, DocumentType, MemoryRelation, MetadataValue, StoredFile, TaskType } from '../../core/types.js';

/** Searchable form of one metadata key: its values as text, lower-cased text, and number (see codec.ts). */
export interface MetaIndexEntry {
  s: string[];
  l: string[];
  n?: number;
}

export interface DocumentBson {
  _id: string;
  orgId: string;
  customId: string | null;
  containerTags: string[];
  raw: string;
  content: string | null;
  contentHash: string;
  title: string | null;
  summary: string | null;
  url: string | null;
  filepath: string | null;
  type: DocumentType;
  /** Metadata as ordered {k, v} pairs: client keys are data, never field names. */
  metadata: { k: string; v: MetadataValue }[];
  /** Per key (hashed into a field name), the values filters compare against. */
  metaIndex: Record<string, MetaIndexEntry>;
  status: DocumentStatus;
  taskType: TaskType;
  forgetAfter: string | null;
  entityContext: string | null;
  source: string | null;
  connectionId: string | null;
  processingMetadata: unknown;
  generation: number;
  attempts: number;
  nextRunAt: number;
  tokenCount: number | null;
  wordCount: number | null;
  chunkCount: number | null;
  /** Absent on documents written before uploads existed. */
  file?: StoredFile | null;
  createdAt: string;
  updatedAt: string;
}

export interface ChunkBson {
  _id: string;
  orgId: string;
  documentId: string;
  generation: number;
  position: number;
  content: string;
  embeddedContent: string;
  tokenCount: number;
  type: 'text' | 'image';
  metadata: unknown;
  createdAt: string;
  /** The searchable generation of its document. */
  active: boolean;
  /** The document's tags, copied on activation and retag (search filters on them). */
  containerTags: string[];
  tagCount: number;
  /** Distinct index terms of embeddedContent (multikey index: keyword candidates and document frequencies). */
  terms: string[];
  /** Index terms in order with repeats (term frequencies, lengths; Atlas Search indexes it). */
  termText: string;
  termCount: number;
  /** The vector under `d<dimensions>`, so each dimension count has its own Atlas vector index path. */
  embedding: Record<string, Binary> | null;
  embeddingModel: string | null;
}

/** A memory (MemoryRecord fields, metadata as {k, v} pairs) with the fields its retrievers read (memory-codec.ts). */
export interface MemoryBson {
  _id: string;
  orgId: string;
  containerTags: string[];
  memory: string;
  isStatic: boolean;
  isLatest: boolean;
  isForgotten: boolean;
  isInference: boolean;
  version: number;
  parentMemoryId: string | null;
  rootMemoryId: string | null;
  relation: MemoryRelation | null;
  subject: string | null;
  attribute: string | null;
  eventDate: string | null;
  forgetAfter: string | null;
  forgetReason: string | null;
  forgottenAt: string | null;
  documentIds: string[];
  sourceCount: number;
  metadata: { k: string; v: MetadataValue }[];
  createdAt: string;
  updatedAt: string;
  /** forgetAfter in epoch ms (a far-future sentinel when none): a numeric bound Atlas pre-filters can compare. */
  forgetAtMs: number;
  /** The subject in lower case (subject lookups through an index, whatever the case). */
  subjectKey: string | null;
  /** memoryRecency (storage/memories.ts): the profile's "recent context" order. */
  recency: string;
  /** Distinct index terms of `memory` (multikey index: keyword candidates and document frequencies). */
  terms: string[];
  /** Index terms in order with repeats (term frequencies, lengths; Atlas Search indexes it). */
  termText: string;
  termCount: number;
  /** Scope tokens the SQLite keyword index stores beside the terms (organisation + tags): part of the BM25 length. */
  tagCount: number;
  embedding: Record<string, Binary> | null;
  embeddingModel: string | null;
}

export interface OrganizationBson {
  _id: string;
  name: string;
  slug: string;
  createdAt: string;
}

export interface ApiKeyBson {
  _id: string;
  orgId: string;
  name: string;
  keyHash: string;
  prefix: string;
  /** Absent on keys written before scoped keys existed (read as their defaults, see codec.ts). */
  kind?: 'root' | 'scoped';
  permission?: 'read' | 'write';
  containerTags: string[] | null;
  expiresAt?: string | null;
  enabled?: boolean;
  rateLimitMax?: number | null;
  rateLimitWindowMs?: number | null;
  expiryNotices?: string[];
  createdAt: string;
  revokedAt: string | null;
}

/** _id = JSON [orgId, tag]. */
export interface ContainerTagBson {
  _id: string;
  orgId: string;
  tag: string;
  name: string | null;
  entityContext: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SettingsBson {
  _id: string;
  data: Record<string, unknown>;
  updatedAt: string;
}

/** Per-organisation counter bumped after every change to its searchable chunks (cache invalidation). */
export interface RevisionBson {
  _id: string;
  rev: number;
}

/** Per-tag counter bumped after every write to a memory of the tag (memories.ts memoryTagStamp); _id = JSON [orgId, tag]. */
export interface MemoryTagRevisionBson {
  _id: string;
  rev: number;
}

/** A customId held by a document under one container tag (see custom-ids.ts); _id = JSON [orgId, tag, customId]. */
export interface CustomIdBson {
  _id: string;
  orgId: string;
  documentId: string;
}

export interface MigrationBson {
  _id: number;
  name: string;
  appliedAt: string;
}

export interface Collections {
  documents: Collection<DocumentBson>;
  chunks: Collection<ChunkBson>;
  organizations: Collection<OrganizationBson>;
  apiKeys: Collection<ApiKeyBson>;
  settings: Collection<SettingsBson>;
  revisions: Collection<RevisionBson>;
  migrations: Collection<MigrationBson>;
  customIds: Collection<CustomIdBson>;
  containerTags: Collection<ContainerTagBson>;
  memories: Collection<MemoryBson>;
  memoryTagRevisions: Collection<MemoryTagRevisionBson>;
}

export function collectionsOf(db: Db): Collections {
  return {
    documents: db.collection<DocumentBson>('documents'),
    chunks: db.collection<ChunkBson>('chunks'),
    organizations: db.collection<OrganizationBson>('organizations'),
    apiKeys: db.collection<ApiKeyBson>('api_keys'),
    settings: db.collection<SettingsBson>('settings'),
    revisions: db.collection<RevisionBson>('org_revisions'),
    migrations: db.collection<MigrationBson>('schema_migrations'),
    customIds: db.collection<CustomIdBson>('custom_ids'),
    containerTags: db.collection<ContainerTagBson>('container_tags'),
    memories: db.collection<MemoryBson>('memories'),
    memoryTagRevisions: db.collection<MemoryTagRevisionBson>('memory_tag_revisions'),
  };
}

/** Secondary indexes, created (idempotently, by name) on every start. Every query leads with orgId. */
export const INDEXES: Readonly<Record<'documents' | 'chunks' | 'apiKeys' | 'customIds' | 'containerTags' | 'memories', IndexDescription[]>> = {
  documents: [
    { name: 'documents_org_custom_id', key: { orgId: 1, customId: 1 } },
    { name: 'documents_org_created', key: { orgId: 1, createdAt: 1 } },
    { name: 'documents_org_updated', key: { orgId: 1, updatedAt: 1 } },
    { name: 'documents_org_status', key: { orgId: 1, status: 1 } },
    { name: 'documents_org_tags', key: { orgId: 1, containerTags: 1 } },
    { name: 'documents_org_filepath', key: { orgId: 1, filepath: 1 } },
    { name: 'documents_org_hash', key: { orgId: 1, contentHash: 1, createdAt: 1 } },
    // Due work spans organisations: the runner polls it.
    { name: 'documents_due', key: { status: 1, nextRunAt: 1, createdAt: 1 } },
  ],
  chunks: [
    { name: 'chunks_document', key: { orgId: 1, documentId: 1, generation: 1, position: 1 } },
    { name: 'chunks_org_terms', key: { orgId: 1, active: 1, terms: 1 } },
    { name: 'chunks_org_model', key: { orgId: 1, active: 1, embeddingModel: 1 } },
    { name: 'chunks_stale_model', key: { active: 1, embeddingModel: 1, documentId: 1 } },
  ],
  apiKeys: [
    { name: 'api_keys_hash', key: { keyHash: 1 }, unique: true },
    { name: 'api_keys_org', key: { orgId: 1, createdAt: 1 } },
    { name: 'api_keys_expiry', key: { expiresAt: 1 } },
  ],
  containerTags: [{ name: 'container_tags_org', key: { orgId: 1, tag: 1 } }],
  customIds: [{ name: 'custom_ids_document', key: { orgId: 1, documentId: 1 } }],
  memories: [
    { name: 'memories_org_created', key: { orgId: 1, createdAt: 1 } },
    { name: 'memories_org_updated', key: { orgId: 1, updatedAt: 1 } },
    { name: 'memories_org_root', key: { orgId: 1, rootMemoryId: 1 } },
    { name: 'memories_org_tags', key: { orgId: 1, containerTags: 1 } },
    // A tag's memories in the orders lists and profiles read them, and subjects: a page costs its own size.
    { name: 'memories_tag_created', key: { orgId: 1, containerTags: 1, isLatest: 1, isForgotten: 1, createdAt: 1 } },
    { name: 'memories_tag_updated', key: { orgId: 1, containerTags: 1, isLatest: 1, isForgotten: 1, updatedAt: 1 } },
    { name: 'memories_tag_support', key: { orgId: 1, containerTags: 1, isLatest: 1, isForgotten: 1, isStatic: 1, sourceCount: 1, updatedAt: 1 } },
    { name: 'memories_tag_recency', key: { orgId: 1, containerTags: 1, isLatest: 1, isForgotten: 1, isStatic: 1, recency: 1 } },
    { name: 'memories_org_subject', key: { orgId: 1, subjectKey: 1, attribute: 1 } },
    { name: 'memories_org_documents', key: { orgId: 1, documentIds: 1 } },
    { name: 'memories_org_terms', key: { orgId: 1, terms: 1 } },
    // The forgetting job spans organisations: equality on the flag first, then the range on the due time.
    { name: 'memories_forget_due', key: { isForgotten: 1, forgetAtMs: 1 } },
    // A tag's next expiry (memoryTagStamp).
    { name: 'memories_tag_expiring', key: { orgId: 1, containerTags: 1, forgetAtMs: 1 } },
  ],
};
