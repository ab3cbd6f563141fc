import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { Metadata } from '../../core/types.js';
import type { MemoryService } from '../../services/memories.js';
import { defineRoute, mount, ok } from '../route.js';
import { ForgetMatchingResponse, ForgetMemoryResponse, MemoryListResponse, UpdateMemoryResponse, WriteMemoriesResponse } from '../schemas/memory-responses.js';
import { resolveTags } from '../schemas/common.js';
import { ForgetMatchingBody, ForgetMemoryBody, ListMemoriesBody, UpdateMemoryBody, WriteMemoriesBody } from '../schemas/memories.js';
import { memoryEntry } from '../serialize.js';

/** The memory API (v4): direct writes, list with history, versioned updates, forgetting. */
/** The memory API (v4), declared once. */
export const MEMORY_ROUTES = {
  write: defineRoute({
    method: 'post',
    path: '/v4/memories',
    tag: 'memories',
    auth: 'key',
    summary: 'Write memories directly (1-100 facts under one container tag), without a document',
    body: WriteMemoriesBody,
    responses: ok(WriteMemoriesResponse),
  }),
  list: defineRoute({
    method: 'post',
    path: '/v4/memories/list',
    tag: 'memories',
    auth: 'key',
    summary: 'List memories, newest first; history: true adds every version of each',
    body: ListMemoriesBody,
    bodyOptional: true,
    responses: ok(MemoryListResponse),
  }),
  update: defineRoute({
    method: 'patch',
    path: '/v4/memories',
    tag: 'memories',
    auth: 'key',
    summary: 'Update a memory (by id or exact content): a new version that updates the old one',
    body: UpdateMemoryBody,
    responses: ok(UpdateMemoryResponse),
  }),
  forget: defineRoute({
    method: 'delete',
    path: '/v4/memories',
    tag: 'memories',
    auth: 'key',
    summary: 'Forget a memory (by id or exact content); it stays in its history',
    body: ForgetMemoryBody,
    responses: ok(ForgetMemoryResponse),
  }),
  forgetMatching: defineRoute({
    method: 'post',
    path: '/v4/memories/forget-matching',
    tag: 'memories',
    auth: 'key',
    summary: 'Forget the memories matching a query (above threshold) or given ids; dryRun lists them only',
    body: ForgetMatchingBody,
    responses: ok(ForgetMatchingResponse),
  }),
};

export function registerMemoryRoutes(router: Router<AppState>, { memories }: { memories: MemoryService }): void {
  mount(router, MEMORY_ROUTES.write, async (ctx, input) => {
    const b = input.body();
    const written = await memories.write(
      ctx.state.actor,
      b.containerTag,
      b.memories.map((m) => ({ content: m.content, ...(m.isStatic !== undefined ? { isStatic: m.isStatic } : {}), ...(m.metadata ? { metadata: m.metadata } : {}) })),
    );
    ctx.body = { documentId: null, memories: written.map((m) => ({ id: m.id, memory: m.memory, isStatic: m.isStatic, createdAt: m.createdAt })) };
  });

  mount(router, MEMORY_ROUTES.list, async (ctx, input) => {
    const b = input.body();
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

  mount(router, MEMORY_ROUTES.update, async (ctx, input) => {
    const b = input.body();
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

  mount(router, MEMORY_ROUTES.forget, async (ctx, input) => {
    const b = input.body();
    const m = await memories.forget(ctx.state.actor, b.containerTag, { ...(b.id ? { id: b.id } : {}), ...(b.content ? { content: b.content } : {}) }, b.reason);
    ctx.body = { id: m.id, forgotten: true };
  });

  mount(router, MEMORY_ROUTES.forgetMatching, async (ctx, input) => {
    const b = input.body();
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
