import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemActor } from '../core/actor.js';
import { createError, errorMessage, isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { SecretBox } from '../core/secret-box.js';
import type { ChangeItem, Connector, ConnectorConnection, ConnectorContext, ItemContent } from '../connectors/types.js';
import { backoffDelay } from '../runner/backoff.js';
import type { ConnectionRecord, SyncItemRecord, SyncRunRecord, SyncTrigger } from '../storage/connections.js';
import type { Store } from '../storage/store.js';
import { newId, type DocumentService } from './documents.js';
import { runSyncPages, type SyncPageOutcome, type SyncRunEnd } from '../../workflows/shared-sync.js';
import { addUploadedFile } from './uploads.js';
import { needsRefresh, refreshTokens, tokenCredentials } from './connection-oauth.js';

export type { SyncPageOutcome, SyncRunEnd };

export interface SyncRetry {
  /** Calls per provider request, the first included (transient errors only). */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

export interface ConnectionSyncDeps {
  store: Store;
  documents: DocumentService;
  connectors: ReadonlyMap<string, Connector>;
  /** Opens sealed credentials; null when MNEMO_SECRET_KEY is not set. */
  box: SecretBox | null;
  /** What connectors get: fetch policy, logger and (Temporal activities) the cancellation signal. */
  context: ConnectorContext;
  retry: SyncRetry;
  logger: Logger;
  /** MNEMO_PUBLIC_URL: connectors register change notifications at its webhook route (null = they poll). */
  publicUrl?: string | null;
}

/** The context a connector's call gets: the shared one plus its own public webhook URL (when there is one). */
export function connectorContext(deps: Pick<ConnectionSyncDeps, 'context' | 'publicUrl'>, provider: string): ConnectorContext {
  const webhookUrl = deps.publicUrl ? `${deps.publicUrl}/v3/connections/${encodeURIComponent(provider)}/webhook` : null;
  return { ...deps.context, webhookUrl };
}

/** Starts syncs: embedded (in-process, state in the store) or Temporal (a workflow and a Schedule per connection). */
export interface ConnectionSyncRunner {
  /** Starts a sync now (manual import, webhook); 'running' when one is already under way (it picks the change up). */
  trigger(orgId: string, connectionId: string, trigger: SyncTrigger): Promise<'started' | 'running'>;
  /** The connection was created or its interval changed: make sure it is scheduled. */
  schedule(conn: ConnectionRecord): Promise<void>;
  /** The connection was deleted: stop scheduling it. */
  unschedule(connectionId: string): Promise<void>;
  stop(): Promise<void>;
}

/** The document customId of an outside item: stable per connection and item, so a re-sync updates in place. */
export function syncedCustomId(connectionId: string, externalId: string): string {
  return `conn_${connectionId}_${createHash('sha256').update(externalId).digest('base64url').slice(0, 24)}`;
}

/** Transient failures (network, 5xx, 429) are retried; auth failures and bad input are not. */
function isTransient(err: unknown): boolean {
  if (isAppError(err)) return !err.permanent && err.code !== 'CONNECTOR_AUTH_FAILED';
  return true;
}

async function withRetry<T>(retry: SyncRetry, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= retry.attempts || !isTransient(err)) throw err;
      await new Promise((r) => setTimeout(r, backoffDelay(attempt, retry.baseMs, retry.maxMs)));
    }
  }
}

/** The connector's view of a connection without its credentials (what needsSetup reads), with the given state. */
export function settingsView(conn: ConnectionRecord, state: unknown): ConnectorConnection {
  return { id: conn.id, metadata: conn.metadata, credentials: null, documentLimit: conn.documentLimit, state };
}

/**
 * Runs a provider call with an OAuth connection's access token fresh: refreshed first when it expires within
 * REFRESH_MARGIN_MS, and once more when the provider refuses it anyway (revoked early, clock skew). The new tokens
 * are sealed into the connection at once. A refused refresh is CONNECTOR_AUTH_FAILED: the connection needs
 * re-authorisation. Connections without a refresh token (GitHub, Notion, API tokens) run the call as they are.
 */
export class TokenSession {
  constructor(
    private readonly deps: Pick<ConnectionSyncDeps, 'store' | 'box' | 'context'>,
    private readonly conn: ConnectionRecord,
    private readonly connector: Connector,
    public view: ConnectorConnection,
  ) {}

