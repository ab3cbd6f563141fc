import type { Collection, Document } from 'mongodb';
import { errorMessage } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { MemoryCandidate } from '../memories.js';
import { dotFromVectorScore } from './atlas-pipelines.js';
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

/**
 * Creates the memories' Atlas indexes when missing (idempotently: another process may create them first) and waits
 * until they can be queried; the same procedure as AtlasIndexes for chunks, on the memories collection.
 */
export class MemoryAtlasIndexes {
  private readonly ready = new Set<string>();

  constructor(
    private readonly memories: Collection<MemoryBson>,
    private readonly logger: Logger,
    private readonly waitMs: number,
  ) {}

  /** Before a memory is written: the keyword index, and the vector index of its dimension count. */
  async ensureFor(dims: number | undefined): Promise<void> {
    await this.ensure(memoryKeywordIndexDefinition());
    if (dims !== undefined) await this.ensure(memoryVectorIndexDefinition(dims));
  }

  /** True when the vector index for `dims` exists and is queryable (created by this or another process). */
  async hasVectorIndex(dims: number): Promise<boolean> {
    const name = memoryVectorIndexName(dims);
    if (this.ready.has(name)) return true;
    if ((await this.find(name))?.queryable === true) this.ready.add(name);
    return this.ready.has(name);
  }

  private async ensure(description: { name: string; type: string; definition: Document }): Promise<void> {
    if (this.ready.has(description.name)) return;
    if (!(await this.find(description.name))) {
      this.logger.info('MongoDB store: creating Atlas index', { collection: 'memories', index: description.name, type: description.type });
      await this.memories.createSearchIndex(description).catch((err: unknown) => {
        if ((err as { code?: unknown }).code !== 68 && !/already exists|duplicate index/i.test(errorMessage(err))) throw err;
      });
    }
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const index = await this.find(description.name);
      if (index?.queryable === true) break;
      if (index?.status === 'FAILED') throw new Error(`Atlas index ${description.name} failed to build: ${JSON.stringify(index)}`);
      if (Date.now() > deadline) throw new Error(`Atlas index ${description.name} not queryable after ${this.waitMs} ms`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    this.ready.add(description.name);
  }

  private async find(name: string): Promise<{ queryable?: boolean; status?: string } | undefined> {
    const [index] = (await this.memories.listSearchIndexes(name).toArray()) as { queryable?: boolean; status?: string }[];
    return index;
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
