import type Router from '@koa/router';
import type { AppState } from '../context.js';
import { defineRoute, mount, ok } from '../route.js';
import { OpenApiDocument, RootResponse } from '../schemas/system-responses.js';

/** `/` and `/openapi.json`, declared once; the document itself is built by src/http/openapi.ts from every declaration. */
export const META_ROUTES = {
  root: defineRoute({ method: 'get', path: '/', tag: 'system', auth: 'public', summary: 'Name, version and where health and this description are', responses: ok(RootResponse) }),
  openapi: defineRoute({ method: 'get', path: '/openapi.json', tag: 'system', auth: 'public', summary: 'This document (OpenAPI 3.1)', responses: ok(OpenApiDocument) }),
};

export function registerMetaRoutes(router: Router<AppState>, { version, openapi }: { version: string; openapi: Record<string, unknown> }): void {
  mount(router, META_ROUTES.root, (ctx) => {
    ctx.body = { name: 'mnemo', version, health: '/health', openapi: '/openapi.json' };
  });
  mount(router, META_ROUTES.openapi, (ctx) => {
    ctx.body = openapi;
  });
}
