import { Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Config } from '../core/config.js';
import { createError, errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { ConnectionSyncRunner } from '../services/connection-sync.js';
import type { ConnectionRecord, SyncTrigger } from '../storage/connections.js';
import { connectClient } from './connection.js';

/** Temporal could not be reached or refused the call: a 503 the client may retry. */
function unavailable(err: unknown) {
  return createError('PROVIDER_UNAVAILABLE', [`Temporal did not accept the connection's sync: ${errorMessage(err)}`], { cause: err });
}

/** How long one call to Temporal may take (an unreachable server answers 503 rather than hanging the request). */
const CALL_TIMEOUT_MS = 10_000;

/** Workflow ID of a connection's syncs and ID of its Schedule (Temporal UI → Schedules). */
export const connectionWorkflowId = (connectionId: string) => `connection-${connectionId}`;

/**
 * Temporal mode's sync runner: one Schedule per connection (created and deleted with it) starting the syncConnection
 * workflow; a manual import starts the same workflow now, or finds one running.
 */
export class TemporalSyncRunner implements ConnectionSyncRunner {
  private readonly connection: ReturnType<typeof connectClient>;
  private readonly client: Client;

  constructor(
    private readonly temporal: Readonly<Config['temporal']>,
    private readonly logger: Logger,
  ) {
    this.connection = connectClient(temporal);
    this.client = new Client({ connection: this.connection, namespace: temporal.namespace });
  }

  async trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'running'> {
    try {
      await this.client.withDeadline(Date.now() + CALL_TIMEOUT_MS, () =>
        this.client.workflow.start('syncConnection', {
          workflowId: connectionWorkflowId(connectionId),
          taskQueue: this.temporal.taskQueue,
          args: [orgId, connectionId, trigger],
        }),
      );
      return 'started';
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return 'running';
      throw unavailable(err);
    }
  }

  async schedule(conn: ConnectionRecord): Promise<void> {
    const scheduleId = connectionWorkflowId(conn.id);
    const spec = { intervals: [{ every: conn.syncEveryMs }] };
    const action = {
      type: 'startWorkflow' as const,
      workflowType: 'syncConnection',
      taskQueue: this.temporal.taskQueue,
      workflowId: scheduleId,
      args: [conn.orgId, conn.id, 'cron' satisfies SyncTrigger],
    };
    try {
      await this.client.withDeadline(Date.now() + CALL_TIMEOUT_MS, () =>
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

  async stop(): Promise<void> {
    await this.connection.close().catch(() => undefined);
  }
}
