import type Router from '@koa/router';
import { parseFilters } from '../../core/filters.js';
import type { ChunkHit, SearchService } from '../../services/search.js';
import { isAppError } from '../../core/errors.js';
import type { DocumentService } from '../../services/documents.js';
import type { Actor } from '../../core/actor.js';
import type { DocumentRecord } from '../../core/types.js';
import type { MemoryService } from '../../services/memories.js';
import { memoryResult } from '../serialize.js';
import type { AppState } from '../context.js';
import { resolveTags } from '../schemas/common.js';
import { ProfileBody, SearchV3Body, SearchV4Body } from '../schemas/search.js';
import { parse } from '../validate.js';

export interface SearchRouteDeps {
  search: SearchService;
  documents: DocumentService;
  memories: MemoryService;
}

function v4Result(hit: ChunkHit, includeDocuments: boolean, includeSummaries: boolean) {
  const d = hit.document;
  return {
    id: hit.chunk.id,
    chunk: hit.chunk.content,
    similarity: round(hit.similarity),
    metadata: d.metadata,
    updatedAt: d.updatedAt,
    version: d.generation,
    resultType: 'chunk' as const,
    documentId: d.id,
    customId: d.customId,
    title: d.title,
    type: d.type,
    filepath: d.filepath,
    containerTags: d.containerTags,
    position: hit.chunk.position,
    ...(includeDocuments
      ? {
          documents: [
            {
              id: d.id,
              title: d.title,
              type: d.type,
              metadata: d.metadata,
              createdAt: d.createdAt,
              updatedAt: d.updatedAt,
              ...(includeSummaries ? { summary: d.summary } : {}),
            },
          ],
        }
      : {}),
  };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function registerSearchRoutes(router: Router<AppState>, { search, documents, memories }: SearchRouteDeps): void {
  /** docId may be an id or a customId (narrowed by the request's tags); an unknown one scopes the search to nothing. */
  const resolveDocId = async (actor: Actor, docId: string, tags: readonly string[] | undefined) => {
    try {
      return (await documents.resolve(actor, docId, tags)).id;
    } catch (err) {
      if (isAppError(err) && err.code === 'DOCUMENT_NOT_FOUND') return docId;
      throw err;
    }
  };

  router.post('/v4/search', async (ctx) => {
    const started = performance.now();
    const b = parse(SearchV4Body, ctx.state.body);
    const actor = ctx.state.actor;
    const filters = parseFilters(b.filters);
    const tags = resolveTags(b.containerTag ?? b.endUserId, b.containerTags);
    const documentId = b.docId ? await resolveDocId(actor, b.docId, tags) : undefined;
    const threshold = b.chunkThreshold ?? b.threshold;
    // "memories": facts only; "documents": chunks only; "hybrid" (default): both in one calibrated ranking.
    // Memories are not tied to a file path, so a filepath-scoped search looks at chunks only.
    const wantMemories = b.searchMode !== 'documents' && !b.filepath;
    const wantChunks = b.searchMode !== 'memories';
    const [memoryHits, chunkHits] = await Promise.all([
      wantMemories
        ? memories
            .search(actor, {
              q: b.q,
              limit: b.limit,
              threshold,
              includeForgotten: b.include?.forgottenMemories ?? false,
              ...(tags ? { containerTags: tags } : {}),
              ...(filters ? { filters } : {}),
            })
            .then((hits) => (documentId ? hits.filter((h) => h.memory.documentIds.includes(documentId)) : hits))
        : Promise.resolve([]),
      wantChunks
        ? search.search(actor, {
            q: b.q,
            limit: b.limit,
            threshold,
            rerank: b.rerank,
            ...(tags ? { containerTags: tags } : {}),
            ...(filters ? { filters } : {}),
            ...(documentId ? { documentId } : {}),
          })
        : Promise.resolve([]),
    ]);
    const ranked = [
      ...memoryHits.map((h) => ({ kind: 'memory' as const, similarity: h.similarity, hit: h })),
      ...chunkHits.map((h) => ({ kind: 'chunk' as const, similarity: h.similarity, hit: h })),
    ]
      .sort((a, c) => c.similarity - a.similarity)
      .slice(0, b.limit);
    const includeDocuments = b.include?.documents ?? false;
    const includeSummaries = b.include?.summaries ?? false;
    const results = [];
    for (const r of ranked) {
      if (r.kind === 'chunk') {
        results.push(v4Result(r.hit, includeDocuments, includeSummaries));
        continue;
      }
      const m = r.hit.memory;
      const context = await memories.context(actor, m);
      const sources = includeDocuments ? await documents.getMany(actor, m.documentIds) : [];
      results.push(
        memoryResult(m, r.similarity, {
          parents: context.parents,
          children: context.children,
          ...(b.include?.relatedMemories ? { related: context.related } : {}),
        }, includeDocuments ? sources.map((d) => documentRef(d, includeSummaries)) : undefined),
      );
    }
    ctx.body = { results, timing: Math.round(performance.now() - started), total: results.length };
  });

  router.post('/v3/search', async (ctx) => {
    const started = performance.now();
    const b = parse(SearchV3Body, ctx.state.body);
    const filters = parseFilters(b.filters);
    const tags = resolveTags(b.containerTag, b.containerTags);
    const hits = await search.search(ctx.state.actor, {
      q: b.q,
      limit: 100,
      threshold: b.chunkThreshold,
      rerank: b.rerank,
      keepDuplicates: true,
      ...(tags ? { containerTags: tags } : {}),
      ...(filters ? { filters } : {}),
      ...(b.docId ? { documentId: await resolveDocId(ctx.state.actor, b.docId, tags) } : {}),
      ...(b.filepath ? { filepath: b.filepath } : {}),
    });
    const groups = new Map<string, { hit: ChunkHit; chunks: ChunkHit[] }>();
    for (const h of hits) {
      const g = groups.get(h.document.id);
      if (g) g.chunks.push(h);
      else groups.set(h.document.id, { hit: h, chunks: [h] });
    }
    const results = [];
    for (const { hit, chunks } of [...groups.values()].slice(0, b.limit)) {
      const d = hit.document;
      let outChunks = chunks
        .sort((a, c) => a.chunk.position - c.chunk.position)
        .map((c) => ({ content: c.chunk.content, isRelevant: true, score: round(c.similarity), position: c.chunk.position }));
      if (!b.onlyMatchingChunks) {
        const relevant = new Map(outChunks.map((c) => [c.position, c]));
        outChunks = (await documents.chunks(ctx.state.actor, d.id)).chunks.map(
          (c) => relevant.get(c.position) ?? { content: c.content, isRelevant: false, score: 0, position: c.position },
        );
      }
      results.push({
        documentId: d.id,
        title: d.title,
        type: d.type,
        score: round(hit.similarity),
        metadata: d.metadata,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
        chunks: outChunks,
        ...(b.includeSummary ? { summary: d.summary } : {}),
        ...(b.includeFullDocs ? { content: d.content } : {}),
      });
    }
    ctx.body = { results, timing: Math.round(performance.now() - started), total: results.length };
  });

  router.post('/v4/profile', async (ctx) => {
    const started = performance.now();
    const b = parse(ProfileBody, ctx.state.body);
    const filters = parseFilters(b.filters);
    const profile = await memories.profile(ctx.state.actor, b.containerTag, filters ? { filters } : {});
    if (!b.q) {
      ctx.body = { profile };
      return;
    }
    const threshold = b.threshold ?? 0.5;
    const [memoryHits, chunkHits] = await Promise.all([
      memories.search(ctx.state.actor, { q: b.q, limit: 10, threshold, containerTags: [b.containerTag], ...(filters ? { filters } : {}) }),
      search.search(ctx.state.actor, { q: b.q, limit: 10, threshold, rerank: false, containerTags: [b.containerTag], ...(filters ? { filters } : {}) }),
    ]);
    const results = [
      ...memoryHits.map((h) => ({ similarity: h.similarity, result: memoryResult(h.memory, h.similarity, undefined, undefined) as Record<string, unknown> })),
      ...chunkHits.map((h) => ({ similarity: h.similarity, result: v4Result(h, false, false) as Record<string, unknown> })),
    ]
      .sort((a, c) => c.similarity - a.similarity)
      .slice(0, 10)
      .map((r) => r.result);
    ctx.body = { profile, searchResults: { results, timing: Math.round(performance.now() - started), total: results.length } };
  });
}

function documentRef(d: DocumentRecord, includeSummary: boolean) {
  return {
    id: d.id,
    title: d.title,
    type: d.type,
    metadata: d.metadata,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(includeSummary ? { summary: d.summary } : {}),
  };
}
