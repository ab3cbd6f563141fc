import fs from 'node:fs';
import Router from '@koa/router';
import Koa from 'koa';
import type { createApp } from '../app.js';
import type { ActivityPolicies } from '../../workflows/shared.js';
import { registerHealthRoutes } from '../http/routes/health.js';
import type { AppState } from '../http/context.js';
import type { ExtractionEngines } from '../providers/extraction-engines.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { EmbeddedRunner } from '../runner/embedded-runner.js';
import type { Runner } from '../runner/runner.js';
import type { AuthService } from '../services/auth.js';
import type { ConnectionSyncDeps, ConnectionSyncRunner } from '../services/connection-sync.js';
import type { ConnectionService } from '../services/connections.js';
import type { DocumentService } from '../services/documents.js';
import type { HealthService } from '../services/health.js';
import type { KeyService } from '../services/keys.js';
import type { MemoryService } from '../services/memories.js';
import type { OrganizationService } from '../services/organizations.js';
import type { SearchService } from '../services/search.js';
import type { Store } from '../storage/store.js';

export const VERSION: string = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What a composition root hands the process (server, benches, tests): the app and the parts it was built from. */
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

/** The /health endpoint alone, for worker-only processes. */
export function createHealthApp(runtime: Pick<Runtime, 'health' | 'auth'>): Koa {
  const app = new Koa();
  const router = new Router<AppState>();
  registerHealthRoutes(router, { health: runtime.health, auth: runtime.auth });
  app.use(router.routes() as unknown as Koa.Middleware);
  return app;
}
