import type { Collection } from 'mongodb';
import type { Logger } from '../../core/logger.js';
import type { MemoryCandidate } from '../memories.js';
import { dotFromVectorScore } from './atlas-pipelines.js';
import { SearchIndexes } from './atlas-search.js';
import { type ScoredChunk } from './bm25.js';
import {
  memoryKeywordIndexDefinition,
  memoryKeywordSearchPipeline,
  memoryVectorIndexDefinition,
  memoryVectorIndexName,
  memoryVectorSearchPipeline,
  type MemoryKeywordStageInput,
  type MemoryVectorStageInput,
} from './memory-pipelines.js';
import type { MemoryBson } from './schema.js';

/** Creates the memories' Atlas indexes when missing and waits until they can be queried (atlas-search.ts SearchIndexes). */
export class MemoryAtlasIndexes {
  private readonly indexes: SearchIndexes;

  constructor(memories: Collection<MemoryBson>, logger: Logger, waitMs: number) {
    this.indexes = new SearchIndexes(memories, 'memories', logger, waitMs);
  }

  /** Before a memory is written: the keyword index, and the vector index of its dimension count. */
  async ensureFor(dims: number | undefined): Promise<void> {
    await this.indexes.ensure(memoryKeywordIndexDefinition());
    if (dims !== undefined) await this.indexes.ensure(memoryVectorIndexDefinition(dims));
  }

  /** True when the vector index for `dims` exists and is queryable (created by this or another process). */
  async hasVectorIndex(dims: number): Promise<boolean> {
    return this.indexes.queryable(memoryVectorIndexName(dims));
  }
}

export async function atlasMemoryVectorSearch(memories: Collection<MemoryBson>, q: MemoryVectorStageInput): Promise<MemoryCandidate[]> {
  const rows = await memories.aggregate<{ _id: string; score: number }>(memoryVectorSearchPipeline(q)).toArray();
  return rows.map((r) => ({ memoryId: r._id, score: dotFromVectorScore(r.score) }));
}

/** Lucene's top matches; the store re-scores them with the organisation's own BM25 statistics. */
export async function atlasMemoryKeywordCandidates(memories: Collection<MemoryBson>, q: MemoryKeywordStageInput): Promise<ScoredChunk[]> {
  const rows = await memories.aggregate<{ _id: string; termText: string; tagCount: number }>(memoryKeywordSearchPipeline(q)).toArray();
  return rows.map((r) => ({ chunkId: r._id, documentId: r._id, termText: r.termText, tagCount: r.tagCount }));
}
