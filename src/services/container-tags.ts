import { requireRoot, requireWrite, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { AccountStore, ContainerTagPatch, ContainerTagStats } from '../storage/accounts.js';
import type { ContainerTagRecord } from '../core/types.js';
import type { DocumentService } from './documents.js';

/** Memories per container tag. The memory engine will supply one; until then every count is 0 (NO_MEMORIES). */
export interface MemoryCounter {
  /** Latest, not forgotten memories per tag; tags without any may be absent. */
  countByTags(orgId: string, tags: readonly string[]): Promise<ReadonlyMap<string, number>>;
}

export const NO_MEMORIES: MemoryCounter = { countByTags: () => Promise.resolve(new Map()) };

/** What deleting, merging and profiling a space does with its memories (the MemoryService). */
export interface TagMemories {
  /** Removes the memories that carry only this tag; the others lose it. */
  deleteTag(actor: Actor, tag: string): Promise<{ deletedCount: number; untaggedCount: number }>;
  /** Memories carrying one of `fromTags` carry `toTag` instead. */
  retagMemories(actor: Actor, fromTags: readonly string[], toTag: string): Promise<{ retaggedCount: number }>;
  /** Static and dynamic facts of the tag, within the caller's scope. */
  profile(actor: Actor, containerTag: string): Promise<{ static: string[]; dynamic: string[] }>;
}

/** Spaces without a memory engine: nothing to delete or move, an empty profile. */
export const NO_TAG_MEMORIES: TagMemories = {
  deleteTag: () => Promise.resolve({ deletedCount: 0, untaggedCount: 0 }),
  retagMemories: () => Promise.resolve({ retaggedCount: 0 }),
  profile: () => Promise.resolve({ static: [], dynamic: [] }),
};

/**
 * One space: the documents that carry its tag and/or its record (created by PATCH). A space without a record
 * dates from its oldest document; with one, from whichever is older. updatedAt is the later of the record's
 * updatedAt and the last document activity; lastActivityAt counts documents only.
 */
export interface ContainerTagView {
  containerTag: string;
  /** The record's name, else the tag itself. */
  name: string;
  entityContext: string | null;
  createdAt: string;
  updatedAt: string;
  documentCount: number;
  memoryCount: number;
  lastActivityAt: string | null;
}

const earliest = (...dates: (string | undefined | null)[]) => dates.filter((d): d is string => !!d).sort()[0]!;
const latest = (...dates: (string | undefined | null)[]) =>
  dates
    .filter((d): d is string => !!d)
    .sort()
    .at(-1)!;

/** Container tags as spaces (list, get, name/context, delete, merge). Every call needs a root key of the organisation. */
export class ContainerTagService {
  constructor(
    private readonly accounts: AccountStore,
    private readonly documents: DocumentService,
    private readonly memories: MemoryCounter = NO_MEMORIES,
    private readonly tagMemories: TagMemories = NO_TAG_MEMORIES,
  ) {}

  /** Every tag that documents carry plus every tag with a record (optionally only these tags), by tag. */
  async list(actor: Actor, tags?: readonly string[]): Promise<ContainerTagView[]> {
    requireRoot(actor, 'list container tags');
    return this.views(actor.orgId, tags && tags.length > 0 ? tags : undefined);
  }

  /** One space; 404 CONTAINER_TAG_NOT_FOUND when neither documents nor a record carry the tag. */
  async get(actor: Actor, tag: string): Promise<ContainerTagView> {
    requireRoot(actor, 'read container tags');
    const [view] = await this.views(actor.orgId, [tag]);
    if (!view) throw createError('CONTAINER_TAG_NOT_FOUND', [tag]);
    return view;
  }

  /** Creates the space record when missing (a tag with no documents yet), then applies the patch. */
  async update(actor: Actor, tag: string, patch: ContainerTagPatch) {
    requireRoot(actor, 'change container tags');
    requireWrite(actor);
    const record = await this.accounts.upsertContainerTag(actor.orgId, tag, patch, new Date().toISOString());
    return { containerTag: tag, name: record.name ?? tag, entityContext: record.entityContext, updatedAt: record.updatedAt };
  }

  /**
   * Deletes a space: its documents go with their chunks, documents that also carry another tag only lose this one
   * (they stay), then its memories the same way (every version), and the record is dropped last, so an interrupted
   * delete can be repeated.
   */
  async delete(actor: Actor, tag: string) {
    requireRoot(actor, 'delete container tags');
    requireWrite(actor);
    await this.requireExisting(actor.orgId, [tag]);
    const { deletedCount, untaggedCount } = await this.documents.deleteByTags(actor, [tag]);
    // After the documents: memories their deletion retracted still carry the tag and go here too.
    const memories = await this.tagMemories.deleteTag(actor, tag);
    await this.accounts.deleteContainerTag(actor.orgId, tag);
    return { deletedDocumentsCount: deletedCount, untaggedDocumentsCount: untaggedCount, deletedMemoriesCount: memories.deletedCount };
  }

  /**
   * Merges two tags into `target`, which may be one of them or a new tag: documents and memories of the others carry
   * the target instead (409 before any change when customIds would collide under it), their records are deleted and
   * the target gets a record if it had none. 404 when either tag does not exist.
   */
  async merge(actor: Actor, tags: readonly string[], target: string) {
    requireRoot(actor, 'merge container tags');
    requireWrite(actor);
    await this.requireExisting(actor.orgId, tags);
    const sources = [...new Set(tags)].filter((t) => t !== target);
    const { retaggedCount } = await this.documents.retag(actor, sources, target);
    await this.tagMemories.retagMemories(actor, sources, target);
    await this.accounts.upsertContainerTag(actor.orgId, target, {}, new Date().toISOString());
    for (const tag of sources) await this.accounts.deleteContainerTag(actor.orgId, tag);
    return { mergedCount: retaggedCount, targetTag: target, deletedTags: sources };
  }

  private async requireExisting(orgId: string, tags: readonly string[]): Promise<void> {
    const found = new Set((await this.views(orgId, tags, false)).map((v) => v.containerTag));
    const missing = tags.filter((t) => !found.has(t));
    if (missing.length > 0) throw createError('CONTAINER_TAG_NOT_FOUND', [missing.join(', ')], { details: { containerTags: missing } });
  }

  private async views(orgId: string, tags: readonly string[] | undefined, withMemories = true): Promise<ContainerTagView[]> {
    const [records, stats] = await Promise.all([this.accounts.listContainerTags(orgId, tags), this.accounts.containerTagStats(orgId, tags)]);
    const byTag = new Map<string, { record?: ContainerTagRecord; stats?: ContainerTagStats }>();
    for (const r of records) byTag.set(r.tag, { record: r });
    for (const s of stats) byTag.set(s.tag, { ...byTag.get(s.tag), stats: s });
    const all = [...byTag.keys()].sort();
    const memories = withMemories && all.length > 0 ? await this.memories.countByTags(orgId, all) : new Map<string, number>();
    return all.map((tag) => {
      const { record, stats: s } = byTag.get(tag)!;
      return {
        containerTag: tag,
        name: record?.name ?? tag,
        entityContext: record?.entityContext ?? null,
        createdAt: earliest(record?.createdAt, s?.firstCreatedAt),
        updatedAt: latest(record?.updatedAt, s?.lastActivityAt, s?.firstCreatedAt),
        documentCount: s?.documentCount ?? 0,
        memoryCount: memories.get(tag) ?? 0,
        lastActivityAt: s?.lastActivityAt ?? null,
      };
    });
  }

  /**
   * GET /v3/container-tags/{tag}/profile: the memory profile of a space. Scope as for /v4/profile (a key reads the
   * tags it may read); a tag without memories has an empty profile.
   */
  async profile(actor: Actor, tag: string): Promise<{ static: string[]; dynamic: string[] }> {
    const { static: statics, dynamic } = await this.tagMemories.profile(actor, tag);
    return { static: statics, dynamic };
  }
}
