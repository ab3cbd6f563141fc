import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import type { ConnectionService } from '../../services/connections.js';
import type { AppState } from '../context.js';
import { setupPickerPage } from '../pages/setup-picker.js';
import { ConfigureConnectionBody, ConnectionResourcesQuery } from '../schemas/connections.js';
import { parse } from '../validate.js';

/** A setup link's token: `<base64url payload>.<base64url signature>`. */
const SetupToken = z.string().min(10).max(1024).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'not a setup link');

/**
 * /v3/connection-setup/{token}: the picker of a connection that syncs only what the user picks. No API key: the
 * signed, expiring link names one connection and opens nothing else (403 SETUP_LINK_INVALID otherwise). The page,
 * what it lists, and where it saves the selection (which activates the connection and starts its first sync).
 */
export function registerConnectionSetupRoutes(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  router.get('/v3/connection-setup/:token', async (ctx) => {
    const { conn } = await connections.setupTarget(parse(SetupToken, ctx.params.token, 'path.token'));
    const nonce = randomBytes(16).toString('base64');
    ctx.set('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    ctx.set('cache-control', 'no-store');
    ctx.set('referrer-policy', 'no-referrer');
    ctx.type = 'text/html';
    ctx.body = setupPickerPage({ provider: conn.provider, nonce });
  });

  router.get('/v3/connection-setup/:token/resources', async (ctx) => {
    const q = parse(ConnectionResourcesQuery, ctx.query, 'query');
    ctx.set('cache-control', 'no-store');
    ctx.body = await connections.setupResources(parse(SetupToken, ctx.params.token, 'path.token'), {
      page: q.page ?? 1,
      perPage: q.per_page ?? 30,
      ...(q.parent_id ? { parentId: q.parent_id } : {}),
    });
  });

  router.post('/v3/connection-setup/:token/selection', async (ctx) => {
    const b = parse(ConfigureConnectionBody, ctx.state.body ?? {});
    ctx.body = await connections.setupSave(parse(SetupToken, ctx.params.token, 'path.token'), b.resources);
  });
}
