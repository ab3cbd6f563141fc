import type { Middleware } from 'koa';
import { createError } from '../../core/errors.js';
import { SCOPED_KEY_ENDPOINTS } from '../../services/keys.js';
import type { AppState } from '../context.js';

/** A space's profile is the same read as POST /v4/profile, which scoped keys may call for their own tags. */
const TAG_PROFILE = /^\/v3\/container-tags\/[^/]+\/profile$/;

/** Whether a key scoped to container tags may call this path at all. */
export const scopedKeyMayCall = (path: string): boolean => SCOPED_KEY_ENDPOINTS.some((p) => path === p || path.startsWith(`${p}/`)) || TAG_PROFILE.test(path);

/**
 * Defence in depth for scoped keys: only the content endpoints are reachable at all (the services also check
 * each call). Anything else answers 403, so a route added later is closed to scoped keys until it is listed.
 */
export const scopedEndpoints = (): Middleware<AppState> =>
  async function scopedEndpoints(ctx, next) {
    const actor = ctx.state.actor;
    if (actor.containerTags !== null && !scopedKeyMayCall(ctx.path)) {
      throw createError('FORBIDDEN', [`A scoped API key cannot call ${ctx.method} ${ctx.path}; it may use ${SCOPED_KEY_ENDPOINTS.join(', ')}`]);
    }
    await next();
  };
