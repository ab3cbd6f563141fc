import fs from 'node:fs';
import Router from '@koa/router';
import Koa from 'koa';
import { createApp } from './app.js';
import type { AppState } from './http/context.js';
import { registerHealthRoutes } from './http/routes/health.js';
import type { Config } from './core/config.js';
import type { Logger } from './core/logger.js';
import type { PipelineDeps } from './pipeline/deps.js';
import { createEmbedderHandle } from './providers/create-embedder.js';
import { createExtractionEngines, type ExtractionEngines } from './providers/extraction-engines.js';
import type { EmbedderHandle } from './providers/embedder.js';
import { EmbeddedRunner } from './runner/embedded-runner.js';
import type { Runner } from './runner/runner.js';
import { SearchService } from './services/search.js';
import { AuthService, ensureRootKey } from './services/auth.js';
import { HealthService } from './services/health.js';
import { MemoryService } from './services/memories.js';
import { RecallService } from './services/recall.js';
import { ConversationService } from './services/conversations.js';
import { sharedQueryEmbeddings } from './services/query-embeddings.js';
import { createMemoryEngine } from './memory/engine.js';
import { ContainerTagService } from './services/container-tags.js';
import { DocumentService } from './services/documents.js';
import { FileService } from './services/files.js';
import { createConnections } from './connections-runtime.js';
import type { ConnectionService } from './services/connections.js';
import type { ConnectionSyncDeps, ConnectionSyncRunner } from './services/connection-sync.js';
import { createConnectionSyncActivities } from '../activities/sync-connection.js';
import { noticeLeadMs, startKeyExpiryTimer } from './services/key-expiry.js';
import { startMemoryExpiryTimer } from './services/memory-expiry.js';
import type { IntervalJob } from './runner/interval-job.js';
import { KeyService } from './services/keys.js';
import { OrganizationService } from './services/organizations.js';
import { RateLimiter } from './services/rate-limiter.js';
import { SettingsService } from './services/settings.js';
import { AgentMemoryService } from './services/agent-memory.js';
import { McpSessionService } from './services/mcp-sessions.js';
import { OAuthService } from './services/oauth.js';
import { openStore } from './storage/open-store.js';
import type { Store } from './storage/store.js';
import { WORKFLOW_ID_PREFIX, type ActivityPolicies } from '../workflows/shared.js';

export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface Runtime {
  app: ReturnType<typeof createApp>;
  store: Store;
  runner: Runner;
  /** The embedded runner, when this runtime uses it (tests drain it). */
  embeddedRunner: EmbeddedRunner | undefined;
  embedder: EmbedderHandle;
  documents: DocumentService;
  search: SearchService;
  memories: MemoryService;
  keys: KeyService;
  organizations: OrganizationService;
  auth: AuthService;
  health: HealthService;
  connections: ConnectionService;
  /** Starts and schedules connection syncs (tests wait on the embedded one). */
  syncRunner: ConnectionSyncRunner;
  /** What a connection sync runs with (tests run a scheduled sync directly). */
  connectionSyncDeps: ConnectionSyncDeps;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  store?: Store;
  embedder?: EmbedderHandle;
  /** Print the generated root key (server) or stay quiet (tests). */
  print?: (line: string) => void;
  /** Temporal mode: a pre-built workflow bundle (tests build it once). */
  workflowBundle?: { code: string };
  /** File-extraction engines (the API docs generator passes fixed ones so its samples do not depend on the machine). */
  extraction?: ExtractionEngines;
  /** Temporal mode: activity policies (tests shorten timeouts). */
  temporalPolicies?: ActivityPolicies;
}

