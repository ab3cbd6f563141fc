import type { Filter } from 'mongodb';
import type { Candidate } from '../../core/types.js';
import type { HybridCandidates, HybridQuery, KeywordQuery, SearchScope, TermStats, VectorQuery } from '../chunks.js';
import type { IndexedVector } from '../../vector/vector-index.js';
import { atlasKeywordCandidates, atlasVectorSearch, type AtlasIndexes } from './atlas-search.js';
import { bm25, topCandidates, type CorpusStats, type ScoredChunk } from './bm25.js';
import { readVector } from './codec.js';
import { documentScopeQuery } from './filter-query.js';
import { OrgRevisions, RevisionMemo, VectorCache, type VectorData } from './org-cache.js';
import { atlasRankFusion } from './rank-fusion.js';
import type { ChunkBson, Collections } from './schema.js';

/**
 * Both retrievers of the MongoDB store. With Atlas Search: `$vectorSearch` and `$search`, pre-filtered in the query,
 * and on MongoDB 8.0+ both in one `$rankFusion` query (hybridCandidates). Without: the exact in-memory VectorIndex (loaded per organisation, checked against its revision) and BM25 in the
 * app over the chunks a multikey `terms` query finds, scored with the organisation's own statistics.
 */
export class MongoSearch {
  /** Set once the store detected Atlas Search. */
  atlas: AtlasIndexes | null = null;
  /** Set once the store detected `$rankFusion` (Atlas Search on MongoDB 8.0+). */
  rankFusion = false;
  private readonly revisions: OrgRevisions;
  private readonly vectors = new VectorCache((orgId, model) => this.loadVectors(orgId, model));
  private readonly corpus = new RevisionMemo<CorpusStats>();

  constructor(private readonly c: Collections) {
    this.revisions = new OrgRevisions(c.revisions);
  }

  async vectorSearch(orgId: string, q: VectorQuery): Promise<Candidate[]> {
    const documentIds = await this.scopedDocumentIds(orgId, q);
    if (documentIds?.size === 0) return [];
    if (this.atlas) {
      if (q.limit <= 0 || !(await this.atlas.hasVectorIndex(q.vector.length))) return [];
      return atlasVectorSearch(this.c.chunks, {
        orgId,
        vector: q.vector,
        model: q.model,
        limit: q.limit,
        ...(q.containerTags ? { containerTags: q.containerTags } : {}),
        ...(documentIds ? { documentIds: [...documentIds] } : {}),
      });
    }
    const rev = await this.revisions.current(orgId);
    return this.vectors.search(orgId, rev, {
      vector: q.vector,
      model: q.model,
      limit: q.limit,
      ...(q.containerTags ? { containerTags: q.containerTags } : {}),
      ...(documentIds ? { documentIds } : {}),
    });
  }

  async keywordSearch(orgId: string, q: KeywordQuery): Promise<Candidate[]> {
    if (q.terms.length === 0 || q.limit <= 0) return [];
    const documentIds = await this.scopedDocumentIds(orgId, q);
    if (documentIds?.size === 0) return [];
    const tags = q.containerTags && q.containerTags.length > 0 ? [...new Set(q.containerTags)] : undefined;
    let candidates: ScoredChunk[];
    if (this.atlas) {
      candidates = await atlasKeywordCandidates(this.c.chunks, {
        orgId,
        terms: q.terms,
        limit: q.limit,
        ...(tags ? { containerTags: tags } : {}),
        ...(documentIds ? { documentIds: [...documentIds] } : {}),
      });
    } else {
      const query: Filter<ChunkBson> = { orgId: { $eq: orgId }, active: true, terms: { $in: [...q.terms] } };
      if (tags) query.containerTags = { $in: tags };
      if (documentIds) query.documentId = { $in: [...documentIds] };
      const rows = await this.c.chunks.find(query, { projection: { documentId: 1, termText: 1, tagCount: 1 } }).toArray();
      candidates = rows.map((r) => ({ chunkId: r._id, documentId: r.documentId, termText: r.termText, tagCount: r.tagCount }));
    }
    return this.rescore(orgId, q.terms, candidates, q.limit);
  }

  /**
   * One `$rankFusion` over the `$vectorSearch` and `$search` above, scoped alike: the fused order picks the `limit`
   * candidates, each keeps its raw dot product, keyword candidates are re-scored like keywordSearch's. Falls back to
   * the two separate queries where the fusion cannot run.
   */
  async hybridCandidates(orgId: string, q: HybridQuery): Promise<HybridCandidates> {
    if (!this.atlas || !this.rankFusion || q.terms.length === 0 || q.limit <= 0 || !(await this.atlas.hasVectorIndex(q.vector.length))) {
      const [vector, keyword] = await Promise.all([this.vectorSearch(orgId, q), this.keywordSearch(orgId, q)]);
      return { vector, keyword };
    }
    const documentIds = await this.scopedDocumentIds(orgId, q);
    if (documentIds?.size === 0) return { vector: [], keyword: [] };
    const scope = {
      orgId,
      ...(q.containerTags && q.containerTags.length > 0 ? { containerTags: [...new Set(q.containerTags)] } : {}),
      ...(documentIds ? { documentIds: [...documentIds] } : {}),
    };
    const fused = await atlasRankFusion(this.c.chunks, {
      vector: { ...scope, vector: q.vector, model: q.model, limit: q.limit },
      keyword: { ...scope, terms: q.terms, limit: q.limit },
      weights: q.weights,
      limit: q.limit,
    });
    return { vector: fused.vector, keyword: await this.rescore(orgId, q.terms, fused.keyword, q.limit) };
  }

