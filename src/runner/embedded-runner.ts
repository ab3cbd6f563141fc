import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { PipelineDeps } from '../pipeline/deps.js';
import { completeDocument, describeFailure, executeStep, failDocument, isPermanent } from '../pipeline/run-step.js';
import { SupersededError } from '../pipeline/superseded.js';
import { remainingSteps } from '../pipeline/steps.js';
import type { DocumentRecord, DocumentRef } from '../core/types.js';
import { backoffDelay } from '../core/retry.js';
import { markStaleEmbeddings } from './reembed.js';
import type { Runner, RunnerStatus } from './runner.js';

/**
 * Documents longer than this (characters sent or extracted, or bytes of the uploaded file) are heavy: minutes of
 * chunking and embedding. They take at most half the slots (at
 * least one), and small documents always have every slot of their own, so a few large documents never hold back
 * the small ones queued behind them.
 */
export const HEAVY_DOCUMENT_CHARS = 100_000;

export interface EmbeddedRunnerOptions {
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
}

/**
 * In-process durable runner. The documents table is the queue: a document whose status is not final is due
 * work, so anything queued or in flight when the process died is picked up again on the next start.
 */
export class EmbeddedRunner implements Runner {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly heavyInFlight = new Set<string>();
  /** Aborted by stop(): long steps end between batches instead of running to the end of a large document. */
  private stopping = new AbortController();
  private state: RunnerStatus['state'] = 'stopped';
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private wakeAgain = false;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly opts: EmbeddedRunnerOptions,
    private readonly logger: Logger = deps.logger,
  ) {}

  async start(): Promise<void> {
    if (this.state === 'running') return;
    this.state = 'running';
    this.stopping = new AbortController();
    this.schedule(0);
    void this.scheduleReembedding();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  async submit(_ref: DocumentRef): Promise<void> {
    if (this.state === 'running') this.schedule(0);
  }

  status(): RunnerStatus {
    return {
      kind: 'embedded',
      state: this.state,
      inFlight: this.inFlight.size,
      concurrency: this.opts.concurrency,
      ...(this.state === 'stopped' ? { warnings: ['the embedded runner is stopped: documents stay queued'] } : {}),
    };
  }

  /** Resolves once no document has due work and nothing is in flight (tests, benchmarks). */
  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.allSettled([...this.inFlight.values()]);
      const due = await this.deps.store.documents.findDueDocuments(Date.now() + timeoutMs, 1, new Set());
      if (due.length === 0 && this.inFlight.size === 0) return;
      if (Date.now() > deadline) throw new Error('runner did not drain in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private schedule(delayMs: number): void {
    if (this.state !== 'running') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    if (this.polling) {
      this.wakeAgain = true;
      return;
    }
    this.polling = true;
    try {
      const heavyCap = Math.max(1, Math.floor(this.opts.concurrency / 2));
      let lightFree = this.opts.concurrency - (this.inFlight.size - this.heavyInFlight.size);
      let heavyFree = heavyCap - this.heavyInFlight.size;
      if (lightFree > 0 || heavyFree > 0) {
        // Heavy documents past their cap stay queued; looking past them lets the light ones behind them start.
        const limit = Math.max(0, lightFree) + Math.max(0, heavyFree) + heavyCap;
        const due = await this.deps.store.documents.findDueDocuments(Date.now(), limit, new Set(this.inFlight.keys()));
        for (const doc of due) {
          const heavy = Math.max(doc.raw.length, doc.content?.length ?? 0, doc.file?.size ?? 0) > HEAVY_DOCUMENT_CHARS;
          if (heavy ? heavyFree-- <= 0 : lightFree-- <= 0) continue;
          this.launch(doc, heavy);
        }
      }
    } catch (err) {
      this.logger.error('runner poll failed', { error: errorMessage(err) });
    } finally {
      this.polling = false;
      const again = this.wakeAgain;
      this.wakeAgain = false;
      this.schedule(again ? 0 : this.opts.pollMs);
    }
  }

  private launch(doc: DocumentRecord, heavy: boolean): void {
    const ref = { orgId: doc.orgId, documentId: doc.id, generation: doc.generation };
    if (heavy) this.heavyInFlight.add(doc.id);
    const run = this.process(doc, ref).finally(() => {
      this.inFlight.delete(doc.id);
      this.heavyInFlight.delete(doc.id);
      this.schedule(0);
    });
    this.inFlight.set(doc.id, run);
  }

  private async process(doc: DocumentRecord, ref: DocumentRef): Promise<void> {
    let current = 'extract';
    const deps = { ...this.deps, signal: this.stopping.signal };
    try {
      let last: DocumentRecord | undefined;
      for (const step of remainingSteps(doc.status)) {
        if (this.state !== 'running') return;
        current = step.name;
        last = await executeStep(deps, ref, step, undefined, last);
      }
      await completeDocument(deps, ref, last);
    } catch (err) {
      if (err instanceof SupersededError) return;
      await this.handleFailure(doc, ref, current, err).catch((e: unknown) => {
        if (!(e instanceof SupersededError)) this.logger.error('could not record failure', { error: errorMessage(e) });
      });
    }
  }

  private async handleFailure(doc: DocumentRecord, ref: DocumentRef, step: string, err: unknown): Promise<void> {
    const attempts = doc.attempts + 1;
    if (isPermanent(err) || attempts >= this.opts.maxAttempts) {
      await this.deps.store.documents.updateDocument(ref.orgId, ref.documentId, { attempts }, { expectGeneration: ref.generation });
      await failDocument(this.deps, ref, step, describeFailure(err));
      this.logger.warn('document failed', { documentId: ref.documentId, step, attempts, error: errorMessage(err) });
      return;
    }
    const delay = backoffDelay(attempts, this.opts.retryBaseMs, this.opts.retryMaxMs);
    await this.deps.store.documents.updateDocument(ref.orgId, ref.documentId, { attempts, nextRunAt: Date.now() + delay }, { expectGeneration: ref.generation });
    this.logger.info('step failed, will retry', { documentId: ref.documentId, step, attempts, delayMs: delay, error: errorMessage(err) });
  }

  /** After a model change, documents embedded by the previous model go through embed and index again. */
  private async scheduleReembedding(): Promise<void> {
    await markStaleEmbeddings(
      { store: this.deps.store, embedder: this.deps.embedder, logger: this.logger },
      () => this.schedule(0),
      () => this.state === 'running',
    );
  }
}
