import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Middleware } from 'koa';
import type { Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { Principal } from '../services/auth.js';
import type { McpSessionRecord, McpSessionService } from '../services/mcp-sessions.js';
import { createMcpServer } from './server.js';
import type { McpCall, McpDeps } from './context.js';

/** What the MCP route reads from the request state (set by the authentication middleware before it). */
export interface McpState {
  actor: Actor;
  principal?: Principal;
  body: unknown;
}

export interface McpHttpDeps extends McpDeps {
  sessions: McpSessionService;
  /** How often an open GET stream checks whether the caller's projects changed (notifications/resources/list_changed). */
  watchMs: number;
}

export const PROJECT_HEADERS = ['x-sm-project', 'x-mnemo-project'] as const;
const TAG = /^[A-Za-z0-9_.:-]{1,100}$/;

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/** The project header, validated: every call of the request is limited to it. */
function projectOf(ctx: { get(name: string): string }, actor: Actor): string | undefined {
  const value = PROJECT_HEADERS.map((h) => ctx.get(h).trim()).find(Boolean);
  if (!value) return undefined;
  if (value.length > 128 || !TAG.test(value)) {
    throw createError('VALIDATION_FAILED', [`${PROJECT_HEADERS.join(' / ')} must be 1-100 characters of letters, digits, "_", "-", ".", ":"`]);
  }
  if (actor.containerTags && !actor.containerTags.includes(value)) {
    throw createError('FORBIDDEN', [`Project ${value} is outside this credential's scope`], { details: { containerTags: [value], allowed: actor.containerTags } });
  }
  return value;
}

/**
 * Streamable HTTP at /mcp. Each request gets its own server and transport (stateless at the SDK level), so any API
 * process can answer it; the session that `initialize` opens lives in the store, and a later request names it in
 * Mcp-Session-Id. A GET opens the notification stream: it tells the client when its projects change.
 */
export function mcpHttpHandler(deps: McpHttpDeps): Middleware<McpState> {
  return async function mcpHttp(ctx) {
    const actor = ctx.state.actor;
    const project = projectOf(ctx, actor);
    const body = ctx.state.body;
    const sessionHeader = ctx.get('mcp-session-id') || undefined;
    const initializing = ctx.method === 'POST' && (Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body));

    let session: McpSessionRecord | null = null;
    if (sessionHeader && !initializing) {
      session = await deps.sessions.resume(actor, sessionHeader);
      if (!session) {
        ctx.status = 404;
        ctx.body = jsonRpcError(-32001, 'Session not found');
        return;
      }
    }
    if (ctx.method === 'DELETE') {
      if (!session) {
        ctx.status = 400;
        ctx.body = jsonRpcError(-32000, 'Bad Request: Mcp-Session-Id header is required');
        return;
      }
      await deps.sessions.close(actor, session.id);
      ctx.status = 200;
      ctx.body = '';
      return;
    }
    if (initializing) {
      const params = (Array.isArray(body) ? body.find((m) => isInitializeRequest(m)) : body) as { params: { clientInfo: { name: string; version?: string }; protocolVersion: string } };
      session = await deps.sessions.open(actor, {
        name: params.params.clientInfo.name,
        version: params.params.clientInfo.version ?? null,
        protocolVersion: params.params.protocolVersion,
      });
    }

    const call: McpCall = {
      actor,
      project,
      sessionId: session?.id ?? null,
      client: session?.clientName ? { name: session.clientName, version: session.clientVersion } : null,
      principalName: ctx.state.principal?.name ?? actor.keyId,
      principalKind: ctx.state.principal?.kind ?? 'api-key',
    };
    const server = createMcpServer(deps, call);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);

    const headers = new Headers();
    for (const [name, value] of Object.entries(ctx.req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(new URL(ctx.originalUrl, 'http://mcp.local'), { method: ctx.method, headers });
    const response = await transport.handleRequest(request, body === undefined ? {} : { parsedBody: body });

    let stopWatching = () => undefined as void;
    if (ctx.method === 'GET' && response.status === 200) stopWatching = watchProjects(deps, call, () => server.sendResourceListChanged());

    ctx.respond = false;
    const out: Record<string, string> = Object.fromEntries(response.headers.entries());
    if (session) out['mcp-session-id'] = session.id;
    ctx.res.writeHead(response.status, out);
    const finish = () => {
      stopWatching();
      void server.close();
    };
    if (!response.body) {
      ctx.res.end();
      finish();
      return;
    }
    const stream = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    ctx.res.once('close', () => {
      stream.destroy();
      finish();
    });
    stream.on('error', () => ctx.res.destroy());
    stream.pipe(ctx.res);
  };
}

/** Polls the caller's projects while a notification stream is open and notifies when they change. */
function watchProjects(deps: McpHttpDeps, call: McpCall, notify: () => void): () => void {
  if (call.project) return () => undefined;
  let last: string | undefined;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = JSON.stringify(await deps.agent.projects(call.actor));
      if (last !== undefined && now !== last) notify();
      last = now;
    } catch (err) {
      deps.logger.warn('MCP project watch failed', { error: String(err) });
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), deps.watchMs);
  timer.unref();
  return () => clearInterval(timer);
}
