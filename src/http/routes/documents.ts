import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { isAppError } from '../../core/errors.js';
import { parseFilters } from '../../core/filters.js';
import type { DocumentListQuery, DocumentService, DocumentUpdate } from '../../services/documents.js';
import type { Actor } from '../../core/actor.js';
import { PENDING_STATUSES, type DocumentStatus } from '../../core/types.js';
import { defineRoute, mount, ok } from '../route.js';
import { resolveTags } from '../schemas/common.js';
import { AddDocumentBody, BatchBody, BulkDeleteBody, DocumentIdParam, DocumentLookupQuery, ListDocumentsBody, ListDocumentsQuery, ProcessingQuery, UpdateDocumentBody } from '../schemas/documents.js';
import { DocumentsByIdsBody, DocumentsWithMemoriesBody } from '../schemas/documents-with-memories.js';
import { BatchResponse, BulkDeleteResponse, ChunksResponse, DocumentListResponse, DocumentOut, DocumentsWithMemoriesResponse, ProcessingResponse } from '../schemas/document-responses.js';
import { AddResponse as Added } from '../schemas/documents.js';
import { chunkResponse, documentResponse, documentWithMemories, listItem, processingItem } from '../serialize.js';
import { parse } from '../validate.js';

export interface DocumentRouteDeps {
  documents: DocumentService;
}

type UpdateBody = ReturnType<typeof UpdateDocumentBody.parse>;

/** A document's input from an add or update body, as the service takes it: fields absent from the body stay absent. */
function documentInput(b: UpdateBody): DocumentUpdate {
  const tags = resolveTags(b.containerTag, b.containerTags);
  return {
    ...(b.content !== undefined ? { content: b.content } : {}),
    ...(tags ? { containerTags: tags } : {}),
    ...(b.customId !== undefined ? { customId: b.customId } : {}),
    ...(b.metadata !== undefined ? { metadata: b.metadata } : {}),
    ...(b.taskType !== undefined ? { taskType: b.taskType } : {}),
    ...(b.forgetAfter !== undefined ? { forgetAfter: b.forgetAfter } : {}),
    ...(b.entityContext !== undefined ? { entityContext: b.entityContext } : {}),
    ...(b.filepath !== undefined ? { filepath: b.filepath } : {}),
    ...(b.title !== undefined ? { title: b.title } : {}),
  };
}

/**
 * Batches are not atomic: a request cut off halfway keeps the items already added. Items without a customId that
 * repeat one added within this window (same content, tags and metadata) return that document instead of a copy, so
 * re-sending the whole batch is safe. Items with a customId are upserts anyway.
 */
const BATCH_DEDUPE_WINDOW_MS = 15 * 60_000;

/** Batch-level metadata under an item's own: both objects are merged; any other item value is left for validation. */
function mergeMetadata(batch: object | undefined, item: unknown): unknown {
  if (item === undefined) return batch;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  return { ...batch, ...item };
}

