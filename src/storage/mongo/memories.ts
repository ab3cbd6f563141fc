import type { Document, Filter } from 'mongodb';
import { silentLogger, type Logger } from '../../core/logger.js';
import type { MemoryRecord } from '../../core/types.js';
import { dot } from '../../vector/cosine.js';
import { TopK } from '../../vector/top-k.js';
import {
  memoryRecency,
  selectMemoryTerms,
  type MemoryCandidate,
  type MemoryKeywordQuery,
  type MemoryListQuery,
  type MemoryPatch,
  type MemoryStore,
  type MemoryVectorQuery,
  type SubjectAttribute,
  type MemoryDates,
} from '../memories.js';
import { bm25, topCandidates, type CorpusStats, type ScoredChunk } from './bm25.js';
import { readVector } from './codec.js';
import { atlasMemoryKeywordCandidates, atlasMemoryVectorSearch, MemoryAtlasIndexes } from './memory-atlas.js';
import { bsonToMemory, memoryFields, memoryToBson, MEMORY_PROJECTION, NEVER_MS, subjectKey } from './memory-codec.js';
import { memoryScopeFilter } from './memory-pipelines.js';
import type { Collections, MemoryBson } from './schema.js';
import type { MongoSearch } from './search.js';

type Embedding = { model: string; vector: Float32Array };

/** Memories per subject + attribute pair that findMemoryDatesBySubjects returns at most (newest first). */
const BY_SUBJECTS_PER_PAIR = 100;

/** The memoryTagRevisions key of a tag. */
const tagRevisionId = (orgId: string, tag: string) => JSON.stringify([orgId, tag]);

/** A subject + attribute pair as lookups compare it (the subject in any case). */
const pairKey = (subject: string, attribute: string) => `${subjectKey(subject)!}\u0000${attribute}`;

export interface MongoMemoriesOptions {
  logger?: Logger;
  /** How long a write waits for a new Atlas index to become queryable. */
  indexWaitMs?: number;
}

/**
 * MemoryStore on MongoDB. Every query carries the scope (memory-pipelines.ts `memoryScopeFilter`). With Atlas Search
 * (the chunk search detected it): `$vectorSearch` and `$search` on the memories' own indexes, pre-filtered alike.
 * Without: vector search scores the scope's memories exactly, read with a projection on every query. Nothing is
 * cached, so a write by any process (API or worker) is seen by the next search; memories are short facts, a tag
 * holds moderately many, and the chunk-style revision cache would be reloaded on nearly every search of an
 * organisation whose worker keeps writing memories. Keyword candidates come from the multikey `terms` index and are
 * ranked by BM25 with the organisation's own statistics (bm25.ts, the formula of the SQLite store's FTS5 index).
 */
export class MongoMemories implements MemoryStore {
  private atlasIndexes: MemoryAtlasIndexes | null = null;

  constructor(
    private readonly c: Collections,
    private readonly search: Pick<MongoSearch, 'atlas'>,
    private readonly options: MongoMemoriesOptions = {},
  ) {}

  async insertMemory(m: MemoryRecord, embedding?: Embedding): Promise<void> {
    await this.atlas()?.ensureFor(embedding?.vector.length);
    await this.c.memories.insertOne(memoryToBson(m, embedding));
    await this.touchTags(m.orgId, m.containerTags);
  }

