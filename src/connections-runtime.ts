import { createConnectors } from './connectors/registry.js';
import type { Config } from './core/config.js';
import type { Logger } from './core/logger.js';
import { createSecretBox } from './core/secret-box.js';
import { EmbeddedSyncRunner } from './services/connection-scheduler.js';
import type { ConnectionSyncDeps, ConnectionSyncRunner } from './services/connection-sync.js';
import { oauthStateKey, setupLinkKey } from './services/connection-oauth.js';
import { ConnectionService } from './services/connections.js';
import { masterSecret } from './services/master-secret.js';
import type { DocumentService } from './services/documents.js';
import type { Store } from './storage/store.js';

export interface ConnectionsRuntime {
  connections: ConnectionService;
  syncRunner: ConnectionSyncRunner;
  /** The sync dependencies (Temporal activities run syncs with them). */
  syncDeps: ConnectionSyncDeps;
}

/** Attempts per provider request (transient failures), the first included. */
const PROVIDER_ATTEMPTS = 3;

/**
 * The sync engine's dependencies: connectors, the credential box (keyed from the master secret: MNEMO_SECRET_KEY or
 * the one generated and kept by the store), fetch policy, retries.
 */
export function connectionSyncDeps(config: Readonly<Config>, store: Store, documents: DocumentService, logger: Logger, secret: string): ConnectionSyncDeps {
  return {
    store,
    documents,
    connectors: createConnectors(config.providers, config.extraction.limits),
    box: createSecretBox(secret),
    context: { urlFetch: config.urlFetch, logger },
    retry: { attempts: PROVIDER_ATTEMPTS, baseMs: config.ingest.retryBaseMs, maxMs: config.ingest.retryMaxMs },
    logger,
    publicUrl: config.publicUrl,
  };
}

/**
 * Connections and their syncs: in embedded mode the in-process scheduler (state in the store) runs them; in Temporal
 * mode a Schedule and a syncConnection workflow per connection do, on the workers.
 */
export async function createConnections(config: Readonly<Config>, store: Store, documents: DocumentService, logger: Logger): Promise<ConnectionsRuntime> {
  const secret = await masterSecret(config.secretKey, store.secrets);
  const syncDeps = connectionSyncDeps(config, store, documents, logger, secret);
  let syncRunner: ConnectionSyncRunner;
  if (config.temporal.address) {
    const temporal = new (await import('./temporal/connection-sync-runner.js')).TemporalSyncRunner(config.temporal, logger);
    // API processes make sure every connection has its Schedule (and no Schedule outlives its connection).
    if (config.role !== 'worker') {
      temporal.reconcileInBackground(async () => (await Promise.all([...syncDeps.connectors.keys()].map((p) => store.connections.listConnectionsOfProvider(p)))).flat());
    }
    syncRunner = temporal;
  } else {
    syncRunner = new EmbeddedSyncRunner(syncDeps, { pollMs: config.connectors.pollMs, concurrency: 2 });
  }
  const connections = new ConnectionService(store, documents, syncDeps.connectors, syncRunner, syncDeps.box, {
    syncEveryMs: { default: config.connectors.syncEveryMs, byProvider: { 'web-crawler': config.connectors.crawlerSyncEveryMs } },
    oauthStateKey: oauthStateKey(secret),
    setupLinkKey: setupLinkKey(secret),
    publicUrl: config.publicUrl,
  }, syncDeps);
  return { connections, syncRunner, syncDeps };
}
