import type Router from '@koa/router';
import type { AppState } from '../context.js';

/** Older clients call /v3/memories/*; it is the same resource as /v3/documents/* (308 keeps method and body). */
export function registerMemoriesRedirect(router: Router<AppState>): void {
  const redirect = (ctx: { path: string; querystring: string; status: number; redirect(url: string): void }) => {
    const target = ctx.path.replace(/^\/v3\/memories/, '/v3/documents');
    ctx.status = 308;
    ctx.redirect(target + (ctx.querystring ? `?${ctx.querystring}` : ''));
    ctx.status = 308;
  };
  router.all('/v3/memories', redirect);
  router.all('/v3/memories/{*rest}', redirect);
}
