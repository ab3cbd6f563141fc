import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { PipelineDeps } from './pipeline/deps.js';
import { createEmbedderHandle } from './providers/create-embedder.js';
import type { EmbedderHandle } from './providers/embedder.js';
import { EmbeddedRunner } from './runner/embedded-runner.js';
import { SearchService } from './search/search-service.js';
import { ensureRootKey } from './services/auth.js';
import { DocumentService } from './services/documents.js';
import { SqliteStore } from './storage/sqlite/sqlite-store.js';
import type { Store } from './storage/store.js';

export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface Runtime {
  app: ReturnType<typeof createApp>;
  store: Store;
  runner: EmbeddedRunner;
  embedder: EmbedderHandle;
  documents: DocumentService;
  search: SearchService;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  store?: Store;
  embedder?: EmbedderHandle;
  /** Print the generated root key (server) or stay quiet (tests). */
  print?: (line: string) => void;
}

/** Wires config into store, providers, runner, services and the HTTP app. The process roots call this. */
export async function createRuntime(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const store = overrides.store ?? new SqliteStore(path.join(config.dataDir, 'mnemo.db'));
  await store.migrate();
  await ensureRootKey(store, { rootApiKey: config.rootApiKey, dataDir: overrides.store ? null : config.dataDir }, logger, overrides.print);
  if (!overrides.store) fs.mkdirSync(config.dataDir, { recursive: true });

  const embedder = overrides.embedder ?? createEmbedderHandle(config, logger);
  const pipelineDeps: PipelineDeps = { store, embedder, config, logger };
  const runner = new EmbeddedRunner(pipelineDeps, config.ingest);
  const documents = new DocumentService(store, runner);
  const search = new SearchService(store, embedder, config.search, logger);
  const app = createApp({
    store,
    documents,
    search,
    runner,
    embedder,
    logger,
    version: VERSION,
    startedAt: Date.now(),
    maxBodyBytes: config.maxBodyBytes,
  });
  return {
    app,
    store,
    runner,
    embedder,
    documents,
    search,
    close: async () => {
      await runner.stop();
      const e = embedder.status().state === 'ready' ? await embedder.get().catch(() => null) : null;
      await e?.close?.();
      await store.close();
    },
  };
}
