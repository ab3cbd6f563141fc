import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemActor } from '../../../src/core/actor.js';
import { createError } from '../../../src/core/errors.js';
import { createSecretBox } from '../../../src/core/secret-box.js';
import type { ChangeList, Connector } from '../../../src/connectors/types.js';
import { syncConnection, type ConnectionSyncDeps } from '../../../src/services/connection-sync.js';
import { EmbeddedSyncRunner } from '../../../src/services/connection-scheduler.js';
import { ConnectionService } from '../../../src/services/connections.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { createTestRuntime, type TestRuntime } from '../../helpers/runtime.js';
import { testLogger } from '../../helpers/test-logs.js';

const ORG = 'org_default';
const actor = systemActor(ORG);

/** A scripted source: each listChanges call takes the next answer (a list or an error). */
function fakeConnector(script: (ChangeList | Error)[], over: Partial<Connector> = {}): Connector & { calls: number } {
  const c: Connector & { calls: number } = {
    provider: 'fake',
    credentialFields: ['token'],
    calls: 0,
    validateConfig() {},
    async listChanges(): Promise<ChangeList> {
      const next = script[Math.min(c.calls++, script.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
    ...over,
  };
  return c;
}

const item = (externalId: string, version: string, text = `Text of ${externalId}`) => ({
  externalId,
  version,
  content: { text, mimeType: 'text/plain', title: externalId, url: null, filepath: `/${externalId}` },
});

describe('connection sync engine', () => {
  let rt: TestRuntime | undefined;
  afterEach(async () => {
    await rt?.close();
    rt = undefined;
  });

  const setup = async (connector: Connector, secret: string | null = 'a test secret of at least thirty-two chars') => {
    rt = await createTestRuntime();
    const box = secret ? createSecretBox(secret) : null;
    const deps: ConnectionSyncDeps = {
      store: rt.store,
      documents: rt.documents,
      connectors: new Map([['fake', connector]]),
      box,
      context: { urlFetch: rt.config.urlFetch, logger: testLogger },
      retry: { attempts: 3, baseMs: 1, maxMs: 5 },
      logger: testLogger,
    };
    const runner = { trigger: async () => 'started' as const, schedule: async () => {}, unschedule: async () => {}, stop: async () => {} };
    const service = new ConnectionService(rt.store, rt.documents, deps.connectors, runner, box, { syncEveryMs: { default: 3_600_000, byProvider: {} } }, deps);
    return { deps, service };
  };

  it('seals credentials, refuses them without MNEMO_SECRET_KEY, never returns them', async () => {
    const { service } = await setup(fakeConnector([{ items: [], state: null, complete: true }]), null);
    await expect(service.create(actor, 'fake', { metadata: { token: 'ghp_secret', repo: 'x' } })).rejects.toMatchObject({ code: 'SECRET_KEY_REQUIRED', status: 400 });
    await rt!.close();
    const { service: withKey } = await setup(fakeConnector([{ items: [], state: null, complete: true }]));
    const { id } = await withKey.create(actor, 'fake', { metadata: { token: 'ghp_secret', repo: 'x' } });
    const stored = (await rt!.store.connections.getConnection(ORG, id))!;
    expect(stored.metadata).toEqual({ repo: 'x' });
    expect(stored.credentials).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('ghp_secret');
  });

  it('retries transient errors, skips unchanged versions, records bad items, keeps documentLimit', async () => {
    const connector = fakeConnector([
      createError('CONNECTOR_FAILED', ['fake', 'HTTP 503'], { permanent: false }),
      { items: [item('a', '1'), item('b', '1'), { externalId: 'bad', version: null, error: 'HTTP 500' }, item('c', '1')], state: { n: 1 }, complete: true },
      { items: [item('a', '1', 'changed text but same version'), item('b', '2', 'Bravo v2')], state: { n: 2 }, complete: true },
    ]);
    const { deps, service } = await setup(connector);
    const { id } = await service.create(actor, 'fake', { containerTags: ['src'], documentLimit: 2, metadata: { token: 't' } });
    const first = (await syncConnection(deps, ORG, id, 'manual'))!;
    expect(connector.calls).toBe(2);
    expect(first).toMatchObject({ status: 'completed', itemsProcessed: 2, itemsFailed: 1, triggerType: 'manual' });
    const items1 = await rt!.store.connections.listSyncItems(ORG, id);
    expect(items1.map((i) => i.externalId)).toEqual(['a', 'b']);
    await rt!.settle();
    const a = await rt!.documents.get(actor, items1[0]!.documentId);
    expect(a).toMatchObject({ source: 'fake', connectionId: id, filepath: '/a', containerTags: ['src'], status: 'done' });

    const second = (await syncConnection(deps, ORG, id, 'cron'))!;
    // b changed (v2); a unchanged (same version, content not even read); nothing else known is gone.
    expect(second).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsFailed: 0 });
    expect((await rt!.documents.get(actor, a.id)).raw).toBe('Text of a');
    expect((await rt!.documents.get(actor, items1[1]!.documentId)).raw).toBe('Bravo v2');
    expect((await rt!.store.connections.getConnection(ORG, id))!.state).toEqual({ n: 2 });
  });

  it('pages through a listing; deletes only after a complete one; a failed listing deletes nothing; a listed item that cannot be read keeps its document', async () => {
    const connector = fakeConnector([
      // Sync 1: two pages.
      { items: [item('a', '1'), item('b', '1')], state: { page: 1 }, hasMore: true, complete: true },
      { items: [item('c', '1')], state: { page: 2 }, complete: true },
      // Sync 2: the second page fails for good.
      { items: [item('a', '1')], state: { page: 1 }, hasMore: true, complete: true },
      createError('CONNECTOR_FAILED', ['fake', 'HTTP 404 on page 2'], { permanent: true }),
      // Sync 3: b listed but unreadable, c gone.
      { items: [item('a', '1'), { externalId: 'b', version: null, error: 'HTTP 500' }], state: { page: 1 }, hasMore: true, complete: true },
      { items: [], state: { page: 3 }, complete: true },
    ]);
    const { deps, service } = await setup(connector);
    const { id } = await service.create(actor, 'fake', { containerTags: ['paged'], metadata: { token: 't' } });
    const ids = async () => (await rt!.store.connections.listSyncItems(ORG, id)).map((i) => i.externalId).sort();

    expect(await syncConnection(deps, ORG, id, 'manual')).toMatchObject({ status: 'completed', itemsProcessed: 3 });
    expect(await ids()).toEqual(['a', 'b', 'c']);
    expect((await rt!.store.connections.getConnection(ORG, id))!.state).toEqual({ page: 2 });

    expect(await syncConnection(deps, ORG, id, 'cron')).toMatchObject({ status: 'failed', error: expect.stringContaining('page 2') });
    expect(await ids()).toEqual(['a', 'b', 'c']);
    // The listing did not finish: the saved state is still the last complete one.
    expect((await rt!.store.connections.getConnection(ORG, id))!.state).toEqual({ page: 2 });

    expect(await syncConnection(deps, ORG, id, 'cron')).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsFailed: 1 });
    expect(await ids()).toEqual(['a', 'b']);
    expect((await rt!.store.connections.getConnection(ORG, id))!.state).toEqual({ page: 3 });
  });

  it('an auth failure marks the connection needs_reauth and stops scheduling it', async () => {
    const connector = fakeConnector([createError('CONNECTOR_AUTH_FAILED', ['fake', 'HTTP 401'])]);
    const { deps, service } = await setup(connector);
    const { id } = await service.create(actor, 'fake', { metadata: { token: 't' } });
    const run = (await syncConnection(deps, ORG, id, 'cron'))!;
    expect(connector.calls).toBe(1);
    expect(run).toMatchObject({ status: 'failed', error: 'fake refused the credentials: HTTP 401' });
    const conn = (await rt!.store.connections.getConnection(ORG, id))!;
    expect(conn).toMatchObject({ status: 'needs_reauth', nextSyncAt: null });
    expect(await rt!.store.connections.claimDueConnections(Date.now() + 10 * 86_400_000, 1000, 10)).toEqual([]);
  });
});

