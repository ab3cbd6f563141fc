import type { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import type { Config } from '../core/config.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { remainingPlan } from '../pipeline/step-plan.js';
import type { Store } from '../storage/store.js';
import { DEFAULT_POLICIES } from './policies.js';
import { DOCUMENT_STATUS, documentSearchAttributes, ensureSearchAttributes } from './search-attributes.js';
import { documentMemo, startDocumentRun } from './start-run.js';
import { PENDING_STATUSES, type DocumentRef } from '../core/types.js';
import type { ActivityPolicies, IngestDocumentInput } from '../../workflows/shared.js';
import { backoffDelay } from '../core/retry.js';
import { markStaleEmbeddings } from '../runner/reembed.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { Runner, RunnerStatus } from '../runner/runner.js';

export { workflowIdFor } from './start-run.js';

/** A worker with the connection it owns (closed after the worker stopped). */
export interface RunnerWorker {
  worker: Worker;
  close(): Promise<void>;
}

export interface TemporalRunnerOptions {
  /** A client on a lazy connection (src/temporal/connection.ts): nothing here needs Temporal up to start. */
  client: Client;
  store: Store;
  temporal: Readonly<Config['temporal']>;
  logger: Logger;
  /** Present when this process also runs a worker (MNEMO_ROLE=all or worker); retried until Temporal answers. */
  createWorker?: () => Promise<RunnerWorker>;
  /** Submit work (MNEMO_ROLE=all or api); a worker-only process never starts workflows. */
  submits?: boolean;
  policies?: ActivityPolicies;
  /** How often, while Temporal answers, documents are checked for a missing workflow (default 30 s). */
  reconcileEveryMs?: number;
  /** Longest pause between attempts while Temporal or the worker is down (default 5 s). */
  retryMaxMs?: number;
  /** How long submit() waits for the start before leaving it to the background (default 500 ms). */
  submitWaitMs?: number;
  /** Set the search attributes, registering missing ones (default true; the time-skipping test server has none). */
  searchAttributes?: boolean;
  /** Closes the client connection after the worker stopped. */
  close?: () => Promise<void>;
  /**
   * The current embedding model: once Temporal answers, a submitting process sends documents embedded by another
   * model back through embed and index (one run each), as the embedded runner does at start.
   */
  embedder?: EmbedderHandle;
}

type Problem = 'connection' | 'worker' | 'start' | 'searchAttributes';

/** A probe of the frontend gets this long before Temporal counts as unreachable. */
const PROBE_TIMEOUT_MS = 3_000;
/** The store scan leaves documents this recent to the submit that is starting them. */
const RECENT_MS = 30_000;

/**
 * Runs ingestion on Temporal: one `ingestDocument` workflow per document, ID `document-<id>`. The API only starts
 * workflows, and never waits on Temporal for more than submitWaitMs: the store is the source of truth, so a document
 * whose start failed or is slow stays queued and the reconciler starts it once Temporal answers. /health reports
 * every reason the runner is not at full strength (unreachable frontend, worker down, failing starts).
 */
export class TemporalRunner implements Runner {
  private state: 'stopped' | 'running' = 'stopped';
  private stopped = false;
  private readonly problems = new Map<Problem, string>();
  /** Documents whose workflow has not been started yet, by id. */
  private readonly pending = new Map<string, DocumentRef>();
  /** The start in progress per document (starts of one document run one after another). */
  private readonly starting = new Map<string, Promise<void>>();
  private missingAttributes: ReadonlySet<string> = new Set();
  private attributesChecked = false;
  private probeFailures = 0;
  /** Documents embedded by an older model have all been sent back to embedding (checked once per start). */
  private reembedded = false;
  private timer: NodeJS.Timeout | undefined;
  private workerLoop: Promise<void> | undefined;
  private worker: RunnerWorker | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly opts: TemporalRunnerOptions) {}

  async start(): Promise<void> {
    if (this.state === 'running') return;
    this.state = 'running';
    this.stopped = false;
    this.reembedded = false;
    if (this.opts.createWorker) {
      await new Promise<void>((firstAttemptDone) => {
        this.workerLoop = this.superviseWorker(firstAttemptDone);
      });
    }
    await this.checkConnection();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    if (this.worker?.worker.getState() === 'RUNNING') this.worker.worker.shutdown();
    await this.workerLoop;
    await this.opts.close?.();
  }

  async submit(ref: DocumentRef): Promise<void> {
    const started = this.startRun(ref);
    // Known unreachable: the document is queued in the store and starts when Temporal answers; never hold the caller.
    if (this.problems.has('connection')) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.opts.submitWaitMs ?? 500)));
    await Promise.race([started, waited]);
    clearTimeout(timer);
  }

  status(): RunnerStatus {
    const warnings = this.state === 'stopped' ? [] : [...this.problems.values()].map((p) => `temporal: ${p}`);
    if (warnings.length > 0 && this.pending.size > 0) warnings.push(`temporal: ${this.pending.size} document(s) wait for their workflow to start`);
    return {
      kind: 'temporal',
      state: this.state === 'stopped' ? 'stopped' : warnings.length > 0 ? 'degraded' : 'running',
      inFlight: 0,
      concurrency: this.opts.temporal.maxConcurrentActivities,
      detail: `${this.opts.temporal.address} namespace=${this.opts.temporal.namespace} taskQueue=${this.opts.temporal.taskQueue}`,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }

  /** Queues a start of the document's current run behind any start of the same document in progress. */
  private startRun(ref: DocumentRef): Promise<void> {
    const previous = this.pending.get(ref.documentId);
    if (!previous || previous.generation <= ref.generation) this.pending.set(ref.documentId, ref);
    const next = (this.starting.get(ref.documentId) ?? Promise.resolve()).then(() => this.startNow(ref));
    this.starting.set(ref.documentId, next);
    void next.then(() => {
      if (this.starting.get(ref.documentId) === next) this.starting.delete(ref.documentId);
    });
    return next;
  }

  /** Starts the workflow of a document's current generation; never throws (a failure leaves it pending). */
  private async startNow(ref: DocumentRef): Promise<void> {
    if (this.problems.has('connection') || this.stopped) return;
    try {
      const doc = await this.opts.store.documents.getDocument(ref.orgId, ref.documentId);
      if (doc && doc.generation === ref.generation && PENDING_STATUSES.includes(doc.status)) {
        const searchAttributes = this.opts.searchAttributes !== false;
        const input: IngestDocumentInput = {
          ref,
          steps: remainingPlan(doc.status),
          policies: this.opts.policies ?? DEFAULT_POLICIES,
          searchAttributes: searchAttributes && !this.missingAttributes.has(DOCUMENT_STATUS.name),
        };
        await startDocumentRun(this.opts.client, {
          taskQueue: this.opts.temporal.taskQueue,
          input,
          memo: documentMemo(doc),
          searchAttributes: searchAttributes ? documentSearchAttributes(doc, this.missingAttributes) : [],
        });
      }
      // Started, already running, or no longer this generation's to start (deleted, newer, finished).
      if (this.pending.get(ref.documentId)?.generation === ref.generation) this.pending.delete(ref.documentId);
      this.problems.delete('start');
    } catch (err) {
      this.problems.set('start', `could not start an ingestion workflow (${errorMessage(err)}); retrying`);
      this.opts.logger.warn('could not start ingestion workflow; will retry', { documentId: ref.documentId, error: errorMessage(err) });
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  /** Checks the connection; while it answers, starts what is pending. Retries faster while something is wrong. */
  private async tick(): Promise<void> {
    let reachable = false;
    try {
      reachable = await this.checkConnection();
      if (reachable && this.opts.submits !== false) {
        await this.reconcile();
        await this.reembed();
      }
    } catch (err) {
      this.opts.logger.warn('temporal reconcile failed', { error: errorMessage(err) });
    } finally {
      const retryMax = this.opts.retryMaxMs ?? 5_000;
      const healthy = reachable && this.pending.size === 0;
      this.schedule(healthy ? (this.opts.reconcileEveryMs ?? 30_000) : reachable ? retryMax : backoffDelay(this.probeFailures, 500, retryMax));
    }
  }

  private async checkConnection(): Promise<boolean> {
    const { client, temporal } = this.opts;
    try {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`));
        }, PROBE_TIMEOUT_MS);
      });
      const probe = client.withAbortSignal(controller.signal, () => client.workflowService.getSystemInfo({}));
      probe.catch(() => undefined);
      await Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
    } catch (err) {
      this.probeFailures++;
      if (!this.problems.has('connection')) this.opts.logger.warn('Temporal is unreachable; documents stay queued', { address: temporal.address, error: errorMessage(err) });
      this.problems.set('connection', `cannot reach Temporal at ${temporal.address} (${errorMessage(err)}); new documents stay queued until it answers`);
      return false;
    }
    if (this.problems.delete('connection')) this.opts.logger.info('Temporal is reachable again', { address: temporal.address });
    this.probeFailures = 0;
    if (!this.attributesChecked && this.opts.searchAttributes !== false) {
      this.missingAttributes = new Set(await ensureSearchAttributes(client, temporal.namespace, this.opts.logger));
      this.attributesChecked = true;
      if (this.missingAttributes.size > 0) {
        this.problems.set(
          'searchAttributes',
          `search attributes ${[...this.missingAttributes].join(', ')} are missing in namespace ${temporal.namespace}; ` +
            'runs start without them (create them as Keyword: temporal operator search-attribute create, or tcld)',
        );
      }
    }
    return true;
  }

  /** Starts pending documents: those whose start failed here, and any left without a workflow (crash, other process). */
  private async reconcile(): Promise<void> {
    for (const ref of [...this.pending.values()]) await this.startRun(ref);
    const recent = Date.now() - RECENT_MS;
    const due = await this.opts.store.documents.findDueDocuments(Date.now(), 200, new Set(this.pending.keys()));
    for (const doc of due) {
      if (this.stopped || this.problems.has('connection')) return;
      if (Date.parse(doc.updatedAt) > recent) continue;
      await this.startRun({ orgId: doc.orgId, documentId: doc.id, generation: doc.generation });
    }
  }

  /** Once per start: documents whose chunks another model embedded get a run through embed and index. */
  private async reembed(): Promise<void> {
    if (this.reembedded || !this.opts.embedder) return;
    const live = () => !this.stopped && !this.problems.has('connection');
    const deps = { store: this.opts.store, embedder: this.opts.embedder, logger: this.opts.logger };
    const { finished } = await markStaleEmbeddings(
      deps,
      async (refs) => {
        for (const ref of refs) await this.startRun(ref);
      },
      live,
    );
    // Interrupted (Temporal went away, a store error): tried again on the next tick; what was marked is due work
    // that the reconciler starts anyway.
    this.reembedded = finished;
  }

  /** Keeps a worker running: creates it (connecting first), and again after it failed, backing off meanwhile. */
  private async superviseWorker(firstAttemptDone: () => void): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        this.worker = await this.opts.createWorker!();
        const running = this.worker.worker.run();
        if (this.stopped) this.worker.worker.shutdown();
        this.problems.delete('worker');
        failures = 0;
        firstAttemptDone();
        await running;
        if (!this.stopped) throw new Error('the worker stopped');
      } catch (err) {
        failures++;
        this.problems.set('worker', `the ingestion worker is not running (${errorMessage(err)}); retrying`);
        this.opts.logger.error('temporal worker is not running; retrying', { error: errorMessage(err), attempt: failures });
        firstAttemptDone();
      } finally {
        await this.worker?.close().catch(() => undefined);
        this.worker = undefined;
      }
      await this.pause(backoffDelay(Math.max(1, failures), 500, this.opts.retryMaxMs ?? 5_000));
    }
    firstAttemptDone();
  }

  /** Sleeps, or less when the runner stops. */
  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
