import type Router from '@koa/router';
import type { SettingsService } from '../../services/settings.js';
import type { AppState } from '../context.js';
import { SECRET_FIELDS, SETTINGS_FIELDS, SettingsBody } from '../schemas/settings.js';
import { parse } from '../validate.js';

/** Every known field, null when unset; secrets masked. */
function view(settings: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS) out[f] = settings[f] ?? null;
  for (const f of SECRET_FIELDS) if (out[f]) out[f] = '********';
  return out;
}

export function registerSettingsRoutes(router: Router<AppState>, { settings }: { settings: SettingsService }): void {
  router.get('/v3/settings', async (ctx) => {
    ctx.body = view(await settings.get(ctx.state.actor));
  });

  router.patch('/v3/settings', async (ctx) => {
    const body = parse(SettingsBody, ctx.state.body ?? {});
    const patch: Record<string, unknown> = {};
    for (const f of SETTINGS_FIELDS) if (body[f] !== undefined) patch[f] = body[f];
    const { orgSlug } = await settings.update(ctx.state.actor, patch);
    const shown = view(patch);
    ctx.body = { orgId: ctx.state.actor.orgId, orgSlug, updated: Object.fromEntries(Object.keys(patch).map((k) => [k, shown[k]])) };
  });
}
