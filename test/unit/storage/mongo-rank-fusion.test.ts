/**
 * `$rankFusion` cannot run here (no Atlas, no mongod 8), so detection, the score details parsing and the query the
 * store sends are pinned against stubs and the documented response shape:
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/rankFusion/ (section "scoreDetails").
 */
import type { Collection, Db, Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/core/logger.js';
import { rankFusionPipeline } from '../../../src/storage/mongo/atlas-pipelines.js';
import { atlasRankFusion, detectRankFusion, fusedCandidates, pipelineScores, versionHasRankFusion, type FusedRow } from '../../../src/storage/mongo/rank-fusion.js';
import type { ChunkBson } from '../../../src/storage/mongo/schema.js';

/** The example the $rankFusion reference gives for `$search`, `$vectorSearch` and `$match` input pipelines. */
const DOCUMENTED_EXAMPLE = {
  value: 0.030621785881252923,
  description: 'value output by reciprocal rank fusion algorithm, computed as sum of weight * (1 / (60 + rank)) across input pipelines from which this document is output, from:',
  details: [
    { inputPipelineName: 'search', rank: 2, weight: 1, value: 0.3876491287, description: 'sum of:', details: [] },
    { inputPipelineName: 'vector', rank: 9, weight: 3, value: 0.7793490886688232, details: [] },
    { inputPipelineName: 'match', rank: 10, weight: 1, details: [] },
  ],
};

const details = (vector: { rank: number | string; value?: number }, keyword: { rank: number | string; value?: number }) => ({
  value: 0.03,
  description: 'value output by reciprocal rank fusion algorithm, ...',
  details: [
    { inputPipelineName: 'vector', weight: 1, details: [], ...vector },
    { inputPipelineName: 'keyword', weight: 0.85, details: [], ...keyword },
  ],
});

const row = (id: string, scoreDetails: unknown): FusedRow => ({ _id: id, documentId: `doc-${id}`, termText: `text ${id}`, tagCount: 1, scoreDetails });

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (msg: string) => void lines.push(`${level}: ${msg}`);
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function fakeChunks(answer: (pipeline: Document[]) => Promise<Document[]>): Collection<ChunkBson> & { pipelines: Document[][] } {
  const pipelines: Document[][] = [];
  return {
    pipelines,
    aggregate: (pipeline: Document[]) => {
      pipelines.push(pipeline);
      return { toArray: () => answer(pipeline) };
    },
  } as unknown as Collection<ChunkBson> & { pipelines: Document[][] };
}

const fakeDb = (version: string) => ({ command: async () => ({ version, ok: 1 }) }) as unknown as Db;

describe('$rankFusion score details', () => {
  it('reads rank and raw score per input pipeline from the documented example', () => {
    expect(pipelineScores(DOCUMENTED_EXAMPLE)).toEqual(
      new Map([
        ['search', { rank: 2, value: 0.3876491287 }],
        ['vector', { rank: 9, value: 0.7793490886688232 }],
        ['match', { rank: 10 }],
      ]),
    );
  });

  it('leaves out pipelines that did not output the document (rank "N/A", or 0) and malformed details', () => {
    expect(pipelineScores(details({ rank: 'N/A' }, { rank: 3, value: 4.2 }))).toEqual(new Map([['keyword', { rank: 3, value: 4.2 }]]));
    expect(pipelineScores(details({ rank: 0 }, { rank: 1 }))).toEqual(new Map([['keyword', { rank: 1 }]]));
    expect(pipelineScores(undefined)).toEqual(new Map());
    expect(pipelineScores({ value: 1, details: 'Not Calculated' })).toEqual(new Map());
    expect(pipelineScores({ details: [null, { rank: 1 }, { inputPipelineName: 'vector', rank: '2' }] })).toEqual(new Map());
  });

  it('splits fused rows back into each retriever: dot products for vectors, BM25 inputs for keywords, each by its rank', () => {
    const fused = fusedCandidates([
      row('a', details({ rank: 2, value: 0.9 }, { rank: 'N/A' })),
      row('b', details({ rank: 1, value: 0.95 }, { rank: 2, value: 1.5 })),
      row('c', details({ rank: 'N/A' }, { rank: 1, value: 3.1 })),
      // A vector rank without a score cannot be calibrated: not a vector candidate.
      row('d', details({ rank: 3 }, { rank: 'N/A' })),
    ]);
    expect(fused.vector.map((c) => c.chunkId)).toEqual(['b', 'a']);
    expect(fused.vector[0]).toEqual({ chunkId: 'b', documentId: 'doc-b', score: expect.closeTo(0.9, 12) as number });
    expect(fused.vector[1]!.score).toBeCloseTo(0.8, 12);
    expect(fused.keyword).toEqual([
      { chunkId: 'c', documentId: 'doc-c', termText: 'text c', tagCount: 1 },
      { chunkId: 'b', documentId: 'doc-b', termText: 'text b', tagCount: 1 },
    ]);
  });

  it('sends the fused pipeline and parses its answer', async () => {
    const chunks = fakeChunks(async () => [row('x', details({ rank: 1, value: 0.75 }, { rank: 1, value: 2 }))]);
    const vector = { orgId: 'o', vector: Float32Array.from([1, 0]), model: 'm', limit: 4, documentIds: ['d'] };
    const keyword = { orgId: 'o', terms: ['t'], limit: 4, documentIds: ['d'] };
    const weights = { vector: 1, keyword: 0.85 };
    const fused = await atlasRankFusion(chunks, { vector, keyword, weights, limit: 4 });
    expect(chunks.pipelines).toEqual([rankFusionPipeline(vector, keyword, weights, 4)]);
    expect(fused.vector).toEqual([{ chunkId: 'x', documentId: 'doc-x', score: 0.5 }]);
    expect(fused.keyword.map((c) => c.chunkId)).toEqual(['x']);
  });
});

describe('$rankFusion detection', () => {
  it('compares the buildInfo version with 8.0', () => {
    expect(['8.0.0', '8.0.4', '8.2.0-rc1', '9.0.1', '10.0.0'].map(versionHasRankFusion)).toEqual([true, true, true, true, true]);
    expect(['7.0.42', '6.0.0', '', 'garbage'].map(versionHasRankFusion)).toEqual([false, false, false, false]);
  });

  it('before 8.0: in-app fusion, without sending a $rankFusion', async () => {
    const chunks = fakeChunks(async () => []);
    const logger = recordingLogger();
    expect(await detectRankFusion(fakeDb('7.0.12'), chunks, logger)).toBe(false);
    expect(chunks.pipelines).toEqual([]);
    expect(logger.lines).toEqual(['info: MongoDB store: no $rankFusion before MongoDB 8.0; fusing $vectorSearch and $search in the app']);
  });

  it('8.0+: active once an empty $rankFusion with score details runs', async () => {
    const chunks = fakeChunks(async () => []);
    const logger = recordingLogger();
    expect(await detectRankFusion(fakeDb('8.0.4'), chunks, logger)).toBe(true);
    expect(chunks.pipelines).toEqual([[{ $rankFusion: { input: { pipelines: { probe: [{ $match: { _id: null } }, { $sort: { _id: 1 } }] } }, scoreDetails: true } }]]);
    expect(logger.lines).toEqual(['info: MongoDB store: $rankFusion active; hybrid candidates come from one $vectorSearch + $search query']);
  });

  it('8.0+ with the stage disabled: in-app fusion, with a warning', async () => {
    const chunks = fakeChunks(() => Promise.reject(new Error("Unrecognized pipeline stage name: '$rankFusion'")));
    const logger = recordingLogger();
    expect(await detectRankFusion(fakeDb('8.0.1'), chunks, logger)).toBe(false);
    expect(logger.lines).toEqual(['warn: MongoDB store: $rankFusion unavailable; fusing $vectorSearch and $search in the app']);
  });
});
