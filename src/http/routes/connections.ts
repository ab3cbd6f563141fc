import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { DocumentRecord } from '../../core/types.js';
import type { ConnectionRecord, ConnectionService, SyncRunRecord } from '../../services/connections.js';
import { z } from 'zod';
import { defineRoute, mount, ok } from '../route.js';
import { ConfigureResponse, ConnectionDetail, ConnectionDocumentOut, ConnectionOut, CreateConnectionResponse, DeleteConnectionResponse, ResourcePageOut, SyncRunOut } from '../schemas/connection-responses.js';
import { resolveTags } from '../schemas/common.js';
import {
  ConfigureConnectionBody,
  ConnectionIdParam,
  ConnectionResourcesQuery,
  ConnectionsQuery,
  ConnectionTagsBody,
  CreateConnectionBody,
  DeleteConnectionQuery,
  RequiredConnectionTagsBody,
} from '../schemas/connections.js';
import { parse } from '../validate.js';

const PROVIDERS = 'web-crawler, s3, github, notion, google-drive, gmail, onedrive';
const provider = { provider: z.string().describe(`Connector: ${PROVIDERS}`) };
const byId = { id: ConnectionIdParam.describe('Connection id') };

/**
 * `/v3/connections/{idOrProvider}` is one path template for POST (a provider), GET (a connection id) and DELETE
 * (either): OpenAPI 3.1 allows one parameter name per template, so the three share this one.
 */
const TOP = '/v3/connections/{idOrProvider}';
const topProvider = { idOrProvider: z.string().describe(`The provider to connect: ${PROVIDERS}`) };
const topId = { idOrProvider: ConnectionIdParam.describe('Connection id') };

/** The connection object of the client (credentials never leave the service); status fields are Mnemo's own. */
function connectionResponse(c: ConnectionRecord) {
  return {
    id: c.id,
    createdAt: c.createdAt,
    provider: c.provider,
    containerTags: c.containerTags,
    documentLimit: c.documentLimit,
    metadata: c.metadata,
    status: c.status,
    lastSyncAt: c.lastSyncAt,
    nextSyncAt: c.nextSyncAt === null ? null : new Date(c.nextSyncAt).toISOString(),
    error: c.error,
  };
}

/** Sync runs as the reference's GET /v3/connections/{id}/sync-runs names them (finishedAt is completedAt there). */
function syncRunResponse(r: SyncRunRecord) {
  const { id, connectionId, status, triggerType, startedAt, itemsProcessed, itemsFailed, error } = r;
  return { id, connectionId, status, triggerType, startedAt, completedAt: r.finishedAt, itemsProcessed, itemsFailed, error };
}

function connectionDocument(d: DocumentRecord) {
  return { id: d.id, createdAt: d.createdAt, status: d.status, summary: d.summary, title: d.title, type: d.type, updatedAt: d.updatedAt, url: d.url, customId: d.customId };
}

/** Provider names of the client: a DELETE naming one is a delete by provider even when this build lacks it. */
const CLIENT_PROVIDERS = ['notion', 'google-drive', 'onedrive', 'gmail', 'github', 'web-crawler', 's3', 'granola'];

