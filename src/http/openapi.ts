import { z } from 'zod';
import { openApiPath, type Method, type RouteSpec } from './route.js';
import { CONNECTION_CALLBACK_ROUTES } from './routes/connection-webhook.js';
import { CONNECTION_SETUP_ROUTES } from './routes/connection-setup.js';
import { CONNECTION_ROUTES } from './routes/connections.js';
import { CONSOLE_ROUTES } from './routes/console.js';
import { CONTAINER_TAG_ROUTES } from './routes/container-tags.js';
import { CONVERSATION_ROUTES } from './routes/conversations.js';
import { UPLOAD_ROUTE } from './routes/document-file.js';
import { DOCUMENT_ROUTES } from './routes/documents.js';
import { FILE_ROUTES } from './routes/files.js';
import { HEALTH_ROUTE } from './routes/health.js';
import { KEY_ROUTES } from './routes/keys.js';
import { MCP_ROUTE } from './routes/mcp.js';
import { MEMORY_ROUTES } from './routes/memories.js';
import { MEMORIES_REDIRECT_ROUTES } from './routes/memories-redirect.js';
import { META_ROUTES } from './routes/meta.js';
import { OAUTH_ROUTES } from './routes/oauth.js';
import { SEARCH_ROUTES } from './routes/search.js';
import { SETTINGS_ROUTES } from './routes/settings.js';
import { ErrorBody } from './schemas/common.js';

/**
 * Every route the server can answer, in the order docs/API.md lists them: each is declared once next to its handler
 * (src/http/route.ts) and registered from that declaration. test/http/route-declarations.test.ts fails when a
 * registered route is missing here or a route here is not registered.
 */
export const ROUTES: readonly RouteSpec[] = [
  META_ROUTES.root,
  META_ROUTES.openapi,
  HEALTH_ROUTE,
  DOCUMENT_ROUTES.add,
  UPLOAD_ROUTE,
  ...Object.values(DOCUMENT_ROUTES).filter((r) => r !== DOCUMENT_ROUTES.add),
  FILE_ROUTES.fileUrl,
  FILE_ROUTES.download,
  ...Object.values(MEMORIES_REDIRECT_ROUTES),
  ...Object.values(SEARCH_ROUTES),
  ...Object.values(MEMORY_ROUTES),
  ...Object.values(CONVERSATION_ROUTES),
  ...Object.values(SETTINGS_ROUTES),
  ...Object.values(KEY_ROUTES),
  ...Object.values(CONTAINER_TAG_ROUTES),
  ...Object.values(CONNECTION_ROUTES),
  ...Object.values(CONNECTION_CALLBACK_ROUTES),
  ...Object.values(CONNECTION_SETUP_ROUTES),
  MCP_ROUTE,
  ...Object.values(OAUTH_ROUTES),
  ...Object.values(CONSOLE_ROUTES),
];

/** The methods a declaration answers (`all` lists what it documents). */
export const methodsOf = (spec: RouteSpec): readonly Method[] => (spec.method === 'all' ? (spec.methods ?? ['get', 'post', 'put', 'patch', 'delete']) : [spec.method]);

/** Served only when configured: MCP (MNEMO_MCP), its OAuth, the console. */
export const OPTIONAL_TAGS: Readonly<Record<string, string>> = {
  mcp: 'Served when MCP is enabled.',
  oauth: 'Served when MCP OAuth is enabled.',
  console: 'Served when the console is enabled.',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The errors every keyed route may answer (its own may say more). */
export const KEYED_ERRORS: Record<number, string> = {
  400: 'Invalid input; details names the offending fields',
  401: 'Missing or invalid API key',
  403: "Outside the key's scope, or an endpoint a scoped key may not use",
  404: 'Not found',
  409: 'Conflict (customId already used under a tag, or ambiguous across tags)',
  429: 'Rate limit exceeded; see retry-after',
};

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A multipart body: the text fields as strings (JSON ones described), plus the binary `file` part. */
function multipartSchema(fields: z.ZodType): Record<string, unknown> {
  const schema = jsonSchema(fields) as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...schema,
    type: 'object',
    properties: { file: { type: 'string', format: 'binary', description: 'The file (at most MNEMO_MAX_UPLOAD_BYTES)' }, ...schema.properties },
    required: ['file', ...(schema.required ?? [])],
  };
}

/** `/v3/documents/{id}/chunks` → `V3DocumentsIdChunks`; `/` → `Root`; a trailing slash → `…Slash`. */
function operationName(path: string): string {
  if (path === '/') return 'Root';
  const name = openApiPath(path)
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
  return path.endsWith('/') ? `${name}Slash` : name;
}

/** The OpenAPI operation of a declared route. */
export function operationOf(spec: RouteSpec): Record<string, unknown> {
  const params: unknown[] = [];
  for (const [name, schema] of Object.entries(spec.params ?? {})) {
    const { description, ...rest } = jsonSchema(schema) as { description?: string };
    params.push({ name, in: 'path', required: true, ...(description ? { description } : {}), schema: rest });
  }
  if (spec.query) {
    for (const [name, field] of Object.entries(spec.query.shape)) {
      params.push({ name, in: 'query', required: !(field as z.ZodType).safeParse(undefined).success, schema: jsonSchema(field as z.ZodType) });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(spec.responses)) {
    const content = r.schema
      ? { [r.contentType ?? 'application/json']: { schema: jsonSchema(r.schema, 'output') } }
      : r.contentType
        ? { [r.contentType]: {} }
        : Number(status) >= 400
          ? errorResponse(r.description).content
          : undefined;
    responses[status] = { description: r.description, ...(content ? { content } : {}) };
  }
  if (spec.auth !== 'public') {
    for (const [status, description] of Object.entries(KEYED_ERRORS)) responses[status] ??= errorResponse(description);
  }
  const description = [spec.description, spec.auth === 'root' ? 'Root keys only.' : undefined, OPTIONAL_TAGS[spec.tag]].filter(Boolean).join(' ');
  return {
    operationId: `${spec.method === 'all' ? 'any' : spec.method}${operationName(spec.path)}`,
    summary: spec.summary,
    ...(description ? { description } : {}),
    tags: [spec.tag],
    ...(spec.auth === 'public' ? { security: [] } : {}),
    'x-auth': spec.auth,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(spec.body ? { requestBody: { required: !spec.bodyOptional, content: { 'application/json': { schema: jsonSchema(spec.body) } } } } : {}),
    ...(spec.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipartSchema(spec.multipart) } } } } : {}),
    ...(spec.rawBody ? { requestBody: { required: false, description: spec.rawBody, content: { '*/*': {} } } } : {}),
    responses,
  };
}

/** OpenAPI 3.1 document generated from the route declarations. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of ROUTES) {
    const path = openApiPath(spec.path);
    for (const method of methodsOf(spec)) {
      paths[path] ??= {};
      const op = operationOf(spec);
      paths[path][method] = methodsOf(spec).length > 1 ? { ...op, operationId: `${method}${String(op.operationId).slice(3)}` } : op;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo API',
      version,
      description: 'Self-hosted memory and knowledge service, wire-compatible with the supermemory API.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: { Error: jsonSchema(ErrorBody) },
    },
    paths,
  };
}