  async getMemory(orgId: string, id: string, containerTags?: readonly string[]): Promise<MemoryRecord | null> {
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, _id: { $eq: id } };
    if (containerTags) query.containerTags = { $in: [...containerTags] };
    const b = await this.c.memories.findOne(query, { projection: MEMORY_PROJECTION });
    return b ? bsonToMemory(b) : null;
  }

  async getMemoriesByIds(orgId: string, ids: readonly string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.c.memories.find({ orgId: { $eq: orgId }, _id: { $in: [...ids] } }, { projection: MEMORY_PROJECTION }).toArray();
    return rows.map(bsonToMemory);
  }

  async updateMemory(orgId: string, id: string, patch: MemoryPatch, embedding?: Embedding): Promise<MemoryRecord | null> {
    const $set = memoryFields(patch, embedding);
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, _id: { $eq: id } };
    if (Object.keys($set).length === 0) {
      const b = await this.c.memories.findOne(query, { projection: MEMORY_PROJECTION });
      return b ? bsonToMemory(b) : null;
    }
    if (embedding) await this.atlas()?.ensureFor(embedding.vector.length);
    // Tags the memory leaves change too: read them first when the patch moves it.
    const before = patch.containerTags !== undefined ? await this.c.memories.findOne(query, { projection: { containerTags: 1 } }) : null;
    // No projection here: FerretDB v1 rejects one on findAndModify (bsonToMemory ignores the search fields).
    const b = await this.c.memories.findOneAndUpdate(query, { $set }, { returnDocument: 'after' });
    if (!b) return null;
    const m = bsonToMemory(b);
    // The recency follows both dates; a patch usually carries only one of them.
    const recency = memoryRecency(m);
    if (b.recency !== recency) await this.c.memories.updateOne(query, { $set: { recency } });
    await this.touchTags(orgId, [...m.containerTags, ...(before?.containerTags ?? [])]);
    return m;
  }

  async listMemories(orgId: string, q: MemoryListQuery): Promise<{ memories: MemoryRecord[]; total: number }> {
    const parts = memoryScopeFilter(orgId, q, Date.now()).$and;
    if (q.isStatic !== undefined) parts.push({ isStatic: { $eq: q.isStatic } });
    if (q.documentId) parts.push({ documentIds: { $eq: q.documentId } });
    if (q.recentSince) parts.push({ recency: { $gte: q.recentSince } });
    const query: Filter<MemoryBson> = { $and: parts };
    const dir = q.order === 'asc' ? 1 : -1;
    const sort = q.sort === 'support' ? { sourceCount: dir, updatedAt: dir, _id: dir } : q.sort === 'recency' ? { recency: dir, _id: dir } : { [q.sort === 'updatedAt' ? 'updatedAt' : 'createdAt']: dir, _id: dir };
    const [total, rows] = await Promise.all([
      q.count === false ? -1 : this.c.memories.countDocuments(query),
      q.limit > 0
        ? this.c.memories
            .find(query, { projection: MEMORY_PROJECTION })
            .sort(sort as Record<string, 1 | -1>)
            .skip(q.offset)
            .limit(q.limit)
            .toArray()
        : [],
    ]);
    return { memories: rows.map(bsonToMemory), total };
  }

  async findMemoriesByContent(orgId: string, containerTags: readonly string[], content: string): Promise<MemoryRecord[]> {
    const query: Filter<MemoryBson> = { $and: [...memoryScopeFilter(orgId, { containerTags }, Date.now()).$and, { memory: { $eq: content } }] };
    const rows = await this.c.memories.find(query, { projection: MEMORY_PROJECTION }).sort({ createdAt: 1, _id: 1 }).toArray();
    return rows.map(bsonToMemory);
  }

  async findMemoriesBySubject(orgId: string, containerTags: readonly string[], subject: string, attribute: string): Promise<MemoryRecord[]> {
    return this.bySubjects(orgId, containerTags, [{ subject, attribute }], 20);
  }

  async findMemoryDatesBySubjects(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[]): Promise<MemoryDates[]> {
    const rows = await this.perPair(orgId, containerTags, pairs, { subject: 1, attribute: 1, createdAt: 1, eventDate: 1 });
    return rows.map((b) => ({ id: b._id, subject: b.subject ?? null, attribute: b.attribute ?? null, createdAt: b.createdAt, eventDate: b.eventDate ?? null }));
  }

  async memoryHistory(orgId: string, rootMemoryId: string): Promise<MemoryRecord[]> {
    return (await this.memoryHistories(orgId, [rootMemoryId])).get(rootMemoryId) ?? [];
  }

  async memoryHistories(orgId: string, rootMemoryIds: readonly string[]): Promise<Map<string, MemoryRecord[]>> {
    const roots = [...new Set(rootMemoryIds)];
    const out = new Map<string, MemoryRecord[]>(roots.map((r) => [r, []]));
    if (roots.length === 0) return out;
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, $or: [{ rootMemoryId: { $in: roots } }, { _id: { $in: roots } }] };
    const rows = await this.c.memories.find(query, { projection: MEMORY_PROJECTION }).sort({ version: 1, createdAt: 1, _id: 1 }).toArray();
    for (const m of rows.map(bsonToMemory)) {
      const root = m.rootMemoryId !== null && out.has(m.rootMemoryId) ? m.rootMemoryId : m.id;
      out.get(root)?.push(m);
    }
    return out;
  }

  async memoriesOfDocument(orgId: string, documentId: string): Promise<MemoryRecord[]> {
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, documentIds: { $eq: documentId } };
    const rows = await this.c.memories.find(query, { projection: MEMORY_PROJECTION }).sort({ createdAt: 1, _id: 1 }).toArray();
    return rows.map(bsonToMemory);
  }

  async memoriesOfDocuments(orgId: string, documentIds: readonly string[]): Promise<Map<string, MemoryRecord[]>> {
    const wanted = [...new Set(documentIds)];
    const out = new Map<string, MemoryRecord[]>(wanted.map((id) => [id, []]));
    if (wanted.length === 0) return out;
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, documentIds: { $in: wanted } };
    const rows = await this.c.memories.find(query, { projection: MEMORY_PROJECTION }).sort({ createdAt: 1, _id: 1 }).toArray();
    for (const m of rows.map(bsonToMemory)) for (const id of m.documentIds) out.get(id)?.push(m);
    return out;
  }

  async memoryVectorSearch(orgId: string, q: MemoryVectorQuery): Promise<MemoryCandidate[]> {
    if (q.limit <= 0) return [];
    const nowMs = Date.now();
    const atlas = this.atlas();
    if (atlas) {
      if (!(await atlas.hasVectorIndex(q.vector.length))) return [];
      return atlasMemoryVectorSearch(this.c.memories, { ...q, orgId, nowMs });
    }
    const query: Filter<MemoryBson> = { $and: [...memoryScopeFilter(orgId, q, nowMs).$and, { embeddingModel: { $eq: q.model } }] };
    const ids: string[] = [];
    const top = new TopK(q.limit);
    for await (const r of this.c.memories.find(query, { projection: { embedding: 1 } })) {
      const v = readVector(r.embedding);
      if (!v || v.length !== q.vector.length) continue;
      top.push(ids.push(r._id) - 1, dot(q.vector, v));
    }
    return top.sorted().map(({ item, score }) => ({ memoryId: ids[item]!, score }));
  }

  async memoryKeywordSearch(orgId: string, q: MemoryKeywordQuery): Promise<MemoryCandidate[]> {
    if (q.terms.length === 0 || q.limit <= 0) return [];
    const nowMs = Date.now();
    const docFrequencies = await this.docFrequencies(orgId, q.terms);
    const terms = selectMemoryTerms(q.terms, docFrequencies, q.limit, q.rowBudget);
    if (terms.length === 0) return [];
    let candidates: ScoredChunk[];
    if (this.atlas()) {
      candidates = await atlasMemoryKeywordCandidates(this.c.memories, { ...q, terms, orgId, nowMs });
    } else {
      const query: Filter<MemoryBson> = { $and: [...memoryScopeFilter(orgId, q, nowMs).$and, { terms: { $in: terms } }] };
      const rows = await this.c.memories.find(query, { projection: { termText: 1, tagCount: 1 } }).toArray();
      candidates = rows.map((r) => ({ chunkId: r._id, documentId: r._id, termText: r.termText, tagCount: r.tagCount }));
    }
    if (candidates.length === 0) return [];
    const stats = await this.corpusStats(orgId);
    return topCandidates(bm25(terms, candidates, docFrequencies, stats), q.limit).map((c) => ({ memoryId: c.chunkId, score: c.score }));
  }

  async expiringMemories(now: string, attribute: string): Promise<MemoryRecord[]> {
    const nowMs = Date.parse(now);
    if (!Number.isFinite(nowMs)) throw new Error(`expiringMemories: not a date: ${now}`);
    const due: Filter<MemoryBson> = { isForgotten: { $eq: false }, isLatest: { $eq: true }, forgetAtMs: { $lte: nowMs }, attribute: { $eq: attribute } };
    const rows = await this.c.memories.find(due, { projection: MEMORY_PROJECTION }).sort({ forgetAtMs: 1, _id: 1 }).toArray();
    return rows.map(bsonToMemory);
  }

  async forgetExpiredMemories(now: string): Promise<number> {
    const nowMs = Date.parse(now);
    if (!Number.isFinite(nowMs)) throw new Error(`forgetExpiredMemories: not a date: ${now}`);
    const due: Filter<MemoryBson> = { isForgotten: { $eq: false }, forgetAtMs: { $lte: nowMs } };
    const forgotten = { isForgotten: true, forgottenAt: now, updatedAt: now };
    const touched = await this.c.memories.find(due, { projection: { orgId: 1, containerTags: 1 } }).toArray();
    // A reason already given is kept (SQL: coalesce(forget_reason, 'expired')); FerretDB v1 has no pipeline updates,
    // so two updates on disjoint filters, each right on its own whatever runs in between.
    const explained = await this.c.memories.updateMany({ ...due, forgetReason: { $ne: null } }, { $set: forgotten });
    const unexplained = await this.c.memories.updateMany({ ...due, forgetReason: { $eq: null } }, { $set: { ...forgotten, forgetReason: 'expired' } });
    const byOrg = new Map<string, string[]>();
    for (const t of touched) byOrg.set(t.orgId, [...(byOrg.get(t.orgId) ?? []), ...t.containerTags]);
    for (const [orgId, tags] of byOrg) await this.touchTags(orgId, tags);
    return explained.modifiedCount + unexplained.modifiedCount;
  }

  async memoryCounts(orgId: string, tags?: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (tags && tags.length === 0) return counts;
    const wanted = tags ? new Set(tags) : undefined;
    const query: Filter<MemoryBson> = memoryScopeFilter(orgId, tags ? { containerTags: tags } : {}, Date.now());
    // Counted in the app, like MongoAccounts.containerTagStats: FerretDB v1 cannot $unwind reliably.
    for await (const m of this.c.memories.find(query, { projection: { containerTags: 1 } })) {
      for (const tag of new Set(m.containerTags)) {
        if (!wanted || wanted.has(tag)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
    }
    return counts;
  }

  async deleteMemories(orgId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const query: Filter<MemoryBson> = { orgId: { $eq: orgId }, _id: { $in: [...ids] } };
    const touched = await this.c.memories.find(query, { projection: { containerTags: 1 } }).toArray();
    const n = (await this.c.memories.deleteMany(query)).deletedCount;
    await this.touchTags(
      orgId,
      touched.flatMap((t) => t.containerTags),
    );
    return n;
  }

  async memoryTagStamp(orgId: string, tag: string): Promise<string> {
    const nowMs = Date.now();
    const [rev, next] = await Promise.all([
      this.c.memoryTagRevisions.findOne({ _id: { $eq: tagRevisionId(orgId, tag) } }),
      this.c.memories
        .find({ orgId: { $eq: orgId }, containerTags: { $eq: tag }, forgetAtMs: { $gt: nowMs, $lt: NEVER_MS } }, { projection: { forgetAtMs: 1 } })
        .sort({ forgetAtMs: 1 })
        .limit(1)
        .toArray(),
    ]);
    return `${rev?.rev ?? 0}/${next[0]?.forgetAtMs ?? ''}`;
  }

  /**
   * Counts a write on each tag it touched, after the write: a reader that saw the old count computed from data at
   * least as old as the write, so nothing cached under a count outlives the data it was computed from.
   */
  private async touchTags(orgId: string, tags: readonly string[]): Promise<void> {
    await Promise.all([...new Set(tags)].map((tag) => this.c.memoryTagRevisions.updateOne({ _id: { $eq: tagRevisionId(orgId, tag) } }, { $inc: { rev: 1 } }, { upsert: true })));
  }

  /**
   * One query for every distinct pair (subject in any case), newest first; each pair keeps its newest
   * BY_SUBJECTS_PER_PAIR rows (a total limit let one busy pair crowd out the others), grouped by pair in the order
   * first asked; the read stops once every pair is full.
   */
  private async perPair(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[], projection: Document): Promise<MemoryBson[]> {
    const buckets = new Map<string, MemoryBson[]>();
    const distinct: SubjectAttribute[] = [];
    for (const p of pairs) {
      const key = pairKey(p.subject, p.attribute);
      if (buckets.has(key)) continue;
      buckets.set(key, []);
      distinct.push(p);
    }
    if (distinct.length === 0) return [];
    let open = distinct.length;
    for await (const b of this.c.memories.find(this.bySubjectsFilter(orgId, containerTags, distinct), { projection }).sort({ updatedAt: -1, _id: 1 })) {
      const bucket = buckets.get(pairKey(b.subject ?? '', b.attribute ?? ''));
      if (!bucket || bucket.length >= BY_SUBJECTS_PER_PAIR) continue;
      bucket.push(b);
      if (bucket.length === BY_SUBJECTS_PER_PAIR && --open === 0) break;
    }
    return [...buckets.values()].flat();
  }

  /** Latest, unforgotten memories of the tags about any of the pairs (subject in any case), newest first. */
  private async bySubjects(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[], limit: number): Promise<MemoryRecord[]> {
    const rows = await this.c.memories
      .find(this.bySubjectsFilter(orgId, containerTags, pairs), { projection: MEMORY_PROJECTION })
      .sort({ updatedAt: -1, _id: 1 })
      .limit(limit)
      .toArray();
    return rows.map(bsonToMemory);
  }

  /** Latest, unforgotten memories of the tags about any of the pairs (subject in any case). */
  private bySubjectsFilter(orgId: string, containerTags: readonly string[], pairs: readonly SubjectAttribute[]): Filter<MemoryBson> {
    const keys = pairs.map((p) => ({ subjectKey: { $eq: subjectKey(p.subject) }, attribute: { $eq: p.attribute } }));
    return { $and: [...memoryScopeFilter(orgId, { containerTags }, Date.now()).$and, keys.length === 1 ? keys[0]! : { $or: keys }] };
  }

  /** The memories' Atlas indexes once the store detected Atlas Search; null on the in-app path. */
  private atlas(): MemoryAtlasIndexes | null {
    if (!this.search.atlas) return null;
    this.atlasIndexes ??= new MemoryAtlasIndexes(this.c.memories, this.options.logger ?? silentLogger, this.options.indexWaitMs ?? 600_000);
    return this.atlasIndexes;
  }

  /** Keyword statistics cover the organisation's latest memories, forgotten or not (as the SQLite index does). */
  private keywordCorpus(orgId: string): Filter<MemoryBson> {
    return { orgId: { $eq: orgId }, isLatest: { $eq: true } };
  }

  private async docFrequencies(orgId: string, terms: readonly string[]): Promise<Map<string, number>> {
    const distinct = [...new Set(terms)];
    const counts = await Promise.all(distinct.map((t) => this.c.memories.countDocuments({ ...this.keywordCorpus(orgId), terms: { $eq: t } })));
    return new Map(distinct.flatMap((t, i) => (counts[i]! > 0 ? [[t, counts[i]!] as const] : [])));
  }

  private async corpusStats(orgId: string): Promise<CorpusStats> {
    const corpus = this.keywordCorpus(orgId);
    // One accumulator per $group: FerretDB v1 returns 0 for every $sum after the first in a group.
    const sum = async (field: 'termCount' | 'tagCount') => {
      const pipeline: Document[] = [{ $match: corpus }, { $group: { _id: null, total: { $sum: `$${field}` } } }];
      const [row] = await this.c.memories.aggregate<{ total: number }>(pipeline).toArray();
      return row?.total ?? 0;
    };
    const [memories, terms, tags] = await Promise.all([this.c.memories.countDocuments(corpus), sum('termCount'), sum('tagCount')]);
    return { chunks: memories, totalLength: terms + tags };
  }
}
