import type { ChunkRecord, DocumentHead, DocumentRecord, MemoryRecord } from '../core/types.js';
import type { MemoryContext } from '../services/memories.js';
import type { RecallResult } from '../services/recall.js';
import type { ChunkHit } from '../services/search.js';

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

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** A result of /v4/search or of a profile's question, in the reference's shapes. */
export function recallResult(r: RecallResult, opts: { includeDocuments: boolean; includeSummaries: boolean; includeRelated: boolean; withContext: boolean }) {
  if (r.kind === 'chunk') return chunkResult(r.hit, opts.includeDocuments, opts.includeSummaries);
  const context: Partial<MemoryContext> | undefined = opts.withContext ? { parents: r.context.parents, children: r.context.children, ...(opts.includeRelated ? { related: r.context.related } : {}) } : undefined;
  const result = memoryResult(r.memory, r.similarity, context, opts.includeDocuments ? r.documents.map((d) => documentRef(d, opts.includeSummaries)) : undefined);
  // A chunk folded into the memory (same text, or the memory's source passage in hybrid) leaves its document's id and
  // its text, as the chunk result would have carried them.
  return r.documentId ? { ...result, documentId: r.documentId, ...(r.chunk !== undefined ? { chunk: r.chunk } : {}) } : result;
}

/** A chunk as a /v4/search result (`resultType: "chunk"`, its document's fields beside it). */
export function chunkResult(hit: ChunkHit, includeDocuments: boolean, includeSummaries: boolean) {
  const d = hit.document;
  return {
    id: hit.chunk.id,
    chunk: hit.chunk.content,
    similarity: round(hit.similarity),
    metadata: d.metadata,
    updatedAt: d.updatedAt,
    version: d.generation,
    resultType: 'chunk' as const,
    documentId: d.id,
    customId: d.customId,
    title: d.title,
    type: d.type,
    filepath: d.filepath,
    containerTags: d.containerTags,
    position: hit.chunk.position,
    ...(includeDocuments ? { documents: [documentRef(d, includeSummaries)] } : {}),
  };
}

/** A source document of a search result. */
export function documentRef(d: DocumentHead, includeSummary: boolean) {
  return {
    id: d.id,
    title: d.title,
    type: d.type,
    metadata: d.metadata,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(includeSummary ? { summary: d.summary } : {}),
  };
}

/** A memory as a /v4/search result (the reference's memory result shape, with `resultType: "memory"`). */
export function memoryResult(m: MemoryRecord, similarity: number, context: Partial<MemoryContext> | undefined, documents: unknown[] | undefined) {
  return {
    id: m.id,
    memory: m.memory,
    similarity: round(similarity),
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
