/**
 * The memory scope as a query filter (shared by the in-app queries and the `$vectorSearch` pre-filter), and the Atlas
 * Search / Atlas Vector Search index definitions and stages for memories, as pure functions so their exact shape is
 * unit-tested (no Atlas runs in CI). Same conventions as atlas-pipelines.ts for chunks.
 */
import type { Document } from 'mongodb';
import type { MemoryScope } from '../memories.js';
import { anyTermCompound, numCandidatesFor, termTextIndex, vectorIndex, vectorPath } from './atlas-pipelines.js';

export const MEMORY_KEYWORD_INDEX = 'mnemo_memory_keyword';

/** Vector indexes are per dimension count, each on its own path `embedding.d<dims>` (as for chunks). */
export function memoryVectorIndexName(dims: number): string {
  return `mnemo_memory_vector_d${dims}`;
}

/** Fields a memory search is pre-filtered on: organisation first, always. */
const FILTER_FIELDS = ['orgId', 'embeddingModel', 'containerTags', 'isLatest', 'isForgotten', 'forgetAtMs'] as const;

/**
 * The scope inside the query: organisation; any of the tags (none or an empty list = the whole organisation); not
 * forgotten and not past forgetAfter unless includeForgotten; latest unless includeSuperseded. Written with the
 * operators `$vectorSearch` filters accept, so the same object pre-filters Atlas and filters FerretDB.
 */
export function memoryScopeFilter(orgId: string, scope: MemoryScope, nowMs: number): { $and: Document[] } {
  const parts: Document[] = [{ orgId: { $eq: orgId } }];
  if (scope.containerTags && scope.containerTags.length > 0) parts.push({ containerTags: { $in: [...new Set(scope.containerTags)] } });
  if (!scope.includeSuperseded) parts.push({ isLatest: { $eq: true } });
  if (!scope.includeForgotten) parts.push({ isForgotten: { $eq: false } }, { forgetAtMs: { $gt: nowMs } });
  return { $and: parts };
}

/** `vectorSearch` index: dotProduct over the unit-length vectors (the in-app score), plus the scope fields. */
export function memoryVectorIndexDefinition(dims: number): { name: string; type: 'vectorSearch'; definition: Document } {
  return vectorIndex(memoryVectorIndexName(dims), dims, FILTER_FIELDS);
}

/** Atlas Search index over the memories' normalised index terms (split on spaces only, as for chunks). */
export function memoryKeywordIndexDefinition(): { name: string; type: 'search'; definition: Document } {
  return termTextIndex(MEMORY_KEYWORD_INDEX, { orgId: { type: 'token' }, containerTags: { type: 'token' }, isLatest: { type: 'boolean' }, isForgotten: { type: 'boolean' }, forgetAtMs: { type: 'number' } });
}

export interface MemoryAtlasScope extends MemoryScope {
  orgId: string;
  /** The clock the expiry filter compares forgetAtMs with. */
  nowMs: number;
}

export interface MemoryVectorStageInput extends MemoryAtlasScope {
  vector: Float32Array;
  model: string;
  limit: number;
}

/** `$vectorSearch` (approximate, numCandidates = 20 × limit, bounded) pre-filtered to the model and scope. */
export function memoryVectorSearchPipeline(q: MemoryVectorStageInput): Document[] {
  return [
    {
      $vectorSearch: {
        index: memoryVectorIndexName(q.vector.length),
        path: vectorPath(q.vector.length),
        queryVector: Array.from(q.vector),
        numCandidates: numCandidatesFor(q.limit),
        limit: q.limit,
        filter: { $and: [...memoryScopeFilter(q.orgId, q, q.nowMs).$and, { embeddingModel: { $eq: q.model } }] },
      },
    },
    { $project: { _id: 1, score: { $meta: 'vectorSearchScore' } } },
  ];
}

export interface MemoryKeywordStageInput extends MemoryAtlasScope {
  terms: readonly string[];
  limit: number;
}

/** `$search`: any of the terms should match; organisation and scope are compound filters. */
export function memoryKeywordSearchPipeline(q: MemoryKeywordStageInput): Document[] {
  const filter: Document[] = [{ equals: { path: 'orgId', value: q.orgId } }];
  if (q.containerTags && q.containerTags.length > 0) filter.push({ in: { path: 'containerTags', value: [...new Set(q.containerTags)] } });
  if (!q.includeSuperseded) filter.push({ equals: { path: 'isLatest', value: true } });
  if (!q.includeForgotten) filter.push({ equals: { path: 'isForgotten', value: false } }, { range: { path: 'forgetAtMs', gt: q.nowMs } });
  return [
    {
      $search: {
        index: MEMORY_KEYWORD_INDEX,
        compound: anyTermCompound(q.terms, filter),
      },
    },
    { $limit: q.limit },
    { $project: { _id: 1, termText: 1, tagCount: 1, score: { $meta: 'searchScore' } } },
  ];
}
