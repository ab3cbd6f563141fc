import type Router from '@koa/router';
import type { ConnectionService } from '../../services/connections.js';
import type { AppState } from '../context.js';

/** Paths whose bodies the JSON reader keeps raw (signatures are computed over the bytes as sent). */
export const WEBHOOK_PATHS = /^\/v3\/connections\/[^/]+\/webhook$/;

const CONNECTED_PAGE = '<!doctype html><meta charset="utf-8"><title>Connected</title><p>The connection is authorised; its first sync has started. You can close this page.</p>';

/**
 * GET /v3/connections/{provider}/callback: where the provider sends the browser after consent (no API key: the
 * signed, single-use state authenticates it). Redirects to the connection's redirectUrl, or shows a short page.
 */
export function registerConnectionCallbackRoute(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  router.get('/v3/connections/:provider/callback', async (ctx) => {
    const q: Record<string, string | undefined> = {};
    for (const k of ['code', 'state', 'error', 'error_description']) {
      const v = ctx.query[k];
      q[k] = Array.isArray(v) ? v[0] : v;
    }
    // Koa 3's ctx.origin is the Origin request header, not this server: build it from protocol and host.
    const done = await connections.completeOAuth(ctx.params.provider!, q, `${ctx.protocol}://${ctx.host}`);
    if (done.redirectTo) return ctx.redirect(done.redirectTo);
    ctx.type = 'text/html';
    ctx.body = CONNECTED_PAGE;
  });
}

/**
 * POST /v3/connections/{provider}/webhook: deliveries from the provider (GitHub pushes, drive change
 * notifications). No API key: the connector authenticates each delivery (401 when no connection's secret signs it);
 * the answer is the connector's (202 when syncs were started, a text echo for subscription validations).
 */
export function registerConnectionWebhookRoute(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  router.post('/v3/connections/:provider/webhook', async (ctx) => {
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(ctx.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const query: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(ctx.query)) query[k] = Array.isArray(v) ? v[0] : v;
    const outcome = await connections.webhook(ctx.params.provider!, { headers, query, rawBody: ctx.state.rawBody ?? Buffer.alloc(0) });
    ctx.status = outcome.status;
    if (typeof outcome.body === 'string') ctx.type = 'text/plain';
    ctx.body = outcome.body;
  });
}
