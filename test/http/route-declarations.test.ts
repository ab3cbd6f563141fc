import type { Layer, Router } from '@koa/router';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopedKeyMayCall } from '../../src/http/middleware/scoped-endpoints.js';
import { buildOpenApi, methodsOf, ROUTES } from '../../src/http/openapi.js';
import { koaPath, openApiPath, routeName, type RouteSpec } from '../../src/http/route.js';
import { MCP_ROUTE } from '../../src/http/routes/mcp.js';
import { VERSION } from '../../src/runtime.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The routers the app dispatches to, in order (open first, then the keyed API), from Koa's middleware stack. */
function routersOf(app: { middleware: unknown[] }): Router[] {
  return app.middleware.map((m) => (m as { router?: Router }).router).filter((r, i, all): r is Router => r !== undefined && all.indexOf(r) === i);
}

/** Route layers only (router.use adds layers with no methods). */
const routeLayers = (router: Router) => (router.stack as Layer[]).filter((l) => l.methods.length > 0);

/** A concrete path for a declared one: {x} → x, {*rest} → a/b. */
const samplePath = (path: string) => path.replace(/\{\*\w+\}/g, 'a/b').replace(/\{(\w+)\}/g, (_m, name: string) => name);

describe('route declarations (src/http/openapi.ts ROUTES)', () => {
  let rt: TestRuntime;
  let open: Router;
  let api: Router;
  beforeAll(async () => {
    // The full app: MCP, its OAuth and the console are all served by the test runtime.
    rt = await createTestRuntime({}, { start: false });
    const routers = routersOf(rt.app as unknown as { middleware: unknown[] });
    expect(routers).toHaveLength(2);
    [open, api] = routers as [Router, Router];
  });
  afterAll(async () => {
    await rt.close();
  });

  it('declares every registered route, and every registration comes from its declaration', () => {
    const undeclared: string[] = [];
    for (const layer of [...routeLayers(open), ...routeLayers(api)]) {
      const methods = layer.methods.filter((m) => HTTP_METHODS.includes(m));
      const spec = ROUTES.find((s) => koaPath(s.path) === layer.path && (s.method === 'all' || methods.includes(s.method.toUpperCase())));
      if (!spec) undeclared.push(`${methods.join('|')} ${String(layer.path)}`);
      // Registered through mount(): the layer carries the declaration's name.
      else expect(layer.name, `${String(layer.path)} registered without mount()`).toBe(routeName(spec));
    }
    expect(undeclared, 'routes registered without a declaration in ROUTES').toEqual([]);
  });

  it('registers every declared route, with the methods it declares', () => {
    const layers = [...routeLayers(open), ...routeLayers(api)];
    const missing = ROUTES.filter((spec) => {
      const layer = layers.find((l) => l.name === routeName(spec) && l.path === koaPath(spec.path));
      return !layer || !methodsOf(spec).every((m) => layer.methods.includes(m.toUpperCase()));
    }).map(routeName);
    expect(missing, 'declared routes the app does not register').toEqual([]);
  });

  it('describes each route with a summary, a tag and its success responses', () => {
    for (const spec of ROUTES) {
      expect(spec.summary.length, routeName(spec)).toBeGreaterThan(10);
      expect(spec.tag, routeName(spec)).toMatch(/^[a-z-]+$/);
      const statuses = Object.keys(spec.responses).map(Number);
      expect(
        statuses.some((s) => s < 400),
        `${routeName(spec)} declares no success`,
      ).toBe(true);
      // JSON successes carry a schema (the response tests parse answers with it); other bodies name their type.
      for (const s of statuses.filter((x) => x < 300 && x !== 204 && x !== 202)) {
        const r = spec.responses[s]!;
        expect(r.schema !== undefined || r.contentType !== undefined, `${routeName(spec)} ${s} has neither a schema nor a content type`).toBe(true);
      }
    }
    // No route is declared twice.
    const names = ROUTES.map(routeName);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('declares the auth the app applies: open router = public (MCP has its own), API router = key or root as scoped keys are let through', () => {
    const specOf = (layer: Layer) => ROUTES.find((s) => routeName(s) === layer.name)!;
    for (const layer of routeLayers(open)) {
      const spec = specOf(layer);
      expect(spec.auth, routeName(spec)).toBe(spec === MCP_ROUTE ? 'key' : 'public');
    }
    for (const layer of routeLayers(api)) {
      const spec = specOf(layer);
      expect(spec.auth, routeName(spec)).toBe(scopedKeyMayCall(samplePath(spec.path)) ? 'key' : 'root');
    }
  });

  it('has no two path templates that differ only in their parameter names (OpenAPI 3.1 forbids equivalent templates)', () => {
    const paths = Object.keys((buildOpenApi(VERSION) as { paths: Record<string, unknown> }).paths);
    const byShape = new Map<string, string[]>();
    for (const p of paths) {
      const shape = p.replace(/\{[^}]+\}/g, '{}');
      byShape.set(shape, [...(byShape.get(shape) ?? []), p]);
    }
    expect([...byShape.values()].filter((group) => group.length > 1)).toEqual([]);
    // The one template that serves three methods: a provider (POST), a connection id (GET) or either (DELETE).
    expect(paths).toContain('/v3/connections/{idOrProvider}');
  });

  it('serves /openapi.json from the declarations: every route and method, including the /v4/memories family', async () => {
    const res = await request(rt.app.callback()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(buildOpenApi(VERSION));
    const paths = res.body.paths as Record<string, Record<string, { summary: string }>>;
    const served = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const declared = ROUTES.flatMap((s: RouteSpec) => methodsOf(s).map((m) => `${m} ${openApiPath(s.path)}`));
    expect(served.sort()).toEqual([...new Set(declared)].sort());
    // Each path template's parameters are described, and operation ids are unique.
    const ids: string[] = [];
    for (const [p, ops] of Object.entries(res.body.paths as Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>>)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        expect(
          (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name),
          p,
        ).toEqual(names);
        ids.push(op.operationId);
      }
    }
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const op of [
      'post /v4/memories',
      'post /v4/memories/list',
      'patch /v4/memories',
      'delete /v4/memories',
      'post /v4/memories/forget-matching',
      'post /v4/conversations',
      'post /v4/profile',
      'get /mcp',
      'post /oauth/token',
    ]) {
      expect(served, op).toContain(op);
    }
  });
});
