import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { SettingsService } from '../../services/settings.js';
import { defineRoute, mount, ok } from '../route.js';
import { SettingsResponse, SettingsUpdateResponse } from '../schemas/account-responses.js';
import { SECRET_FIELDS, SETTINGS_FIELDS, SettingsBody } from '../schemas/settings.js';

/** Every known field, null when unset; secrets masked. */
function view(settings: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS) out[f] = settings[f] ?? null;
  for (const f of SECRET_FIELDS) if (out[f]) out[f] = '********';
  return out;
}

export const SETTINGS_ROUTES = {
  get: defineRoute({ method: 'get', path: '/v3/settings', tag: 'settings', auth: 'root', summary: 'Organisation settings (secrets masked)', responses: ok(SettingsResponse) }),
  update: defineRoute({
    method: 'patch',
    path: '/v3/settings',
    tag: 'settings',
    auth: 'root',
    summary: 'Update organisation settings (root keys only)',
    body: SettingsBody,
    bodyOptional: true,
    responses: ok(SettingsUpdateResponse),
  }),
};

export function registerSettingsRoutes(router: Router<AppState>, { settings }: { settings: SettingsService }): void {
  mount(router, SETTINGS_ROUTES.get, async (ctx) => {
    ctx.body = view(await settings.get(ctx.state.actor));
  });

  mount(router, SETTINGS_ROUTES.update, async (ctx, input) => {
    const body = input.body();
    const patch: Record<string, unknown> = {};
    for (const f of SETTINGS_FIELDS) if (body[f] !== undefined) patch[f] = body[f];
    const { orgSlug } = await settings.update(ctx.state.actor, patch);
    const shown = view(patch);
    ctx.body = { orgId: ctx.state.actor.orgId, orgSlug, updated: Object.fromEntries(Object.keys(patch).map((k) => [k, shown[k]])) };
  });
}
