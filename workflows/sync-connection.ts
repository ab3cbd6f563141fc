import { proxyActivities } from '@temporalio/workflow';
import type { ConnectionSyncActivities, SyncOutcome } from '../activities/sync-connection.js';
import type { SyncTrigger } from '../src/storage/connections.js';

const { runConnectionSync } = proxyActivities<ConnectionSyncActivities>({
  // A full crawl or bucket listing can take long; provider errors are retried inside the activity. The activity
  // heartbeats every 10 s, so a worker that dies mid-sync is noticed within a minute and the sync retried (unchanged
  // items are skipped by their versions).
  startToCloseTimeout: '4 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '30s', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 3 },
});

/**
 * One sync of one connection (workflow ID `connection-<id>`, or `connection-<id>-<time>` when its Schedule starts
 * it): each new or changed item becomes a document through the document service, which starts its own
 * ingestDocument workflow.
 */
export async function syncConnection(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncOutcome> {
  return runConnectionSync(orgId, connectionId, trigger);
}