  async termStats(orgId: string, terms: readonly string[]): Promise<TermStats> {
    const [totalChunks, docFrequencies] = await Promise.all([this.c.chunks.countDocuments({ orgId: { $eq: orgId }, active: true }), this.docFrequencies(orgId, terms)]);
    return { totalChunks, docFrequencies };
  }

  /** After this process activated a generation: bump the revision and move the document's vectors in the cache. */
  async afterActivate(orgId: string, documentId: string, tags: readonly string[], vectors: ReadonlyMap<string, IndexedVector[]>): Promise<void> {
    const rev = await this.revisions.bump(orgId);
    this.vectors.applyLocal(orgId, rev, (index) => {
      index.removeDocument(orgId, documentId);
      for (const [model, list] of vectors) index.putDocument(orgId, model, { documentId, containerTags: tags }, list);
    });
  }

  async afterDelete(orgId: string, documentIds: readonly string[]): Promise<void> {
    const rev = await this.revisions.bump(orgId);
    this.vectors.applyLocal(orgId, rev, (index) => documentIds.forEach((id) => index.removeDocument(orgId, id)));
  }

  async afterRetag(orgId: string, documentId: string, tags: readonly string[]): Promise<void> {
    const rev = await this.revisions.bump(orgId);
    this.vectors.applyLocal(orgId, rev, (index) => index.retagDocument(orgId, documentId, tags));
  }

  /** BM25 with the organisation's own statistics, best first (FTS5's scores for the same chunks). */
  private async rescore(orgId: string, terms: readonly string[], candidates: ScoredChunk[], limit: number): Promise<Candidate[]> {
    if (candidates.length === 0) return [];
    const rev = await this.revisions.current(orgId);
    const [docFrequencies, stats] = await Promise.all([this.docFrequencies(orgId, terms), this.corpus.get(orgId, rev, () => this.corpusStats(orgId))]);
    return topCandidates(bm25(terms, candidates, docFrequencies, stats), limit);
  }

  /** Ids of the organisation's documents in a scope's documentId / filepath / filters; undefined when unscoped. */
  private async scopedDocumentIds(orgId: string, scope: SearchScope): Promise<Set<string> | undefined> {
    const parts = documentScopeQuery(scope);
    if (!parts) return undefined;
    const rows = await this.c.documents.find({ $and: [{ orgId: { $eq: orgId } }, ...parts] }, { projection: { _id: 1 } }).toArray();
    return new Set(rows.map((r) => r._id));
  }

  /** Document frequency of each distinct term among the organisation's searchable chunks (absent when zero). */
  private async docFrequencies(orgId: string, terms: readonly string[]): Promise<Map<string, number>> {
    const distinct = [...new Set(terms)];
    const counts = await Promise.all(distinct.map((t) => this.c.chunks.countDocuments({ orgId: { $eq: orgId }, active: true, terms: { $eq: t } })));
    return new Map(distinct.flatMap((t, i) => (counts[i]! > 0 ? [[t, counts[i]!] as const] : [])));
  }

  private async corpusStats(orgId: string): Promise<CorpusStats> {
    const searchable = { orgId: { $eq: orgId }, active: true };
    // One accumulator per $group: FerretDB v1 returns 0 for every $sum after the first in a group.
    const sum = async (field: 'termCount' | 'tagCount') => {
      const [row] = await this.c.chunks.aggregate<{ total: number }>([{ $match: searchable }, { $group: { _id: null, total: { $sum: `$${field}` } } }]).toArray();
      return row?.total ?? 0;
    };
    const [chunks, terms, tags] = await Promise.all([this.c.chunks.countDocuments(searchable), sum('termCount'), sum('tagCount')]);
    return { chunks, totalLength: terms + tags };
  }

  private async loadVectors(orgId: string, model: string): Promise<VectorData> {
    const [chunks, documents] = await Promise.all([
      this.c.chunks.find({ orgId: { $eq: orgId }, active: true, embeddingModel: { $eq: model } }, { projection: { documentId: 1, embedding: 1 } }).toArray(),
      this.c.documents.find({ orgId: { $eq: orgId } }, { projection: { containerTags: 1 } }).toArray(),
    ]);
    return {
      vectors: chunks.flatMap((r) => {
        const vector = readVector(r.embedding);
        return vector ? [{ chunkId: r._id, documentId: r.documentId, vector }] : [];
      }),
      documents: documents.map((d) => ({ documentId: d._id, containerTags: d.containerTags })),
    };
  }
}
