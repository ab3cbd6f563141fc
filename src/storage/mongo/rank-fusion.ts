/**
 * Hybrid candidates from one `$rankFusion` query (MongoDB 8.0+ with Atlas Search): the reciprocal-rank order picks
 * which candidates come back, and the score details give each retriever's raw score, so the app calibrates and fuses
 * them exactly as it does the separate `$vectorSearch` / `$search` results.
 * scoreDetails shape: https://www.mongodb.com/docs/manual/reference/operator/aggregation/rankFusion/#scoredetails
 */
import type { Collection, Db } from 'mongodb';
import { errorMessage } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { Candidate } from '../../core/types.js';
import { dotFromVectorScore, FUSION_PIPELINES, rankFusionPipeline, type KeywordStageInput, type VectorStageInput } from './atlas-pipelines.js';
import type { ScoredChunk } from './bm25.js';
import type { ChunkBson } from './schema.js';

/** First server version with `$rankFusion`. */
export const RANK_FUSION_SINCE: readonly [number, number] = [8, 0];

/** True for a `buildInfo` version at or above 8.0 ("8.0.4", "8.2.0-rc1"; FerretDB reports the version it emulates). */
export function versionHasRankFusion(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => parseInt(part, 10));
  const [sinceMajor, sinceMinor] = RANK_FUSION_SINCE;
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor);
}

/**
 * Whether the deployment (already known to have Atlas Search) runs `$rankFusion`: version 8.0+ by `buildInfo`, then
 * one empty `$rankFusion` with `scoreDetails`, because an 8.0 deployment may still have the stage disabled.
 */
export async function detectRankFusion(db: Db, chunks: Collection<ChunkBson>, logger: Logger): Promise<boolean> {
  let version = 'unknown';
  try {
    version = String((await db.command({ buildInfo: 1 })).version);
    if (!versionHasRankFusion(version)) {
      logger.info('MongoDB store: no $rankFusion before MongoDB 8.0; fusing $vectorSearch and $search in the app', { version });
      return false;
    }
    const probe = { $rankFusion: { input: { pipelines: { probe: [{ $match: { _id: null } }, { $sort: { _id: 1 } }] } }, scoreDetails: true } };
    await chunks.aggregate([probe]).toArray();
    logger.info('MongoDB store: $rankFusion active; hybrid candidates come from one $vectorSearch + $search query', { version });
    return true;
  } catch (err) {
    logger.warn('MongoDB store: $rankFusion unavailable; fusing $vectorSearch and $search in the app', { version, reason: errorMessage(err) });
    return false;
  }
}

/** What the score details say about one input pipeline that output the document. */
export interface PipelineScore {
  rank: number;
  /** The pipeline's own score (`$meta: 'score'`): vectorSearchScore or searchScore; absent when it reports none. */
  value?: number;
}

/**
 * Per input pipeline name, the rank and raw score of a document from `$rankFusion` score details
 * `{value, description, details: [{inputPipelineName, rank, weight, value?, details}]}`. A pipeline that did not
 * output the document reports rank "N/A" (some versions 0) and is left out.
 */
export function pipelineScores(scoreDetails: unknown): Map<string, PipelineScore> {
  const scores = new Map<string, PipelineScore>();
  const details = (scoreDetails as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return scores;
  for (const entry of details as { inputPipelineName?: unknown; rank?: unknown; value?: unknown }[]) {
    if (typeof entry?.inputPipelineName !== 'string' || typeof entry.rank !== 'number' || !(entry.rank > 0)) continue;
    scores.set(entry.inputPipelineName, {
      rank: entry.rank,
      ...(typeof entry.value === 'number' && Number.isFinite(entry.value) ? { value: entry.value } : {}),
    });
  }
  return scores;
}

export interface FusedRow {
  _id: string;
  documentId: string;
  termText: string;
  tagCount: number;
  scoreDetails: unknown;
}

/** Vector candidates with their dot products, and keyword candidates to re-score with BM25; each best first. */
export interface FusedCandidates {
  vector: Candidate[];
  keyword: ScoredChunk[];
}

/** Splits fused rows back into the two retrievers' candidates, as the separate queries would have returned them. */
export function fusedCandidates(rows: readonly FusedRow[]): FusedCandidates {
  const vector: (Candidate & { rank: number })[] = [];
  const keyword: (ScoredChunk & { rank: number })[] = [];
  for (const row of rows) {
    const scores = pipelineScores(row.scoreDetails);
    const v = scores.get(FUSION_PIPELINES.vector);
    // $vectorSearch always sets the score; without it there is no similarity to calibrate.
    if (v?.value !== undefined) vector.push({ chunkId: row._id, documentId: row.documentId, score: dotFromVectorScore(v.value), rank: v.rank });
    const k = scores.get(FUSION_PIPELINES.keyword);
    if (k) keyword.push({ chunkId: row._id, documentId: row.documentId, termText: row.termText, tagCount: row.tagCount, rank: k.rank });
  }
  const byRank = (a: { rank: number }, b: { rank: number }) => a.rank - b.rank;
  return {
    vector: vector.sort(byRank).map(({ rank: _rank, ...c }) => c),
    keyword: keyword.sort(byRank).map(({ rank: _rank, ...c }) => c),
  };
}

export interface RankFusionQuery {
  vector: VectorStageInput;
  keyword: KeywordStageInput;
  weights: { vector: number; keyword: number };
  /** How many fused candidates come back. */
  limit: number;
}

export async function atlasRankFusion(chunks: Collection<ChunkBson>, q: RankFusionQuery): Promise<FusedCandidates> {
  const rows = await chunks.aggregate<FusedRow>(rankFusionPipeline(q.vector, q.keyword, q.weights, q.limit)).toArray();
  return fusedCandidates(rows);
}
