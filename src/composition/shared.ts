import fs from 'node:fs';
import { createApp } from '../app.js';
import { createConnectors } from '../connectors/registry.js';
import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { createSecretBox } from '../core/secret-box.js';
import { createMemoryEngine } from '../memory/engine.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { sandboxedFacts } from '../pipeline/sandboxed-facts.js';
import { createEmbedderHandle } from '../providers/create-embedder.js';
import { createExtractionEngines, type ExtractionEngines } from '../providers/extraction-engines.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { EmbeddedRunner } from '../runner/embedded-runner.js';
import type { IntervalJob } from '../runner/interval-job.js';
import type { Runner } from '../runner/runner.js';
import { AgentMemoryService } from '../services/agent-memory.js';
import { AuthService, ensureRootKey } from '../services/auth.js';
import { oauthStateKey, setupLinkKey } from '../services/connection-oauth.js';
import type { ConnectionSyncDeps, ConnectionSyncRunner } from '../services/connection-sync.js';
import { ConnectionService } from '../services/connections.js';
import { ContainerTagService } from '../services/container-tags.js';
import { ConversationService } from '../services/conversations.js';
import { DocumentService } from '../services/documents.js';
import { FileService } from '../services/files.js';
import { HealthService } from '../services/health.js';
import { noticeLeadMs } from '../services/key-expiry.js';
import { KeyService } from '../services/keys.js';
import { masterSecret } from '../services/master-secret.js';
import { McpSessionService } from '../services/mcp-sessions.js';
import { MemoryService } from '../services/memories.js';
import { OAuthService } from '../services/oauth.js';
import { OrganizationService } from '../services/organizations.js';
import { sharedQueryEmbeddings } from '../services/query-embeddings.js';
import { RateLimiter } from '../services/rate-limiter.js';
import { RecallService } from '../services/recall.js';
import { SearchService } from '../services/search.js';
import { SettingsService } from '../services/settings.js';
import { openStore } from '../storage/open-store.js';
import type { Store } from '../storage/store.js';
import { VERSION, type Runtime, type RuntimeOverrides } from './runtime.js';

/**
 * The parts both modes build the same way, in the order they need each other: the base (store, providers, the
 * master secret), then the services over a runner, then the runtime once the mode has chosen how syncs and
 * periodic jobs run. embedded.ts and temporal.ts call these three and add what differs.
 */

/** Store, providers and what the pipeline runs with: everything that does not depend on the mode. */
export interface Base {
  config: Readonly<Config>;
  logger: Logger;
  store: Store;
  embedder: EmbedderHandle;
  memoryEngine: ReturnType<typeof createMemoryEngine>;
  extraction: ExtractionEngines;
  pipelineDeps: PipelineDeps;
  /** MNEMO_SECRET_KEY, or the one generated and kept by the store: keys credentials, OAuth states and setup links. */
  secret: string;
}

/** Attempts per provider request (transient failures), the first included. */
const PROVIDER_ATTEMPTS = 3;

export async function openBase(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides): Promise<Base> {
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
    // The offline extractor reads on a worker thread, under the parse time limit (sandboxed-facts.ts).
    memoryEngine: { extractor: sandboxedFacts(memoryEngine.extractor, config.extraction.limits), judge: memoryEngine.judge, ...(memoryEngine.filter ? { filter: memoryEngine.filter } : {}) },
    extraction,
  };
  const secret = await masterSecret(config.secretKey, store.secrets);
  return { config, logger, store, embedder, memoryEngine, extraction, pipelineDeps, secret };
}

export interface Services {
  runner: Runner;
  documents: DocumentService;
  files: FileService;
  search: SearchService;
  settings: SettingsService;
  memories: MemoryService;
  recall: RecallService;
  conversations: ConversationService;
  keys: KeyService;
  containerTags: ContainerTagService;
  organizations: OrganizationService;
  oauth: OAuthService;
  auth: AuthService;
  health: HealthService;
  /** What a connection sync runs with: connectors, the credential box, fetch policy, retries. */
  syncDeps: ConnectionSyncDeps;
}

