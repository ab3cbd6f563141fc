import { randomUUID } from 'node:crypto';
import { readScope, requireTags, requireWrite, type Actor } from '../core/actor.js';
import { createError, errorMessage } from '../core/errors.js';
import { matchesFilter, type FilterNode } from '../core/filters.js';
import type { Logger } from '../core/logger.js';
import type { MemoryRecord, Metadata } from '../core/types.js';
import { factsOfDirectWrite } from '../memory/direct-write.js';
import { rememberFacts } from '../memory/remember.js';
import type { RelationJudge } from '../memory/types.js';
import type { Embedder, EmbedderHandle } from '../providers/embedder.js';
import { fuse, type HybridEvidence } from '../search/hybrid.js';
import { keywordCoverage, termWeights } from '../search/keyword-score.js';
import type { MemoryListQuery } from '../storage/memories.js';
import type { Store } from '../storage/store.js';
import { indexTerms, queryTerms } from '../text/tokenize.js';
import { calibrateCosine } from '../vector/calibrate.js';

export interface MemoryHit {
  memory: MemoryRecord;
  similarity: number;
}

export interface MemorySearchParams {
  q: string;
  containerTags?: readonly string[];
  limit: number;
  threshold: number;
  includeForgotten?: boolean;
  filters?: FilterNode;
}

export interface WriteMemoryInput {
  content: string;
  isStatic?: boolean;
  metadata?: Metadata;
}

export interface UpdateMemoryInput {
  containerTag: string;
  newContent: string;
  id?: string;
  content?: string;
  /** undefined inherits, null clears. */
  forgetAfter?: string | null;
  forgetReason?: string | null;
  metadata?: Metadata;
}

export interface ForgetMatchingInput {
  containerTag: string;
  query?: string;
  ids?: readonly string[];
  dryRun: boolean;
  threshold: number;
  maxForget: number;
  reason?: string;
}

/** Inferences rank below stated facts of the same similarity. */
const INFERENCE_WEIGHT = 0.85;
/** Candidates per retriever for a memory search. */
const CANDIDATES = 100;
/** Memories read per round when a container tag is deleted or merged. */
const TAG_BATCH = 500;

/**
 * Memories of the caller's container tags: direct writes, versioned updates, forgetting, listing, search and the
 * profile. Every call takes the actor; scope is applied inside the memory store's queries.
 */
export class MemoryService {
  constructor(
    private readonly store: Store,
    private readonly embedder: EmbedderHandle,
    private readonly judge: RelationJudge,
    private readonly logger: Logger,
  ) {}