  async run<T>(fn: (view: ConnectorConnection) => Promise<T>): Promise<T> {
    if (this.refreshable() && needsRefresh(this.view.credentials, Date.now())) await this.refresh();
    try {
      return await fn(this.view);
    } catch (err) {
      if (!isAuthFailure(err) || !this.refreshable()) throw err;
      await this.refresh();
      return fn(this.view);
    }
  }

  private refreshable(): boolean {
    return Boolean(this.connector.oauth && this.deps.box && this.view.credentials?.refreshToken);
  }

  private async refresh(): Promise<void> {
    const previous = this.view.credentials!;
    const tokens = await refreshTokens(this.connector.oauth!, previous.refreshToken!, this.deps.context.urlFetch.timeoutMs);
    const credentials = tokenCredentials(tokens, previous);
    await this.deps.store.connections.updateConnection(this.conn.orgId, this.conn.id, { credentials: this.deps.box!.seal(JSON.stringify(credentials)) });
    this.view = { ...this.view, credentials };
  }
}

/** One provider call with fresh tokens (see TokenSession). */
export function withFreshView<T>(
  deps: Pick<ConnectionSyncDeps, 'store' | 'box' | 'context'>,
  conn: ConnectionRecord,
  connector: Connector,
  view: ConnectorConnection,
  fn: (view: ConnectorConnection) => Promise<T>,
): Promise<T> {
  return new TokenSession(deps, conn, connector, view).run(fn);
}

/** The connector's view of a connection, credentials opened. */
export function connectorView(conn: ConnectionRecord, box: SecretBox | null): ConnectorConnection {
  let credentials: Record<string, string> | null = null;
  if (conn.credentials) {
    if (!box) throw createError('CONNECTOR_AUTH_FAILED', [conn.provider, 'MNEMO_SECRET_KEY is not set, so the stored credentials cannot be read']);
    try {
      credentials = JSON.parse(box.open(conn.credentials)) as Record<string, string>;
    } catch {
      throw createError('CONNECTOR_AUTH_FAILED', [conn.provider, 'the stored credentials cannot be decrypted (MNEMO_SECRET_KEY changed?)']);
    }
  }
  return { id: conn.id, metadata: conn.metadata, credentials, documentLimit: conn.documentLimit, state: conn.state };
}

