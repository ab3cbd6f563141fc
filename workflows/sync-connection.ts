import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { ConnectionSyncActivities, SyncOutcome } from '../activities/sync-connection.js';
import { runSyncPages } from './shared-sync.js';
import type { SyncTrigger } from '../src/storage/connections.js';

// Failure type of a refused credential (activities/sync-connection.ts AUTH_FAILURE; workflows import no activity code).
const AUTH_FAILURE = 'CONNECTOR_AUTH_FAILED';

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
 * One sync of one connection (workflow ID `connection-<id>`, or `connection-<id>-<time>` when its Schedule starts
 * it), as activities: begin (the run record), one per listing page (list, fetch and add the page's items through
 * the document service; each new document gets its own ingestDocument workflow), finish (deletions of items gone
 * upstream after a complete listing, the run record, the connection's status). A page that fails for good still
 * ends in finish, which records the failure (needs_reauth for a refused credential).
 */
export async function syncConnection(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncOutcome> {
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
