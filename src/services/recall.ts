import type { Actor } from '../core/actor.js';
import { isAppError } from '../core/errors.js';
import type { FilterNode } from '../core/filters.js';
import type { DocumentRecord, MemoryRecord } from '../core/types.js';
import type { DocumentService } from './documents.js';
import type { MemoryContext, MemoryService, Profile } from './memories.js';
import { normalizedText } from './memory-profile.js';
import type { ChunkHit, RankedChunk, SearchService } from './search.js';
import { fuseRanked, memoriesWithSlots, monotoneSimilarities, OWN_MEMORY_SLOTS, ownMemoriesLendingContext, withOwnMemories } from '../search/result-fusion.js';
import { SOURCE_EVIDENCE_WEIGHT } from '../search/memory-similarity.js';
import { MEMORY_CONTEXT_SOURCES, orderByMemoryContext } from '../search/memory-turn-context.js';
import { CONTEXT_WINDOW, isTurn } from '../search/turn-context.js';

export interface RecallParams {
  q: string;
  containerTags?: readonly string[];
  /** memories: facts only; documents: chunks only; hybrid: both in one ranking. */
  searchMode: 'hybrid' | 'memories' | 'documents';
  limit: number;
  threshold: number;
  rerank: boolean;
  filters?: FilterNode;
  /** A document id or customId (narrowed by the tags); an unknown one scopes the search to nothing. */
  docId?: string;
  filepath?: string;
  includeDocuments?: boolean;
  includeForgotten?: boolean;
}

export type RecallResult =
  | {
      kind: 'memory';
      memory: MemoryRecord;
      similarity: number;
      context: MemoryContext;
      documents: DocumentRecord[];
      /** The document of a chunk with the memory's text, folded into it (hybrid): the result still names it. */
      documentId?: string;
      /** The text of that chunk (hybrid): a client reading `chunk` still finds the passage the memory stands for. */
      chunk?: string;
    }
  | { kind: 'chunk'; hit: ChunkHit; similarity: number };

export interface ProfileParams {
  containerTag: string;
  q?: string;
  threshold?: number;
  filters?: FilterNode;
}

/** Chunks read for the source evidence of memories (search/memory-similarity.ts withSourceEvidence). */
const SOURCE_CHUNKS = 50;

/** The best chunk similarity of each document among chunk hits. */
export function sourceScores(hits: readonly RankedChunk[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const h of hits) out.set(h.chunk.documentId, Math.max(out.get(h.chunk.documentId) ?? 0, h.similarity));
  return out;
}

/** Results of a profile's question: the hybrid search of the tag, 10 results. */
const PROFILE_RESULTS = 10;

/**
 * POST /v4/search and /v4/profile: memory and chunk search in one ranking (hybrid: rank fusion in which a memory
 * boosts the chunks of its source documents, search/result-fusion.ts), each text once (a memory and a chunk saying
 * the same thing are one result, the memory), then the page's version context, source documents and chunk documents
 * (heads) read in one batch each: the chunk side is ranked without its documents, since the memory side's source
 * evidence keeps 50 chunk hits and needs only their document ids (issue 28: cold reads).
 */
export class RecallService {
  constructor(
    private readonly memories: MemoryService,
    private readonly chunks: SearchService,
    private readonly documents: DocumentService,
    private readonly opts: { memorySourceWeight: number } = { memorySourceWeight: SOURCE_EVIDENCE_WEIGHT },
  ) {}