interface Tally {
  processed: number;
  failed: number;
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
 * without the listing passing through the caller. The last page saves the connector's state with the connection.
 */
export async function syncPage(
  deps: ConnectionSyncDeps,
  orgId: string,
  connectionId: string,
  run: SyncRunStart,
  cursor: { state: unknown } | null,
): Promise<SyncPageOutcome> {
  const conn = await deps.store.connections.getConnection(orgId, connectionId);
  if (!conn) throw createError('CONNECTION_NOT_FOUND', [connectionId], { permanent: true });
  const connector = connectorOf(deps, conn);
  const session = new TokenSession(deps, conn, connector, connectorView(conn, deps.box));
  const known = new Map((await deps.store.connections.listSyncItems(orgId, connectionId)).map((i) => [i.externalId, i]));
  const versions = new Map([...known].map(([k, v]) => [k, v.version]));
  const state = cursor ? cursor.state : conn.state;
  const ctx = connectorContext(deps, connector.provider);
  const list = await withRetry(deps.retry, () => session.run((view) => connector.listChanges({ ...view, state }, versions, ctx)));
  const tally: Tally = { processed: 0, failed: 0 };
  // fetchItem sees the state this listing returned (e.g. the branch a repository was listed at).
  const fetchItem = connector.fetchItem
    ? (item: ChangeItem) => withRetry(deps.retry, () => session.run((view) => connector.fetchItem!({ ...view, state: list.state }, item, ctx)))
    : null;
  for (const item of list.items) await syncItem(deps, conn, fetchItem, item, known, tally, run.startedAt);
  if (!list.hasMore) await deps.store.connections.updateConnection(orgId, connectionId, { state: list.state });
  return { next: list.hasMore ? list.state : null, hasMore: Boolean(list.hasMore), complete: list.complete, ...tally };
}

/**
 * Step 3: after a complete listing, deletes the documents of items this run did not see; records the run and the
 * connection's status (active, error, or needs_reauth after a refused credential, which also ends its schedule).
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
  await deps.store.connections.updateConnection(orgId, connectionId, {
    status: auth ? 'needs_reauth' : 'error',
    error,
    lastSyncAt: finishedAt,
    nextSyncAt: auth ? null : Date.now() + conn.syncEveryMs,
    updatedAt: finishedAt,
  });
  return deps.store.connections.updateSyncRun(orgId, run.runId, { status: 'failed', itemsProcessed: tally.processed, itemsFailed: tally.failed, error, finishedAt });
}

/** A refused credential (the connection needs re-authorisation) rather than any other failure. */
export function isAuthFailure(err: unknown): boolean {
  return isAppError(err) && err.code === 'CONNECTOR_AUTH_FAILED';
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

async function syncItem(
  deps: ConnectionSyncDeps,
  conn: ConnectionRecord,
  fetchItem: ((item: ChangeItem) => Promise<ItemContent>) | null,
  item: ChangeItem,
  known: Map<string, SyncItemRecord>,
  tally: Tally,
  seenMark: string,
): Promise<void> {
  const previous = known.get(item.externalId);
  if (item.deleted) {
    if (previous) await removeItem(deps, conn, previous, tally);
    return;
  }
  // Listed, so not gone: the item's document stays (even when this version cannot be read or is unchanged).
  const markSeen = async () => {
    if (previous && previous.updatedAt !== seenMark) await deps.store.connections.putSyncItem({ ...previous, updatedAt: seenMark });
  };
  if (item.error) {
    tally.failed++;
    deps.logger.info('connection item skipped', { connectionId: conn.id, item: item.externalId, error: item.error });
    await markSeen();
    return;
  }
  if (previous && item.version !== null && previous.version === item.version) return markSeen();
  if (!previous && known.size >= conn.documentLimit) return;
  try {
    const content: ItemContent | undefined = item.content ?? (fetchItem ? await fetchItem(item) : undefined);
    if (!content) throw new Error(`${conn.provider} listed ${item.externalId} without content`);
    const { id } = await addItem(deps, conn, item, content);
    const record: SyncItemRecord = { orgId: conn.orgId, connectionId: conn.id, externalId: item.externalId, documentId: id, version: item.version, updatedAt: seenMark };
    await deps.store.connections.putSyncItem(record);
    known.set(item.externalId, record);
    tally.processed++;
  } catch (err) {
    if (isAuthFailure(err)) throw err;
    tally.failed++;
    deps.logger.info('connection item failed', { connectionId: conn.id, item: item.externalId, error: errorMessage(err) });
    await markSeen();
  }
}

/** Adds (or updates, by customId) the document of one item: text through the JSON path, files like an upload. */
async function addItem(deps: ConnectionSyncDeps, conn: ConnectionRecord, item: ChangeItem, content: ItemContent): Promise<{ id: string }> {
  const actor = systemActor(conn.orgId);
  const fields = {
    containerTags: content.containerTags ?? conn.containerTags,
    customId: syncedCustomId(conn.id, item.externalId),
    ...(content.title ? { title: content.title } : {}),
    ...(content.filepath ? { filepath: content.filepath } : {}),
    url: content.url,
    source: conn.provider,
    connectionId: conn.id,
  };
  if (!content.file) return deps.documents.add(actor, { ...fields, content: content.text });
  const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-sync-'));
  try {
    const file = path.join(dir, 'item');
    await writeFile(file, content.file.bytes);
    return await addUploadedFile(deps.documents, actor, {
      path: file,
      filename: content.file.filename,
      size: content.file.bytes.byteLength,
      sha256: createHash('sha256').update(content.file.bytes).digest('hex'),
      declaredTypes: [content.file.mimeType],
      fields,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function removeItem(deps: ConnectionSyncDeps, conn: ConnectionRecord, item: SyncItemRecord, tally: Tally): Promise<void> {
  await deps.documents.deleteMany(systemActor(conn.orgId), [item.documentId]);
  await deps.store.connections.deleteSyncItem(conn.orgId, conn.id, item.externalId);
  tally.processed++;
}