  /**
   * POST /v4/memories: facts written directly (no document), read for their subject and attribute and related to what
   * the tag already knows by the same judge as extracted facts: a new value versions the old one. A compound item
   * ("lives in Paris and works at Figma") is stored as one memory per fact, each returned.
   */
  async write(actor: Actor, containerTag: string, items: readonly WriteMemoryInput[]): Promise<MemoryRecord[]> {
    requireWrite(actor);
    requireTags(actor, [containerTag]);
    const embedder = await this.embedder.get();
    const out: MemoryRecord[] = [];
    for (const item of items) {
      const now = new Date().toISOString();
      const outcome = await rememberFacts(
        { memories: this.store.memories, embedder, judge: this.judge },
        { orgId: actor.orgId, containerTags: [containerTag], documentId: null, now, metadata: item.metadata ?? {} },
        factsOfDirectWrite(item.content, item.isStatic, now),
      );
      const ids = [...new Set([...outcome.created, ...outcome.updated, ...outcome.extended, ...outcome.duplicates])];
      out.push(...(await this.store.memories.getMemoriesByIds(actor.orgId, ids)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)));
    }
    return out;
  }

  /** POST /v4/memories/list: latest memories (optionally with their version history). */
  async list(actor: Actor, query: Omit<MemoryListQuery, 'containerTags'> & { containerTags?: readonly string[] }) {
    const containerTags = readScope(actor, query.containerTags && query.containerTags.length > 0 ? query.containerTags : undefined);
    return this.store.memories.listMemories(actor.orgId, { ...query, ...(containerTags ? { containerTags } : {}) });
  }

  /** Every version of a memory's chain, oldest first (scope checked on the memory itself). */
  async history(actor: Actor, memory: MemoryRecord): Promise<MemoryRecord[]> {
    return (await this.store.memories.memoryHistory(actor.orgId, memory.rootMemoryId ?? memory.id)).filter((m) => visible(actor, m));
  }

  /** PATCH /v4/memories: a new version of a memory (by id or exact content), inheriting metadata and expiry unless given. */
  async update(actor: Actor, input: UpdateMemoryInput): Promise<MemoryRecord> {
    requireWrite(actor);
    requireTags(actor, [input.containerTag]);
    const current = await this.findOne(actor, input.containerTag, input.id, input.content);
    if (!current.isLatest) throw createError('VALIDATION_FAILED', ['only the latest version of a memory can be updated'], { details: { latestOf: current.rootMemoryId } });
    const embedder = await this.embedder.get();
    const [vector] = await embedder.embedDocuments([input.newContent]);
    const now = new Date().toISOString();
    const id = randomUUID();
    const forgetAfter = input.forgetAfter === undefined ? current.forgetAfter : input.forgetAfter;
    const next: MemoryRecord = {
      ...current,
      id,
      memory: input.newContent,
      version: current.version + 1,
      parentMemoryId: current.id,
      rootMemoryId: current.rootMemoryId ?? current.id,
      relation: 'updates',
      isLatest: true,
      forgetAfter,
      // A reason belongs to an expiry: clearing forgetAfter clears it.
      forgetReason: forgetAfter === null ? null : input.forgetReason === undefined ? current.forgetReason : input.forgetReason,
      metadata: input.metadata ?? current.metadata,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.memories.insertMemory(next, { model: embedder.id, vector: vector! });
    await this.store.memories.updateMemory(actor.orgId, current.id, { isLatest: false, updatedAt: now });
    return next;
  }

  /** DELETE /v4/memories: soft-forgets one memory (by id or exact content); 404 when nothing matches. */
  async forget(actor: Actor, containerTag: string, ref: { id?: string; content?: string }, reason?: string): Promise<MemoryRecord> {
    requireWrite(actor);
    requireTags(actor, [containerTag]);
    const m = await this.findOne(actor, containerTag, ref.id, ref.content);
    const now = new Date().toISOString();
    return (await this.store.memories.updateMemory(actor.orgId, m.id, {
      isForgotten: true,
      forgottenAt: now,
      forgetReason: reason ?? m.forgetReason ?? 'forgotten on request',
      updatedAt: now,
    }))!;
  }

  /** POST /v4/memories/forget-matching: forgets memories matching a query (above a threshold) or given ids. */
  async forgetMatching(actor: Actor, input: ForgetMatchingInput) {
    requireWrite(actor);
    requireTags(actor, [input.containerTag]);
    let candidates: { memory: MemoryRecord; score: number }[];
    if (input.ids && input.ids.length > 0) {
      const found = await this.store.memories.getMemoriesByIds(actor.orgId, input.ids);
      candidates = found.filter((m) => m.containerTags.includes(input.containerTag) && !m.isForgotten).map((m) => ({ memory: m, score: 1 }));
    } else {
      const hits = await this.search(actor, { q: input.query ?? '', containerTags: [input.containerTag], limit: input.maxForget, threshold: input.threshold });
      candidates = hits.map((h) => ({ memory: h.memory, score: h.similarity }));
    }
    candidates = candidates.slice(0, input.maxForget);
    const items = candidates.map((c) => ({ id: c.memory.id, memory: c.memory.memory, score: round(c.score) }));
    if (input.dryRun) return { dryRun: true, count: items.length, forgetBatchId: null, summary: `${items.length} memories would be forgotten`, candidates: items };
    const batch = randomUUID();
    const now = new Date().toISOString();
    for (const c of candidates) {
      await this.store.memories.updateMemory(actor.orgId, c.memory.id, {
        isForgotten: true,
        forgottenAt: now,
        forgetReason: input.reason ?? `forget-matching ${batch}`,
        updatedAt: now,
      });
    }
    return { dryRun: false, count: items.length, forgetBatchId: batch, summary: `${items.length} memories forgotten`, forgotten: items };
  }

  /** Memories by meaning and words, one calibrated similarity in [0, 1] (the same scale as chunk search). */
  async search(actor: Actor, p: MemorySearchParams): Promise<MemoryHit[]> {
    const containerTags = readScope(actor, p.containerTags && p.containerTags.length > 0 ? p.containerTags : undefined);
    const scope = { ...(containerTags ? { containerTags } : {}), includeForgotten: p.includeForgotten ?? false };
    const terms = queryTerms(p.q);
    const embedder = await this.embedderOrNull();
    const n = Math.max(CANDIDATES, p.limit * 3);
    const [byVector, byWords] = await Promise.all([
      embedder
        ? embedder.embedQuery(p.q).then((vector) => this.store.memories.memoryVectorSearch(actor.orgId, { ...scope, vector, model: embedder.id, limit: n }))
        : Promise.resolve([]),
      this.store.memories.memoryKeywordSearch(actor.orgId, { ...scope, terms, limit: n }),
    ]);
    const ids = [...new Set([...byVector.map((c) => c.memoryId), ...byWords.map((c) => c.memoryId)])];
    const memories = new Map((await this.store.memories.getMemoriesByIds(actor.orgId, ids)).map((m) => [m.id, m]));
    // Term weights from the candidates themselves: memory counts per tag are small, and this keeps rare words decisive.
    const termSets = new Map([...memories.values()].map((m) => [m.id, new Set(indexTerms(m.memory))]));
    const df = new Map(terms.map((t) => [t, [...termSets.values()].filter((s) => s.has(t)).length]));
    const weights = termWeights(terms, df, Math.max(memories.size, 1));
    const evidence: HybridEvidence[] = [];
    for (const c of byVector) if (embedder) evidence.push({ id: c.memoryId, vector: calibrateCosine(c.score, embedder.calibration) });
    for (const c of byWords) evidence.push({ id: c.memoryId, keywordRaw: c.score });
    for (const e of evidence) if (termSets.has(e.id)) e.keyword = keywordCoverage(terms, termSets.get(e.id)!, weights);
    return fuse(evidence, { vector: 1, keyword: 0.95 })
      .map((h) => ({ memory: memories.get(h.id), similarity: h.similarity }))
      .filter((h): h is MemoryHit => h.memory !== undefined && matchesFilter(p.filters, h.memory.metadata))
      .map((h) => (h.memory.isInference ? { ...h, similarity: h.similarity * INFERENCE_WEIGHT } : h))
      .filter((h) => h.similarity >= p.threshold)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, p.limit);
  }

  /**
   * The profile of a container tag: `static` = lasting facts, best supported first; `dynamic` = recent context,
   * newest first. Latest, unforgotten memories only, de-duplicated by text.
   */
  async profile(actor: Actor, containerTag: string, opts: { filters?: FilterNode; staticLimit?: number; dynamicLimit?: number } = {}) {
    const [tag] = readScope(actor, [containerTag])!;
    const base = { containerTags: [tag!], limit: 1000, offset: 0 };
    const [statics, dynamics] = await Promise.all([
      this.store.memories.listMemories(actor.orgId, { ...base, isStatic: true, sort: 'updatedAt', order: 'desc' }),
      this.store.memories.listMemories(actor.orgId, { ...base, isStatic: false, sort: 'updatedAt', order: 'desc' }),
    ]);
    const keep = (m: MemoryRecord) => matchesFilter(opts.filters, m.metadata);
    const staticFacts = dedupe(
      statics.memories.filter(keep).sort((a, b) => b.sourceCount - a.sourceCount || (a.updatedAt < b.updatedAt ? 1 : -1)),
    ).slice(0, opts.staticLimit ?? 100);
    const dynamicFacts = dedupe(
      dynamics.memories.filter(keep).sort((a, b) => recency(b).localeCompare(recency(a)) || b.updatedAt.localeCompare(a.updatedAt)),
    ).slice(0, opts.dynamicLimit ?? 30);
    return { static: staticFacts.map((m) => m.memory), dynamic: dynamicFacts.map((m) => m.memory) };
  }

  /** The memories related to a hit: older versions (parents), newer ones (children), extensions and inferences. */
  async context(actor: Actor, m: MemoryRecord) {
    const chain = await this.history(actor, m);
    const parents = chain.filter((v) => v.version < m.version).sort((a, b) => b.version - a.version);
    const children = chain.filter((v) => v.version > m.version).sort((a, b) => a.version - b.version);
    const linked = m.parentMemoryId && m.relation !== 'updates' ? await this.store.memories.getMemory(actor.orgId, m.parentMemoryId) : null;
    return {
      parents: parents.map((p) => ({ memory: p.memory, relation: 'updates' as const, updatedAt: p.updatedAt, metadata: p.metadata, version: p.version - m.version })),
      children: children.map((c) => ({ memory: c.memory, relation: 'updates' as const, updatedAt: c.updatedAt, metadata: c.metadata, version: c.version - m.version })),
      related: linked && visible(actor, linked) ? [{ memory: linked.memory, relation: m.relation as 'extends' | 'derives', updatedAt: linked.updatedAt, metadata: linked.metadata }] : [],
    };
  }

  /** One memory of the tag by id or exact content; 404 when nothing matches. */
  private async findOne(actor: Actor, containerTag: string, id?: string, content?: string): Promise<MemoryRecord> {
    if (id) {
      const m = await this.store.memories.getMemory(actor.orgId, id, [containerTag]);
      if (m && !m.isForgotten) return m;
    } else if (content !== undefined) {
      const [m] = await this.store.memories.findMemoriesByContent(actor.orgId, [containerTag], content);
      if (m) return m;
    } else {
      throw createError('VALIDATION_FAILED', ['either id or content is required'], { details: [{ path: 'body.id', message: 'id or content is required' }] });
    }
    throw createError('MEMORY_NOT_FOUND');
  }

  private async embedderOrNull(): Promise<Embedder | null> {
    try {
      return await this.embedder.get();
    } catch (err) {
      this.logger.warn('searching memories without vectors: embedder unavailable', { error: errorMessage(err) });
      return null;
    }
  }

  /**
   * A container tag deleted with its content: every version of its memories (forgotten ones too) that carries only
   * this tag is removed for good; one that also carries another tag only loses this one.
   */
  async deleteTag(actor: Actor, tag: string): Promise<{ deletedCount: number; untaggedCount: number }> {
    requireWrite(actor);
    requireTags(actor, [tag]);
    const all = await this.everyVersion(actor.orgId, [tag]);
    const orphaned: string[] = [];
    let untaggedCount = 0;
    for (const m of all) {
      const rest = m.containerTags.filter((t) => t !== tag);
      if (rest.length === 0) {
        orphaned.push(m.id);
        continue;
      }
      if (await this.store.memories.updateMemory(actor.orgId, m.id, { containerTags: rest, updatedAt: new Date().toISOString() })) untaggedCount++;
    }
    let deletedCount = 0;
    for (let i = 0; i < orphaned.length; i += TAG_BATCH) deletedCount += await this.store.memories.deleteMemories(actor.orgId, orphaned.slice(i, i + TAG_BATCH));
    return { deletedCount, untaggedCount };
  }

  /** A container-tag merge: every version of the memories carrying one of `fromTags` carries `toTag` in its place. */
  async retagMemories(actor: Actor, fromTags: readonly string[], toTag: string): Promise<{ retaggedCount: number }> {
    requireWrite(actor);
    requireTags(actor, [...fromTags, toTag]);
    const sources = new Set(fromTags.filter((t) => t !== toTag));
    if (sources.size === 0) return { retaggedCount: 0 };
    let retaggedCount = 0;
    for (const m of await this.everyVersion(actor.orgId, [...sources])) {
      const containerTags = [...new Set(m.containerTags.map((t) => (sources.has(t) ? toTag : t)))];
      if (await this.store.memories.updateMemory(actor.orgId, m.id, { containerTags, updatedAt: new Date().toISOString() })) retaggedCount++;
    }
    return { retaggedCount };
  }

  /** Every memory carrying any of the tags, superseded and forgotten versions included, read before anything changes. */
  private async everyVersion(orgId: string, containerTags: readonly string[]): Promise<MemoryRecord[]> {
    const out: MemoryRecord[] = [];
    for (let offset = 0; ; offset += TAG_BATCH) {
      const { memories } = await this.store.memories.listMemories(orgId, {
        containerTags,
        includeForgotten: true,
        includeSuperseded: true,
        sort: 'createdAt',
        order: 'asc',
        limit: TAG_BATCH,
        offset,
      });
      out.push(...memories);
      if (memories.length < TAG_BATCH) return out;
    }
  }
}

function visible(actor: Actor, m: MemoryRecord): boolean {
  return actor.containerTags === null || m.containerTags.some((t) => actor.containerTags!.includes(t));
}

function dedupe(ms: readonly MemoryRecord[]): MemoryRecord[] {
  const seen = new Set<string>();
  return ms.filter((m) => {
    const key = m.memory.toLowerCase().replace(/\s+/g, ' ').trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** When a fact happened (YYYY-MM-DD), for ordering recent context: its event date, else when it was learned. */
function recency(m: MemoryRecord): string {
  return m.eventDate ?? m.updatedAt.slice(0, 10);
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
