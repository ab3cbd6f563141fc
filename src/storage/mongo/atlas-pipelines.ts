/**
 * Atlas Search and Atlas Vector Search: index definitions and aggregation stages, as pure functions so their exact
 * shape is unit-tested (no Atlas runs in CI). Stage references:
 * https://www.mongodb.com/docs/atlas/atlas-vector-search/vector-search-stage/
 * https://www.mongodb.com/docs/atlas/atlas-search/compound/
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/rankFusion/
 */
import type { Document } from 'mongodb';

export const KEYWORD_INDEX = 'mnemo_keyword';

/** Vector indexes are per dimension count: each indexes its own path, `embedding.d<dims>`. */
export function vectorIndexName(dims: number): string {
  return `mnemo_vector_d${dims}`;
}

export function vectorPath(dims: number): string {
  return `embedding.d${dims}`;
}

/** Fields every search is pre-filtered on: organisation first, always. */
const FILTER_FIELDS = ['orgId', 'active', 'embeddingModel', 'containerTags', 'documentId'] as const;

/**
 * A `vectorSearch` index named `name`: dotProduct over the (unit-length) vectors at `embedding.d<dims>`, the score
 * the in-app path computes, plus the fields searches are pre-filtered on. Chunks and memories each have one.
 */
export function vectorIndex(name: string, dims: number, filterFields: readonly string[]): { name: string; type: 'vectorSearch'; definition: Document } {
  return {
    name,
    type: 'vectorSearch',
    definition: {
      fields: [{ type: 'vector', path: vectorPath(dims), numDimensions: dims, similarity: 'dotProduct' }, ...filterFields.map((path) => ({ type: 'filter', path }))],
    },
  };
}

/**
 * An Atlas Search index named `name` over `termText`, the normalised index terms (text/tokenize.ts) split on spaces
 * only, so a keyword query matches exactly what it matches on every other store; `filters` are the other fields it
 * filters on (ids and tags as tokens).
 */
export function termTextIndex(name: string, filters: Readonly<Record<string, Document>>): { name: string; type: 'search'; definition: Document } {
  return {
    name,
    type: 'search',
    definition: {
      analyzer: 'lucene.whitespace',
      searchAnalyzer: 'lucene.whitespace',
      mappings: {
        dynamic: false,
        fields: { termText: { type: 'string', analyzer: 'lucene.whitespace', searchAnalyzer: 'lucene.whitespace' }, ...filters },
      },
    },
  };
}

/** Candidates `$vectorSearch` visits for `limit` results: 20 × limit, at least 100, at most 10,000. */
export function numCandidatesFor(limit: number): number {
  return Math.min(10_000, Math.max(limit * 20, 100));
}

/** A compound `$search` clause: any of the terms in `termText`, every filter applying. */
export function anyTermCompound(terms: readonly string[], filter: Document[]): Document {
  return { filter, should: [{ text: { path: 'termText', query: [...terms] } }], minimumShouldMatch: 1 };
}

/** The chunks' vector index: the scope's fields as filters. */
export function vectorIndexDefinition(dims: number): { name: string; type: 'vectorSearch'; definition: Document } {
  return vectorIndex(vectorIndexName(dims), dims, FILTER_FIELDS);
}

/** The chunks' keyword index: organisation, document and tags as tokens, and whether the chunk is searchable. */
export function keywordIndexDefinition(): { name: string; type: 'search'; definition: Document } {
  return termTextIndex(KEYWORD_INDEX, { orgId: { type: 'token' }, documentId: { type: 'token' }, containerTags: { type: 'token' }, active: { type: 'boolean' } });
}

export interface AtlasScope {
  orgId: string;
  containerTags?: readonly string[];
  /** Already resolved from documentId / filepath / metadata filters. */
  documentIds?: readonly string[];
}

export interface VectorStageInput extends AtlasScope {
  vector: Float32Array;
  model: string;
  limit: number;
  numCandidates?: number;
}

