import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { z } from 'zod';
import type { ConnectionService } from '../../services/connections.js';
import { defineRoute, mount } from '../route.js';

/** Paths whose bodies the JSON reader keeps raw (signatures are computed over the bytes as sent). */
export const WEBHOOK_PATHS = /^\/v3\/connections\/[^/]+\/webhook$/;

const CONNECTED_PAGE = '<!doctype html><meta charset="utf-8"><title>Connected</title><p>The connection is authorised; its first sync has started. You can close this page.</p>';

/**
 * GET /v3/connections/{provider}/callback: where the provider sends the browser after consent (no API key: the
 * signed, single-use state authenticates it). Redirects to the connection's redirectUrl, or shows a short page.
 */
const provider = { provider: z.string().describe('Connector: github, notion, google-drive, gmail, onedrive') };

export const CONNECTION_CALLBACK_ROUTES = {
  callback: defineRoute({
    method: 'get',
    path: '/v3/connections/{provider}/callback',
    tag: 'connections',
    auth: 'public',
    params: provider,
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional(), error_description: z.string().optional() }),
    summary: 'Where the provider sends the browser after consent (OAuth providers with their client id and secret set)',
    description:
      "No API key: the signed single-use state authenticates it. Stores the token, starts the first sync, redirects to the connection's redirectUrl (with connectionId and provider added), to its picker when a scoped drive still needs its selection, or shows a short HTML page.",
    responses: {
      200: { description: 'A short page: the connection is authorised', contentType: 'text/html' },
      302: { description: "To the connection's redirectUrl, or its picker" },
      400: { description: 'OAUTH_STATE_INVALID (missing, altered, expired or used state) or OAUTH_DENIED (consent refused)' },
      401: { description: 'CONNECTOR_AUTH_FAILED: the provider refused the code' },
    },
  }),
  webhook: defineRoute({
    method: 'post',
    path: '/v3/connections/{provider}/webhook',
    tag: 'connections',
    auth: 'public',
    params: provider,
    rawBody: "The provider's delivery, as sent (signatures are computed over the bytes)",
    summary: "A provider's webhook delivery (github push events, google-drive channel notifications, onedrive Graph notifications)",
    description:
      "No API key: github deliveries are signed with X-Hub-Signature-256, google-drive ones carry the channel token, onedrive ones the subscription's clientState. github: 202 {repository, syncing} when syncs started, 200 for a ping, 202 {ignored} otherwise; google-drive: 200 {syncing} ({ok} for the channel's opening sync message); onedrive: 202 {syncing}, or 200 text/plain echoing a validationToken.",
    responses: {
      200: { description: 'Handled (or a validation echo, text/plain)', schema: z.record(z.string(), z.unknown()) },
      202: { description: 'Syncs started, or the event ignored', schema: z.record(z.string(), z.unknown()) },
      401: { description: 'WEBHOOK_SIGNATURE_INVALID: no connection authenticates the delivery' },
      404: { description: 'WEBHOOK_NOT_SUPPORTED: the provider has no webhooks' },
    },
  }),
};

export function registerConnectionCallbackRoute(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  mount(router, CONNECTION_CALLBACK_ROUTES.callback, async (ctx) => {
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
  mount(router, CONNECTION_CALLBACK_ROUTES.webhook, async (ctx) => {
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
