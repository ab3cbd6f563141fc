import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { errorMessage, isAppError } from '../src/core/errors.js';
import { beginSync, finishSync, isAuthFailure, syncPage, withSignal, type ConnectionSyncDeps, type SyncPageOutcome, type SyncRunEnd, type SyncRunStart } from '../src/services/connection-sync.js';
import type { SyncTrigger } from '../src/storage/connections.js';
import { AUTH_FAILURE } from '../src/core/workflow-safe/sync-pages.js';

/** Heartbeat interval of a running step (the workflow's heartbeatTimeout is a few of these). */
const HEARTBEAT_EVERY_MS = 10_000;

/** What a sync run reports back to its workflow (and the Temporal UI). */
export interface SyncOutcome {
  runId: string | null;
  status: string;
  itemsProcessed: number;
  itemsFailed: number;
}

/**
 * Runs a step with a steady heartbeat (so Temporal notices a dead worker within the heartbeat timeout, whatever the
 * step does) and Temporal's cancellation handed to the connectors; errors become ApplicationFailures: a refused
 * credential and permanent errors are not retried, the rest are (transient provider errors were already retried
 * with backoff inside the step).
 */
async function step<T>(deps: ConnectionSyncDeps, detail: Record<string, unknown>, fn: (deps: ConnectionSyncDeps) => Promise<T>): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat(detail);
  const timer = setInterval(() => ctx.heartbeat(detail), HEARTBEAT_EVERY_MS);
  try {
    return await fn(withSignal(deps, ctx.cancellationSignal));
  } catch (err) {
    const cause = err instanceof Error ? err : undefined;
    if (isAuthFailure(err)) throw ApplicationFailure.create({ message: errorMessage(err), type: AUTH_FAILURE, nonRetryable: true, cause });
    const permanent = isAppError(err) && err.permanent;
    throw ApplicationFailure.create({ message: errorMessage(err), type: isAppError(err) ? err.code : 'SYNC_STEP_FAILED', nonRetryable: permanent, cause });
  } finally {
    clearInterval(timer);
  }
}

/**
 * The activities of the syncConnection workflow, thin wrappers over the sync steps the embedded scheduler runs in
 * process (src/services/connection-sync.ts): begin (record the run), one per listing page (list, fetch and add its
 * items through the document service, each new document getting its own ingestDocument workflow), finish
 * (deletions, run record, status).
 */
export function createConnectionSyncActivities(deps: ConnectionSyncDeps) {
  return {
    beginConnectionSync(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncRunStart | null> {
      return step(deps, { connectionId, step: 'begin' }, (d) => beginSync(d, orgId, connectionId, trigger));
    },
    syncConnectionPage(orgId: string, connectionId: string, run: SyncRunStart, cursor: { state: unknown } | null): Promise<SyncPageOutcome> {
      return step(deps, { connectionId, step: 'page' }, (d) => syncPage(d, orgId, connectionId, run, cursor));
    },
    async finishConnectionSync(orgId: string, connectionId: string, run: SyncRunStart, end: SyncRunEnd): Promise<SyncOutcome> {
      const record = await step(deps, { connectionId, step: 'finish' }, (d) => finishSync(d, orgId, connectionId, run, end));
      return record
        ? { runId: record.id, status: record.status, itemsProcessed: record.itemsProcessed, itemsFailed: record.itemsFailed }
        : { runId: run.runId, status: 'skipped', itemsProcessed: end.processed, itemsFailed: end.failed };
    },
  };
}

export type ConnectionSyncActivities = ReturnType<typeof createConnectionSyncActivities>;