/** `$vectorSearch` (approximate, numCandidates = 20 × limit by default) pre-filtered to the scope. */
export function vectorSearchStage(q: VectorStageInput): Document {
  const filter: Document[] = [{ orgId: { $eq: q.orgId } }, { active: { $eq: true } }, { embeddingModel: { $eq: q.model } }];
  if (q.containerTags) filter.push({ containerTags: { $in: [...new Set(q.containerTags)] } });
  if (q.documentIds) filter.push({ documentId: { $in: [...q.documentIds] } });
  return {
    $vectorSearch: {
      index: vectorIndexName(q.vector.length),
      path: vectorPath(q.vector.length),
      queryVector: Array.from(q.vector),
      numCandidates: q.numCandidates ?? numCandidatesFor(q.limit),
      limit: q.limit,
      filter: { $and: filter },
    },
  };
}

export function vectorSearchPipeline(q: VectorStageInput): Document[] {
  return [vectorSearchStage(q), { $project: { _id: 1, documentId: 1, score: { $meta: 'vectorSearchScore' } } }];
}

/** Atlas reports dotProduct similarity as (1 + dot) / 2; the store port returns the dot product itself. */
export function dotFromVectorScore(score: number): number {
  return score * 2 - 1;
}

export interface KeywordStageInput extends AtlasScope {
  terms: readonly string[];
  limit: number;
}

/** `$search`: any of the terms, compound-filtered to the organisation's searchable chunks in scope. */
export function keywordSearchStage(q: KeywordStageInput): Document {
  const filter: Document[] = [{ equals: { path: 'orgId', value: q.orgId } }, { equals: { path: 'active', value: true } }];
  if (q.containerTags) filter.push({ in: { path: 'containerTags', value: [...new Set(q.containerTags)] } });
  if (q.documentIds) filter.push({ in: { path: 'documentId', value: [...q.documentIds] } });
  return {
    $search: {
      index: KEYWORD_INDEX,
      compound: anyTermCompound(q.terms, filter),
    },
  };
}

export function keywordSearchPipeline(q: KeywordStageInput): Document[] {
  return [keywordSearchStage(q), { $limit: q.limit }, { $project: { _id: 1, documentId: 1, termText: 1, tagCount: 1, score: { $meta: 'searchScore' } } }];
}

/** Names of the `$rankFusion` input pipelines; the score details report each retriever under its name. */
export const FUSION_PIPELINES = { vector: 'vector', keyword: 'keyword' } as const;

/**
 * `$rankFusion` (MongoDB 8.0+) of both retrievers in one query, each scoped exactly as its separate query and
 * weighted like the in-app fusion; `scoreDetails` carries each retriever's raw score (see rank-fusion.ts).
 */
export function rankFusionStage(vector: VectorStageInput, keyword: KeywordStageInput, weights: { vector: number; keyword: number }): Document {
  return {
    $rankFusion: {
      input: {
        pipelines: {
          [FUSION_PIPELINES.vector]: [vectorSearchStage(vector)],
          [FUSION_PIPELINES.keyword]: [keywordSearchStage(keyword), { $limit: keyword.limit }],
        },
      },
      combination: { weights: { [FUSION_PIPELINES.vector]: weights.vector, [FUSION_PIPELINES.keyword]: weights.keyword } },
      scoreDetails: true,
    },
  };
}

/**
 * The fused candidates: the first `limit` by reciprocal rank, with what BM25 re-scoring needs and the score details
 * (projected after the stage: input pipelines must not modify documents).
 */
export function rankFusionPipeline(vector: VectorStageInput, keyword: KeywordStageInput, weights: { vector: number; keyword: number }, limit: number): Document[] {
  return [rankFusionStage(vector, keyword, weights), { $limit: limit }, { $project: { _id: 1, documentId: 1, termText: 1, tagCount: 1, scoreDetails: { $meta: 'scoreDetails' } } }];
}
