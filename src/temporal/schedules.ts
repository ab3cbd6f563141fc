import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Config } from '../core/config.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { backoffDelay } from '../core/retry.js';
import type { IntervalJob } from '../runner/interval-job.js';
import type * as workflows from '../../workflows/index.js';
import { connectClient } from './connection.js';

/** A periodic job run as a Temporal Schedule (Temporal UI → Schedules). */
export interface ScheduleDefinition {
  scheduleId: string;
  workflowType: keyof typeof workflows;
  workflowId: string;
  note: string;
}

/**
 * Creates the Schedule that starts the job's workflow every `everyMs`, or brings an existing one to this
 * configuration (interval, task queue): every API process calls it at start, so it is idempotent.
 */
export async function ensureSchedule(client: Client, def: ScheduleDefinition, opts: { taskQueue: string; everyMs: number }): Promise<'created' | 'updated'> {
  const spec = { intervals: [{ every: opts.everyMs }] };
  const action = { type: 'startWorkflow' as const, workflowType: def.workflowType, taskQueue: opts.taskQueue, workflowId: def.workflowId, args: [] };
  try {
    await client.schedule.create({
      scheduleId: def.scheduleId,
      spec,
      action,
      // A run still going when the next is due makes that one redundant; after an outage, one catch-up run suffices.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      state: { note: def.note, triggerImmediately: true },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(def.scheduleId).update((previous) => ({ ...previous, spec, action }));
    return 'updated';
  }
}

/**
 * Temporal mode (roles all and api): makes sure the Schedules exist, in the background and retrying while Temporal is
 * unreachable, so start-up never waits for Temporal. The workers run the workflows they start.
 */
export function startSchedules(config: Readonly<Config>, logger: Logger, jobs: readonly { def: ScheduleDefinition; everyMs: number }[]): IntervalJob {
  const connection = connectClient(config.temporal);
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  const tryEnsure = async (): Promise<void> => {
    try {
      for (const job of jobs) {
        const outcome = await client.withAbortSignal(abort.signal, () =>
          client.withDeadline(Date.now() + config.temporal.callTimeoutMs, () => ensureSchedule(client, job.def, { taskQueue: config.temporal.taskQueue, everyMs: job.everyMs })),
        );
        logger.info(`schedule ${outcome}`, { scheduleId: job.def.scheduleId, everyMs: job.everyMs });
      }
    } catch (err) {
      if (stopped) return;
      attempt++;
      if (attempt === 1) logger.warn('could not create the Temporal schedules; retrying', { error: errorMessage(err) });
      timer = setTimeout(() => void (running = tryEnsure()), backoffDelay(attempt, 1_000, 60_000));
      timer.unref();
    }
  };
  let running = tryEnsure();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await running;
      await connection.close().catch(() => undefined);
    },
  };
}
