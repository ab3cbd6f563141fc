import type { Middleware } from 'koa';
import { createError } from '../../errors.js';
import { authenticate } from '../../services/auth.js';
import type { Store } from '../../storage/store.js';
import type { AppState } from '../context.js';

/** Requires an API key in `Authorization: Bearer`, `x-api-key` or `x-service-api-key`. */
export const requireApiKey = ({ store }: { store: Store }): Middleware<AppState> =>
  async function requireApiKey(ctx, next) {
    const bearer = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1]?.trim();
    const key = bearer || ctx.get('x-api-key') || ctx.get('x-service-api-key') || undefined;
    const record = await authenticate(store, key);
    if (!record) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw createError('UNAUTHORIZED');
    }
    ctx.state.auth = { orgId: record.orgId, keyId: record.id, containerTags: record.containerTags };
    await next();
  };
