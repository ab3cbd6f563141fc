import { requireTags, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { DocumentStatus } from '../core/types.js';
import type { ContainerTagService } from './container-tags.js';
import { DEFAULT_TAGS, type DocumentService } from './documents.js';
import type { MemoryHit, MemoryService } from './memories.js';
import type { ChunkHit, SearchService } from './search.js';

/** Stages of a saved document, in order, for progress reports. */
export const PIPELINE_STAGES: readonly DocumentStatus[] = ['queued', 'extracting', 'chunking', 'embedding', 'indexing', 'done'];

/** Below this similarity a `forget` finds nothing rather than forgetting an unrelated memory. */
export const FORGET_THRESHOLD = 0.55;

export interface SaveProgress {
  status: DocumentStatus;
  /** Stages completed, of PIPELINE_STAGES.length - 1. */
  step: number;
  total: number;
}

export interface SaveResult {
  documentId: string;
  containerTag: string;
  status: DocumentStatus;
  /** The tag was not among the caller's projects before this save. */
  newProject: boolean;
}

export interface RecallResult {
  containerTag: string;
  memories: MemoryHit[];
  profile: { static: string[]; dynamic: string[] } | null;
}

export interface AgentMemoryDeps {
  documents: DocumentService;
  memories: MemoryService;
  search: SearchService;
  containerTags: ContainerTagService;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What agents (the MCP edge) do with memory: save and forget facts, recall them with the profile, search the
 * knowledge base, list the projects they may use. Every call takes the caller's actor; scope is enforced by the
 * services underneath, as for REST.
 */
export class AgentMemoryService {
  constructor(private readonly deps: AgentMemoryDeps) {}

  /** The tag a call works in: the requested one, else the project header's, else the key's first, else the default. */
  resolveTag(actor: Actor, requested: string | undefined, project: string | undefined): string {
    if (project && requested && requested !== project) {
      throw createError('FORBIDDEN', [`This connection is limited to project ${project}; containerTag ${requested} is outside it`]);
    }
    const tag = requested ?? project ?? actor.containerTags?.[0] ?? DEFAULT_TAGS[0]!;
    requireTags(actor, [tag]);
    return tag;
  }

  /** Container tags the caller may use: a scoped caller's own, else every tag of the organisation. */
  async projects(actor: Actor): Promise<string[]> {
    if (actor.containerTags) return [...actor.containerTags];
    return (await this.deps.containerTags.list(actor)).map((v) => v.containerTag);
  }

  /**
   * Saves content as a document (the memory engine extracts its facts, as for any document). With `onProgress`,
   * waits until the document is processed or `waitMs` passes, reporting each stage it reaches.
   */
  async save(actor: Actor, containerTag: string, content: string, opts: { onProgress?: (p: SaveProgress) => Promise<void>; waitMs?: number; pollMs?: number } = {}): Promise<SaveResult> {
    const before = await this.projects(actor).catch(() => [] as string[]);
    const { id } = await this.deps.documents.add(actor, { content, containerTags: [containerTag], metadata: { sm_source: 'mcp' } });
    let status: DocumentStatus = 'queued';
    if (opts.onProgress) status = await this.follow(actor, id, opts.onProgress, opts.waitMs ?? 60_000, opts.pollMs ?? 100);
    return { documentId: id, containerTag, status, newProject: !before.includes(containerTag) };
  }

  /** Polls a document's status until done/failed or the deadline, reporting every new stage. */
  private async follow(actor: Actor, id: string, onProgress: (p: SaveProgress) => Promise<void>, waitMs: number, pollMs: number): Promise<DocumentStatus> {
    const total = PIPELINE_STAGES.length - 1;
    const deadline = Date.now() + waitMs;
    let reported = -1;
    for (;;) {
      const doc = await this.deps.documents.get(actor, id);
      const step = doc.status === 'failed' ? total : Math.max(0, PIPELINE_STAGES.indexOf(doc.status));
      if (step > reported) {
        reported = step;
        await onProgress({ status: doc.status, step, total });
      }
      if (doc.status === 'done' || doc.status === 'failed' || Date.now() >= deadline) return doc.status;
      await sleep(pollMs);
    }
  }

  /** Forgets the memory of the tag that matches `content`: the exact text if stored, else the closest one. */
  async forget(actor: Actor, containerTag: string, content: string): Promise<{ forgotten: { id: string; memory: string } | null }> {
    const hits = await this.deps.memories.search(actor, { q: content, containerTags: [containerTag], limit: 20, threshold: 0 });
    const wanted = content.trim().toLowerCase();
    const exact = hits.find((h) => h.memory.memory.trim().toLowerCase() === wanted);
    const best = hits[0];
    const target = exact ?? (best && best.similarity >= FORGET_THRESHOLD ? best : undefined);
    if (!target) return { forgotten: null };
    const m = await this.deps.memories.forget(actor, containerTag, { id: target.memory.id }, 'forgotten by an agent (MCP)');
    return { forgotten: { id: m.id, memory: m.memory } };
  }

  /** Memories relevant to the query, best first, with the tag's profile when asked. */
  async recall(actor: Actor, containerTag: string, query: string, opts: { includeProfile: boolean; limit?: number }): Promise<RecallResult> {
    const [memories, profile] = await Promise.all([
      this.deps.memories.search(actor, { q: query, containerTags: [containerTag], limit: opts.limit ?? 10, threshold: 0.3 }),
      opts.includeProfile ? this.deps.memories.profile(actor, containerTag) : Promise.resolve(null),
    ]);
    return { containerTag, memories, profile };
  }

  /** The profile of a tag (stable facts and recent context). */
  profile(actor: Actor, containerTag: string): Promise<{ static: string[]; dynamic: string[] }> {
    return this.deps.memories.profile(actor, containerTag);
  }

  /** Document chunks relevant to the query, with their source documents. */
  searchDocuments(actor: Actor, containerTag: string, query: string, limit: number): Promise<ChunkHit[]> {
    return this.deps.search.search(actor, { q: query, containerTags: [containerTag], limit, threshold: 0.3, rerank: false });
  }
}
