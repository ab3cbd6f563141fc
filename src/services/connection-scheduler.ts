import { errorMessage } from '../core/errors.js';
import { startIntervalJob, type IntervalJob } from '../runner/interval-job.js';
import type { SyncTrigger } from '../storage/connections.js';
import { syncConnection, type ConnectionSyncDeps, type ConnectionSyncRunner } from './connection-sync.js';

/** How long a claimed sync keeps other processes off the connection (a crashed sync is retried after it). */
const LEASE_MS = 3_600_000;

/**
 * Embedded mode's sync runner: a timer claims the connections whose nextSyncAt has come (state in the store, so the
 * schedule survives restarts) and runs the same sync as Temporal mode's workflow, a few at a time.
 */
export class EmbeddedSyncRunner implements ConnectionSyncRunner {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly job: IntervalJob;

  constructor(
    private readonly deps: ConnectionSyncDeps,
    private readonly opts: { pollMs: number; concurrency: number },
  ) {
    this.job = startIntervalJob('connection syncs', () => this.runDue(), { everyMs: opts.pollMs, firstDelayMs: opts.pollMs, logger: deps.logger });
  }

  async trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'running'> {
    if (this.running.has(connectionId)) return 'running';
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
    await this.job.stop();
    await this.idle();
  }

  private start(orgId: string, connectionId: string, trigger: SyncTrigger): void {
    const run = syncConnection(this.deps, orgId, connectionId, trigger)
      .catch((err: unknown) => this.deps.logger.error('connection sync crashed', { connectionId, error: errorMessage(err) }))
      .finally(() => this.running.delete(connectionId));
    this.running.set(connectionId, run);
  }
}