/** /v3/connections: one connection object per site, bucket or repository; syncs run in the background. */
/** /v3/connections, declared once. */
export const CONNECTION_ROUTES = {
  listGet: defineRoute({
    method: 'get',
    path: '/v3/connections',
    tag: 'connections',
    auth: 'root',
    summary: 'Connections of the organisation; endUserId = only those carrying that container tag',
    query: ConnectionsQuery,
    responses: ok(z.array(ConnectionOut)),
  }),
  listPost: defineRoute({
    method: 'post',
    path: '/v3/connections/list',
    tag: 'connections',
    auth: 'root',
    summary: 'Connections of the organisation (root keys only), optionally those carrying any of containerTags',
    body: ConnectionTagsBody,
    bodyOptional: true,
    responses: ok(z.array(ConnectionOut)),
  }),
  create: defineRoute({
    method: 'post',
    path: TOP,
    tag: 'connections',
    auth: 'root',
    params: topProvider,
    summary:
      'Connect a source (web-crawler: metadata.startUrl; s3: accessKeyId, secretAccessKey, bucket, region, endpoint?, prefix?, containerTagRegex?; github: token or OAuth, repositories?, include?, exclude?, webhookSecret?; notion: token or OAuth; google-drive: OAuth, syncScope? full|selected (the picker); gmail: OAuth, labels?, query?; onedrive: OAuth, syncScope? full|selected); the first sync starts at once, then on schedule',
    body: CreateConnectionBody,
    bodyOptional: true,
    responses: ok(CreateConnectionResponse),
  }),
  get: defineRoute({
    method: 'get',
    path: TOP,
    tag: 'connections',
    auth: 'root',
    params: topId,
    summary: 'One connection with its sync status (credentials are never returned)',
    responses: ok(ConnectionDetail),
  }),
  byTags: defineRoute({
    method: 'post',
    path: '/v3/connections/{provider}/connection',
    tag: 'connections',
    auth: 'root',
    params: provider,
    summary: 'The connection of a provider for container tags',
    body: RequiredConnectionTagsBody,
    responses: ok(ConnectionOut),
  }),
  import: defineRoute({
    method: 'post',
    path: '/v3/connections/{provider}/import',
    tag: 'connections',
    auth: 'root',
    params: provider,
    summary: 'Start a sync now (answers text/plain)',
    description: 'The body is text/plain (as the client asks): a JSON string {message, provider, started, queued}; queued counts connections already syncing, which sync once more when that sync ends.',
    body: ConnectionTagsBody,
    bodyOptional: true,
    responses: { 200: { description: 'A JSON string {message, provider, started, queued}', contentType: 'text/plain' } },
  }),
  documents: defineRoute({
    method: 'post',
    path: '/v3/connections/{provider}/documents',
    tag: 'connections',
    auth: 'root',
    params: provider,
    summary: "Documents synced by the provider's connections",
    body: ConnectionTagsBody,
    bodyOptional: true,
    responses: ok(z.array(ConnectionDocumentOut)),
  }),
  resources: defineRoute({
    method: 'get',
    path: '/v3/connections/{id}/resources',
    tag: 'connections',
    auth: 'root',
    params: byId,
    summary: 'Resources to choose from (GitHub repositories, Drive and OneDrive items, Notion pages); empty for the web crawler, S3 and Gmail',
    query: ConnectionResourcesQuery,
    responses: ok(ResourcePageOut),
  }),
  configure: defineRoute({
    method: 'post',
    path: '/v3/connections/{id}/configure',
    tag: 'connections',
    auth: 'root',
    params: byId,
    summary: 'Save the chosen resources (repositories, drive items, start pages, Notion pages)',
    body: ConfigureConnectionBody,
    responses: ok(ConfigureResponse),
  }),
  syncRuns: defineRoute({
    method: 'get',
    path: '/v3/connections/{id}/sync-runs',
    tag: 'connections',
    auth: 'root',
    params: byId,
    summary: 'Sync runs, newest first: trigger, status, items processed and failed, error',
    responses: ok(z.array(SyncRunOut)),
  }),
  delete: defineRoute({
    method: 'delete',
    path: TOP,
    tag: 'connections',
    auth: 'root',
    params: { idOrProvider: z.string().describe('Connection id, or a provider name (then body.containerTags picks the connections)') },
    summary: "Disconnect by id, or a provider's connections for body.containerTags; their documents go unless deleteDocuments=false",
    query: DeleteConnectionQuery,
    body: RequiredConnectionTagsBody,
    responses: ok(DeleteConnectionResponse),
  }),
};

