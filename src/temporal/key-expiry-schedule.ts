import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Config } from '../core/config.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { backoffDelay } from '../runner/backoff.js';
import type { IntervalJob } from '../runner/interval-job.js';
import type * as workflows from '../../workflows/index.js';
import { connectClient } from './connection.js';

/** The Schedule's ID in the namespace (Temporal UI → Schedules). */
export const KEY_EXPIRY_SCHEDULE_ID = 'mnemo-key-expiry';
const WORKFLOW_TYPE: keyof typeof workflows = 'checkKeyExpiry';
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Creates the Schedule that runs the key-expiry check every `everyMs`, or brings an existing one to this
 * configuration (interval, task queue): every API process calls it at start, so it is idempotent.
 */
export async function ensureKeyExpirySchedule(client: Client, opts: { taskQueue: string; everyMs: number }): Promise<'created' | 'updated'> {
  const spec = { intervals: [{ every: opts.everyMs }] };
  const action = { type: 'startWorkflow' as const, workflowType: WORKFLOW_TYPE, taskQueue: opts.taskQueue, workflowId: 'key-expiry-check', args: [] };
  try {
    await client.schedule.create({
      scheduleId: KEY_EXPIRY_SCHEDULE_ID,
      spec,
      action,
      // A check still running when the next is due makes that one redundant; after an outage, one catch-up run suffices.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      state: { note: 'Sends API key expiry notices (MNEMO_KEY_EXPIRY_NOTICE_DAYS); created by Mnemo at start', triggerImmediately: true },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(KEY_EXPIRY_SCHEDULE_ID).update((previous) => ({ ...previous, spec, action }));
    return 'updated';
  }
}

/**
 * Temporal mode (roles all and api): makes sure the Schedule exists, in the background and retrying while Temporal is
 * unreachable, so start-up never waits for Temporal. The worker runs the workflow it starts.
 */
export function startKeyExpirySchedule(config: Readonly<Config>, logger: Logger): IntervalJob {
  const connection = connectClient(config.temporal);
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  const tryEnsure = async (): Promise<void> => {
    try {
      const outcome = await client.withAbortSignal(abort.signal, () =>
        client.withDeadline(Date.now() + ATTEMPT_TIMEOUT_MS, () =>
          ensureKeyExpirySchedule(client, { taskQueue: config.temporal.taskQueue, everyMs: config.keyExpiry.checkEveryMs }),
        ),
      );
      logger.info(`key expiry schedule ${outcome}`, { scheduleId: KEY_EXPIRY_SCHEDULE_ID, everyMs: config.keyExpiry.checkEveryMs });
    } catch (err) {
      if (stopped) return;
      attempt++;
      if (attempt === 1) logger.warn('could not create the key expiry schedule; retrying', { error: errorMessage(err) });
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
