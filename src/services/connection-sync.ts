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
import { addUploadedFile } from './uploads.js';

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

/**
 * One sync of one connection: list the changes, add or update each changed item through the document service
 * (unchanged versions skipped, documentLimit kept), delete the documents of items gone upstream, record the run.
 * Transient provider errors are retried with backoff; an auth failure marks the connection needs_reauth and
 * unschedules it; a bad item is recorded and skipped. Embedded and Temporal modes both run this.
 */
export async function syncConnection(
  baseDeps: ConnectionSyncDeps,
  orgId: string,
  connectionId: string,
  trigger: SyncTrigger,
  signal?: AbortSignal,
): Promise<SyncRunRecord | null> {
  // A cancelled run (Temporal activity cancellation, a worker shutting down) stops its connector's requests.
  const deps = signal ? { ...baseDeps, context: { ...baseDeps.context, signal } } : baseDeps;
  const conn = await deps.store.connections.getConnection(orgId, connectionId);
  // A Schedule may still fire for a connection waiting for new credentials: nothing to do until then.
  if (!conn || (conn.status === 'needs_reauth' && trigger === 'cron')) return null;
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
  const tally: Tally = { processed: 0, failed: 0 };
  try {
    const connector = deps.connectors.get(conn.provider);
    if (!connector) throw createError('UNKNOWN_PROVIDER', [conn.provider, [...deps.connectors.keys()].join(', ')]);
    const state = await syncItems(deps, conn, connector, tally);
    const finishedAt = new Date().toISOString();
    await deps.store.connections.updateConnection(orgId, connectionId, {
      status: 'active',
      state,
      error: null,
      lastSyncAt: finishedAt,
      nextSyncAt: Date.now() + conn.syncEveryMs,
      updatedAt: finishedAt,
    });
    return await deps.store.connections.updateSyncRun(orgId, run.id, { status: 'completed', itemsProcessed: tally.processed, itemsFailed: tally.failed, finishedAt });
  } catch (err) {
    const finishedAt = new Date().toISOString();
    const auth = isAppError(err) && err.code === 'CONNECTOR_AUTH_FAILED';
    const message = errorMessage(err);
    deps.logger.warn('connection sync failed', { orgId, connectionId, provider: conn.provider, error: message });
    await deps.store.connections.updateConnection(orgId, connectionId, {
      status: auth ? 'needs_reauth' : 'error',
      error: message,
      lastSyncAt: finishedAt,
      nextSyncAt: auth ? null : Date.now() + conn.syncEveryMs,
      updatedAt: finishedAt,
    });
    return await deps.store.connections.updateSyncRun(orgId, run.id, { status: 'failed', itemsProcessed: tally.processed, itemsFailed: tally.failed, error: message, finishedAt });
  }
}

async function syncItems(deps: ConnectionSyncDeps, conn: ConnectionRecord, connector: Connector, tally: Tally): Promise<unknown> {
  const view = connectorView(conn, deps.box);
  const known = new Map((await deps.store.connections.listSyncItems(conn.orgId, conn.id)).map((i) => [i.externalId, i]));
  const versions = new Map([...known].map(([k, v]) => [k, v.version]));
  const seen = new Set<string>();
  let complete = true;
  let state = conn.state;
  for (;;) {
    const list = await withRetry(deps.retry, () => connector.listChanges({ ...view, state }, versions, deps.context));
    state = list.state;
    complete &&= list.complete;
    for (const item of list.items) {
      seen.add(item.externalId);
      // fetchItem sees the state this listing returned (e.g. the branch a repository was listed at).
      await syncItem(deps, conn, connector, { ...view, state }, item, known, tally);
    }
    if (!list.hasMore) break;
  }
  if (complete) {
    for (const [externalId, item] of known) {
      if (!seen.has(externalId)) await removeItem(deps, conn, item, tally);
    }
  }
  return state;
}

async function syncItem(
  deps: ConnectionSyncDeps,
  conn: ConnectionRecord,
  connector: Connector,
  view: ConnectorConnection,
  item: ChangeItem,
  known: Map<string, SyncItemRecord>,
  tally: Tally,
): Promise<void> {
  const previous = known.get(item.externalId);
  if (item.deleted) {
    if (previous) await removeItem(deps, conn, previous, tally);
    return;
  }
  if (item.error) {
    tally.failed++;
    deps.logger.info('connection item skipped', { connectionId: conn.id, item: item.externalId, error: item.error });
    return;
  }
  if (previous && item.version !== null && previous.version === item.version) return;
  if (!previous && known.size >= conn.documentLimit) return;
  try {
    const content: ItemContent | undefined = item.content ?? (connector.fetchItem ? await withRetry(deps.retry, () => connector.fetchItem!(view, item, deps.context)) : undefined);
    if (!content) throw new Error(`${conn.provider} listed ${item.externalId} without content`);
    const { id } = await addItem(deps, conn, item, content);
    const record: SyncItemRecord = { orgId: conn.orgId, connectionId: conn.id, externalId: item.externalId, documentId: id, version: item.version, updatedAt: new Date().toISOString() };
    await deps.store.connections.putSyncItem(record);
    known.set(item.externalId, record);
    tally.processed++;
  } catch (err) {
    if (isAppError(err) && err.code === 'CONNECTOR_AUTH_FAILED') throw err;
    tally.failed++;
    deps.logger.info('connection item failed', { connectionId: conn.id, item: item.externalId, error: errorMessage(err) });
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
