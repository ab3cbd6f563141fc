import { errorMessage } from '../core/errors.js';
import { startIntervalJob, type IntervalJob } from '../runner/interval-job.js';
import type { SyncTrigger } from '../storage/connections.js';
import { syncConnection, type ConnectionSyncDeps, type ConnectionSyncRunner } from './connection-sync.js';

/** How long a claimed sync keeps other processes off the connection (a crashed sync is retried after it). */
const LEASE_MS = 3_600_000;

/**
 * Embedded mode's sync runner: a timer claims the connections whose nextSyncAt has come (state in the store, so the
 * schedule survives restarts) and runs the same sync as Temporal mode's workflow, a few at a time. One sync per
 * connection at a time; a trigger during a sync queues exactly one more, started when the current one ends.
 */
export class EmbeddedSyncRunner implements ConnectionSyncRunner {
  private readonly running = new Map<string, Promise<unknown>>();
  /** Connections asked to sync again while a sync runs: the latest trigger of each (one follow-up, however many asks). */
  private readonly queued = new Map<string, { orgId: string; trigger: SyncTrigger }>();
  private readonly job: IntervalJob;
  private stopping = false;

  constructor(
    private readonly deps: ConnectionSyncDeps,
    private readonly opts: { pollMs: number; concurrency: number },
  ) {
    this.job = startIntervalJob('connection syncs', () => this.runDue(), { everyMs: opts.pollMs, firstDelayMs: opts.pollMs, logger: deps.logger });
  }

  async trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'queued'> {
    if (this.running.has(connectionId)) {
      // The running sync may have listed the source before this change: one more sync follows it.
      this.queued.set(connectionId, { orgId, trigger });
      return 'queued';
    }
    this.start(orgId, connectionId, trigger);
    return 'started';
  }

  /** Scheduling is nextSyncAt in the store: nothing to do here. */
  async schedule(): Promise<void> {}

  async unschedule(): Promise<void> {}

  /** Claims and starts due syncs (the timer calls this; tests may too). */
  async runDue(): Promise<void> {
    const free = this.opts.concurrency - this.running.size;
    if (free <= 0) return;
    for (const conn of await this.deps.store.connections.claimDueConnections(Date.now(), LEASE_MS, free)) {
      if (!this.running.has(conn.id)) this.start(conn.orgId, conn.id, 'cron');
    }
  }

  /** Resolves when the syncs under way have finished (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.job.stop();
    await this.idle();
  }

  private start(orgId: string, connectionId: string, trigger: SyncTrigger): void {
    const run: Promise<unknown> = syncConnection(this.deps, orgId, connectionId, trigger)
      .catch((err: unknown) => this.deps.logger.error('connection sync crashed', { connectionId, error: errorMessage(err) }))
      .then(() => this.ended(connectionId));
    this.running.set(connectionId, run);
  }

  /** A sync ended: in one step (no trigger can slip in between), the queued follow-up starts or the slot frees. */
  private ended(connectionId: string): void {
    const next = this.queued.get(connectionId);
    this.queued.delete(connectionId);
    if (!next) {
      this.running.delete(connectionId);
      return;
    }
    if (!this.stopping) return this.start(next.orgId, connectionId, next.trigger);
    // Stopping: the queued sync is made due at once for whichever process runs syncs next.
    const due = this.deps.store.connections
      .updateConnection(next.orgId, connectionId, { nextSyncAt: Date.now() })
      .catch(() => undefined)
      .finally(() => this.running.delete(connectionId));
    this.running.set(connectionId, due);
  }
}
