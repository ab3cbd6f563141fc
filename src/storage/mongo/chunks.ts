import { dot } from '../../vector/cosine.js';
import type { AnyBulkWriteOperation } from 'mongodb';
import { indexTermsYielding } from '../../text/tokenize.js';
import type { Candidate, ChunkEmbedding, ChunkRecord, DocumentRef } from '../../core/types.js';
import type { ChunkStore, HybridCandidates, HybridQuery, KeywordQuery, SearchCapabilities, TermStats, VectorQuery } from '../chunks.js';
import type { IndexedVector } from '../../vector/vector-index.js';
import { bsonToChunk, readVector, toOpaque, vectorField } from './codec.js';
import type { MongoSearch } from './search.js';
import type { ChunkBson, Collections } from './schema.js';

/**
 * The search index on MongoDB: pipeline writes and reads of chunks, and both retrievers (search.ts). FerretDB v1 has
 * no transactions, so multi-step writes are ordered to be safe to re-run: activation marks the new generation
 * searchable before it drops the old one, and a delete removes chunks before their documents.
 */
export class MongoChunks implements ChunkStore {
  /** All false until the store's migrate() detects Atlas Search (and `$rankFusion`). */
  readonly capabilities: SearchCapabilities = { nativeVectorSearch: false, nativeKeywordSearch: false, nativeRankFusion: false };

  constructor(
    private readonly c: Collections,
    private readonly search: MongoSearch,
  ) {}

  vectorSearch(orgId: string, query: VectorQuery): Promise<Candidate[]> {
    return this.search.vectorSearch(orgId, query);
  }

  keywordSearch(orgId: string, query: KeywordQuery): Promise<Candidate[]> {
    return this.search.keywordSearch(orgId, query);
  }

  hybridCandidates(orgId: string, query: HybridQuery): Promise<HybridCandidates> {
    return this.search.hybridCandidates(orgId, query);
  }

  termStats(orgId: string, terms: readonly string[]): Promise<TermStats> {
    return this.search.termStats(orgId, terms);
  }

  /** The distinct index terms each searchable chunk was stored with (chunkToBson). */
  async getChunkTerms(orgId: string, chunkIds: readonly string[]): Promise<Map<string, readonly string[]>> {
    if (chunkIds.length === 0) return new Map();
    const rows = await this.c.chunks.find({ orgId: { $eq: orgId }, _id: { $in: [...chunkIds] }, active: true }, { projection: { terms: 1 } }).toArray();
    return new Map(rows.flatMap((r) => (Array.isArray(r.terms) ? [[r._id, r.terms] as const] : [])));
  }

  /** getChunksByIds and getChunkTerms in one find: every chunk by id, the terms of the searchable ones. */
  async getChunksWithTerms(orgId: string, chunkIds: readonly string[]): Promise<{ chunks: ChunkRecord[]; terms: Map<string, readonly string[]> }> {
    if (chunkIds.length === 0) return { chunks: [], terms: new Map() };
    const rows = await this.c.chunks.find({ orgId: { $eq: orgId }, _id: { $in: [...chunkIds] } }, { projection: { ...CHUNK_FIELDS, terms: 1, active: 1 } }).toArray();
    const terms = new Map<string, readonly string[]>();
    for (const r of rows) if (r.active === true && Array.isArray(r.terms)) terms.set(r._id, r.terms);
    return { chunks: rows.map(bsonToChunk), terms };
  }

  async replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void> {
    await this.c.chunks.deleteMany({ ...refQuery(ref), active: false });
    if (chunks.length === 0) return;
    // Keyword terms in slices with the event loop served between them (seconds for a 5M-character document).
    const terms = await indexTermsYielding(chunks.map((c) => c.embeddedContent));
    await this.c.chunks.insertMany(chunks.map((c, i) => chunkToBson(ref, c, terms[i]!)));
  }

