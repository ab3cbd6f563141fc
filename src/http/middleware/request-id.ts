import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../context.js';

/** Tags each request with an id (the caller's x-request-id when it is sane) and echoes it. */
export const requestId = (): Middleware<AppState> =>
  async function requestId(ctx, next) {
    const given = ctx.get('x-request-id');
    ctx.state.requestId = /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    ctx.set('x-request-id', ctx.state.requestId);
    await next();
  };
