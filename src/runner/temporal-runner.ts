import type { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import type { Config } from '../config.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { remainingPlan } from '../pipeline/step-plan.js';
import type { Store } from '../storage/store.js';
import { DEFAULT_POLICIES } from '../temporal/policies.js';
import { CONTAINER_TAG, DOCUMENT_STATUS } from '../temporal/search-attributes.js';
import type { DocumentRef } from '../types.js';
import type { ActivityPolicies, IngestDocumentInput } from '../../workflows/shared.js';
import { WORKFLOW_ID_PREFIX } from '../../workflows/shared.js';
import type { Runner, RunnerStatus } from './runner.js';

export interface TemporalRunnerOptions {
  client: Client;
  store: Store;
  temporal: Readonly<Config['temporal']>;
  logger: Logger;
  /** Present when this process also runs a worker (MNEMO_ROLE=all or worker). */
  worker?: Worker;
  /** Submit work (MNEMO_ROLE=all or api); a worker-only process never starts workflows. */
  submits?: boolean;
  policies?: ActivityPolicies;
  /** How often documents whose workflow could not be started are retried. */
  reconcileEveryMs?: number;
  /** Set DocumentStatus/ContainerTag search attributes (default true; the time-skipping test server has none). */
  searchAttributes?: boolean;
  /** Closes the client and worker connections after the worker stopped. */
  close?: () => Promise<void>;
}

export function workflowIdFor(documentId: string): string {
  return `${WORKFLOW_ID_PREFIX}${documentId}`;
}

/**
 * Runs ingestion on Temporal: one `ingestDocument` workflow per document, ID `document-<id>`. The API only starts
 * workflows and returns; the store stays the source of truth, and a reconciler starts any document whose start
 * failed (e.g. Temporal was briefly unreachable).
 */
export class TemporalRunner implements Runner {
  private state: RunnerStatus['state'] = 'stopped';
  private workerRun: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastError: string | undefined;

  constructor(private readonly opts: TemporalRunnerOptions) {}

  async start(): Promise<void> {
    this.state = 'running';
    if (this.opts.worker) {
      this.workerRun = this.opts.worker.run().catch((err: unknown) => {
        this.state = 'degraded';
        this.lastError = `worker stopped: ${errorMessage(err)}`;
        this.opts.logger.error('temporal worker stopped', { error: errorMessage(err) });
      });
    }
    if (this.opts.submits !== false) this.scheduleReconcile(0);
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    if (this.opts.worker && this.opts.worker.getState() === 'RUNNING') this.opts.worker.shutdown();
    await this.workerRun;
    await this.opts.close?.();
  }

  async submit(ref: DocumentRef): Promise<void> {
    try {
      await this.startWorkflow(ref, 'TERMINATE_EXISTING');
    } catch (err) {
      // The document stays queued in the store; the reconciler starts it once Temporal answers again.
      this.lastError = `could not start workflow: ${errorMessage(err)}`;
      this.opts.logger.warn('could not start ingestion workflow; will retry', { documentId: ref.documentId, error: errorMessage(err) });
    }
  }

  status(): RunnerStatus {
    return {
      kind: 'temporal',
      state: this.state,
      inFlight: 0,
      concurrency: this.opts.temporal.maxConcurrentActivities,
      detail: this.lastError ?? `${this.opts.temporal.address} namespace=${this.opts.temporal.namespace} taskQueue=${this.opts.temporal.taskQueue}`,
    };
  }

  /** Starts the workflow of a document's current generation. */
  private async startWorkflow(ref: DocumentRef, conflict: 'TERMINATE_EXISTING' | 'USE_EXISTING'): Promise<void> {
    const doc = await this.opts.store.getDocument(ref.orgId, ref.documentId);
    if (!doc || doc.generation !== ref.generation) return;
    const input: IngestDocumentInput = {
      ref,
      steps: remainingPlan(doc.status),
      policies: this.opts.policies ?? DEFAULT_POLICIES,
      searchAttributes: this.opts.searchAttributes !== false,
    };
    await this.opts.client.workflow.start('ingestDocument', {
      workflowId: workflowIdFor(ref.documentId),
      taskQueue: this.opts.temporal.taskQueue,
      args: [input],
      // A new version of the content replaces a run in flight; a finished (or failed) run may be followed by a new one.
      workflowIdConflictPolicy: conflict,
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      ...(input.searchAttributes
        ? {
            typedSearchAttributes: [
              { key: CONTAINER_TAG, value: doc.containerTags[0] ?? '' },
              { key: DOCUMENT_STATUS, value: doc.status },
            ],
          }
        : {}),
    });
    this.lastError = undefined;
  }

  private scheduleReconcile(delayMs: number): void {
    if (this.state === 'stopped') return;
    this.timer = setTimeout(() => void this.reconcile(), delayMs);
    this.timer.unref();
  }

  /** Starts workflows for pending documents that have none (USE_EXISTING makes this a no-op for running ones). */
  private async reconcile(): Promise<void> {
    try {
      const staleBefore = Date.now() - 30_000;
      const due = await this.opts.store.findDueDocuments(Date.now(), 200, new Set());
      for (const doc of due) {
        if (Date.parse(doc.updatedAt) > staleBefore) continue;
        await this.startWorkflow({ orgId: doc.orgId, documentId: doc.id, generation: doc.generation }, 'USE_EXISTING');
      }
    } catch (err) {
      this.lastError = `reconcile failed: ${errorMessage(err)}`;
      this.opts.logger.warn('temporal reconcile failed', { error: errorMessage(err) });
    } finally {
      this.scheduleReconcile(this.opts.reconcileEveryMs ?? 30_000);
    }
  }
}