export function registerConnectionRoutes(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  const R = CONNECTION_ROUTES;
  // The web app's form: endUserId is the container tag of the end user's connections.
  mount(router, R.listGet, async (ctx, input) => {
    const q = input.query();
    ctx.body = (await connections.list(ctx.state.actor, q.endUserId ? [q.endUserId] : undefined)).map(connectionResponse);
  });

  // Fixed paths first: "list" is not a provider.
  mount(router, R.listPost, async (ctx, input) => {
    const b = input.body();
    ctx.body = (await connections.list(ctx.state.actor, b.containerTags)).map(connectionResponse);
  });

  mount(router, R.create, async (ctx, input) => {
    const b = input.body();
    const tags = resolveTags(b.containerTag, b.containerTags);
    ctx.body = await connections.create(
      ctx.state.actor,
      input.param('idOrProvider'),
      {
        ...(tags ? { containerTags: tags } : {}),
        ...(b.documentLimit !== undefined ? { documentLimit: b.documentLimit } : {}),
        ...(b.metadata ? { metadata: b.metadata } : {}),
        ...(b.redirectUrl ? { redirectUrl: b.redirectUrl } : {}),
      },
      `${ctx.protocol}://${ctx.host}`,
    );
  });

  mount(router, R.get, async (ctx, input) => {
    const conn = await connections.get(ctx.state.actor, input.param('idOrProvider'));
    // A connection waiting for its selection carries a fresh link to its picker.
    const setupUrl = connections.setupUrl(conn, `${ctx.protocol}://${ctx.host}`);
    ctx.body = { ...connectionResponse(conn), ...(setupUrl ? { setupUrl } : {}) };
  });

  mount(router, R.byTags, async (ctx, input) => {
    const b = input.body();
    ctx.body = connectionResponse(await connections.getByTags(ctx.state.actor, ctx.params.provider!, b.containerTags));
  });

  mount(router, R.import, async (ctx, input) => {
    const b = input.body();
    const provider = ctx.params.provider!;
    const { started, queued } = await connections.import(ctx.state.actor, provider, b.containerTags);
    // The client asks for text/plain and hands the body back as a string.
    ctx.type = 'text/plain';
    const message = started > 0 || queued === 0 ? 'Manual sync initiated' : 'Manual sync queued: it starts when the running sync ends';
    ctx.body = JSON.stringify({ message, provider, started, queued });
  });

  mount(router, R.documents, async (ctx, input) => {
    const b = input.body();
    ctx.body = (await connections.listDocuments(ctx.state.actor, ctx.params.provider!, b.containerTags)).map(connectionDocument);
  });

  mount(router, R.resources, async (ctx, input) => {
    const q = input.query();
    ctx.body = await connections.resources(ctx.state.actor, input.param('id'), {
      page: q.page ?? 1,
      perPage: q.per_page ?? 30,
      ...(q.parent_id ? { parentId: q.parent_id } : {}),
    });
  });

  mount(router, R.configure, async (ctx, input) => {
    const b = input.body();
    ctx.body = await connections.configure(ctx.state.actor, input.param('id'), b.resources);
  });

  mount(router, R.syncRuns, async (ctx, input) => {
    ctx.body = (await connections.syncRuns(ctx.state.actor, input.param('id'))).map(syncRunResponse);
  });

  // One path for both deletes: a provider name deletes by tags (body), anything else is a connection id.
  mount(router, R.delete, async (ctx, input) => {
    const q = input.query();
    const deleteDocuments = q.deleteDocuments !== 'false';
    const target = input.param('idOrProvider');
    if (CLIENT_PROVIDERS.includes(target) || connections.providers().includes(target)) {
      const b = input.body();
      ctx.body = await connections.deleteByProvider(ctx.state.actor, target, b.containerTags, deleteDocuments);
      return;
    }
    ctx.body = await connections.delete(ctx.state.actor, parse(ConnectionIdParam, target, 'path.idOrProvider'), deleteDocuments);
  });
}
