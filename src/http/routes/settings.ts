import type Router from '@koa/router';
import { createError } from '../../errors.js';
import type { Store } from '../../storage/store.js';
import type { AppState } from '../context.js';
import { LLM_FILTER_FIELDS, SECRET_FIELDS, SETTINGS_FIELDS, SettingsBody } from '../schemas/settings.js';
import { parse } from '../validate.js';

/** Every known field, null when unset; secrets masked. */
function view(settings: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of SETTINGS_FIELDS) out[f] = settings[f] ?? null;
  for (const f of SECRET_FIELDS) if (out[f]) out[f] = '********';
  return out;
}

export function registerSettingsRoutes(router: Router<AppState>, { store }: { store: Store }): void {
  router.get('/v3/settings', async (ctx) => {
    ctx.body = view(await store.getSettings(ctx.state.auth.orgId));
  });

  router.patch('/v3/settings', async (ctx) => {
    const body = parse(SettingsBody, ctx.state.body ?? {});
    const orgId = ctx.state.auth.orgId;
    const patch: Record<string, unknown> = {};
    for (const f of SETTINGS_FIELDS) if (body[f] !== undefined) patch[f] = body[f];
    const current = await store.getSettings(orgId);
    const llmFilter = (patch.shouldLLMFilter ?? current.shouldLLMFilter) === true;
    const needsFilter = LLM_FILTER_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== null);
    if (needsFilter.length > 0 && !llmFilter) {
      throw createError('VALIDATION_FAILED', [`${needsFilter.join(', ')} require shouldLLMFilter: true`], {
        details: needsFilter.map((f) => ({ path: `body.${f}`, message: 'requires shouldLLMFilter: true' })),
      });
    }
    await store.updateSettings(orgId, patch);
    const org = await store.getOrganization(orgId);
    const shown = view(patch);
    ctx.body = { orgId, orgSlug: org?.slug ?? null, updated: Object.fromEntries(Object.keys(patch).map((k) => [k, shown[k]])) };
  });
}
