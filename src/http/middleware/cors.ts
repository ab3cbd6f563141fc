import type { Middleware } from 'koa';
import type { AppState } from '../context.js';

const ALLOWED_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';
const EXPOSED_HEADERS = 'x-request-id, x-should-retry, retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, mcp-session-id, www-authenticate';

export interface CorsOptions {
  /** Allowed origins; ['*'] = any. Keys travel in headers, never cookies, so credentials are never allowed. */
  origins?: readonly string[];
  maxAgeSeconds?: number;
}

/** CORS answering preflight requests before authentication; no Access-Control-Allow-Credentials, ever. */
export const cors = ({ origins = ['*'], maxAgeSeconds = 86_400 }: CorsOptions = {}): Middleware<AppState> => {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return async function cors(ctx, next) {
    const origin = ctx.get('origin');
    if (origin && !any && !allowed.has(origin)) {
      // Not an allowed origin: no CORS headers, so the browser blocks the response (non-browser clients are unaffected).
      ctx.vary('Origin');
      await next();
      return;
    }
    if (any) ctx.set('Access-Control-Allow-Origin', '*');
    else if (origin) {
      ctx.vary('Origin');
      ctx.set('Access-Control-Allow-Origin', origin);
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ctx.get('access-control-request-headers') || 'authorization, content-type, x-api-key, x-service-api-key');
      ctx.set('Access-Control-Max-Age', String(maxAgeSeconds));
      ctx.status = 204;
      return;
    }
    await next();
  };
};
