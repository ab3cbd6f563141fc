import type { ChunkRecord, DocumentRecord, MemoryRecord } from '../core/types.js';

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
    source: d.source,
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

type MemoryContextItem = { memory: string; relation: string; updatedAt: string; metadata?: unknown; version?: number };

/** A memory as a /v4/search result (the reference's memory result shape, with `resultType: "memory"`). */
export function memoryResult(
  m: MemoryRecord,
  similarity: number,
  context: { parents: MemoryContextItem[]; children: MemoryContextItem[]; related?: MemoryContextItem[] } | undefined,
  documents: unknown[] | undefined,
) {
  return {
    id: m.id,
    memory: m.memory,
    similarity: Math.round(similarity * 10_000) / 10_000,
    metadata: m.metadata,
    updatedAt: m.updatedAt,
    version: m.version,
    resultType: 'memory' as const,
    isStatic: m.isStatic,
    isInference: m.isInference,
    isForgotten: m.isForgotten,
    rootMemoryId: m.rootMemoryId,
    containerTags: m.containerTags,
    ...(context ? { context } : {}),
    ...(documents ? { documents } : {}),
  };
}

/** A memory entry of /v4/memories/list and /v3/documents/documents. */
export function memoryEntry(m: MemoryRecord, history?: readonly MemoryRecord[]) {
  return {
    id: m.id,
    memory: m.memory,
    version: m.version,
    isLatest: m.isLatest,
    isForgotten: m.isForgotten,
    isStatic: m.isStatic,
    isInference: m.isInference,
    parentMemoryId: m.parentMemoryId,
    rootMemoryId: m.rootMemoryId,
    relation: m.relation,
    forgetAfter: m.forgetAfter,
    forgetReason: m.forgetReason,
    sourceCount: m.sourceCount,
    documentIds: m.documentIds,
    containerTags: m.containerTags,
    metadata: m.metadata,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ...(history
      ? {
          history: history.map((h) => ({
            id: h.id,
            memory: h.memory,
            version: h.version,
            createdAt: h.createdAt,
            updatedAt: h.updatedAt,
            parentMemoryId: h.parentMemoryId,
            rootMemoryId: h.rootMemoryId,
            isLatest: h.isLatest,
            isForgotten: h.isForgotten,
          })),
        }
      : {}),
  };
}

/**
 * A document of POST /v3/documents/documents (the memory graph's data source): the GET /v3/documents/{id} fields,
 * contentHash, and its memory entries with their source link. `memoryRelations` ({relatedId: relation}) lets the
 * graph draw extends/derives edges as such instead of falling back to parentMemoryId as `updates`.
 */
export function documentWithMemories(d: DocumentRecord, memories: readonly MemoryRecord[]) {
  return {
    ...documentResponse(d),
    contentHash: d.contentHash,
    memoryEntries: memories.map((m) => ({
      ...memoryEntry(m),
      memoryRelations: m.parentMemoryId && m.relation ? { [m.parentMemoryId]: m.relation } : {},
      // No time is stored per source: a memory learned from this document dates from itself, one the document
      // confirmed later from when the document arrived.
      sourceAddedAt: m.createdAt > d.createdAt ? m.createdAt : d.createdAt,
      sourceRelevanceScore: 1,
      sourceMetadata: d.metadata,
      spaceContainerTag: m.containerTags[0] ?? null,
    })),
  };
}
