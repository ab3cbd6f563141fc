import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { z } from 'zod';
import type { AppContext, AppState } from './context.js';
import { parse } from './validate.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: `public` needs no API key (a signed token, an OAuth flow or nothing), `key` any key of the
 * organisation including a key scoped to container tags, `root` only the organisation's unscoped keys.
 */
export type RouteAuth = 'public' | 'key' | 'root';

export interface ResponseSpec {
  description: string;
  /** The JSON body (application/json unless contentType says otherwise); absent = no body or not JSON. */
  schema?: z.ZodType;
  /** A body that is not JSON (text/html, text/plain, the file's own type). */
  contentType?: string;
}

/**
 * One route, declared once: the Koa router registers it (`mount`) and the OpenAPI document and docs/API.md are
 * generated from it (src/http/openapi.ts). Paths use OpenAPI syntax (`/v3/documents/{id}`; `{*rest}` for a tail).
 */
export interface RouteSpec {
  /** `all` answers every method at this path (MCP, the /v3/memories redirect); documented as `methods`. */
  method: Method | 'all';
  /** For `all`: the methods the OpenAPI document lists. */
  methods?: readonly Method[];
  path: string;
  tag: string;
  summary: string;
  /** Longer text for docs/API.md and the OpenAPI `description`. */
  description?: string;
  auth: RouteAuth;
  /** Path parameters (each schema's description names it). */
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  /** The JSON body; `bodyOptional` when an absent body counts as `{}`. */
  body?: z.ZodType;
  bodyOptional?: boolean;
  /** A multipart/form-data body: its text fields (plus the binary `file` part). */
  multipart?: z.ZodType;
  /** The body is read raw and handed to the handler as is (webhooks, OAuth forms): described, not validated here. */
  rawBody?: string;
  /** Every status the route answers on purpose, with its body; error statuses use the shared error envelope. */
  responses: Record<number, ResponseSpec>;
}

/** Declares a route (typed identity: the declaration is data, registered by `mount`). */
export const defineRoute = <const S extends RouteSpec>(spec: S): S => spec;

/** The Koa path of a declared path: `{id}` → `:id`; `{*rest}` stays (path-to-regexp's wildcard). */
export const koaPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** The OpenAPI path of a declared path: `{*rest}` → `{rest}`. */
export const openApiPath = (path: string): string => path.replace(/\{\*(\w+)\}/g, '{$1}');

type Out<T> = T extends z.ZodType ? z.output<T> : never;

/** Lazy parsers of a route's declared inputs: each validates when called, so handlers keep their order of checks. */
export interface RouteInput<S extends RouteSpec> {
  body(): Out<S['body']>;
  query(): Out<S['query']>;
  param<K extends keyof NonNullable<S['params']> & string>(name: K): Out<NonNullable<S['params']>[K]>;
}

export type RouteHandler<S extends RouteSpec> = (ctx: AppContext, input: RouteInput<S>) => unknown;

/**
 * Registers a declared route with its handler. The body, query and path parameters the handler reads are parsed
 * with the declared schemas (400 VALIDATION_FAILED naming `body.x`, `query.x`, `path.x`).
 */
export function mount<S extends RouteSpec>(router: Router<AppState>, spec: S, handler: RouteHandler<S>, ...before: RouterMiddleware<AppState>[]): void {
  const inputOf = (ctx: AppContext): RouteInput<S> => ({
    body: () => parse(spec.body!, spec.bodyOptional ? (ctx.state.body ?? {}) : ctx.state.body) as Out<S['body']>,
    query: () => parse(spec.query!, ctx.query, 'query') as Out<S['query']>,
    param: (name) => parse(spec.params![name]!, ctx.params[name], `path.${name}`) as never,
  });
  const path = koaPath(spec.path);
  const run: RouterMiddleware<AppState> = async (ctx) => {
    await handler(ctx, inputOf(ctx));
  };
  // The layer is named after its declaration, so the router can be checked against the declarations.
  const name = routeName(spec);
  if (spec.method === 'all') router.all(name, path, ...before, run);
  else router[spec.method](name, path, ...before, run);
}

/** The name of a declared route's router layer: `METHOD /path` (OpenAPI path syntax). */
export const routeName = (spec: Pick<RouteSpec, 'method' | 'path'>): string => `${spec.method.toUpperCase()} ${spec.path}`;

/** The usual success: 200 with a JSON body. */
export const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
