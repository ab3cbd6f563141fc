import type { ChunkRecord, DocumentRecord } from '../core/types.js';

/** GET /v3/documents/{id} shape. */
export function documentResponse(d: DocumentRecord) {
  return {
    id: d.id,
    customId: d.customId,
    connectionId: d.connectionId,
    containerTags: d.containerTags,
    containerTag: d.containerTags[0] ?? null,
    title: d.title,
    summary: d.summary,
    content: d.content ?? (d.status === 'failed' || d.status === 'done' ? null : d.raw),
    raw: d.raw,
    url: d.url,
    filepath: d.filepath,
    type: d.type,
    status: d.status,
    taskType: d.taskType,
    metadata: d.metadata,
    source: d.source,
    ogImage: null,
    spatialPoint: null,
    forgetAfter: d.forgetAfter,
    entityContext: d.entityContext,
    tokenCount: d.tokenCount,
    wordCount: d.wordCount,
    chunkCount: d.chunkCount,
    processingMetadata: d.processingMetadata,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** Item of POST /v3/documents/list (`content` only when asked for). */
export function listItem(d: DocumentRecord, includeContent: boolean) {
  return {
    id: d.id,
    customId: d.customId,
    connectionId: d.connectionId,
    containerTags: d.containerTags,
    title: d.title,
    summary: d.summary,
    url: d.url,
    filepath: d.filepath,
    type: d.type,
    status: d.status,
    metadata: d.metadata,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(includeContent ? { content: d.content } : {}),
  };
}

/** Item of GET /v3/documents/processing. */
export function processingItem(d: DocumentRecord) {
  return {
    id: d.id,
    customId: d.customId,
    containerTags: d.containerTags,
    title: d.title,
    type: d.type,
    status: d.status,
    metadata: d.metadata,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export function chunkResponse(c: ChunkRecord) {
  return {
    id: c.id,
    documentId: c.documentId,
    position: c.position,
    index: c.position,
    content: c.content,
    type: c.type,
    tokenCount: c.tokenCount,
    metadata: c.metadata,
    createdAt: c.createdAt,
  };
}