/** Wires config into store, providers, runner, services and the HTTP app. The process roots call this. */
export async function createRuntime(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const store = overrides.store ?? openStore(config, logger);
  await store.migrate();
  await ensureRootKey(store, { rootApiKey: config.rootApiKey, dataDir: overrides.store ? null : config.dataDir }, logger, overrides.print);
  if (!overrides.store) fs.mkdirSync(config.dataDir, { recursive: true });

  const embedder = overrides.embedder ?? createEmbedderHandle(config, logger);
  const memoryEngine = createMemoryEngine(config.llm, logger);
  const extraction = overrides.extraction ?? (await createExtractionEngines(config, logger));
  const pipelineDeps: PipelineDeps = {
    store,
    embedder,
    config,
    logger,
    memoryEngine: { extractor: memoryEngine.extractor, judge: memoryEngine.judge, ...(memoryEngine.filter ? { filter: memoryEngine.filter } : {}) },
    extraction,
  };
  const embeddedRunner = config.temporal.address ? undefined : new EmbeddedRunner(pipelineDeps, config.ingest);
  // Temporal workers run connection syncs with the services built below (bound once they exist).
  const connectionSync: { deps?: ConnectionSyncDeps } = {};
  const runner: Runner =
    embeddedRunner ??
    (await import('./temporal/create-runner.js')).createTemporalRunner(config, pipelineDeps, logger, {
      ...(overrides.workflowBundle ? { workflowBundle: overrides.workflowBundle } : {}),
      ...(overrides.temporalPolicies ? { policies: overrides.temporalPolicies } : {}),
      activities: createConnectionSyncActivities(() => {
        if (!connectionSync.deps) throw new Error('connection syncs are not ready yet');
        return connectionSync.deps;
      }),
    });
  const documents = new DocumentService(store, runner, config.limits.maxDocumentChars);
  const files = new FileService(store, documents, { secretKey: config.secretKey, publicUrl: config.publicUrl, ttlSeconds: config.fileUrlTtlSeconds });
  // Hybrid searches embed their question once for the memory and the chunk side.
  const queryEmbedder = sharedQueryEmbeddings(embedder);
  const search = new SearchService(store, queryEmbedder, config.search, logger);
  const settings = new SettingsService(store, { llmConfigured: memoryEngine.model !== null });
  const memories = new MemoryService(store, queryEmbedder, memoryEngine.judge, logger, { profileRecentDays: config.profileRecentDays });
  const recall = new RecallService(memories, search, documents);
  const conversations = new ConversationService(documents);
  const keys = new KeyService(store, noticeLeadMs(config.keyExpiry.noticeDays));
  // Periodic jobs (key expiry notices, forgetting expired memories): timers here in embedded mode; in Temporal mode
  // Schedules that the processes serving the API create and the workers run.
  const scheduledJobs = await startPeriodicJobs(config, { store, logger });
  // Spaces count their memories straight from the memory store (the service has checked the root key by then);
  // deleting, merging and profiling go through the MemoryService.
  const memoryCounter = { countByTags: (orgId: string, tags: readonly string[]) => store.memories.memoryCounts(orgId, tags) };
  const containerTags = new ContainerTagService(store.accounts, documents, memoryCounter, memories);
  const organizations = new OrganizationService(store, keys);
  const oauth = new OAuthService(store, config.oauth);
  const auth = new AuthService(store, oauth);
  const health = new HealthService({ store, runner, embedder, extraction, version: VERSION, startedAt: Date.now() });
  const { connections, syncRunner, syncDeps } = await createConnections(config, store, documents, logger);
  connectionSync.deps = syncDeps;
  const app = createApp({
    auth,
    health,
    documents,
    files,
    search,
    memories,
    recall,
    conversations,
    settings,
    keys,
    containerTags,
    connections,
    limiter: new RateLimiter(),
    orgRateLimit: config.orgRateLimit,
    corsOrigins: config.corsOrigins,
    logger,
    version: VERSION,
    maxBodyBytes: config.maxBodyBytes,
    maxUploadBytes: config.extraction.maxUploadBytes,
    extraction,
    publicUrl: config.publicUrl,
    oauth,
    mcp: {
      agent: new AgentMemoryService({ documents, memories, search, containerTags }),
      sessions: new McpSessionService(store.agentAccess),
      logger,
      version: VERSION,
      watchMs: config.mcp.watchMs,
    },
    console: { dir: config.console.dir, workflowUrl: consoleWorkflowUrl(config) },
  });
  return {
    app,
    store,
    runner,
    embeddedRunner,
    embedder,
    documents,
    search,
    memories,
    keys,
    organizations,
    auth,
    health,
    connections,
    syncRunner,
    connectionSyncDeps: syncDeps,
    close: async () => {
      await syncRunner.stop();
      await scheduledJobs?.stop();
      await runner.stop();
      const e = embedder.status().state === 'ready' ? await embedder.get().catch(() => null) : null;
      await e?.close?.();
      await extraction.close();
      await store.close();
    },
  };
}

/** The /health endpoint alone, for worker-only processes. */
export function createHealthApp(runtime: Runtime): Koa {
  const app = new Koa();
  const router = new Router<AppState>();
  registerHealthRoutes(router, { health: runtime.health, auth: runtime.auth });
  app.use(router.routes() as unknown as Koa.Middleware);
  return app;
}


/** The periodic jobs of this process: embedded timers, or (Temporal, roles all/api) the Schedules that run them. */
async function startPeriodicJobs(config: Readonly<Config>, deps: { store: Store; logger: Logger }): Promise<IntervalJob | undefined> {
  if (config.temporal.address) {
    if (config.role === 'worker') return undefined;
    const [{ startSchedules }, { KEY_EXPIRY_SCHEDULE }, { MEMORY_EXPIRY_SCHEDULE }] = await Promise.all([
      import('./temporal/schedules.js'),
      import('./temporal/key-expiry-schedule.js'),
      import('./temporal/memory-expiry-schedule.js'),
    ]);
    return startSchedules(config, deps.logger, [
      { def: KEY_EXPIRY_SCHEDULE, everyMs: config.keyExpiry.checkEveryMs },
      { def: MEMORY_EXPIRY_SCHEDULE, everyMs: config.memoryExpiryCheckMs },
    ]);
  }
  const jobs = [startKeyExpiryTimer(config, deps), startMemoryExpiryTimer(config.memoryExpiryCheckMs, deps)];
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}

/** Where the console links a document's workflow: the Temporal UI's page of `document-<id>`, in Temporal mode only. */
function consoleWorkflowUrl(config: Readonly<Config>): string | null {
  if (!config.temporal.address || !config.console.temporalUiUrl) return null;
  return `${config.console.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporal.namespace)}/workflows/${WORKFLOW_ID_PREFIX}`;
}
