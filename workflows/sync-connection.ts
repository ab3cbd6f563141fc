import { ActivityFailure, ApplicationFailure, continueAsNew, defineSignal, ParentClosePolicy, proxyActivities, setHandler, startChild } from '@temporalio/workflow';
import type { ConnectionSyncActivities, SyncOutcome } from '../activities/sync-connection.js';
import { AUTH_FAILURE, connectionWorkflowId, RESYNC_SIGNAL, runSyncPages } from '../src/core/workflow-safe/sync-pages.js';
import type { SyncTrigger } from '../src/storage/connections.js';

/** Another sync was asked for while this one runs: one more follows it (see RESYNC_SIGNAL). */
export const resyncSignal = defineSignal<[trigger: SyncTrigger]>(RESYNC_SIGNAL);

const { beginConnectionSync, finishConnectionSync } = proxyActivities<ConnectionSyncActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

const { syncConnectionPage } = proxyActivities<ConnectionSyncActivities>({
  // One listing page with its items (a whole crawl is one page); provider errors are retried inside with backoff.
  // The step heartbeats every 10 s, so a worker dying mid-page is noticed within a minute; re-running a page is
  // safe: unchanged items are skipped by their versions.
  startToCloseTimeout: '4 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '30s', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 3 },
});

/**
 * What a connection's Schedule starts (as `connection-<id>-<time>`, the ID Temporal gives scheduled runs): the sync
 * itself runs as the child workflow `connection-<id>`, the ID manual and webhook syncs use, so a scheduled sync never
 * overlaps another sync of the connection (two runs at once would each delete what only the other listed). When
 * one is already running, the scheduled sync is skipped: the running one reads the source now.
 */
export async function scheduledConnectionSync(orgId: string, connectionId: string): Promise<SyncOutcome> {
  try {
    const child = await startChild(syncConnection, {
      workflowId: connectionWorkflowId(connectionId),
      args: [orgId, connectionId, 'cron'],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
    return await child.result();
  } catch (err) {
    // @temporalio/common's WorkflowExecutionAlreadyStartedError (not re-exported by @temporalio/workflow) names itself.
    if (err instanceof Error && err.name === 'WorkflowExecutionAlreadyStartedError') return { runId: null, status: 'skipped', itemsProcessed: 0, itemsFailed: 0 };
    throw err;
  }
}

/**
 * One sync of one connection (workflow ID `connection-<id>`), as activities: begin (the run record), one per listing page (list, fetch and add the page's items through
 * the document service; each new document gets its own ingestDocument workflow), finish (deletions of items gone
 * upstream after a complete listing, the run record, the connection's status). A page that fails for good still
 * ends in finish, which records the failure (needs_reauth for a refused credential).
 *
 * A resync signal received at any time before the workflow closes (even after finish recorded the run: Temporal
 * refuses to close a workflow with a signal it has not handled) makes it continue as new for one more sync, so a
 * change notified during a sync is never left for the next schedule.
 */
export async function syncConnection(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncOutcome> {
  const asked: { trigger: SyncTrigger | null } = { trigger: null };
  setHandler(resyncSignal, (t) => {
    asked.trigger = t;
  });
  const outcome = await syncOnce(orgId, connectionId, trigger);
  if (asked.trigger !== null) await continueAsNew<typeof syncConnection>(orgId, connectionId, asked.trigger);
  return outcome;
}

async function syncOnce(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncOutcome> {
  const run = await beginConnectionSync(orgId, connectionId, trigger);
  if (!run) return { runId: null, status: 'skipped', itemsProcessed: 0, itemsFailed: 0 };
  const end = await runSyncPages(
    (cursor) => syncConnectionPage(orgId, connectionId, run, cursor),
    (err) => {
      const cause = err instanceof ActivityFailure ? err.cause : err;
      return {
        error: cause instanceof Error ? cause.message : String(cause),
        auth: cause instanceof ApplicationFailure && cause.type === AUTH_FAILURE,
      };
    },
  );
  return finishConnectionSync(orgId, connectionId, run, end);
}
