import type { Middleware } from 'koa';
import type { AppState } from '../context.js';

const ALLOWED_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';

/** CORS for every origin, answering preflight requests before authentication. */
export const cors = ({ maxAgeSeconds = 86_400 }: { maxAgeSeconds?: number } = {}): Middleware<AppState> =>
  async function cors(ctx, next) {
    const origin = ctx.get('origin');
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin || '*');
    ctx.set('Access-Control-Expose-Headers', 'x-request-id, x-should-retry, retry-after');
    if (origin) ctx.set('Access-Control-Allow-Credentials', 'true');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ctx.get('access-control-request-headers') || 'authorization, content-type, x-api-key');
      ctx.set('Access-Control-Max-Age', String(maxAgeSeconds));
      ctx.status = 204;
      return;
    }
    await next();
  };
