import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { errorMessage } from '../src/core/errors.js';
import { syncConnection, type ConnectionSyncDeps } from '../src/services/connection-sync.js';
import type { SyncTrigger } from '../src/storage/connections.js';

/** Heartbeat interval of a running sync (the workflow's heartbeatTimeout is a few of these). */
const HEARTBEAT_EVERY_MS = 10_000;

/** What a sync run reports back to its workflow (and the Temporal UI). */
export interface SyncOutcome {
  runId: string | null;
  status: string;
  itemsProcessed: number;
  itemsFailed: number;
}

/**
 * The activity of the syncConnection workflow: the same sync the embedded scheduler runs (list, fetch, add through
 * the document service, record the run). Provider retries and auth handling happen inside; a crash is retried here.
 * `deps` is read when the activity runs, since the worker is created before the document service exists.
 */
export function createConnectionSyncActivities(deps: () => ConnectionSyncDeps) {
  return {
    async runConnectionSync(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncOutcome> {
      const ctx = Context.current();
      // A steady heartbeat lets Temporal notice a dead worker within the heartbeat timeout (a sync may run for hours),
      // and delivers cancellation, which stops the connector's requests.
      ctx.heartbeat({ connectionId });
      const timer = setInterval(() => ctx.heartbeat({ connectionId }), HEARTBEAT_EVERY_MS);
      try {
        const run = await syncConnection(deps(), orgId, connectionId, trigger, ctx.cancellationSignal);
        return run
          ? { runId: run.id, status: run.status, itemsProcessed: run.itemsProcessed, itemsFailed: run.itemsFailed }
          : { runId: null, status: 'skipped', itemsProcessed: 0, itemsFailed: 0 };
      } catch (err) {
        throw ApplicationFailure.create({ message: errorMessage(err), type: 'SYNC_CRASHED', cause: err instanceof Error ? err : undefined });
      } finally {
        clearInterval(timer);
      }
    },
  };
}

export type ConnectionSyncActivities = ReturnType<typeof createConnectionSyncActivities>;
