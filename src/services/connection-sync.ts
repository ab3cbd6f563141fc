import { createError, errorMessage, isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { withRetry } from '../core/retry.js';
import { runSyncPages, type SyncPageOutcome, type SyncRunEnd } from '../core/workflow-safe/sync-pages.js';
import { retryAfterOf } from '../connectors/provider-client.js';
import type { ChangeItem, Connector, ConnectorContext } from '../connectors/types.js';
import type { ConnectionRecord, SyncRunRecord, SyncTrigger } from '../storage/connections.js';
import { newId, type DocumentService } from './documents.js';
import { removeItem, syncItem, type Tally } from './connection-items.js';
import { connectorContext, connectorView, isAuthFailure, releaseNotifications, settingsView, TokenSession, type SessionDeps } from './connection-session.js';

export type { SyncPageOutcome, SyncRunEnd };
export { connectorContext, connectorView, isAuthFailure, settingsView, withFreshView } from './connection-session.js';
export { syncedCustomId } from './connection-items.js';

export interface SyncRetry {
  /** Calls per provider request, the first included (transient errors only). */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

/** Longest Retry-After a sync waits for inside a run; a longer one fails the page (retried later as a whole). */
const MAX_RETRY_AFTER_MS = 60_000;

export interface ConnectionSyncDeps extends SessionDeps {
  documents: DocumentService;
  connectors: ReadonlyMap<string, Connector>;
  retry: SyncRetry;
  logger: Logger;
}

/** Starts syncs: embedded (in-process, state in the store) or Temporal (a workflow and a Schedule per connection). */
export interface ConnectionSyncRunner {
  /**
   * Starts a sync now (manual import, webhook). When one is already under way it answers 'queued': exactly one more
   * sync starts when the current one ends, however many triggers arrive meanwhile, so no change is left behind.
   */
  trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'queued'>;
  /** The connection was created or its interval changed: make sure it is scheduled. */
  schedule(conn: ConnectionRecord): Promise<void>;
  /** The connection was deleted: stop scheduling it. */
  unschedule(connectionId: string): Promise<void>;
  stop(): Promise<void>;
}

/** Transient failures (network, 5xx, 429) are retried; auth failures and bad input are not. */
function isTransient(err: unknown): boolean {
  if (isAppError(err)) return !err.permanent && err.code !== 'CONNECTOR_AUTH_FAILED';
  return true;
}

/** A provider call, retried on transient failures with backoff, or after the Retry-After the provider asked. */
function retried<T>(deps: ConnectionSyncDeps, fn: () => Promise<T>): Promise<T> {
  const policy = { ...deps.retry, maxRetryAfterMs: MAX_RETRY_AFTER_MS, onLongRetryAfter: 'stop' as const };
  return withRetry(policy, { retryable: isTransient, retryAfterMs: retryAfterOf, ...(deps.context.signal ? { signal: deps.context.signal } : {}) }, fn);
}

/** A sync run once begun: its id and start time (the mark items seen by this run carry). */
export interface SyncRunStart {
  runId: string;
  startedAt: string;
}

/**
 * Step 1 of a sync: records the run and marks the connection syncing. Null = nothing to do (the connection is gone,
 * or a Schedule fired for one waiting for new credentials).
 */
export async function beginSync(deps: ConnectionSyncDeps, orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncRunStart | null> {
  const conn = await deps.store.connections.getConnection(orgId, connectionId);
  if (!conn || conn.status === 'pending_auth' || (conn.status === 'needs_reauth' && trigger === 'cron')) return null;
  // A scoped drive without its selection is skipped (every trigger) and says why until its setup is finished.
  const setup = deps.connectors.get(conn.provider)?.needsSetup?.(settingsView(conn, conn.state)) ?? null;
  if (setup) {
    if (conn.status !== 'needs_setup' || conn.error !== setup) {
      // Not due again until a selection is saved (saving schedules it).
      await deps.store.connections.updateConnection(orgId, connectionId, { status: 'needs_setup', error: setup, nextSyncAt: null, updatedAt: new Date().toISOString() });
    }
    return null;
  }
  const run: SyncRunRecord = {
    id: newId(),
    orgId,
    connectionId,
    triggerType: trigger,
    status: 'running',
    itemsProcessed: 0,
    itemsFailed: 0,
    error: null,
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  await deps.store.connections.insertSyncRun(run);
  await deps.store.connections.updateConnection(orgId, connectionId, { status: 'syncing', updatedAt: run.startedAt });
  return { runId: run.id, startedAt: run.startedAt };
}

/**
 * Step 2, once per listing page: lists one page of changes (from the connection's saved state on the first page,
 * from `cursor` after that) and adds, updates or deletes the document of each item. Every item listed is marked as
 * seen by this run (its sync state carries the run's start time), so finishSync can tell which items are gone
 * without the listing passing through the caller. The last page saves the connector's state with the connection;
 * a connector saves part of it earlier through `saveState` (a push channel, before it is opened).
 */
export async function syncPage(deps: ConnectionSyncDeps, orgId: string, connectionId: string, run: SyncRunStart, cursor: { state: unknown } | null): Promise<SyncPageOutcome> {
  const conn = await deps.store.connections.getConnection(orgId, connectionId);
  if (!conn) throw createError('CONNECTION_NOT_FOUND', [connectionId], { permanent: true });
  const connector = connectorOf(deps, conn);
  const session = new TokenSession(deps, conn, connector, connectorView(conn, deps.box));
  const known = new Map((await deps.store.connections.listSyncItems(orgId, connectionId)).map((i) => [i.externalId, i]));
  const versions = new Map([...known].map(([k, v]) => [k, v.version]));
  const state = cursor ? cursor.state : conn.state;
  const ctx: ConnectorContext = { ...connectorContext(deps, connector.provider), saveState: (patch) => saveState(deps, orgId, connectionId, patch) };
  const list = await retried(deps, () => session.run((view) => connector.listChanges({ ...view, state }, versions, ctx)));
  const tally: Tally = { processed: 0, failed: 0 };
  // fetchItem sees the state this listing returned (e.g. the branch a repository was listed at).
  const fetchItem = connector.fetchItem ? (item: ChangeItem) => retried(deps, () => session.run((view) => connector.fetchItem!({ ...view, state: list.state }, item, ctx))) : null;
  for (const item of list.items) await syncItem(deps, conn, fetchItem, item, known, tally, run.startedAt);
  if (!list.hasMore) await deps.store.connections.updateConnection(orgId, connectionId, { state: list.state });
  return { next: list.hasMore ? list.state : null, hasMore: Boolean(list.hasMore), complete: list.complete, ...tally };
}

/** Merges part of a connector's state into the stored one at once (ConnectorContext.saveState). */
async function saveState(deps: ConnectionSyncDeps, orgId: string, connectionId: string, patch: Record<string, unknown>): Promise<void> {
  const current = await deps.store.connections.getConnection(orgId, connectionId);
  if (!current) return;
  const stored = current.state && typeof current.state === 'object' ? (current.state as Record<string, unknown>) : {};
  await deps.store.connections.updateConnection(orgId, connectionId, { state: { ...stored, ...patch } });
}

/**
 * Step 3: after a complete listing, deletes the documents of items this run did not see; records the run and the
 * connection's status (active, error, or needs_reauth after a refused credential, which also ends its schedule and
 * the change notifications it registered).
 */
export async function finishSync(deps: ConnectionSyncDeps, orgId: string, connectionId: string, run: SyncRunStart, end: SyncRunEnd): Promise<SyncRunRecord | null> {
  const conn = await deps.store.connections.getConnection(orgId, connectionId);
  if (!conn) return null;
  const tally: Tally = { processed: end.processed, failed: end.failed };
  let error = end.error;
  const auth = error !== null && end.auth;
  if (error === null && end.complete) {
    try {
      for (const item of await deps.store.connections.listSyncItems(orgId, connectionId)) {
        if (item.updatedAt !== run.startedAt) await removeItem(deps, conn, item, tally);
      }
    } catch (err) {
      error = errorMessage(err);
    }
  }
  const finishedAt = new Date().toISOString();
  if (error === null) {
    await deps.store.connections.updateConnection(orgId, connectionId, {
      status: 'active',
      error: null,
      lastSyncAt: finishedAt,
      nextSyncAt: Date.now() + conn.syncEveryMs,
      updatedAt: finishedAt,
    });
    return deps.store.connections.updateSyncRun(orgId, run.runId, { status: 'completed', itemsProcessed: tally.processed, itemsFailed: tally.failed, finishedAt });
  }
  deps.logger.warn('connection sync failed', { orgId, connectionId, provider: conn.provider, error });
  if (auth) {
    const connector = deps.connectors.get(conn.provider);
    if (connector) await releaseNotifications(deps, conn, connector, false);
  }
  await deps.store.connections.updateConnection(orgId, connectionId, {
    status: auth ? 'needs_reauth' : 'error',
    error,
    lastSyncAt: finishedAt,
    nextSyncAt: auth ? null : Date.now() + conn.syncEveryMs,
    updatedAt: finishedAt,
  });
  return deps.store.connections.updateSyncRun(orgId, run.runId, { status: 'failed', itemsProcessed: tally.processed, itemsFailed: tally.failed, error, finishedAt });
}

/**
 * One sync of one connection, in process (embedded mode): beginSync, syncPage until the listing ends, finishSync.
 * Temporal mode runs the same three steps as activities of the syncConnection workflow. Transient provider errors
 * are retried with backoff; an auth failure marks the connection needs_reauth; a bad item is recorded and skipped.
 */
export async function syncConnection(deps: ConnectionSyncDeps, orgId: string, connectionId: string, trigger: SyncTrigger): Promise<SyncRunRecord | null> {
  const run = await beginSync(deps, orgId, connectionId, trigger);
  if (!run) return null;
  const end = await runSyncPages(
    (cursor) => syncPage(deps, orgId, connectionId, run, cursor),
    (err) => ({ error: errorMessage(err), auth: isAuthFailure(err) }),
  );
  return finishSync(deps, orgId, connectionId, run, end);
}

/** The deps with a cancellation signal for the connectors (a Temporal activity's, a worker shutting down). */
export function withSignal(deps: ConnectionSyncDeps, signal: AbortSignal): ConnectionSyncDeps {
  return { ...deps, context: { ...deps.context, signal } };
}

function connectorOf(deps: ConnectionSyncDeps, conn: ConnectionRecord): Connector {
  const connector = deps.connectors.get(conn.provider);
  if (!connector) throw createError('UNKNOWN_PROVIDER', [conn.provider, [...deps.connectors.keys()].join(', ')], { permanent: true });
  return connector;
}
