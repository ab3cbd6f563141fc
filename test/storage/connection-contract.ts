/** Conformance suite for the ConnectionStore port (connections, sync runs, item state), run on every store adapter. */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionRecord, SyncRunRecord } from '../../src/storage/connections.js';
import type { Store } from '../../src/storage/store.js';
import type { CleanupStore, MakeStore } from './contract-context.js';

let seq = 0;
function makeConnection(orgId: string, over: Partial<ConnectionRecord> = {}): ConnectionRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, ++seq)).toISOString();
  return {
    id: `conn-${randomUUID()}`,
    orgId,
    provider: 'web-crawler',
    containerTags: ['docs'],
    documentLimit: 100,
    metadata: { startUrl: 'https://example.com/', 'a.b': 1, $weird: true },
    credentials: null,
    status: 'active',
    state: { links: { 'https://example.com/': ['https://example.com/a'] } },
    syncEveryMs: 3_600_000,
    nextSyncAt: 1_000,
    lastSyncAt: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

function makeRun(orgId: string, connectionId: string, startedAt: string, over: Partial<SyncRunRecord> = {}): SyncRunRecord {
  return { id: `run-${randomUUID()}`, orgId, connectionId, triggerType: 'manual', status: 'running', itemsProcessed: 0, itemsFailed: 0, error: null, startedAt, finishedAt: null, ...over };
}

/** Registers the suite; `makeStore` and `cleanup` as for runStoreContract. */
export function runConnectionContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe(`ConnectionStore contract: ${name}`, () => {
    let store: Store;
    const orgA = `org-a-${randomUUID()}`;
    const orgB = `org-b-${randomUUID()}`;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      if (cleanup) await cleanup(store);
      await store.close();
    });

    it('round-trips a connection, scoped by organisation', async () => {
      const conn = makeConnection(orgA, { credentials: 'v1.sealed', metadata: { startUrl: 'https://x.test/', n: 3, 'dotted.key': false } });
      await store.connections.insertConnection(conn);
      expect(await store.connections.getConnection(orgA, conn.id)).toEqual(conn);
      expect(await store.connections.getConnection(orgB, conn.id)).toBeNull();
      expect(await store.connections.listConnections(orgB)).toEqual([]);
    });

    it('lists by provider and by any of several tags, oldest first', async () => {
      const a = makeConnection(orgA, { containerTags: ['t1'] });
      const b = makeConnection(orgA, { containerTags: ['t2', 't3'], provider: 's3' });
      const c = makeConnection(orgA, { containerTags: ['t4'] });
      for (const x of [a, b, c]) await store.connections.insertConnection(x);
      const ids = (list: ConnectionRecord[]) => list.map((x) => x.id);
      expect(ids(await store.connections.listConnections(orgA))).toEqual([a.id, b.id, c.id]);
      expect(ids(await store.connections.listConnections(orgA, { provider: 'web-crawler' }))).toEqual([a.id, c.id]);
      expect(ids(await store.connections.listConnections(orgA, { containerTags: ['t3', 't4'] }))).toEqual([b.id, c.id]);
      expect(ids(await store.connections.listConnections(orgA, { provider: 's3', containerTags: ['t1'] }))).toEqual([]);
    });

    it('lists the connections of a provider across organisations, oldest first', async () => {
      const provider = `p-${randomUUID()}`;
      const a = makeConnection(orgA, { provider });
      const b = makeConnection(orgB, { provider });
      const other = makeConnection(orgA);
      for (const x of [a, b, other]) await store.connections.insertConnection(x);
      expect((await store.connections.listConnectionsOfProvider(provider)).map((x) => x.id)).toEqual([a.id, b.id]);
      expect(await store.connections.listConnectionsOfProvider(`p-${randomUUID()}`)).toEqual([]);
    });

    it('patches fields and leaves the others', async () => {
      const conn = makeConnection(orgA);
      await store.connections.insertConnection(conn);
      const updated = await store.connections.updateConnection(orgA, conn.id, {
        status: 'needs_reauth',
        nextSyncAt: null,
        state: { cursor: 'abc' },
        error: 'HTTP 401',
        lastSyncAt: '2026-02-01T00:00:00.000Z',
      });
      expect(updated).toEqual({ ...conn, status: 'needs_reauth', nextSyncAt: null, state: { cursor: 'abc' }, error: 'HTTP 401', lastSyncAt: '2026-02-01T00:00:00.000Z' });
      expect(await store.connections.updateConnection(orgB, conn.id, { status: 'active' })).toBeNull();
      expect((await store.connections.getConnection(orgA, conn.id))!.status).toBe('needs_reauth');
    });

    it('claims due connections once, skipping those that need re-authorisation or are not due', async () => {
      const due = makeConnection(orgA, { nextSyncAt: 500 });
      const dueB = makeConnection(orgB, { nextSyncAt: 900 });
      const later = makeConnection(orgA, { nextSyncAt: 5_000 });
      const reauth = makeConnection(orgA, { nextSyncAt: 100, status: 'needs_reauth' });
      const unscheduled = makeConnection(orgA, { nextSyncAt: null });
      for (const x of [due, dueB, later, reauth, unscheduled]) await store.connections.insertConnection(x);
      const claimed = await store.connections.claimDueConnections(1_000, 60_000, 10);
      expect(claimed.map((c) => c.id)).toEqual([due.id, dueB.id]);
      expect(claimed[0]!.nextSyncAt).toBe(61_000);
      expect(await store.connections.claimDueConnections(1_000, 60_000, 10)).toEqual([]);
      expect((await store.connections.getConnection(orgA, due.id))!.nextSyncAt).toBe(61_000);
      // Two schedulers at once: every due connection is claimed by exactly one of them.
      const both = await Promise.all([store.connections.claimDueConnections(70_000, 60_000, 10), store.connections.claimDueConnections(70_000, 60_000, 10)]);
      expect(
        both
          .flat()
          .map((c) => c.id)
          .sort(),
      ).toEqual([due.id, dueB.id, later.id].sort());
    });

    it('records sync runs, newest first, per connection', async () => {
      const conn = makeConnection(orgA);
      await store.connections.insertConnection(conn);
      const r1 = makeRun(orgA, conn.id, '2026-01-01T00:00:00.000Z', { triggerType: 'cron' });
      const r2 = makeRun(orgA, conn.id, '2026-01-02T00:00:00.000Z');
      await store.connections.insertSyncRun(r1);
      await store.connections.insertSyncRun(r2);
      const done = await store.connections.updateSyncRun(orgA, r1.id, { status: 'failed', itemsProcessed: 3, itemsFailed: 1, error: 'boom', finishedAt: '2026-01-01T00:01:00.000Z' });
      expect(done).toEqual({ ...r1, status: 'failed', itemsProcessed: 3, itemsFailed: 1, error: 'boom', finishedAt: '2026-01-01T00:01:00.000Z' });
      expect(await store.connections.updateSyncRun(orgB, r1.id, { status: 'completed' })).toBeNull();
      expect((await store.connections.listSyncRuns(orgA, conn.id, 10)).map((r) => r.id)).toEqual([r2.id, r1.id]);
      expect((await store.connections.listSyncRuns(orgA, conn.id, 1)).map((r) => r.id)).toEqual([r2.id]);
      expect(await store.connections.listSyncRuns(orgB, conn.id, 10)).toEqual([]);
    });

    it('keeps per-item state: put replaces, delete removes, connections do not share it', async () => {
      const conn = makeConnection(orgA);
      const other = makeConnection(orgA);
      await store.connections.insertConnection(conn);
      await store.connections.insertConnection(other);
      const item = { orgId: orgA, connectionId: conn.id, externalId: 'https://x.test/b', documentId: 'doc-1', version: '"etag-1"', updatedAt: '2026-01-01T00:00:00.000Z' };
      await store.connections.putSyncItem(item);
      await store.connections.putSyncItem({ ...item, externalId: 'https://x.test/a', documentId: 'doc-2', version: null });
      await store.connections.putSyncItem({ ...item, connectionId: other.id, documentId: 'doc-3' });
      await store.connections.putSyncItem({ ...item, version: '"etag-2"' });
      const items = await store.connections.listSyncItems(orgA, conn.id);
      expect(items.map((i) => [i.externalId, i.documentId, i.version])).toEqual([
        ['https://x.test/a', 'doc-2', null],
        ['https://x.test/b', 'doc-1', '"etag-2"'],
      ]);
      await store.connections.deleteSyncItem(orgA, conn.id, 'https://x.test/a');
      expect((await store.connections.listSyncItems(orgA, conn.id)).map((i) => i.externalId)).toEqual(['https://x.test/b']);
      expect(await store.connections.listSyncItems(orgB, conn.id)).toEqual([]);
    });

    it('deletes a connection with its runs and item state, only in its organisation', async () => {
      const conn = makeConnection(orgA);
      await store.connections.insertConnection(conn);
      await store.connections.insertSyncRun(makeRun(orgA, conn.id, '2026-01-01T00:00:00.000Z'));
      await store.connections.putSyncItem({ orgId: orgA, connectionId: conn.id, externalId: 'x', documentId: 'd', version: null, updatedAt: '2026-01-01T00:00:00.000Z' });
      expect(await store.connections.deleteConnection(orgB, conn.id)).toBe(false);
      expect(await store.connections.deleteConnection(orgA, conn.id)).toBe(true);
      expect(await store.connections.getConnection(orgA, conn.id)).toBeNull();
      expect(await store.connections.listSyncRuns(orgA, conn.id, 10)).toEqual([]);
      expect(await store.connections.listSyncItems(orgA, conn.id)).toEqual([]);
      expect(await store.connections.deleteConnection(orgA, conn.id)).toBe(false);
    });
  });
}
