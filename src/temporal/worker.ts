import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type NativeConnection, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../../activities/index.js';
import { createKeyExpiryActivities } from '../../activities/key-expiry.js';
import { createMemoryExpiryActivities } from '../../activities/forget-memories.js';
import type { Config } from '../core/config.js';
import type { PipelineDeps } from '../pipeline/deps.js';

export const WORKFLOWS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../workflows/index.ts');

export interface IngestWorkerOptions {
  connection: NativeConnection;
  temporal: Readonly<Config['temporal']>;
  deps: PipelineDeps;
  /** A pre-built workflow bundle (tests build it once); default: bundle WORKFLOWS_PATH at start. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** More activities (connection syncs over the services; composition/temporal.ts passes them). */
  activities?: Record<string, (...args: never[]) => Promise<unknown>>;
}

/** The workflows a worker runs: a bundle handed in, a prebuilt bundle file (TEMPORAL_WORKFLOW_BUNDLE), or workflows/ bundled now. */
function workflowSource(opts: IngestWorkerOptions): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> {
  if (opts.workflowBundle) return { workflowBundle: opts.workflowBundle };
  if (opts.temporal.workflowBundlePath) return { workflowBundle: { codePath: opts.temporal.workflowBundlePath } };
  return { workflowsPath: WORKFLOWS_PATH };
}

/** A worker for the ingestion task queue: the workflows in workflows/ and activities over src/ pipeline steps. */
export function createIngestWorker(opts: IngestWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: opts.connection,
    namespace: opts.temporal.namespace,
    taskQueue: opts.temporal.taskQueue,
    ...workflowSource(opts),
    activities: { ...createActivities(opts.deps), ...createKeyExpiryActivities(opts.deps), ...createMemoryExpiryActivities(opts.deps), ...opts.activities },
    maxConcurrentActivityTaskExecutions: opts.temporal.maxConcurrentActivities,
    maxConcurrentWorkflowTaskExecutions: opts.temporal.maxConcurrentWorkflows,
    // Let in-flight steps finish on shutdown; anything cut off is retried by Temporal on another worker.
    shutdownGraceTime: '10s',
  });
}
