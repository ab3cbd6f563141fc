import { randomUUID } from 'node:crypto';
import { readScope, requireTags, requireWrite, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { MemoryRecord, Metadata } from '../core/types.js';
import { metadataDate } from '../memory/document-date.js';
import { factsOfDirectWrite } from '../memory/direct-write.js';
import { rememberFacts } from '../memory/remember.js';
import type { RelationJudge } from '../memory/types.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { MemoryListQuery } from '../storage/memories.js';
import type { Store } from '../storage/store.js';
import { MemoryProfiles, type Profile, type ProfileOptions } from './memory-profile.js';
import { MemoryProfileCache } from './memory-profile-cache.js';
import { MemorySearch, visible, type MemoryContext, type MemoryHit, type MemorySearchParams } from './memory-search.js';

export type { MemoryContext, MemoryHit, MemorySearchParams, Profile };

export interface MemoryServiceOptions {
  /** The profile's window of recent context, in days before the tag's latest activity (MNEMO_PROFILE_RECENT_DAYS). */
  profileRecentDays: number;
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

/** Memories read per round when a container tag is deleted or merged. */
const TAG_BATCH = 500;

/**
 * Memories of the caller's container tags: direct writes, versioned updates, forgetting, listing, search and the
 * profile. Every call takes the actor; scope is applied inside the memory store's queries.
 */
export class MemoryService {
  private readonly searcher: MemorySearch;
  private readonly profiles: MemoryProfileCache;

  constructor(
    private readonly store: Store,
    private readonly embedder: EmbedderHandle,
    private readonly judge: RelationJudge,
    logger: Logger,
    options: MemoryServiceOptions = { profileRecentDays: 30 },
  ) {
    this.searcher = new MemorySearch(store, embedder, logger);
    this.profiles = new MemoryProfileCache(store.memories, new MemoryProfiles(store, options.profileRecentDays), options.profileRecentDays);
  }

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
        // A write dated by its metadata (an import) reads "last month" from that date, and versions by it.
        factsOfDirectWrite(item.content, item.isStatic, metadataDate(item.metadata) ?? now),
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
    return (await this.histories(actor, [memory])).get(memory.id) ?? [];
  }

  /** The version chains of several memories in one read, by memory id, oldest first, within the caller's tags. */
  async histories(actor: Actor, memories: readonly MemoryRecord[]): Promise<Map<string, MemoryRecord[]>> {
    const chains = await this.store.memories.memoryHistories(
      actor.orgId,
      memories.map((m) => m.rootMemoryId ?? m.id),
    );
    return new Map(memories.map((m) => [m.id, (chains.get(m.rootMemoryId ?? m.id) ?? []).filter((v) => visible(actor, v))]));
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

  /** Memories by meaning and words, one calibrated similarity in [0, 1], the current fact of each subject first. */
  async search(actor: Actor, p: MemorySearchParams): Promise<MemoryHit[]> {
    return this.searcher.search(actor, p);
  }

  /** A search with source evidence that also returns the best `p.own` memories on their own similarity (hybrid search). */
  async searchWithOwn(actor: Actor, p: MemorySearchParams): Promise<{ hits: MemoryHit[]; own: MemoryHit[] }> {
    return this.searcher.searchWithOwn(actor, p);
  }

  /** The version context (older, newer and related memories) of a page of hits, read in one batch. */
  async contexts(actor: Actor, hits: readonly MemoryRecord[]): Promise<Map<string, MemoryContext>> {
    return this.searcher.contexts(actor, hits);
  }

  /** The profile of a container tag (memory-profile.ts). */
  async profile(actor: Actor, containerTag: string, opts: ProfileOptions = {}): Promise<Profile> {
    return this.profiles.profile(actor, containerTag, opts);
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

const round = (x: number) => Math.round(x * 10_000) / 10_000;