/** The services over the store, the providers and the mode's runner. */
export function buildServices(base: Base, runner: Runner): Services {
  const { config, logger, store, embedder, memoryEngine, extraction } = base;
  const documents = new DocumentService(store, runner, config.limits.maxDocumentChars);
  const files = new FileService(store, documents, { secretKey: config.secretKey, publicUrl: config.publicUrl, ttlSeconds: config.fileUrlTtlSeconds });
  // Hybrid searches embed their question once for the memory and the chunk side.
  const queryEmbedder = sharedQueryEmbeddings(embedder);
  const search = new SearchService(store, queryEmbedder, config.search, logger);
  const settings = new SettingsService(store, { llmConfigured: memoryEngine.model !== null });
  const memories = new MemoryService(store, queryEmbedder, memoryEngine.judge, logger, { profileRecentDays: config.profileRecentDays });
  const keys = new KeyService(store, noticeLeadMs(config.keyExpiry.noticeDays));
  // Spaces count their memories straight from the memory store (the service has checked the root key by then);
  // deleting, merging and profiling go through the MemoryService.
  const memoryCounter = { countByTags: (orgId: string, tags: readonly string[]) => store.memories.memoryCounts(orgId, tags) };
  const oauth = new OAuthService(store, config.oauth);
  return {
    runner,
    documents,
    files,
    search,
    settings,
    memories,
    recall: new RecallService(memories, search, documents, { memorySourceWeight: config.search.memorySourceWeight }),
    conversations: new ConversationService(documents),
    keys,
    containerTags: new ContainerTagService(store.accounts, documents, memoryCounter, memories),
    organizations: new OrganizationService(store, keys),
    oauth,
    auth: new AuthService(store, oauth),
    health: new HealthService({ store, runner, embedder, extraction, version: VERSION, startedAt: Date.now() }),
    syncDeps: {
      store,
      documents,
      connectors: createConnectors(config.providers, config.extraction.limits),
      box: createSecretBox(base.secret),
      context: { urlFetch: config.urlFetch, logger },
      retry: { attempts: PROVIDER_ATTEMPTS, baseMs: config.ingest.retryBaseMs, maxMs: config.ingest.retryMaxMs },
      logger,
      publicUrl: config.publicUrl,
    },
  };
}

/** What a mode adds to the services: how syncs and periodic jobs run, and where the console links a workflow. */
export interface ModeParts {
  embeddedRunner: EmbeddedRunner | undefined;
  syncRunner: ConnectionSyncRunner;
  /** Key expiry notices and forgetting expired memories (none on a Temporal API-less worker: its Schedules run them). */
  periodicJobs: IntervalJob | undefined;
  /** The Temporal UI's page of `document-<id>` (console links), or null. */
  workflowUrl: string | null;
}

/** Connections, the HTTP app and the runtime's close, over the services and the mode's parts. */
export function assembleRuntime(base: Base, services: Services, mode: ModeParts): Runtime {
  const { config, logger, store, embedder, extraction } = base;
  const { runner, documents, memories, search, containerTags, oauth, syncDeps } = services;
  const connections = new ConnectionService(
    store,
    documents,
    syncDeps.connectors,
    mode.syncRunner,
    syncDeps.box,
    {
      syncEveryMs: { default: config.connectors.syncEveryMs, byProvider: { 'web-crawler': config.connectors.crawlerSyncEveryMs } },
      oauthStateKey: oauthStateKey(base.secret),
      setupLinkKey: setupLinkKey(base.secret),
      publicUrl: config.publicUrl,
    },
    syncDeps,
  );
  const app = createApp({
    auth: services.auth,
    health: services.health,
    documents,
    files: services.files,
    search,
    memories,
    recall: services.recall,
    conversations: services.conversations,
    settings: services.settings,
    keys: services.keys,
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
    console: { dir: config.console.dir, workflowUrl: mode.workflowUrl },
  });
  return {
    app,
    store,
    runner,
    embeddedRunner: mode.embeddedRunner,
    embedder,
    documents,
    search,
    memories,
    keys: services.keys,
    organizations: services.organizations,
    auth: services.auth,
    health: services.health,
    connections,
    syncRunner: mode.syncRunner,
    connectionSyncDeps: syncDeps,
    close: async () => {
      await mode.syncRunner.stop();
      await mode.periodicJobs?.stop();
      await runner.stop();
      const e = embedder.status().state === 'ready' ? await embedder.get().catch(() => null) : null;
      await e?.close?.();
      await extraction.close();
      await store.close();
    },
  };
}
