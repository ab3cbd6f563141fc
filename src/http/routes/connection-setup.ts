import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ConnectionService } from '../../services/connections.js';
import { defineRoute, mount, ok } from '../route.js';
import { ResourcePageOut, SetupSaveResponse } from '../schemas/connection-responses.js';
import { setupPickerPage } from '../pages/setup-picker.js';
import { ConfigureConnectionBody, ConnectionResourcesQuery } from '../schemas/connections.js';

/** A setup link's token: `<base64url payload>.<base64url signature>`. */
const SetupToken = z
  .string()
  .min(10)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'not a setup link');

/**
 * /v3/connection-setup/{token}: the picker of a connection that syncs only what the user picks. No API key: the
 * signed, expiring link names one connection and opens nothing else (403 SETUP_LINK_INVALID otherwise). The page,
 * what it lists, and where it saves the selection (which activates the connection and starts its first sync).
 */
const token = { token: SetupToken.describe('The signed setup link token') };
const invalid = { 403: { description: 'SETUP_LINK_INVALID: a forged or expired link' } };

export const CONNECTION_SETUP_ROUTES = {
  page: defineRoute({
    method: 'get',
    path: '/v3/connection-setup/{token}',
    tag: 'connections',
    auth: 'public',
    params: token,
    summary: 'The picker page of a connection that syncs only what the user picks (google-drive, onedrive)',
    description:
      'The signed, one-hour setup link (the callback redirects there; GET /v3/connections/{id} answers a fresh setupUrl while the status is needs_setup). An HTML page with its own script under a nonce Content-Security-Policy.',
    responses: { 200: { description: 'The picker page', contentType: 'text/html' }, ...invalid },
  }),
  resources: defineRoute({
    method: 'get',
    path: '/v3/connection-setup/{token}/resources',
    tag: 'connections',
    auth: 'public',
    params: token,
    query: ConnectionResourcesQuery,
    summary: "What the picker lists: the connection's resources (parent_id opens a folder), for a valid setup link",
    responses: { ...ok(ResourcePageOut), ...invalid },
  }),
  save: defineRoute({
    method: 'post',
    path: '/v3/connection-setup/{token}/selection',
    tag: 'connections',
    auth: 'public',
    params: token,
    body: ConfigureConnectionBody,
    bodyOptional: true,
    summary: "Saves the picker's selection: the connection becomes active, is scheduled and syncs at once; answers the connection's redirectUrl as redirectTo",
    responses: { ...ok(SetupSaveResponse), ...invalid },
  }),
};

export function registerConnectionSetupRoutes(router: Router<AppState>, { connections }: { connections: ConnectionService }): void {
  const R = CONNECTION_SETUP_ROUTES;
  mount(router, R.page, async (ctx, input) => {
    const { conn } = await connections.setupTarget(input.param('token'));
    const nonce = randomBytes(16).toString('base64');
    ctx.set('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    ctx.set('cache-control', 'no-store');
    ctx.set('referrer-policy', 'no-referrer');
    ctx.type = 'text/html';
    ctx.body = setupPickerPage({ provider: conn.provider, nonce });
  });

  mount(router, R.resources, async (ctx, input) => {
    const q = input.query();
    ctx.set('cache-control', 'no-store');
    ctx.body = await connections.setupResources(input.param('token'), {
      page: q.page ?? 1,
      perPage: q.per_page ?? 30,
      ...(q.parent_id ? { parentId: q.parent_id } : {}),
    });
  });

  mount(router, R.save, async (ctx, input) => {
    const b = input.body();
    ctx.body = await connections.setupSave(input.param('token'), b.resources);
  });
}