  async getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]> {
    const query = generation === undefined ? { orgId: { $eq: orgId }, documentId: { $eq: documentId }, active: true } : { orgId: { $eq: orgId }, documentId: { $eq: documentId }, generation: { $eq: generation } };
    return (await this.c.chunks.find(query, { projection: CHUNK_FIELDS }).sort({ position: 1 }).toArray()).map(bsonToChunk);
  }

  async getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]> {
    if (chunkIds.length === 0) return [];
    const rows = await this.c.chunks.find({ orgId: { $eq: orgId }, _id: { $in: [...chunkIds] } }, { projection: CHUNK_FIELDS }).toArray();
    return rows.map(bsonToChunk);
  }

  async scoreChunkVectors(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[]): Promise<Map<string, number>> {
    const scores = new Map<string, number>();
    if (chunkIds.length === 0) return scores;
    const rows = await this.c.chunks.find({ orgId: { $eq: orgId }, _id: { $in: [...chunkIds] }, embeddingModel: { $eq: model } }, { projection: { embedding: 1 } }).toArray();
    for (const r of rows) {
      const v = readVector(r.embedding);
      if (v && v.length === vector.length) scores.set(r._id, dot(vector, v));
    }
    return scores;
  }

  async getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]> {
    const rows = await this.c.chunks
      .find({ ...refQuery(ref), embeddingModel: { $ne: model } }, { projection: CHUNK_FIELDS })
      .sort({ position: 1 })
      .toArray();
    return rows.map(bsonToChunk);
  }

  async putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void> {
    if (embeddings.length === 0) return;
    for (const dims of new Set(embeddings.map((e) => e.vector.length))) await this.search.atlas?.ensureVectorIndex(dims);
    const ops: AnyBulkWriteOperation<ChunkBson>[] = embeddings.map((e) => ({
      updateOne: {
        filter: { ...refQuery(ref), _id: { $eq: e.chunkId } },
        update: { $set: { embedding: vectorField(e.vector), embeddingModel: model } },
      },
    }));
    await this.c.chunks.bulkWrite(ops, { ordered: false });
  }

  /** Done documents (any organisation) whose searchable chunks lack vectors from `model`, in batches of 100. */
  async findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]> {
    const out: DocumentRef[] = [];
    if (limit <= 0) return out;
    const stale = this.c.chunks.aggregate<{ _id: string }>([{ $match: { active: true, embeddingModel: { $ne: model } } }, { $group: { _id: '$documentId' } }]);
    let batch: string[] = [];
    const flush = async () => {
      const docs = await this.c.documents.find({ _id: { $in: batch }, status: 'done' }, { projection: { orgId: 1, generation: 1 } }).toArray();
      for (const d of docs) if (out.length < limit) out.push({ orgId: d.orgId, documentId: d._id, generation: d.generation });
      batch = [];
    };
    for await (const row of stale) {
      batch.push(row._id);
      if (batch.length >= 100) await flush();
      if (out.length >= limit) break;
    }
    if (batch.length > 0 && out.length < limit) await flush();
    return out;
  }

  async activateGeneration(ref: DocumentRef): Promise<number> {
    const doc = await this.c.documents.findOne({ orgId: { $eq: ref.orgId }, _id: { $eq: ref.documentId } }, { projection: { containerTags: 1 } });
    if (!doc) return 0;
    const ofDocument = { orgId: { $eq: ref.orgId }, documentId: { $eq: ref.documentId } };
    await this.c.chunks.updateMany({ ...ofDocument, generation: { $eq: ref.generation } }, { $set: { active: true, containerTags: doc.containerTags, tagCount: doc.containerTags.length } });
    await this.c.chunks.deleteMany({ ...ofDocument, generation: { $ne: ref.generation } });
    const rows = await this.c.chunks
      .find(ofDocument, { projection: { embedding: 1, embeddingModel: 1 } })
      .sort({ position: 1 })
      .toArray();
    const byModel = new Map<string, IndexedVector[]>();
    for (const r of rows) {
      const vector = readVector(r.embedding);
      if (!vector || !r.embeddingModel) continue;
      const list = byModel.get(r.embeddingModel) ?? [];
      list.push({ chunkId: r._id, documentId: ref.documentId, vector });
      byModel.set(r.embeddingModel, list);
    }
    await this.search.afterActivate(ref.orgId, ref.documentId, doc.containerTags, byModel);
    return rows.length;
  }
}

const CHUNK_FIELDS = {
  orgId: 1,
  documentId: 1,
  generation: 1,
  position: 1,
  content: 1,
  embeddedContent: 1,
  tokenCount: 1,
  type: 1,
  metadata: 1,
  createdAt: 1,
} as const;

function refQuery(ref: DocumentRef) {
  return { orgId: { $eq: ref.orgId }, documentId: { $eq: ref.documentId }, generation: { $eq: ref.generation } };
}

/** A staged chunk: inactive and untagged until its generation is activated. */
function chunkToBson(ref: DocumentRef, c: ChunkRecord, terms: string[]): ChunkBson {
  return {
    _id: c.id,
    orgId: ref.orgId,
    documentId: ref.documentId,
    generation: ref.generation,
    position: c.position,
    content: c.content,
    embeddedContent: c.embeddedContent,
    tokenCount: c.tokenCount,
    type: c.type,
    metadata: toOpaque(c.metadata),
    createdAt: c.createdAt,
    active: false,
    containerTags: [],
    tagCount: 0,
    terms: [...new Set(terms)],
    termText: terms.join(' '),
    termCount: terms.length,
    embedding: null,
    embeddingModel: null,
  };
}
