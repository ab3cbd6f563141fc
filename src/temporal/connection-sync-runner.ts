import { Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { connectionWorkflowId, RESYNC_SIGNAL } from '../core/workflow-safe/sync-pages.js';
import type { Config } from '../core/config.js';
import { createError, errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { ConnectionSyncRunner } from '../services/connection-sync.js';
import type { ConnectionRecord, SyncTrigger } from '../storage/connections.js';
import { backoffDelay } from '../core/retry.js';
import { connectClient } from './connection.js';

/** Temporal could not be reached or refused the call: a 503 the client may retry. */
function unavailable(err: unknown) {
  return createError('PROVIDER_UNAVAILABLE', [`Temporal did not accept the connection's sync: ${errorMessage(err)}`], { cause: err });
}

/** Workflow ID of a connection's syncs and ID of its Schedule (Temporal UI → Schedules). */
export { connectionWorkflowId };

/**
 * Temporal mode's sync runner: one Schedule per connection (created and deleted with it) starting the syncConnection
 * workflow through scheduledConnectionSync; a manual import or a webhook starts the same workflow now, or signals
 * the one running to sync once more.
 */
export class TemporalSyncRunner implements ConnectionSyncRunner {
  private readonly connection: ReturnType<typeof connectClient>;
  private readonly client: Client;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> = Promise.resolve();
  private readonly stopping = new AbortController();

  constructor(
    private readonly temporal: Readonly<Config['temporal']>,
    private readonly logger: Logger,
  ) {
    this.connection = connectClient(temporal);
    this.client = new Client({ connection: this.connection, namespace: temporal.namespace });
  }

  /**
   * Starts workflow connection-<id>; when it is already running, signals it (resync) so that it syncs once more
   * after the current run, even when that run has already recorded its end (Temporal does not close a workflow
   * with a signal it has not handled). A run that closed between the two calls is started again.
   */
  async trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'queued'> {
    const workflowId = connectionWorkflowId(connectionId);
    try {
      return await this.client.withDeadline(Date.now() + this.temporal.callTimeoutMs, async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            await this.client.workflow.start('syncConnection', { workflowId, taskQueue: this.temporal.taskQueue, args: [orgId, connectionId, trigger] });
            return 'started' as const;
          } catch (err) {
            if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          }
          try {
            await this.client.workflow.getHandle(workflowId).signal(RESYNC_SIGNAL, trigger);
            return 'queued' as const;
          } catch (err) {
            if (!(err instanceof WorkflowNotFoundError) || attempt >= 3) throw err;
          }
        }
      });
    } catch (err) {
      throw unavailable(err);
    }
  }

  async schedule(conn: ConnectionRecord): Promise<void> {
    const scheduleId = connectionWorkflowId(conn.id);
    const spec = { intervals: [{ every: conn.syncEveryMs }] };
    const action = {
      type: 'startWorkflow' as const,
      // A starter: the sync runs as connection-<id> (never beside a manual or webhook sync of the same connection).
      workflowType: 'scheduledConnectionSync',
      taskQueue: this.temporal.taskQueue,
      workflowId: scheduleId,
      args: [conn.orgId, conn.id],
    };
    try {
      await this.client.withDeadline(Date.now() + this.temporal.callTimeoutMs, () =>
        this.client.schedule.create({
          scheduleId,
          spec,
          action,
          policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
          state: { note: `${conn.provider} connection ${conn.id} (${conn.containerTags.join(', ')}); created by Mnemo` },
        }),
      );
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw unavailable(err);
      await this.client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
    }
  }

  async unschedule(connectionId: string): Promise<void> {
    try {
      await this.client.schedule.getHandle(connectionWorkflowId(connectionId)).delete();
    } catch (err) {
      if (err instanceof ScheduleNotFoundError) return;
      this.logger.warn('could not delete the Schedule of a connection', { connectionId, error: errorMessage(err) });
    }
  }

  /**
   * Brings the Schedules in line with the store (run at start by API processes, and callable any time): every
   * connection that syncs gets its Schedule (created when missing, e.g. deleted by hand or lost with a namespace;
   * updated to its interval otherwise), and `connection-*` Schedules of this task queue whose connection is gone or
   * waits for new credentials are deleted.
   */
  async reconcile(connections: readonly ConnectionRecord[]): Promise<{ ensured: number; removed: number }> {
    const wanted = new Map(connections.filter((c) => c.status !== 'needs_reauth' && c.status !== 'pending_auth' && c.status !== 'needs_setup').map((c) => [connectionWorkflowId(c.id), c]));
    for (const conn of wanted.values()) await this.schedule(conn);
    let removed = 0;
    const stale: string[] = [];
    await this.client.withDeadline(Date.now() + this.temporal.callTimeoutMs, async () => {
      for await (const s of this.client.schedule.list()) {
        if (s.scheduleId.startsWith('connection-') && !wanted.has(s.scheduleId)) stale.push(s.scheduleId);
      }
    });
    for (const id of stale) {
      // Only this deployment's Schedules (its task queue): another deployment may share the namespace.
      const described = await this.client.schedule
        .getHandle(id)
        .describe()
        .catch(() => null);
      if (described?.action.type !== 'startWorkflow' || described.action.taskQueue !== this.temporal.taskQueue) continue;
      await this.unschedule(id.slice('connection-'.length));
      removed++;
    }
    return { ensured: wanted.size, removed };
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.reconcileTimer);
    await this.reconciling;
    await this.connection.close().catch(() => undefined);
  }

  /** reconcile() in the background at start, retried with backoff while Temporal is unreachable; stop() ends it. */
  reconcileInBackground(list: () => Promise<ConnectionRecord[]>, attempt = 1): void {
    if (this.stopping.signal.aborted) return;
    this.reconciling = list()
      .then((conns) => this.client.withAbortSignal(this.stopping.signal, () => this.reconcile(conns)))
      .then(
        (r) => this.logger.info('connection schedules reconciled', r),
        (err: unknown) => {
          if (this.stopping.signal.aborted) return;
          if (attempt === 1) this.logger.warn('could not reconcile the connection schedules; retrying', { error: errorMessage(err) });
          this.reconcileTimer = setTimeout(() => this.reconcileInBackground(list, attempt + 1), backoffDelay(attempt, 1_000, 60_000));
          this.reconcileTimer.unref();
        },
      );
  }
}