  async search(actor: Actor, p: RecallParams): Promise<RecallResult[]> {
    const documentId = p.docId ? await this.resolveDocId(actor, p.docId, p.containerTags) : undefined;
    // Memories are not tied to a file path, so a filepath-scoped search looks at chunks only.
    const wantMemories = p.searchMode !== 'documents' && !p.filepath;
    const wantChunks = p.searchMode !== 'memories';
    const scope = { ...(p.containerTags ? { containerTags: p.containerTags } : {}), ...(p.filters ? { filters: p.filters } : {}) };
    // In one ranking, each side is asked for a few more: results both sides hold are folded into one.
    const each = wantMemories && wantChunks ? Math.min(100, p.limit + Math.ceil(p.limit / 2)) : p.limit;
    // Memories inherit the evidence of their source passages (search/memory-similarity.ts withSourceEvidence): the
    // chunk side runs beside the memory side (one shared query embedding) and is read for every memory search.
    const withSources = wantMemories && this.opts.memorySourceWeight > 0;
    const chunkSearch =
      withSources || wantChunks
        ? this.chunks.rank(actor, {
            q: p.q,
            limit: withSources ? Math.max(each, SOURCE_CHUNKS) : each,
            threshold: withSources ? 0 : p.threshold,
            rerank: p.rerank,
            ...scope,
            ...(documentId ? { documentId } : {}),
            ...(p.filepath ? { filepath: p.filepath } : {}),
          })
        : Promise.resolve([]);
    const sourceEvidence = withSources ? chunkSearch.then(sourceScores, () => new Map<string, number>()) : undefined;
    const [{ hits: memoryHits, own: ownHits }, allChunkHits] = await Promise.all([
      wantMemories
        ? this.memories.searchWithOwn(actor, {
            q: p.q,
            limit: each,
            threshold: p.threshold,
            includeForgotten: p.includeForgotten ?? false,
            ...scope,
            ...(documentId ? { documentId } : {}),
            ...(sourceEvidence ? { sources: { scores: sourceEvidence, weight: this.opts.memorySourceWeight } } : {}),
            // Both sides: the best memories on their own words as well (search/result-fusion.ts withOwnMemories).
            ...(wantChunks ? { own: OWN_MEMORY_SLOTS } : {}),
          })
        : Promise.resolve({ hits: [], own: [] }),
      wantChunks ? chunkSearch : chunkSearch.catch(() => []),
    ]);
    const aboveThreshold = wantChunks ? allChunkHits.filter((h) => h.similarity >= p.threshold) : [];
    const chunkHits = (wantMemories && wantChunks && memoryHits.length > 0 ? await this.withMemoryContext(actor, aboveThreshold, memoryHits, ownHits) : aboveThreshold).slice(0, each);
    const asMemoryResult = (h: (typeof memoryHits)[number]) => ({
      kind: 'memory' as const,
      memory: h.memory,
      similarity: h.similarity,
      text: h.memory.memory,
      key: normalizedText(h.memory.memory),
      sources: h.memory.documentIds,
    });
    const memoryResults = memoryHits.map(asMemoryResult);
    const asChunkResult = (h: RankedChunk) => ({ kind: 'chunk' as const, hit: h, similarity: h.similarity, text: h.chunk.content, key: normalizedText(h.chunk.content), sources: [h.chunk.documentId] });
    // Both sides: fused by rank (search/result-fusion.ts), each text once, a weak memory of a passage the chunks lack
    // left out (memoriesWithSlots), the best memories on their own words kept on the first page (withOwnMemories);
    // one side: its own ranking.
    const order = (candidates: readonly RankedChunk[]) => {
      const chunkResults = candidates.map(asChunkResult);
      const all: (((typeof memoryResults)[number] & { folded?: (typeof chunkResults)[number] }) | (typeof chunkResults)[number])[] =
        wantMemories && wantChunks
          ? monotoneSimilarities(withOwnMemories(fuseRanked(memoriesWithSlots(memoryResults, chunkResults), chunkResults), ownHits.map(asMemoryResult)))
          : mergeDistinct(memoryResults, chunkResults);
      return all.slice(0, p.limit);
    };
    // The page's chunks (shown, or folded into a memory) get their documents' heads; a chunk whose document is gone
    // (deleted since the ranking) leaves the candidates and the page is ranked again (rare: one read otherwise).
    let candidates: readonly RankedChunk[] = chunkHits;
    let ranked = order(candidates);
    let heads = new Map<string, ChunkHit>();
    for (;;) {
      const shown = ranked.flatMap((r) => (r.kind === 'chunk' ? [r.hit] : r.folded ? [r.folded.hit] : []));
      heads = new Map((await this.chunks.withDocuments(actor.orgId, shown)).map((h) => [h.chunk.id, h]));
      const gone = new Set(shown.map((h) => h.chunk.id).filter((id) => !heads.has(id)));
      if (gone.size === 0) break;
      candidates = candidates.filter((c) => !gone.has(c.chunk.id));
      ranked = order(candidates);
    }
    const hitOf = (h: RankedChunk) => heads.get(h.chunk.id)!;

    const memories = ranked.flatMap((r) => (r.kind === 'memory' ? [r.memory] : []));
    const [contexts, sources] = await Promise.all([
      this.memories.contexts(actor, memories),
      p.includeDocuments ? this.documents.getMany(actor, [...new Set(memories.flatMap((m) => m.documentIds))]) : Promise.resolve([]),
    ]);
    const byId = new Map(sources.map((d) => [d.id, d]));
    return ranked.map((r) =>
      r.kind === 'chunk'
        ? { kind: 'chunk', hit: r.hit.similarity === r.similarity ? hitOf(r.hit) : { ...hitOf(r.hit), similarity: r.similarity }, similarity: r.similarity }
        : {
            kind: 'memory',
            memory: r.memory,
            similarity: r.similarity,
            context: contexts.get(r.memory.id) ?? { parents: [], children: [], related: [] },
            documents: r.memory.documentIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
            ...(r.folded ? { documentId: r.folded.hit.chunk.documentId, chunk: r.folded.hit.chunk.content } : {}),
          },
    );
  }

