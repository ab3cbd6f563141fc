import type Router from '@koa/router';
import type { ConnectionService } from '../../services/connections.js';
import type { AppState } from '../context.js';

/** Paths whose bodies the JSON reader keeps raw (signatures are computed over the bytes as sent). */
export const WEBHOOK_PATHS = /^\/v3\/connections\/[^/]+\/webhook$/;

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
