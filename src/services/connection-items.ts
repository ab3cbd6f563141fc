import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemActor } from '../core/actor.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { ChangeItem, ItemContent } from '../connectors/types.js';
import type { ConnectionRecord, SyncItemRecord } from '../storage/connections.js';
import type { Store } from '../storage/store.js';
import type { DocumentService } from './documents.js';
import { isAuthFailure } from './connection-session.js';
import { addUploadedFile } from './uploads.js';

export interface ItemDeps {
  store: Store;
  documents: DocumentService;
  logger: Logger;
}

/** What a sync did so far: items added, updated or deleted, and items that could not be read. */
export interface Tally {
  processed: number;
  failed: number;
}

/** The document customId of an outside item: stable per connection and item, so a re-sync updates in place. */
export function syncedCustomId(connectionId: string, externalId: string): string {
  return `conn_${connectionId}_${createHash('sha256').update(externalId).digest('base64url').slice(0, 24)}`;
}

/**
 * Brings one listed item's document up to date: deleted at the source → its document goes; unchanged (the listed
 * version, or the version of the content read, equals the synced one) → only marked seen; otherwise its content is
 * read (when the listing did not carry it) and added or updated. `seenMark` (the run's start) marks every item this
 * run listed, so the run's end can tell which items are gone.
 */
export async function syncItem(
  deps: ItemDeps,
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
    // The content's own version (a hash of what was read) decides when the listed one could not.
    const version = content.version ?? item.version;
    if (previous && version !== null && previous.version === version) return markSeen();
    const { id } = await addItem(deps, conn, item, content);
    const record: SyncItemRecord = { orgId: conn.orgId, connectionId: conn.id, externalId: item.externalId, documentId: id, version, updatedAt: seenMark };
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
async function addItem(deps: ItemDeps, conn: ConnectionRecord, item: ChangeItem, content: ItemContent): Promise<{ id: string }> {
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

/** Deletes the document of an item gone at the source, and the item's record. */
export async function removeItem(deps: ItemDeps, conn: ConnectionRecord, item: SyncItemRecord, tally: Tally): Promise<void> {
  await deps.documents.deleteMany(systemActor(conn.orgId), [item.documentId]);
  await deps.store.connections.deleteSyncItem(conn.orgId, conn.id, item.externalId);
  tally.processed++;
}
