import type { Collection, Document } from 'mongodb';
import { errorMessage } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { Candidate } from '../../core/types.js';
import { dotFromVectorScore, keywordIndexDefinition, keywordSearchPipeline, vectorIndexDefinition, vectorIndexName, vectorSearchPipeline, type KeywordStageInput, type VectorStageInput } from './atlas-pipelines.js';
import type { ScoredChunk } from './bm25.js';
import type { ChunkBson } from './schema.js';

export type AtlasMode = 'auto' | 'on' | 'off';

/**
 * Whether the deployment has Atlas Search (Atlas, mongodb-atlas-local). Plain mongod and FerretDB reject
 * `$listSearchIndexes`; with MONGODB_ATLAS_SEARCH=on that is an error, with auto the store uses the in-app path.
 */
export async function detectAtlasSearch(chunks: Collection<ChunkBson>, mode: AtlasMode, logger: Logger): Promise<boolean> {
  if (mode === 'off') {
    logger.info('MongoDB store: Atlas Search disabled (MONGODB_ATLAS_SEARCH=off); in-app vector and keyword scoring');
    return false;
  }
  try {
    await chunks.listSearchIndexes().toArray();
    logger.info('MongoDB store: Atlas Search available; $vectorSearch and $search are active');
    return true;
  } catch (err) {
    if (mode === 'on') throw new Error(`MONGODB_ATLAS_SEARCH=on, but the deployment has no Atlas Search: ${errorMessage(err)}`);
    logger.warn('MongoDB store: no Atlas Search on this deployment; using exact in-app vector scoring and in-app BM25', {
      reason: errorMessage(err),
    });
    return false;
  }
}

/** What SearchIndexes needs of a collection. */
export type SearchIndexCollection = Pick<Collection, 'createSearchIndex' | 'listSearchIndexes'>;

/**
 * The Atlas Search indexes of one collection: each created when missing (idempotently: another process may create
 * it first) and waited for until it can be queried.
 */
export class SearchIndexes {
  private readonly ready = new Set<string>();

  constructor(
    private readonly collection: SearchIndexCollection,
    private readonly collectionName: string,
    private readonly logger: Logger,
    private readonly waitMs: number,
  ) {}

  /** True when the index exists and is queryable (created by this or another process). */
  async queryable(name: string): Promise<boolean> {
    if (this.ready.has(name)) return true;
    if ((await this.find(name))?.queryable === true) this.ready.add(name);
    return this.ready.has(name);
  }

  async ensure(description: { name: string; type: string; definition: Document }): Promise<void> {
    if (this.ready.has(description.name)) return;
    if (!(await this.find(description.name))) {
      this.logger.info('MongoDB store: creating Atlas index', { collection: this.collectionName, index: description.name, type: description.type });
      await this.collection.createSearchIndex(description).catch((err: unknown) => {
        // Another process created it first.
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
    const [index] = (await this.collection.listSearchIndexes(name).toArray()) as { queryable?: boolean; status?: string }[];
    return index;
  }
}

/** Creates Mnemo's Atlas Search indexes of the chunks when missing and waits until they can be queried. */
export class AtlasIndexes {
  private readonly indexes: SearchIndexes;

  constructor(chunks: Collection<ChunkBson>, logger: Logger, waitMs: number) {
    this.indexes = new SearchIndexes(chunks, 'chunks', logger, waitMs);
  }

  async ensureKeywordIndex(): Promise<void> {
    await this.indexes.ensure(keywordIndexDefinition());
  }

  async ensureVectorIndex(dims: number): Promise<void> {
    await this.indexes.ensure(vectorIndexDefinition(dims));
  }

  /** True when the vector index for `dims` exists and is queryable (created by this or another process). */
  async hasVectorIndex(dims: number): Promise<boolean> {
    return this.indexes.queryable(vectorIndexName(dims));
  }
}

export async function atlasVectorSearch(chunks: Collection<ChunkBson>, q: VectorStageInput): Promise<Candidate[]> {
  const rows = await chunks.aggregate<{ _id: string; documentId: string; score: number }>(vectorSearchPipeline(q)).toArray();
  return rows.map((r) => ({ chunkId: r._id, documentId: r.documentId, score: dotFromVectorScore(r.score) }));
}

/** Lucene's top matches; the store re-scores them with the organisation's own BM25 statistics. */
export async function atlasKeywordCandidates(chunks: Collection<ChunkBson>, q: KeywordStageInput): Promise<ScoredChunk[]> {
  const rows = await chunks.aggregate<{ _id: string; documentId: string; termText: string; tagCount: number }>(keywordSearchPipeline(q)).toArray();
  return rows.map((r) => ({ chunkId: r._id, documentId: r.documentId, termText: r.termText, tagCount: r.tagCount }));
}