describe('embedded sync scheduler', () => {
  it('survives a restart: a sync due while the process was down runs on the next start, as cron', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-sched-'));
    const file = path.join(dir, 'mnemo.db');
    const connector = fakeConnector([{ items: [item('x', '1')], state: null, complete: true }], { credentialFields: [] });
    const makeDeps = (store: SqliteStore, rt: TestRuntime): ConnectionSyncDeps => ({
      store,
      documents: rt.documents,
      connectors: new Map([['fake', connector]]),
      box: null,
      context: { urlFetch: rt.config.urlFetch, logger: testLogger },
      retry: { attempts: 1, baseMs: 1, maxMs: 1 },
      logger: testLogger,
    });
    const first = new SqliteStore(file);
    const rt1 = await createTestRuntime({ MNEMO_CONNECTOR_POLL_MS: '3600000' }, { store: first });
    const now = new Date().toISOString();
    await first.connections.insertConnection({
      id: 'conn-restart',
      orgId: ORG,
      provider: 'fake',
      containerTags: ['r'],
      documentLimit: 10,
      metadata: {},
      credentials: null,
      status: 'active',
      state: null,
      syncEveryMs: 3_600_000,
      nextSyncAt: Date.now() + 60_000,
      lastSyncAt: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    });
    await rt1.close();
    // Time passes while the process is down: the sync falls due.
    const reopened = new SqliteStore(file);
    // The runtime's own scheduler (which does not know the fake provider) stays out of the way.
    const rt2 = await createTestRuntime({ MNEMO_CONNECTOR_POLL_MS: '3600000' }, { store: reopened });
    await reopened.connections.updateConnection(ORG, 'conn-restart', { nextSyncAt: Date.now() - 1 });
    const scheduler = new EmbeddedSyncRunner(makeDeps(reopened, rt2), { pollMs: 50, concurrency: 1 });
    try {
      await expect.poll(async () => (await reopened.connections.listSyncRuns(ORG, 'conn-restart', 5)).map((r) => `${r.triggerType}:${r.status}`), { timeout: 10_000 }).toEqual(['cron:completed']);
      const conn = (await reopened.connections.getConnection(ORG, 'conn-restart'))!;
      expect(conn.nextSyncAt! - Date.now()).toBeGreaterThan(3_500_000);
      expect((await reopened.connections.listSyncItems(ORG, 'conn-restart')).map((i) => i.externalId)).toEqual(['x']);
    } finally {
      await scheduler.stop();
      await rt2.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
