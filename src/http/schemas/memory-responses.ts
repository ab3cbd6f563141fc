import { z } from 'zod';
import { DocumentTypeOut, MetadataOut, Pagination, Timestamp } from './responses-common.js';

const Relation = z.enum(['updates', 'extends', 'derives']);

const memory = z.string().describe('The fact, one sentence');
const version = z.number().int().describe('1 for a new fact; +1 for each update of it');
const isStatic = z.boolean().describe('A lasting trait (identity, profession, preference) rather than recent context');
const isInference = z.boolean().describe('Inferred rather than stated; ranked lower');
const isForgotten = z.boolean().describe('Forgotten (expired, or forgotten on request); kept for history');
const isLatest = z.boolean().describe('False once a newer version updates it');
const parentMemoryId = z.string().nullable().describe('The previous version (updates) or the memory this one extends or derives from');
const rootMemoryId = z.string().nullable().describe('The first version of this fact');

/** One past version of a memory (`history`). */
const MemoryVersion = z.strictObject({ id: z.string(), memory, version, createdAt: Timestamp, updatedAt: Timestamp, parentMemoryId, rootMemoryId, isLatest, isForgotten });

/** A memory of /v4/memories/list and /v3/documents/documents. */
export const MemoryEntry = z.strictObject({
  id: z.string(),
  memory,
  version,
  isLatest,
  isForgotten,
  isStatic,
  isInference,
  parentMemoryId,
  rootMemoryId,
  relation: Relation.nullable().describe('How it relates to parentMemoryId'),
  forgetAfter: Timestamp.nullable().describe('Forgotten automatically after this date'),
  forgetReason: z.string().nullable(),
  sourceCount: z.number().int().describe('Documents stating it'),
  documentIds: z.array(z.string()).describe('The documents stating it; empty for memories written directly'),
  containerTags: z.array(z.string()),
  metadata: MetadataOut,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  history: z.array(MemoryVersion).optional().describe('Every version, oldest first (history: true)'),
});

export const MemoryListResponse = z.strictObject({ memoryEntries: z.array(MemoryEntry), pagination: Pagination });

export const WriteMemoriesResponse = z.strictObject({
  documentId: z.null(),
  memories: z.array(z.strictObject({ id: z.string(), memory, isStatic, createdAt: Timestamp })),
});

export const UpdateMemoryResponse = z.strictObject({
  id: z.string().describe('The new version'),
  memory,
  version,
  parentMemoryId,
  rootMemoryId,
  createdAt: Timestamp,
  forgetAfter: Timestamp.nullable(),
  forgetReason: z.string().nullable(),
});

export const ForgetMemoryResponse = z.strictObject({ id: z.string(), forgotten: z.literal(true) });

const ForgetItem = z.strictObject({ id: z.string(), memory, score: z.number() });
export const ForgetMatchingResponse = z.union([
  z.strictObject({ dryRun: z.literal(true), count: z.number().int(), forgetBatchId: z.null(), summary: z.string(), candidates: z.array(ForgetItem) }),
  z.strictObject({ dryRun: z.literal(false), count: z.number().int(), forgetBatchId: z.string(), summary: z.string(), forgotten: z.array(ForgetItem) }),
]);

const ContextItem = z.strictObject({ memory, relation: Relation, updatedAt: Timestamp, metadata: MetadataOut, version: version.optional() });
const MemoryContextOut = z
  .strictObject({ parents: z.array(ContextItem), children: z.array(ContextItem), related: z.array(ContextItem).optional() })
  .describe('Versions and relations around the memory: parents (what it updates or extends), children, related (include.relatedMemories)');

const DocumentRef = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  type: DocumentTypeOut,
  metadata: MetadataOut,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  summary: z.string().nullable().optional(),
});

const similarity = z.number().describe('0-1, higher is closer');

/** A memory as a /v4/search (or profile) result. */
export const MemoryResult = z.strictObject({
  id: z.string(),
  memory,
  similarity,
  metadata: MetadataOut,
  updatedAt: Timestamp,
  version,
  resultType: z.literal('memory'),
  isStatic,
  isInference,
  isForgotten,
  rootMemoryId,
  containerTags: z.array(z.string()),
  context: MemoryContextOut.optional(),
  documents: z.array(DocumentRef).optional().describe('Source documents (include.documents)'),
  documentId: z.string().optional().describe('When the memory stands in for a chunk of this document'),
  chunk: z.string().optional().describe("That chunk's text"),
});

/** A chunk as a /v4/search result. */
export const ChunkResult = z.strictObject({
  id: z.string(),
  chunk: z.string(),
  similarity,
  metadata: MetadataOut,
  updatedAt: Timestamp,
  version: z.number().int().describe("The document's generation"),
  resultType: z.literal('chunk'),
  documentId: z.string(),
  customId: z.string().nullable(),
  title: z.string().nullable(),
  type: DocumentTypeOut,
  filepath: z.string().nullable(),
  containerTags: z.array(z.string()),
  position: z.number().int(),
  documents: z.array(DocumentRef).optional(),
});

export const SearchV4Response = z.strictObject({
  results: z.array(z.union([MemoryResult, ChunkResult])),
  timing: z.number().describe('Milliseconds'),
  total: z.number().int(),
});

export const Profile = z.strictObject({
  static: z.array(z.string()).describe('Lasting facts'),
  dynamic: z.array(z.string()).describe('Recent context'),
});

export const ProfileResponse = z.strictObject({
  profile: Profile,
  searchResults: SearchV4Response.optional().describe('With q: the memories matching it'),
});
