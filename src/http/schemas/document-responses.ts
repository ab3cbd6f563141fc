import { z } from 'zod';
import { AddedDocument, DocumentStatusOut, DocumentTypeOut, MetadataOut, Pagination, Timestamp } from './responses-common.js';
import { MemoryEntry } from './memory-responses.js';

const Step = z.looseObject({ name: z.string(), startTime: Timestamp, endTime: Timestamp.optional(), duration: z.number().optional(), status: z.string() });

/** The pipeline's record of a document's processing (open: steps add their own keys). */
export const ProcessingMetadataOut = z
  .looseObject({
    startTime: Timestamp,
    endTime: Timestamp.optional(),
    duration: z.number().optional(),
    finalStatus: z.enum(['done', 'failed']).optional(),
    error: z.string().optional(),
    errorCode: z.string().optional(),
    steps: z.array(Step).optional(),
  })
  .describe('Pipeline timings per step, final status and, for a failed document, error and errorCode');

/** GET /v3/documents/{id}. */
export const DocumentOut = z.strictObject({
  id: z.string(),
  customId: z.string().nullable(),
  connectionId: z.string().nullable().describe('The connection that synced it, null when added through the API'),
  containerTags: z.array(z.string()),
  containerTag: z.string().nullable().describe('The first of containerTags'),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  content: z.string().nullable().describe('Extracted text (the raw input while still queued)'),
  raw: z.string().describe('The content exactly as sent'),
  url: z.string().nullable(),
  filepath: z.string().nullable(),
  type: DocumentTypeOut,
  status: DocumentStatusOut,
  taskType: z.enum(['memory', 'superrag']),
  metadata: MetadataOut,
  source: z.string().nullable(),
  ogImage: z.null(),
  spatialPoint: z.null(),
  forgetAfter: Timestamp.nullable(),
  entityContext: z.string().nullable(),
  tokenCount: z.number().nullable(),
  wordCount: z.number().nullable(),
  chunkCount: z.number().nullable(),
  processingMetadata: ProcessingMetadataOut.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** An item of the document lists (`content` only with includeContent). */
export const DocumentListItem = z.strictObject({
  id: z.string(),
  customId: z.string().nullable(),
  connectionId: z.string().nullable(),
  containerTags: z.array(z.string()),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  url: z.string().nullable(),
  filepath: z.string().nullable(),
  type: DocumentTypeOut,
  status: DocumentStatusOut,
  source: z.string().nullable(),
  metadata: MetadataOut,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  content: z.string().nullable().optional(),
});

export const DocumentListResponse = z.strictObject({ memories: z.array(DocumentListItem).describe('The documents (named memories on the wire)'), pagination: Pagination });

export const ProcessingResponse = z.strictObject({
  documents: z.array(
    z.strictObject({
      id: z.string(),
      customId: z.string().nullable(),
      containerTags: z.array(z.string()),
      title: z.string().nullable(),
      type: DocumentTypeOut,
      status: DocumentStatusOut,
      metadata: MetadataOut,
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  ),
  totalCount: z.number().int(),
});

const ValidationDetail = z.strictObject({ path: z.string(), message: z.string() });

export const BatchResponse = z.strictObject({
  success: z.number().int().describe('Items added or updated'),
  failed: z.number().int(),
  results: z.array(z.union([AddedDocument, z.strictObject({ id: z.literal(''), status: z.literal('error'), error: z.string(), details: z.unknown().optional() })])),
});

export const BulkDeleteResponse = z.union([
  z.strictObject({ success: z.boolean(), deletedCount: z.number().int(), errors: z.array(z.strictObject({ id: z.string(), error: z.string() })).optional() }),
  z.strictObject({ success: z.boolean(), deletedCount: z.number().int(), untaggedCount: z.number().int(), filepath: z.string() }),
  z.strictObject({ success: z.boolean(), deletedCount: z.number().int(), untaggedCount: z.number().int().describe('Documents that carried other tags too and only lost these'), containerTags: z.array(z.string()) }),
]);

export const ChunksResponse = z.strictObject({
  documentId: z.string(),
  chunks: z.array(
    z.strictObject({
      id: z.string(),
      documentId: z.string(),
      position: z.number().int(),
      index: z.number().int().describe('The same as position'),
      content: z.string(),
      type: z.enum(['text', 'image']),
      tokenCount: z.number().int(),
      metadata: z.record(z.string(), z.unknown()),
      createdAt: Timestamp,
    }),
  ),
  total: z.number().int(),
});

/** A document with its memory entries (every version): the memory graph's data. */
export const DocumentWithMemoriesOut = DocumentOut.extend({
  contentHash: z.string(),
  memoryEntries: z.array(
    MemoryEntry.extend({
      memoryRelations: z.record(z.string(), z.enum(['updates', 'extends', 'derives'])).describe('{relatedMemoryId: relation}'),
      sourceAddedAt: Timestamp,
      sourceRelevanceScore: z.number(),
      sourceMetadata: MetadataOut,
      spaceContainerTag: z.string().nullable(),
    }),
  ),
});

export const DocumentsWithMemoriesResponse = z.strictObject({ documents: z.array(DocumentWithMemoriesOut), pagination: Pagination });

/** ValidationDetail is what a 400's details hold. */
export { ValidationDetail };

/** POST /v3/search: results grouped by document, their chunks in order. */
export const SearchV3Response = z.strictObject({
  results: z.array(
    z.strictObject({
      documentId: z.string(),
      title: z.string().nullable(),
      type: DocumentTypeOut,
      score: z.number(),
      metadata: MetadataOut,
      createdAt: Timestamp,
      updatedAt: Timestamp,
      chunks: z.array(z.strictObject({ content: z.string(), isRelevant: z.boolean(), score: z.number(), position: z.number().int() })),
      summary: z.string().nullable().optional(),
      content: z.string().nullable().optional(),
    }),
  ),
  timing: z.number(),
  total: z.number().int(),
});
