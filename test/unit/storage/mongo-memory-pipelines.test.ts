/**
 * The memories' Atlas Search / Atlas Vector Search path cannot run in CI (no Atlas; FerretDB has neither stage), so
 * its index definitions, stages and the shared scope filter are pinned here as exact objects.
 */
import { describe, expect, it } from 'vitest';
import { forgetAtMs, memoryFields, NEVER_MS } from '../../../src/storage/mongo/memory-codec.js';
import { memoryKeywordIndexDefinition, memoryKeywordSearchPipeline, memoryScopeFilter, memoryVectorIndexDefinition, memoryVectorSearchPipeline } from '../../../src/storage/mongo/memory-pipelines.js';

const vector = Float32Array.from([0.5, -0.25, 0.125]);
const NOW = Date.parse('2025-03-01T12:00:00.000Z');

describe('memory scope filter', () => {
  it('default scope: organisation, tags (deduplicated), latest, not forgotten, not yet due', () => {
    expect(memoryScopeFilter('org-1', { containerTags: ['a', 'b', 'a'] }, NOW)).toEqual({
      $and: [{ orgId: { $eq: 'org-1' } }, { containerTags: { $in: ['a', 'b'] } }, { isLatest: { $eq: true } }, { isForgotten: { $eq: false } }, { forgetAtMs: { $gt: NOW } }],
    });
  });

  it('no tags or an empty list is the whole organisation; forgotten and superseded ones only when asked', () => {
    expect(memoryScopeFilter('o', { containerTags: [], includeForgotten: true, includeSuperseded: true }, NOW)).toEqual({
      $and: [{ orgId: { $eq: 'o' } }],
    });
    expect(memoryScopeFilter('o', { includeForgotten: true }, NOW)).toEqual({ $and: [{ orgId: { $eq: 'o' } }, { isLatest: { $eq: true } }] });
    expect(memoryScopeFilter('o', { includeSuperseded: true }, NOW)).toEqual({
      $and: [{ orgId: { $eq: 'o' } }, { isForgotten: { $eq: false } }, { forgetAtMs: { $gt: NOW } }],
    });
  });
});

describe('memory search fields', () => {
  it('forgetAfter becomes a numeric due time; none (or an unreadable date) never falls due', () => {
    expect(forgetAtMs('2025-03-01T12:00:00.000Z')).toBe(NOW);
    expect(forgetAtMs('2025-03-01')).toBe(Date.parse('2025-03-01T00:00:00.000Z'));
    expect(forgetAtMs(null)).toBe(NEVER_MS);
    expect(forgetAtMs('soon')).toBe(NEVER_MS);
    expect(new Date(NEVER_MS).toISOString()).toBe('+275760-09-13T00:00:00.000Z');
  });

  it('a patch sets the derived fields of what it changes, and nothing else', () => {
    expect(memoryFields({ memory: 'Dana adopted two greyhounds; greyhounds run.' })).toEqual({
      memory: 'Dana adopted two greyhounds; greyhounds run.',
      terms: ['dana', 'adopt', 'two', 'greyhound', 'run'],
      termText: 'dana adopt two greyhound greyhound run',
      termCount: 6,
    });
    expect(memoryFields({ containerTags: ['a', 'b'], forgetAfter: null, isLatest: false })).toEqual({
      containerTags: ['a', 'b'],
      forgetAfter: null,
      isLatest: false,
      tagCount: 3,
      forgetAtMs: NEVER_MS,
    });
    expect(memoryFields({ metadata: { 'a.b': 1, $x: ['y'] }, updatedAt: undefined })).toEqual({
      metadata: [
        { k: 'a.b', v: 1 },
        { k: '$x', v: ['y'] },
      ],
    });
    expect(memoryFields({ id: 'x', orgId: 'o', createdAt: 'c' } as never)).toEqual({});
  });
});