  /**
   * Chunk hits re-ordered with the turns beside the best memories' source turns (search/memory-turn-context.ts), then
   * beside those of the own-word memories that will likely take ranks 9-10 (ownMemoriesLendingContext); one
   * neighbour read for both.
   */
  private async withMemoryContext(
    actor: Actor,
    hits: RankedChunk[],
    memoryHits: readonly { similarity: number; memory: MemoryRecord }[],
    ownHits: readonly { similarity: number; memory: MemoryRecord }[] = [],
  ): Promise<RankedChunk[]> {
    const turns = hits.map((h) => ({ hit: h, similarity: h.similarity, documentId: h.chunk.documentId, turn: isTurn(h.chunk.content) }));
    if (!turns.some((t) => t.turn)) return hits;
    const lending = (list: readonly { similarity: number; memory: MemoryRecord }[]) => list.map((h) => ({ similarity: h.similarity, sources: h.memory.documentIds }));
    const best = lending(memoryHits.slice(0, MEMORY_CONTEXT_SOURCES));
    const own = ownMemoriesLendingContext(
      lending(ownHits),
      turns.map((t) => ({ sources: [t.documentId] })),
    );
    const neighbours = await this.documents.neighbours(actor, [...new Set([...best, ...own].flatMap((m) => m.sources))], CONTEXT_WINDOW);
    const ordered = orderByMemoryContext(turns, best, neighbours);
    return (own.length > 0 ? orderByMemoryContext(ordered, own, neighbours) : ordered).map((t) => (t.similarity === t.hit.similarity ? t.hit : { ...t.hit, similarity: t.similarity }));
  }

  /** The tag's profile and, with a question, the best results of the tag for it. */
  async profile(actor: Actor, p: ProfileParams): Promise<{ profile: Profile; results?: RecallResult[] }> {
    const filters = p.filters ? { filters: p.filters } : {};
    const [profile, results] = await Promise.all([
      this.memories.profile(actor, p.containerTag, filters),
      p.q ? this.search(actor, { q: p.q, containerTags: [p.containerTag], searchMode: 'hybrid', limit: PROFILE_RESULTS, threshold: p.threshold ?? 0.5, rerank: false, ...filters }) : Promise.resolve(undefined),
    ]);
    return { profile, ...(results ? { results } : {}) };
  }

  private async resolveDocId(actor: Actor, docId: string, tags: readonly string[] | undefined): Promise<string> {
    try {
      return (await this.documents.resolve(actor, docId, tags)).id;
    } catch (err) {
      if (isAppError(err) && err.code === 'DOCUMENT_NOT_FOUND') return docId;
      throw err;
    }
  }
}

/**
 * Memory and chunk hits in one ranking by similarity, each text once: a chunk or memory whose normalised text an
 * earlier result already has is folded into it (a memory keeps its place and takes the better similarity).
 */
export function mergeDistinct<M extends { kind: 'memory'; similarity: number; text: string }, C extends { kind: 'chunk'; similarity: number; text: string }>(
  memories: readonly M[],
  chunks: readonly C[],
): ((M & { folded?: C }) | C)[] {
  // Ties: a memory before a chunk; two of one kind keep the order they came in (the sort is stable; a comparator that
  // put either first would leave their order to the engine).
  const all = [...memories, ...chunks].sort((a, b) => b.similarity - a.similarity || (a.kind === b.kind ? 0 : a.kind === 'memory' ? -1 : 1));
  const byText = new Map<string, (M & { folded?: C }) | C>();
  const out: ((M & { folded?: C }) | C)[] = [];
  for (const r of all) {
    const key = normalizedText(r.text);
    const held = byText.get(key);
    if (!held) {
      byText.set(key, r);
      out.push(r);
    } else if (held.kind === 'chunk' && r.kind === 'memory') {
      // The memory takes the chunk's place (and its better similarity).
      const merged = { ...r, similarity: Math.max(r.similarity, held.similarity), folded: held };
      out[out.indexOf(held)] = merged;
      byText.set(key, merged);
    } else if (held.kind === 'memory' && r.kind === 'chunk' && !(held as M & { folded?: C }).folded) {
      // A chunk below the memory with its text: folded into it.
      const merged = { ...(held as M), folded: r };
      out[out.indexOf(held)] = merged;
      byText.set(key, merged);
    }
  }
  return out;
}
