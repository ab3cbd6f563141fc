/**
 * The Atlas Search / Atlas Vector Search path cannot run in CI (no Atlas, and FerretDB has neither stage), so its
 * index definitions and stages are pinned here as exact objects.
 */
import { describe, expect, it } from 'vitest';
import { dotFromVectorScore, keywordIndexDefinition, keywordSearchPipeline, rankFusionPipeline, rankFusionStage, vectorIndexDefinition, vectorSearchPipeline } from '../../../src/storage/mongo/atlas-pipelines.js';

const vector = Float32Array.from([0.5, -0.25, 0.125]);

describe('Atlas index definitions', () => {
  it('vectorSearch index: one per dimension count, dotProduct, with the scope filter fields', () => {
    expect(vectorIndexDefinition(3)).toEqual({
      name: 'mnemo_vector_d3',
      type: 'vectorSearch',
      definition: {
        fields: [
          { type: 'vector', path: 'embedding.d3', numDimensions: 3, similarity: 'dotProduct' },
          { type: 'filter', path: 'orgId' },
          { type: 'filter', path: 'active' },
          { type: 'filter', path: 'embeddingModel' },
          { type: 'filter', path: 'containerTags' },
          { type: 'filter', path: 'documentId' },
        ],
      },
    });
  });

  it('search index: normalised terms split on whitespace, tags and ids as tokens', () => {
    expect(keywordIndexDefinition()).toEqual({
      name: 'mnemo_keyword',
      type: 'search',
      definition: {
        analyzer: 'lucene.whitespace',
        searchAnalyzer: 'lucene.whitespace',
        mappings: {
          dynamic: false,
          fields: {
            termText: { type: 'string', analyzer: 'lucene.whitespace', searchAnalyzer: 'lucene.whitespace' },
            orgId: { type: 'token' },
            documentId: { type: 'token' },
            containerTags: { type: 'token' },
            active: { type: 'boolean' },
          },
        },
      },
    });
  });
});