/** Splits "a,b" or '["a","b"]' query values into a list. */
function listParam(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  if (value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // fall through to comma splitting
    }
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `?containerTag=` (or `containerTags`) on a by-id route: narrows a customId held under several tags. */
/** Tags that narrow a customId lookup: ?containerTag or ?containerTags (comma-separated or a JSON array). */
export function lookupTags(query: unknown): string[] | undefined {
  const q = parse(DocumentLookupQuery, query, 'query');
  return resolveTags(q.containerTag, listParam(q.containerTags));
}

const byId = { id: DocumentIdParam.describe('Document id or customId') };

/** The /v3/documents routes, declared once (registered below, described in /openapi.json and docs/API.md). */
export const DOCUMENT_ROUTES = {
  add: defineRoute({ method: 'post', path: '/v3/documents', tag: 'documents', auth: 'key', summary: 'Add a document (or update the one with the same customId)', body: AddDocumentBody, responses: ok(Added) }),
  batch: defineRoute({
    method: 'post',
    path: '/v3/documents/batch',
    tag: 'documents',
    auth: 'key',
    summary: 'Add 1-600 documents',
    description: 'Not atomic: each item succeeds or fails alone (its error in results); re-sending a batch within 15 minutes adds no copies.',
    body: BatchBody,
    responses: ok(BatchResponse),
  }),
  listPost: defineRoute({
    method: 'post',
    path: '/v3/documents/list',
    tag: 'documents',
    auth: 'key',
    summary: 'List documents (response array is named memories)',
    body: ListDocumentsBody,
    bodyOptional: true,
    responses: ok(DocumentListResponse),
  }),
  listGet: defineRoute({ method: 'get', path: '/v3/documents', tag: 'documents', auth: 'key', summary: 'List documents (query-string form)', query: ListDocumentsQuery, responses: ok(DocumentListResponse) }),
  processing: defineRoute({ method: 'get', path: '/v3/documents/processing', tag: 'documents', auth: 'key', summary: 'Documents still in the pipeline', query: ProcessingQuery, responses: ok(ProcessingResponse) }),
  bulkDelete: defineRoute({ method: 'delete', path: '/v3/documents/bulk', tag: 'documents', auth: 'key', summary: 'Delete by ids, container tags or filepath', body: BulkDeleteBody, responses: ok(BulkDeleteResponse) }),
  withMemories: defineRoute({
    method: 'post',
    path: '/v3/documents/documents',
    tag: 'documents',
    auth: 'key',
    summary: 'Documents with their memory entries, every version (the memory graph data source)',
    body: DocumentsWithMemoriesBody,
    bodyOptional: true,
    responses: ok(DocumentsWithMemoriesResponse),
  }),
  byIds: defineRoute({
    method: 'post',
    path: '/v3/documents/documents/by-ids',
    tag: 'documents',
    auth: 'key',
    summary: 'Documents by id or customId with their memory entries',
    body: DocumentsByIdsBody,
    responses: ok(DocumentsWithMemoriesResponse),
  }),
  chunks: defineRoute({
    method: 'get',
    path: '/v3/documents/{id}/chunks',
    tag: 'documents',
    auth: 'key',
    summary: 'Searchable chunks of a document, by position',
    params: byId,
    query: DocumentLookupQuery,
    responses: ok(ChunksResponse),
  }),
  get: defineRoute({
    method: 'get',
    path: '/v3/documents/{id}',
    tag: 'documents',
    auth: 'key',
    summary: 'Get a document by id or customId (409 AMBIGUOUS_CUSTOM_ID unless ?containerTag narrows it)',
    params: byId,
    query: DocumentLookupQuery,
    responses: ok(DocumentOut),
  }),
  update: defineRoute({
    method: 'patch',
    path: '/v3/documents/{id}',
    tag: 'documents',
    auth: 'key',
    summary: 'Update a document; content changes re-process it',
    params: byId,
    query: DocumentLookupQuery,
    body: UpdateDocumentBody,
    bodyOptional: true,
    responses: ok(Added),
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/v3/documents/{id}',
    tag: 'documents',
    auth: 'key',
    summary: 'Delete a document by id or customId',
    params: byId,
    query: DocumentLookupQuery,
    responses: { 204: { description: 'Deleted' } },
  }),
};

export function registerDocumentRoutes(router: Router<AppState>, { documents }: DocumentRouteDeps): void {
  const R = DOCUMENT_ROUTES;
  mount(router, R.add, async (ctx, input) => {
    const body = input.body();
    ctx.body = await documents.add(ctx.state.actor, { ...documentInput(body), content: body.content });
  });

  mount(router, R.batch, async (ctx, input) => {
    const body = input.body();
    const results: { id: string; status: string; error?: string; details?: unknown }[] = [];
    for (const [i, item] of body.documents.entries()) {
      const raw = typeof item === 'string' ? { content: item } : item;
      const merged =
        raw && typeof raw === 'object'
          ? {
              containerTag: body.containerTag,
              containerTags: body.containerTags,
              taskType: body.taskType,
              filepath: body.filepath,
              entityContext: body.entityContext,
              ...(raw as Record<string, unknown>),
              // Merged only when the item's metadata is an object too; anything else goes to validation as sent.
              metadata: mergeMetadata(body.metadata, (raw as { metadata?: unknown }).metadata),
            }
          : raw;
      try {
        const parsed = parse(AddDocumentBody, merged, `documents[${i}]`);
        results.push(await documents.add(ctx.state.actor, { ...documentInput(parsed), content: parsed.content }, { dedupeWithinMs: BATCH_DEDUPE_WINDOW_MS }));
      } catch (err) {
        if (!isAppError(err) || !err.expose) throw err;
        results.push({ id: '', status: 'error', error: err.message, ...(err.details ? { details: err.details } : {}) });
      }
    }
    const failed = results.filter((r) => r.status === 'error').length;
    ctx.body = { success: results.length - failed, failed, results };
  });

  const list = async (actor: Actor, q: ReturnType<typeof ListDocumentsBody.parse>) => {
    const tags = resolveTags(q.containerTag, q.containerTags);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const statuses = q.status === undefined ? undefined : Array.isArray(q.status) ? q.status : [q.status];
    const filters = parseFilters(q.filters);
    const query: DocumentListQuery = {
      limit,
      offset: (page - 1) * limit,
      sort: q.sort ?? 'createdAt',
      order: q.order ?? 'desc',
      ...(tags ? { containerTags: tags, tagOperator: q.operator ?? 'OR' } : {}),
      ...(statuses ? { statuses } : {}),
      ...(filters ? { filters } : {}),
      ...(q.filepath ? { filepath: q.filepath } : {}),
    };
    const { documents: docs, total } = await documents.list(actor, query);
    return {
      memories: docs.map((d) => listItem(d, q.includeContent ?? false)),
      pagination: { currentPage: page, limit, totalItems: total, totalPages: Math.ceil(total / limit) },
    };
  };

  mount(router, R.listPost, async (ctx, input) => {
    ctx.body = await list(ctx.state.actor, input.body());
  });

  mount(router, R.listGet, async (ctx, input) => {
    const q = input.query();
    const body = parse(
      ListDocumentsBody,
      {
        ...q,
        containerTags: listParam(q.containerTags),
        status: q.status === undefined ? undefined : listParam(q.status),
      },
      'query',
    );
    ctx.body = await list(ctx.state.actor, body);
  });

  mount(router, R.processing, async (ctx, input) => {
    const q = input.query();
    const tags = listParam(q.containerTags) ?? listParam(q.containerTag);
    const { documents: docs, total } = await documents.list(ctx.state.actor, {
      statuses: PENDING_STATUSES as DocumentStatus[],
      limit: 1000,
      offset: 0,
      sort: 'createdAt',
      order: 'asc',
      ...(tags ? { containerTags: tags, tagOperator: 'OR' } : {}),
    });
    ctx.body = { documents: docs.map(processingItem), totalCount: total };
  });

  mount(router, R.bulkDelete, async (ctx, input) => {
    const body = input.body();
    const actor = ctx.state.actor;
    if (body.ids) {
      // With ids, containerTags only narrow customIds that exist under several tags.
      const { deletedCount, errors } = await documents.deleteMany(actor, body.ids, body.containerTags);
      ctx.body = { success: true, deletedCount, ...(errors.length > 0 ? { errors } : {}) };
      return;
    }
    if (!body.containerTags) {
      // filepath alone is a criterion of its own (the client's types): exact, or a prefix ending in "/".
      const { deletedCount, untaggedCount } = await documents.deleteByFilepath(actor, body.filepath!);
      ctx.body = { success: true, deletedCount, untaggedCount, filepath: body.filepath };
      return;
    }
    const { deletedCount, untaggedCount } = await documents.deleteByTags(actor, body.containerTags, body.filepath);
    ctx.body = { success: true, deletedCount, untaggedCount, containerTags: body.containerTags };
  });

  // The memory graph's data source; registered before the /v3/documents/:id routes so "documents" is never an id.
  mount(router, R.withMemories, async (ctx, input) => {
    const b = input.body();
    const tags = resolveTags(b.containerTag, b.containerTags);
    const page = b.page ?? 1;
    const limit = b.limit ?? 10;
    const { documents: found, total } = await documents.listWithMemories(ctx.state.actor, {
      sort: b.sort ?? 'createdAt',
      order: b.order ?? 'desc',
      limit,
      offset: (page - 1) * limit,
      ...(tags ? { containerTags: tags } : {}),
      ...(b.sources ? { sources: b.sources } : {}),
    });
    ctx.body = {
      documents: found.map((f) => documentWithMemories(f.document, f.memories)),
      pagination: { currentPage: page, limit, totalItems: total, totalPages: Math.ceil(total / limit) },
    };
  });

  mount(router, R.byIds, async (ctx, input) => {
    const b = input.body();
    const found = await documents.getManyWithMemories(ctx.state.actor, b.ids, {
      by: b.by ?? 'id',
      ...(b.containerTags ? { containerTags: b.containerTags } : {}),
    });
    ctx.body = {
      documents: found.map((f) => documentWithMemories(f.document, f.memories)),
      pagination: { currentPage: 1, limit: b.ids.length, totalItems: found.length, totalPages: 1 },
    };
  });

  mount(router, R.chunks, async (ctx, input) => {
    const { document, chunks } = await documents.chunks(ctx.state.actor, input.param('id'), lookupTags(ctx.query));
    ctx.body = { documentId: document.id, chunks: chunks.map(chunkResponse), total: chunks.length };
  });

  mount(router, R.get, async (ctx, input) => {
    ctx.body = documentResponse(await documents.get(ctx.state.actor, input.param('id'), lookupTags(ctx.query)));
  });

  mount(router, R.update, async (ctx, input) => {
    const id = input.param('id');
    ctx.body = await documents.update(ctx.state.actor, id, documentInput(input.body()), lookupTags(ctx.query));
  });

  mount(router, R.delete, async (ctx, input) => {
    await documents.delete(ctx.state.actor, input.param('id'), lookupTags(ctx.query));
    ctx.status = 204;
  });
}
