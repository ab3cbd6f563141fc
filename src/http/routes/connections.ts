import type Router from '@koa/router';
import type { DocumentRecord } from '../../core/types.js';
import type { ConnectionRecord, ConnectionService, SyncRunRecord } from '../../services/connections.js';
import type { AppState } from '../context.js';
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
export function registerConnectionRoutes(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  // The web app's form: endUserId is the container tag of the end user's connections.
  router.get('/v3/connections', async (ctx) => {
    const q = parse(ConnectionsQuery, ctx.query, 'query');
    ctx.body = (await connections.list(ctx.state.actor, q.endUserId ? [q.endUserId] : undefined)).map(connectionResponse);
  });

  // Fixed paths first: "list" is not a provider.
  router.post('/v3/connections/list', async (ctx) => {
    const b = parse(ConnectionTagsBody, ctx.state.body ?? {});
    ctx.body = (await connections.list(ctx.state.actor, b.containerTags)).map(connectionResponse);
  });

  router.post('/v3/connections/:provider', async (ctx) => {
    const b = parse(CreateConnectionBody, ctx.state.body ?? {});
    const tags = resolveTags(b.containerTag, b.containerTags);
    ctx.body = await connections.create(ctx.state.actor, ctx.params.provider!, {
      ...(tags ? { containerTags: tags } : {}),
      ...(b.documentLimit !== undefined ? { documentLimit: b.documentLimit } : {}),
      ...(b.metadata ? { metadata: b.metadata } : {}),
      ...(b.redirectUrl ? { redirectUrl: b.redirectUrl } : {}),
    }, `${ctx.protocol}://${ctx.host}`);
  });

  router.get('/v3/connections/:id', async (ctx) => {
    const conn = await connections.get(ctx.state.actor, parse(ConnectionIdParam, ctx.params.id, 'path.id'));
    // A connection waiting for its selection carries a fresh link to its picker.
    const setupUrl = connections.setupUrl(conn, `${ctx.protocol}://${ctx.host}`);
    ctx.body = { ...connectionResponse(conn), ...(setupUrl ? { setupUrl } : {}) };
  });

  router.post('/v3/connections/:provider/connection', async (ctx) => {
    const b = parse(RequiredConnectionTagsBody, ctx.state.body);
    ctx.body = connectionResponse(await connections.getByTags(ctx.state.actor, ctx.params.provider!, b.containerTags));
  });

  router.post('/v3/connections/:provider/import', async (ctx) => {
    const b = parse(ConnectionTagsBody, ctx.state.body ?? {});
    const provider = ctx.params.provider!;
    const { started, queued } = await connections.import(ctx.state.actor, provider, b.containerTags);
    // The client asks for text/plain and hands the body back as a string.
    ctx.type = 'text/plain';
    const message = started > 0 || queued === 0 ? 'Manual sync initiated' : 'Manual sync queued: it starts when the running sync ends';
    ctx.body = JSON.stringify({ message, provider, started, queued });
  });

  router.post('/v3/connections/:provider/documents', async (ctx) => {
    const b = parse(ConnectionTagsBody, ctx.state.body ?? {});
    ctx.body = (await connections.listDocuments(ctx.state.actor, ctx.params.provider!, b.containerTags)).map(connectionDocument);
  });

  router.get('/v3/connections/:id/resources', async (ctx) => {
    const q = parse(ConnectionResourcesQuery, ctx.query, 'query');
    ctx.body = await connections.resources(ctx.state.actor, parse(ConnectionIdParam, ctx.params.id, 'path.id'), {
      page: q.page ?? 1,
      perPage: q.per_page ?? 30,
      ...(q.parent_id ? { parentId: q.parent_id } : {}),
    });
  });

  router.post('/v3/connections/:id/configure', async (ctx) => {
    const b = parse(ConfigureConnectionBody, ctx.state.body);
    ctx.body = await connections.configure(ctx.state.actor, parse(ConnectionIdParam, ctx.params.id, 'path.id'), b.resources);
  });

  router.get('/v3/connections/:id/sync-runs', async (ctx) => {
    ctx.body = (await connections.syncRuns(ctx.state.actor, parse(ConnectionIdParam, ctx.params.id, 'path.id'))).map(syncRunResponse);
  });

  // One path for both deletes: a provider name deletes by tags (body), anything else is a connection id.
  router.delete('/v3/connections/:idOrProvider', async (ctx) => {
    const q = parse(DeleteConnectionQuery, ctx.query, 'query');
    const deleteDocuments = q.deleteDocuments !== 'false';
    const target = ctx.params.idOrProvider!;
    if (CLIENT_PROVIDERS.includes(target) || connections.providers().includes(target)) {
      const b = parse(RequiredConnectionTagsBody, ctx.state.body);
      ctx.body = await connections.deleteByProvider(ctx.state.actor, target, b.containerTags, deleteDocuments);
      return;
    }
    ctx.body = await connections.delete(ctx.state.actor, parse(ConnectionIdParam, target, 'path.id'), deleteDocuments);
  });
}