describe('Atlas query stages', () => {
  it('$vectorSearch is pre-filtered to the organisation, searchable chunks, model and scope', () => {
    expect(vectorSearchPipeline({ orgId: 'org-1', vector, model: 'm', limit: 10, containerTags: ['a', 'b', 'a'], documentIds: ['d1', 'd2'] })).toEqual([
      {
        $vectorSearch: {
          index: 'mnemo_vector_d3',
          path: 'embedding.d3',
          queryVector: [0.5, -0.25, 0.125],
          numCandidates: 200,
          limit: 10,
          filter: {
            $and: [{ orgId: { $eq: 'org-1' } }, { active: { $eq: true } }, { embeddingModel: { $eq: 'm' } }, { containerTags: { $in: ['a', 'b'] } }, { documentId: { $in: ['d1', 'd2'] } }],
          },
        },
      },
      { $project: { _id: 1, documentId: 1, score: { $meta: 'vectorSearchScore' } } },
    ]);
  });

  it('$vectorSearch without a scope filters on organisation, flag and model only; numCandidates is bounded', () => {
    const [stage] = vectorSearchPipeline({ orgId: 'o', vector, model: 'm', limit: 1000 });
    expect(stage).toEqual({
      $vectorSearch: {
        index: 'mnemo_vector_d3',
        path: 'embedding.d3',
        queryVector: [0.5, -0.25, 0.125],
        numCandidates: 10_000,
        limit: 1000,
        filter: { $and: [{ orgId: { $eq: 'o' } }, { active: { $eq: true } }, { embeddingModel: { $eq: 'm' } }] },
      },
    });
    expect(vectorSearchPipeline({ orgId: 'o', vector, model: 'm', limit: 2 })[0]!.$vectorSearch.numCandidates).toBe(100);
  });

  it('Atlas dotProduct scores map back to the dot product the store port returns', () => {
    expect(dotFromVectorScore(1)).toBe(1);
    expect(dotFromVectorScore(0.5)).toBe(0);
    expect(dotFromVectorScore(0)).toBe(-1);
    expect(dotFromVectorScore(0.9)).toBeCloseTo(0.8, 12);
  });

  it('$search is a compound: any term should match, organisation, flag and scope are filters', () => {
    expect(keywordSearchPipeline({ orgId: 'org-1', terms: ['golden', 'retriev'], limit: 50, containerTags: ['t'], documentIds: ['d1'] })).toEqual([
      {
        $search: {
          index: 'mnemo_keyword',
          compound: {
            filter: [{ equals: { path: 'orgId', value: 'org-1' } }, { equals: { path: 'active', value: true } }, { in: { path: 'containerTags', value: ['t'] } }, { in: { path: 'documentId', value: ['d1'] } }],
            should: [{ text: { path: 'termText', query: ['golden', 'retriev'] } }],
            minimumShouldMatch: 1,
          },
        },
      },
      { $limit: 50 },
      { $project: { _id: 1, documentId: 1, termText: 1, tagCount: 1, score: { $meta: 'searchScore' } } },
    ]);
  });

  it('$rankFusion combines both pipelines with the hybrid weights', () => {
    const stage = rankFusionStage({ orgId: 'o', vector, model: 'm', limit: 5 }, { orgId: 'o', terms: ['x'], limit: 7 }, { vector: 1, keyword: 0.85 });
    expect(stage).toEqual({
      $rankFusion: {
        input: {
          pipelines: {
            vector: [vectorSearchPipeline({ orgId: 'o', vector, model: 'm', limit: 5 })[0]],
            keyword: [keywordSearchPipeline({ orgId: 'o', terms: ['x'], limit: 7 })[0], { $limit: 7 }],
          },
        },
        combination: { weights: { vector: 1, keyword: 0.85 } },
        scoreDetails: true,
      },
    });
  });

  it('the fused query: both retrievers scoped alike, the first `limit` fused, score details projected after the stage', () => {
    const scope = { orgId: 'org-1', containerTags: ['t'], documentIds: ['d1', 'd2'] };
    expect(rankFusionPipeline({ ...scope, vector, model: 'm', limit: 30 }, { ...scope, terms: ['golden', 'retriev'], limit: 30 }, { vector: 1, keyword: 0.85 }, 30)).toEqual([
      {
        $rankFusion: {
          input: {
            pipelines: {
              vector: [
                {
                  $vectorSearch: {
                    index: 'mnemo_vector_d3',
                    path: 'embedding.d3',
                    queryVector: [0.5, -0.25, 0.125],
                    numCandidates: 600,
                    limit: 30,
                    filter: {
                      $and: [{ orgId: { $eq: 'org-1' } }, { active: { $eq: true } }, { embeddingModel: { $eq: 'm' } }, { containerTags: { $in: ['t'] } }, { documentId: { $in: ['d1', 'd2'] } }],
                    },
                  },
                },
              ],
              keyword: [
                {
                  $search: {
                    index: 'mnemo_keyword',
                    compound: {
                      filter: [
                        { equals: { path: 'orgId', value: 'org-1' } },
                        { equals: { path: 'active', value: true } },
                        { in: { path: 'containerTags', value: ['t'] } },
                        { in: { path: 'documentId', value: ['d1', 'd2'] } },
                      ],
                      should: [{ text: { path: 'termText', query: ['golden', 'retriev'] } }],
                      minimumShouldMatch: 1,
                    },
                  },
                },
                { $limit: 30 },
              ],
            },
          },
          combination: { weights: { vector: 1, keyword: 0.85 } },
          scoreDetails: true,
        },
      },
      { $limit: 30 },
      { $project: { _id: 1, documentId: 1, termText: 1, tagCount: 1, scoreDetails: { $meta: 'scoreDetails' } } },
    ]);
  });
});
