import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { KeyService } from '../../services/keys.js';
import { defineRoute, mount, ok } from '../route.js';
import { KeyListResponse, ScopedKeyResponse, SessionResponse, ToggleKeyResponse } from '../schemas/account-responses.js';
import { Success } from '../schemas/responses-common.js';
import { KeyIdParam, ScopedKeyBody } from '../schemas/keys.js';

/** Scoped keys, key administration and the caller's session (shapes per the reference's auth endpoints). */
const keyId = { id: KeyIdParam.describe('API key id') };

export const KEY_ROUTES = {
  createScoped: defineRoute({
    method: 'post',
    path: '/v3/auth/scoped-key',
    tag: 'keys',
    auth: 'root',
    summary: 'Create a key limited to one container tag (root keys only)',
    body: ScopedKeyBody,
    responses: ok(ScopedKeyResponse),
  }),
  revoke: defineRoute({ method: 'delete', path: '/v3/auth/scoped-key/{id}', tag: 'keys', auth: 'root', summary: 'Revoke a key; it gets 401 from then on', params: keyId, responses: ok(Success) }),
  list: defineRoute({ method: 'get', path: '/v3/auth/keys', tag: 'keys', auth: 'root', summary: "The organisation's keys (prefixes only, never the keys)", responses: ok(KeyListResponse) }),
  toggle: defineRoute({ method: 'put', path: '/v3/auth/keys/{id}/toggle', tag: 'keys', auth: 'root', summary: 'Disable or re-enable a key', params: keyId, responses: ok(ToggleKeyResponse) }),
  session: defineRoute({ method: 'get', path: '/v3/session', tag: 'keys', auth: 'key', summary: 'Who the caller is: organisation, key type, permitted tags, rate limit, expiry', responses: ok(SessionResponse) }),
};

export function registerKeyRoutes(router: Router<AppState>, { keys }: { keys: KeyService }): void {
  mount(router, KEY_ROUTES.createScoped, async (ctx, input) => {
    const b = input.body();
    ctx.body = await keys.createScopedKey(ctx.state.actor, {
      containerTag: b.containerTag,
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.expiresInDays !== undefined ? { expiresInDays: b.expiresInDays } : {}),
      ...(b.rateLimitMax !== undefined ? { rateLimitMax: b.rateLimitMax } : {}),
      ...(b.rateLimitTimeWindow !== undefined ? { rateLimitTimeWindow: b.rateLimitTimeWindow } : {}),
    });
  });

  mount(router, KEY_ROUTES.revoke, async (ctx, input) => {
    await keys.revoke(ctx.state.actor, input.param('id'));
    ctx.body = { success: true };
  });

  mount(router, KEY_ROUTES.list, async (ctx) => {
    ctx.body = { keys: await keys.list(ctx.state.actor) };
  });

  mount(router, KEY_ROUTES.toggle, async (ctx, input) => {
    ctx.body = await keys.toggle(ctx.state.actor, input.param('id'));
  });

  mount(router, KEY_ROUTES.session, async (ctx) => {
    ctx.body = await keys.session(ctx.state.actor);
  });
}
