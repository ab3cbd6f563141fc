import type Router from '@koa/router';
import type { Metadata } from '../../core/types.js';
import type { MemoryService } from '../../services/memories.js';
import type { AppState } from '../context.js';
import { resolveTags } from '../schemas/common.js';
import { ForgetMatchingBody, ForgetMemoryBody, ListMemoriesBody, UpdateMemoryBody, WriteMemoriesBody } from '../schemas/memories.js';
import { memoryEntry } from '../serialize.js';
import { parse } from '../validate.js';

/** The memory API (v4): direct writes, list with history, versioned updates, forgetting. */
export function registerMemoryRoutes(router: Router<AppState>, { memories }: { memories: MemoryService }): void {
  router.post('/v4/memories', async (ctx) => {
    const b = parse(WriteMemoriesBody, ctx.state.body);
    const written = await memories.write(
      ctx.state.actor,
      b.containerTag,
      b.memories.map((m) => ({ content: m.content, ...(m.isStatic !== undefined ? { isStatic: m.isStatic } : {}), ...(m.metadata ? { metadata: m.metadata } : {}) })),
    );
    ctx.body = { documentId: null, memories: written.map((m) => ({ id: m.id, memory: m.memory, isStatic: m.isStatic, createdAt: m.createdAt })) };
  });

  router.post('/v4/memories/list', async (ctx) => {
    const b = parse(ListMemoriesBody, ctx.state.body ?? {});
    const tags = resolveTags(b.containerTag, b.containerTags);
    const page = b.page ?? 1;
    const limit = b.limit ?? 10;
    const { memories: found, total } = await memories.list(ctx.state.actor, {
      ...(tags ? { containerTags: tags } : {}),
      includeForgotten: b.includeForgotten ?? false,
      sort: b.sort ?? 'createdAt',
      order: b.order ?? 'desc',
      limit,
      offset: (page - 1) * limit,
    });
    const chains = b.history ? await memories.histories(ctx.state.actor, found) : null;
    const entries = found.map((m) => memoryEntry(m, chains ? (chains.get(m.id) ?? []) : undefined));
    ctx.body = { memoryEntries: entries, pagination: { currentPage: page, limit, totalItems: total, totalPages: Math.ceil(total / limit) } };
  });

  router.patch('/v4/memories', async (ctx) => {
    const b = parse(UpdateMemoryBody, ctx.state.body);
    // temporalContext is kept with the memory's metadata, as the reference does.
    const temporal: Metadata = {};
    if (b.temporalContext?.documentDate) temporal.documentDate = b.temporalContext.documentDate;
    if (b.temporalContext?.eventDate) temporal.eventDate = b.temporalContext.eventDate;
    const metadata = b.metadata || Object.keys(temporal).length > 0 ? { ...(b.metadata ?? {}), ...temporal } : undefined;
    const m = await memories.update(ctx.state.actor, {
      containerTag: b.containerTag,
      newContent: b.newContent,
      ...(b.id !== undefined ? { id: b.id } : {}),
      ...(b.content !== undefined ? { content: b.content } : {}),
      ...(b.forgetAfter !== undefined ? { forgetAfter: b.forgetAfter } : {}),
      ...(b.forgetReason !== undefined ? { forgetReason: b.forgetReason } : {}),
      ...(metadata ? { metadata } : {}),
    });
    ctx.body = {
      id: m.id,
      memory: m.memory,
      version: m.version,
      parentMemoryId: m.parentMemoryId,
      rootMemoryId: m.rootMemoryId,
      createdAt: m.createdAt,
      forgetAfter: m.forgetAfter,
      forgetReason: m.forgetReason,
    };
  });

  router.delete('/v4/memories', async (ctx) => {
    const b = parse(ForgetMemoryBody, ctx.state.body);
    const m = await memories.forget(ctx.state.actor, b.containerTag, { ...(b.id ? { id: b.id } : {}), ...(b.content ? { content: b.content } : {}) }, b.reason);
    ctx.body = { id: m.id, forgotten: true };
  });

  router.post('/v4/memories/forget-matching', async (ctx) => {
    const b = parse(ForgetMatchingBody, ctx.state.body);
    ctx.body = await memories.forgetMatching(ctx.state.actor, {
      containerTag: b.containerTag,
      dryRun: b.dryRun,
      threshold: b.threshold,
      maxForget: b.maxForget,
      ...(b.query !== undefined ? { query: b.query } : {}),
      ...(b.ids !== undefined ? { ids: b.ids } : {}),
      ...(b.reason !== undefined ? { reason: b.reason } : {}),
    });
  });
}
