import { Client } from '@temporalio/client';
import { DefaultLogger, Runtime, type WorkerOptions } from '@temporalio/worker';
import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { TemporalRunner, type RunnerWorker } from './temporal-runner.js';
import type { ActivityPolicies } from '../../workflows/shared.js';
import { connectClient, connectWorker } from './connection.js';
import { createIngestWorker, type IngestWorkerOptions } from './worker.js';

export interface TemporalRunnerOverrides {
  /** A pre-built workflow bundle (tests build it once). */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** Activity policies (tests shorten timeouts). */
  policies?: ActivityPolicies;
  /**
   * More activities for the worker (connection syncs), asked for when the worker is created (runner.start()), so a
   * composition root can pass activities over services it builds after the runner.
   */
  activities?: () => NonNullable<IngestWorkerOptions['activities']>;
}

/** The SDK logs workflow bundling at INFO; keep its output at WARN unless debugging. Once per process. */
function installSdkRuntime(logLevel: Config['logLevel']): void {
  const level = logLevel === 'debug' ? 'DEBUG' : logLevel === 'error' || logLevel === 'silent' ? 'ERROR' : 'WARN';
  try {
    Runtime.install({ logger: new DefaultLogger(level) });
  } catch {
    // Already installed in this process (tests create several runtimes).
  }
}

/**
 * Temporal mode: a client that starts workflows (roles all/api) and a worker that runs them (roles all/worker).
 * Nothing here waits for Temporal: the client connects on first use and the runner keeps retrying the worker, so
 * the API serves (and queues documents) while Temporal is down.
 */
export function createTemporalRunner(config: Readonly<Config>, deps: PipelineDeps, logger: Logger, overrides: TemporalRunnerOverrides = {}): TemporalRunner {
  installSdkRuntime(config.logLevel);
  const clientConnection = connectClient(config.temporal);
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  const createWorker = async (): Promise<RunnerWorker> => {
    const connection = await connectWorker(config.temporal);
    try {
      const worker = await createIngestWorker({
        connection,
        temporal: config.temporal,
        deps,
        ...(overrides.workflowBundle ? { workflowBundle: overrides.workflowBundle } : {}),
        ...(overrides.activities ? { activities: overrides.activities() } : {}),
      });
      return { worker, close: () => connection.close() };
    } catch (err) {
      await connection.close();
      throw err;
    }
  };
  return new TemporalRunner({
    client,
    store: deps.store,
    temporal: config.temporal,
    logger,
    submits: config.role !== 'worker',
    embedder: deps.embedder,
    ...(config.role !== 'api' ? { createWorker } : {}),
    ...(overrides.policies ? { policies: overrides.policies } : {}),
    close: () => clientConnection.close(),
  });
}
