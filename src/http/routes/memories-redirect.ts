import type Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../context.js';
import { defineRoute, mount } from '../route.js';

/** Older clients call /v3/memories/*; it is the same resource as /v3/documents/* (308 keeps method and body). */
const redirectRoute = (path: string, params?: Record<string, z.ZodType>) =>
  defineRoute({
    method: 'all',
    methods: ['get', 'post', 'patch', 'delete'],
    path,
    ...(params ? { params } : {}),
    tag: 'documents',
    auth: 'public',
    summary: 'Older clients: /v3/memories/* is /v3/documents/* (308 keeps method and body; the target asks for the key)',
    responses: { 308: { description: 'To the same path under /v3/documents, query kept' } },
  });

export const MEMORIES_REDIRECT_ROUTES = { root: redirectRoute('/v3/memories'), rest: redirectRoute('/v3/memories/{*rest}', { rest: z.string().describe('The rest of the path, kept under /v3/documents') }) };

export function registerMemoriesRedirect(router: Router<AppState>): void {
  const redirect = (ctx: { path: string; querystring: string; status: number; redirect(url: string): void }) => {
    const target = ctx.path.replace(/^\/v3\/memories/, '/v3/documents');
    ctx.status = 308;
    ctx.redirect(target + (ctx.querystring ? `?${ctx.querystring}` : ''));
    ctx.status = 308;
  };
  mount(router, MEMORIES_REDIRECT_ROUTES.root, redirect);
  mount(router, MEMORIES_REDIRECT_ROUTES.rest, redirect);
}
