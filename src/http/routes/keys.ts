import type Router from '@koa/router';
import type { KeyService } from '../../services/keys.js';
import type { AppState } from '../context.js';
import { KeyIdParam, ScopedKeyBody } from '../schemas/keys.js';
import { parse } from '../validate.js';

/** Scoped keys, key administration and the caller's session (shapes per the reference's auth endpoints). */
export function registerKeyRoutes(router: Router<AppState>, { keys }: { keys: KeyService }): void {
  router.post('/v3/auth/scoped-key', async (ctx) => {
    const b = parse(ScopedKeyBody, ctx.state.body);
    ctx.body = await keys.createScopedKey(ctx.state.actor, {
      containerTag: b.containerTag,
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.expiresInDays !== undefined ? { expiresInDays: b.expiresInDays } : {}),
      ...(b.rateLimitMax !== undefined ? { rateLimitMax: b.rateLimitMax } : {}),
      ...(b.rateLimitTimeWindow !== undefined ? { rateLimitTimeWindow: b.rateLimitTimeWindow } : {}),
    });
  });

  router.delete('/v3/auth/scoped-key/:id', async (ctx) => {
    await keys.revoke(ctx.state.actor, parse(KeyIdParam, ctx.params.id, 'path.id'));
    ctx.body = { success: true };
  });

  router.get('/v3/auth/keys', async (ctx) => {
    ctx.body = { keys: await keys.list(ctx.state.actor) };
  });

  router.put('/v3/auth/keys/:id/toggle', async (ctx) => {
    ctx.body = await keys.toggle(ctx.state.actor, parse(KeyIdParam, ctx.params.id, 'path.id'));
  });

  router.get('/v3/session', async (ctx) => {
    ctx.body = await keys.session(ctx.state.actor);
  });
}
