import { registerConnectionCallbackRoute, registerConnectionWebhookRoute, WEBHOOK_PATHS } from './http/routes/connection-webhook.js';
import Router, { type RouterMiddleware } from '@koa/router';
import Koa from 'koa';
import type { Logger } from './core/logger.js';
import type { SearchService } from './services/search.js';
import type { ContainerTagService } from './services/container-tags.js';
import type { ConnectionService } from './services/connections.js';
import type { AuthService } from './services/auth.js';
import type { DocumentService } from './services/documents.js';
import type { FileService } from './services/files.js';
import type { HealthService } from './services/health.js';
import type { MemoryService } from './services/memories.js';
import type { RecallService } from './services/recall.js';
import type { ConversationService } from './services/conversations.js';
import type { KeyService } from './services/keys.js';
import type { RateLimiter } from './services/rate-limiter.js';
import type { SettingsService } from './services/settings.js';
import type { AppState } from './http/context.js';
import { requireApiKey } from './http/middleware/auth.js';
import { scopedEndpoints } from './http/middleware/scoped-endpoints.js';
import { cors } from './http/middleware/cors.js';
import { errorHandler } from './http/middleware/error-handler.js';
import { jsonBody } from './http/middleware/json-body.js';
import { registerConnectionSetupRoutes } from './http/routes/connection-setup.js';
import { requestId } from './http/middleware/request-id.js';
import { buildOpenApi } from './http/openapi.js';
import { registerConsoleRoutes, type ConsoleOptions } from './http/routes/console.js';
import { registerContainerTagRoutes } from './http/routes/container-tags.js';
import { registerConversationRoutes } from './http/routes/conversations.js';
import { registerConnectionRoutes } from './http/routes/connections.js';
import { registerDocumentRoutes } from './http/routes/documents.js';
import { registerDocumentFileRoute, UPLOAD_PATH } from './http/routes/document-file.js';
import type { ExtractionEngines } from './providers/extraction-engines.js';
import { registerFileDownloadRoute, registerFileUrlRoute } from './http/routes/files.js';
import { registerHealthRoutes } from './http/routes/health.js';
import { registerKeyRoutes } from './http/routes/keys.js';
import { registerMcpRoute } from './http/routes/mcp.js';
import { registerMetaRoutes } from './http/routes/meta.js';
import { registerMemoryRoutes } from './http/routes/memories.js';
import { registerMemoriesRedirect } from './http/routes/memories-redirect.js';
import { registerSearchRoutes } from './http/routes/search.js';
import { registerSettingsRoutes } from './http/routes/settings.js';
import { mcpHttpHandler, type McpHttpDeps } from './mcp/http-handler.js';
import { OAUTH_FORM_PATHS, registerOAuthRoutes } from './http/routes/oauth.js';
import type { OAuthService } from './services/oauth.js';

export interface AppDeps {
  auth: AuthService;
  health: HealthService;
  documents: DocumentService;
  files: FileService;
  search: SearchService;
  memories: MemoryService;
  /** /v4/search and /v4/profile: memories and chunks in one ranking. */
  recall: RecallService;
  conversations: ConversationService;
  settings: SettingsService;
  keys: KeyService;
  containerTags: ContainerTagService;
  connections: ConnectionService;
  limiter: RateLimiter;
  orgRateLimit: { max: number; windowMs: number } | null;
  corsOrigins: readonly string[];
  logger: Logger;
  version: string;
  maxBodyBytes: number;
  /** Largest file POST /v3/documents/file accepts (MNEMO_MAX_UPLOAD_BYTES); default 50 MB. */
  maxUploadBytes?: number;
  /** File-extraction engines: uploads of a type whose engine is missing are refused at once. */
  extraction?: ExtractionEngines;
  /** The MCP server at /mcp (Streamable HTTP); absent = not served. */
  mcp?: McpHttpDeps;
  /** OAuth 2.1 for MCP clients (metadata, registration, consent, tokens); absent = API keys only. */
  oauth?: OAuthService;
  /** MNEMO_PUBLIC_URL: the base URL clients reach this server at; null = the request's own. */
  publicUrl?: string | null;
  /** The web console at /console (absent: not served). */
  console?: ConsoleOptions;
}

/** The base URL of this server as the client sees it. */
export const baseUrlOf = (publicUrl: string | null | undefined, ctx: { protocol: string; host: string }) => (publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');

/** Builds the HTTP application. It never listens: roots (server, tests) do. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  app.on('error', (err: unknown) => deps.logger.error('unhandled koa error', { error: String(err) }));

  const open = new Router<AppState>();
  registerMetaRoutes(open, { version: deps.version, openapi: buildOpenApi(deps.version) });
  registerHealthRoutes(open, deps);
  registerMemoriesRedirect(open);
  registerFileDownloadRoute(open, deps);
  registerConnectionWebhookRoute(open, deps);
  registerConnectionCallbackRoute(open, deps);
  registerConnectionSetupRoutes(open, deps);
  if (deps.oauth) registerOAuthRoutes(open, { oauth: deps.oauth, baseUrl: (ctx) => baseUrlOf(deps.publicUrl, ctx) });
  if (deps.mcp) {
    // MCP: API keys, or OAuth access tokens bound to /mcp; a 401 tells the client where OAuth is discovered.
    const mcpAuth = requireApiKey({
      auth: deps.auth,
      limiter: deps.limiter,
      orgRateLimit: deps.orgRateLimit,
      logger: deps.logger,
      audience: 'mcp',
      challenge: (ctx) => `Bearer resource_metadata="${baseUrlOf(deps.publicUrl, ctx)}/.well-known/oauth-protected-resource/mcp"`,
    });
    registerMcpRoute(open, mcpAuth, mcpHttpHandler(deps.mcp) as RouterMiddleware<AppState>);
  }
  if (deps.console) registerConsoleRoutes(open, deps.console);

  const api = new Router<AppState>();
  api.use(requireApiKey({ auth: deps.auth, limiter: deps.limiter, orgRateLimit: deps.orgRateLimit, logger: deps.logger }));
  api.use(scopedEndpoints());
  registerFileUrlRoute(api, deps);
  registerDocumentFileRoute(api, { documents: deps.documents, maxUploadBytes: deps.maxUploadBytes ?? 50 * 1024 * 1024, ...(deps.extraction ? { extraction: deps.extraction } : {}) });
  registerDocumentRoutes(api, deps);
  registerSearchRoutes(api, deps);
  registerMemoryRoutes(api, deps);
  registerConversationRoutes(api, deps);
  registerSettingsRoutes(api, deps);
  registerKeyRoutes(api, deps);
  registerContainerTagRoutes(api, deps);
  registerConnectionRoutes(api, deps);

  app.use(requestId());
  app.use(errorHandler({ logger: deps.logger }));
  app.use(cors({ origins: deps.corsOrigins }));
  app.use(jsonBody({ limit: deps.maxBodyBytes, multipartPaths: [UPLOAD_PATH], rawPaths: new RegExp(`${WEBHOOK_PATHS.source}|${OAUTH_FORM_PATHS.source}`) }));
  app.use(open.routes());
  app.use(open.allowedMethods({ throw: true }));
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));
  return app;
}
