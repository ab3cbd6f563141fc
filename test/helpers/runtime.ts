import { loadConfig, type Config } from '../../src/core/config.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import type { ExtractionEngines } from '../../src/providers/extraction-engines.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../../src/storage/store.js';
import { testLogger } from './test-logs.js';

export const TEST_KEY = 'test-root-key-0123456789abcdef';

export interface TestRuntime extends Runtime {
  config: Readonly<Config>;
  /** Waits until every queued document reached done or failed. */
  settle(timeoutMs?: number): Promise<void>;
}

/** A full runtime on an in-memory SQLite store with the hash embedder (fast, deterministic, no weights); it logs to the test log. */
export async function createTestRuntime(env: Record<string, string> = {}, options: { embedder?: Embedder; start?: boolean; store?: Store; extraction?: ExtractionEngines } = {}): Promise<TestRuntime> {
  const config = loadConfig({
    MNEMO_API_KEY: TEST_KEY,
    MNEMO_DATA_DIR: '/nonexistent-test-data-dir',
    MNEMO_INGEST_POLL_MS: '20',
    MNEMO_INGEST_RETRY_BASE_MS: '10',
    MNEMO_INGEST_RETRY_MAX_MS: '50',
    ...env,
  });
  const runtime = await createRuntime(config, testLogger, {
    store: options.store ?? new SqliteStore(':memory:'),
    embedder: staticEmbedderHandle(options.embedder ?? createHashEmbedder()),
    print: () => undefined,
    ...(options.extraction ? { extraction: options.extraction } : {}),
  });
  if (options.start !== false) await runtime.runner.start();
  return { ...runtime, config, settle: (timeoutMs = 20_000) => runtime.embeddedRunner!.drain(timeoutMs) };
}

export const auth = { authorization: `Bearer ${TEST_KEY}` };