describe('memory Atlas index definitions', () => {
  it('vectorSearch index: one per dimension count, dotProduct, with the scope filter fields', () => {
    expect(memoryVectorIndexDefinition(3)).toEqual({
      name: 'mnemo_memory_vector_d3',
      type: 'vectorSearch',
      definition: {
        fields: [
          { type: 'vector', path: 'embedding.d3', numDimensions: 3, similarity: 'dotProduct' },
          { type: 'filter', path: 'orgId' },
          { type: 'filter', path: 'embeddingModel' },
          { type: 'filter', path: 'containerTags' },
          { type: 'filter', path: 'isLatest' },
          { type: 'filter', path: 'isForgotten' },
          { type: 'filter', path: 'forgetAtMs' },
        ],
      },
    });
  });

  it('search index: normalised terms split on whitespace; organisation and tags as tokens, flags, due time', () => {
    expect(memoryKeywordIndexDefinition()).toEqual({
      name: 'mnemo_memory_keyword',
      type: 'search',
      definition: {
        analyzer: 'lucene.whitespace',
        searchAnalyzer: 'lucene.whitespace',
        mappings: {
          dynamic: false,
          fields: {
            termText: { type: 'string', analyzer: 'lucene.whitespace', searchAnalyzer: 'lucene.whitespace' },
            orgId: { type: 'token' },
            containerTags: { type: 'token' },
            isLatest: { type: 'boolean' },
            isForgotten: { type: 'boolean' },
            forgetAtMs: { type: 'number' },
          },
        },
      },
    });
  });
});

describe('memory Atlas query stages', () => {
  it('$vectorSearch is pre-filtered to the organisation, tags, searchable memories and model', () => {
    expect(memoryVectorSearchPipeline({ orgId: 'org-1', nowMs: NOW, vector, model: 'm', limit: 10, containerTags: ['a', 'b', 'a'] })).toEqual([
      {
        $vectorSearch: {
          index: 'mnemo_memory_vector_d3',
          path: 'embedding.d3',
          queryVector: [0.5, -0.25, 0.125],
          numCandidates: 200,
          limit: 10,
          filter: {
            $and: [{ orgId: { $eq: 'org-1' } }, { containerTags: { $in: ['a', 'b'] } }, { isLatest: { $eq: true } }, { isForgotten: { $eq: false } }, { forgetAtMs: { $gt: NOW } }, { embeddingModel: { $eq: 'm' } }],
          },
        },
      },
      { $project: { _id: 1, score: { $meta: 'vectorSearchScore' } } },
    ]);
  });

  it('$vectorSearch with forgotten and superseded memories filters on organisation and model only; numCandidates is bounded', () => {
    const [stage] = memoryVectorSearchPipeline({ orgId: 'o', nowMs: NOW, vector, model: 'm', limit: 1000, includeForgotten: true, includeSuperseded: true });
    expect(stage).toEqual({
      $vectorSearch: {
        index: 'mnemo_memory_vector_d3',
        path: 'embedding.d3',
        queryVector: [0.5, -0.25, 0.125],
        numCandidates: 10_000,
        limit: 1000,
        filter: { $and: [{ orgId: { $eq: 'o' } }, { embeddingModel: { $eq: 'm' } }] },
      },
    });
    expect(memoryVectorSearchPipeline({ orgId: 'o', nowMs: NOW, vector, model: 'm', limit: 2 })[0]!.$vectorSearch.numCandidates).toBe(100);
  });

  it('$search is a compound: any term should match; organisation, tags, flags and due time are filters', () => {
    expect(memoryKeywordSearchPipeline({ orgId: 'org-1', nowMs: NOW, terms: ['greyhound', 'pixel'], limit: 50, containerTags: ['t'] })).toEqual([
      {
        $search: {
          index: 'mnemo_memory_keyword',
          compound: {
            filter: [
              { equals: { path: 'orgId', value: 'org-1' } },
              { in: { path: 'containerTags', value: ['t'] } },
              { equals: { path: 'isLatest', value: true } },
              { equals: { path: 'isForgotten', value: false } },
              { range: { path: 'forgetAtMs', gt: NOW } },
            ],
            should: [{ text: { path: 'termText', query: ['greyhound', 'pixel'] } }],
            minimumShouldMatch: 1,
          },
        },
      },
      { $limit: 50 },
      { $project: { _id: 1, termText: 1, tagCount: 1, score: { $meta: 'searchScore' } } },
    ]);
  });

  it('$search with forgotten and superseded memories keeps only the organisation filter', () => {
    const [stage] = memoryKeywordSearchPipeline({ orgId: 'o', nowMs: NOW, terms: ['x'], limit: 5, containerTags: [], includeForgotten: true, includeSuperseded: true });
    expect(stage!.$search.compound.filter).toEqual([{ equals: { path: 'orgId', value: 'o' } }]);
  });
});
