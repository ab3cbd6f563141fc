// The page loop of a connection sync and the names its workflow shares with the activities and the starter: used
// by embedded mode (src/services/connection-sync.ts), the syncConnection workflow (workflows/sync-connection.ts) and
// its activities. Workflow-safe: no imports, no I/O, so the workflow bundle can use it.

/**
 * Signal to a running syncConnection workflow: a sync was asked for (webhook, import) while it ran. Whatever number
 * arrive, exactly one more sync follows the current one (its argument, the latest trigger, is that run's trigger).
 */
export const RESYNC_SIGNAL = 'resync';

/**
 * Workflow ID of a connection's syncs (and ID of its Schedule): one ID for every sync of a connection, so two never
 * run at once; a manual, webhook or scheduled trigger that finds it running queues one more or is skipped.
 */
export const connectionWorkflowId = (connectionId: string) => `connection-${connectionId}`;

/** Failure type of a refused credential: not retried, and the run records the connection as needs_reauth. */
export const AUTH_FAILURE = 'CONNECTOR_AUTH_FAILED';

/** What one listing page did (its items already added, updated or deleted). */
export interface SyncPageOutcome {
  /** The connector state for the next page (when hasMore); the last page saves its state with the connection. */
  next: unknown;
  hasMore: boolean;
  /** This page's listing was complete (see ChangeList.complete). */
  complete: boolean;
  processed: number;
  failed: number;
}

/** How a run ended, for finishSync: the pages' totals, or the error that stopped it. */
export interface SyncRunEnd {
  complete: boolean;
  processed: number;
  failed: number;
  error: string | null;
  /** The error was a refused credential: the connection needs re-authorisation. */
  auth: boolean;
}

/**
 * Runs `page` from the first listing page (cursor null) until one says there are no more, adding up the totals; a
 * page that throws ends the loop with the error as `classify` describes it (the run is then recorded as failed).
 */
export async function runSyncPages(page: (cursor: { state: unknown } | null) => Promise<SyncPageOutcome>, classify: (err: unknown) => { error: string; auth: boolean }): Promise<SyncRunEnd> {
  const end: SyncRunEnd = { complete: true, processed: 0, failed: 0, error: null, auth: false };
  let cursor: { state: unknown } | null = null;
  try {
    for (;;) {
      const outcome: SyncPageOutcome = await page(cursor);
      end.processed += outcome.processed;
      end.failed += outcome.failed;
      end.complete &&= outcome.complete;
      if (!outcome.hasMore) break;
      cursor = { state: outcome.next };
    }
  } catch (err) {
    Object.assign(end, classify(err));
  }
  return end;
}
