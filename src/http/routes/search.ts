import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { parseFilters } from '../../core/filters.js';
import type { ChunkHit, SearchService } from '../../services/search.js';
import { isAppError } from '../../core/errors.js';
import type { DocumentService } from '../../services/documents.js';
import type { Actor } from '../../core/actor.js';
import type { RecallService } from '../../services/recall.js';
import { recallResult } from '../serialize.js';
import { defineRoute, mount, ok } from '../route.js';
import { SearchV3Response } from '../schemas/document-responses.js';
import { ProfileResponse, SearchV4Response } from '../schemas/memory-responses.js';
import { resolveTags } from '../schemas/common.js';
import { ProfileBody, SearchV3Body, SearchV4Body } from '../schemas/search.js';

export interface SearchRouteDeps {
  search: SearchService;
  documents: DocumentService;
  recall: RecallService;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Search and profile, declared once. */
export const SEARCH_ROUTES = {
  v4: defineRoute({
    method: 'post',
    path: '/v4/search',
    tag: 'search',
    auth: 'key',
    summary: 'Hybrid search over memories and chunks',
    description: 'Results are memories (resultType "memory") and document chunks (resultType "chunk") in one ranking; searchMode memories or documents keeps one kind.',
    body: SearchV4Body,
    responses: ok(SearchV4Response),
  }),
  v3: defineRoute({ method: 'post', path: '/v3/search', tag: 'search', auth: 'key', summary: 'Legacy document-grouped search', body: SearchV3Body, responses: ok(SearchV3Response) }),
  profile: defineRoute({
    method: 'post',
    path: '/v4/profile',
    tag: 'profile',
    auth: 'key',
    summary: 'Profile of a container tag (static and dynamic facts)',
    description: 'With q, also the memories matching it (searchResults).',
    body: ProfileBody,
    responses: ok(ProfileResponse),
  }),
};

export function registerSearchRoutes(router: Router<AppState>, { search, documents, recall }: SearchRouteDeps): void {
  /** docId may be an id or a customId (narrowed by the request's tags); an unknown one scopes the search to nothing. */
  const resolveDocId = async (actor: Actor, docId: string, tags: readonly string[] | undefined) => {
    try {
      return (await documents.resolve(actor, docId, tags)).id;
    } catch (err) {
      if (isAppError(err) && err.code === 'DOCUMENT_NOT_FOUND') return docId;
      throw err;
    }
  };

  mount(router, SEARCH_ROUTES.v4, async (ctx, input) => {
    const started = performance.now();
    const b = input.body();
    const filters = parseFilters(b.filters);
    const tags = resolveTags(b.containerTag ?? b.endUserId, b.containerTags);
    const found = await recall.search(ctx.state.actor, {
      q: b.q,
      searchMode: b.searchMode,
      limit: b.limit,
      threshold: b.chunkThreshold ?? b.threshold,
      rerank: b.rerank,
      includeDocuments: b.include?.documents ?? false,
      includeForgotten: b.include?.forgottenMemories ?? false,
      ...(tags ? { containerTags: tags } : {}),
      ...(filters ? { filters } : {}),
      ...(b.docId ? { docId: b.docId } : {}),
      ...(b.filepath ? { filepath: b.filepath } : {}),
    });
    const opts = { includeDocuments: b.include?.documents ?? false, includeSummaries: b.include?.summaries ?? false, includeRelated: b.include?.relatedMemories ?? false, withContext: true };
    const results = found.map((r) => recallResult(r, opts));
    ctx.body = { results, timing: Math.round(performance.now() - started), total: results.length };
  });

  mount(router, SEARCH_ROUTES.v3, async (ctx, input) => {
    const started = performance.now();
    const b = input.body();
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
    const kept = [...groups.values()].slice(0, b.limit);
    // Hits carry their documents' heads; the full text is read only for the documents returned, when asked for.
    const contents = b.includeFullDocs
      ? new Map(
          (
            await documents.getMany(
              ctx.state.actor,
              kept.map((g) => g.hit.document.id),
            )
          ).map((d) => [d.id, d.content]),
        )
      : null;
    const results = [];
    for (const { hit, chunks } of kept) {
      const d = hit.document;
      let outChunks = chunks.sort((a, c) => a.chunk.position - c.chunk.position).map((c) => ({ content: c.chunk.content, isRelevant: true, score: round(c.similarity), position: c.chunk.position }));
      if (!b.onlyMatchingChunks) {
        const relevant = new Map(outChunks.map((c) => [c.position, c]));
        outChunks = (await documents.chunks(ctx.state.actor, d.id)).chunks.map((c) => relevant.get(c.position) ?? { content: c.content, isRelevant: false, score: 0, position: c.position });
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
        ...(contents ? { content: contents.get(d.id) ?? null } : {}),
      });
    }
    ctx.body = { results, timing: Math.round(performance.now() - started), total: results.length };
  });

  mount(router, SEARCH_ROUTES.profile, async (ctx, input) => {
    const started = performance.now();
    const b = input.body();
    const filters = parseFilters(b.filters);
    const { profile, results } = await recall.profile(ctx.state.actor, {
      containerTag: b.containerTag,
      ...(b.q ? { q: b.q } : {}),
      ...(b.threshold !== undefined ? { threshold: b.threshold } : {}),
      ...(filters ? { filters } : {}),
    });
    if (!results) {
      ctx.body = { profile };
      return;
    }
    const opts = { includeDocuments: false, includeSummaries: false, includeRelated: false, withContext: false };
    const items = results.map((r) => recallResult(r, opts));
    ctx.body = { profile, searchResults: { results: items, timing: Math.round(performance.now() - started), total: items.length } };
  });
}
