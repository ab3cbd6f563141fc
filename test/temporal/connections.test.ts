import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { auth, TEST_KEY } from '../helpers/runtime.js';
import { freePort, waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';
import { testLogger } from '../helpers/test-logs.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startFakeDrive, type FakeDrive } from '../helpers/fake-drive.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';
import type { TemporalSyncRunner } from '../../src/temporal/connection-sync-runner.js';

const TASK_QUEUE = 'connections-test';

describe('connections in Temporal mode (dev server)', () => {
  let server: DevServer;
  let client: Client;
  let runtime: Runtime | undefined;
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite();
    site.pages.set('/', { body: html('Handbook', '<p>Welcome to the handbook.</p><a href="/leave">Leave</a>') });
    site.pages.set('/leave', { etag: '"l1"', body: html('Leave policy', '<p>Twenty-five days of annual leave.</p>') });
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
    const config = loadConfig({
      MNEMO_API_KEY: TEST_KEY,
      MNEMO_DATA_DIR: '/nonexistent-test-data-dir',
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1',
    });
    runtime = await createRuntime(config, testLogger, {
      store: new SqliteStore(':memory:'),
      embedder: staticEmbedderHandle(createHashEmbedder()),
      print: () => undefined,
      workflowBundle: await workflowBundle(),
    });
    await runtime.runner.start();
  }, 120_000);

  afterAll(async () => {
    await runtime?.close();
    await client?.connection.close();
    await server?.stop();
    await site?.close();
  });

  it('creates a Schedule per connection, syncs in a connection-<id> workflow, imports on demand, deletes the Schedule with the connection', async () => {
    const api = request(runtime!.app.callback());
    const created = await api
      .post('/v3/connections/web-crawler')
      .set(auth)
      .send({ containerTags: ['handbook'], metadata: { startUrl: `${site.base}/` } });
    expect(created.status).toBe(200);
    const id = created.body.id as string;

    const schedule = await client.schedule.getHandle(`connection-${id}`).describe();
    expect(schedule.spec.intervals?.map((i) => i.every)).toEqual([7 * 86_400_000]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'scheduledConnectionSync', workflowId: `connection-${id}`, taskQueue: TASK_QUEUE });

    // The first sync starts at once as workflow connection-<id>; each page becomes a document with its own ingestDocument run.
    const first = client.workflow.getHandle(`connection-${id}`);
    expect(await first.result()).toMatchObject({ status: 'completed', itemsProcessed: 2, itemsFailed: 0 });
    const firstRunId = (await first.describe()).runId;
    // The sync's steps are activities of their own: begin, one per listing page (the crawl is one), finish.
    const history = await first.fetchHistory();
    const steps = (history.events ?? []).flatMap((e) => (e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name] : []));
    expect(steps).toEqual(['beginConnectionSync', 'syncConnectionPage', 'finishConnectionSync']);
    const docs = await waitFor(
      async () => {
        const res = await api
          .post('/v3/connections/web-crawler/documents')
          .set(auth)
          .send({ containerTags: ['handbook'] });
        const list = res.body as { id: string; status: string }[];
        return list.length === 2 && list.every((d) => d.status === 'done') ? list : undefined;
      },
      60_000,
      250,
    );
    const ingest = await client.workflow.getHandle(`document-${docs[0]!.id}`).describe();
    expect(ingest.type).toBe('ingestDocument');

    const imported = await api
      .post('/v3/connections/web-crawler/import')
      .set(auth)
      .set('accept', 'text/plain')
      .send({ containerTags: ['handbook'] });
    expect(imported.status).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ message: 'Manual sync initiated', started: 1 });
    const second = client.workflow.getHandle(`connection-${id}`);
    expect(await second.result()).toMatchObject({ status: 'completed', itemsProcessed: 0 });
    expect((await second.describe()).runId).not.toBe(firstRunId);
    expect(site.log).toContain('304 /leave');

    const runs = (await api.get(`/v3/connections/${id}/sync-runs`).set(auth)).body as { triggerType: string; status: string }[];
    expect(runs.map((r) => `${r.triggerType}:${r.status}`)).toEqual(['manual:completed', 'event:completed']);

    expect((await api.delete(`/v3/connections/${id}`).set(auth)).body).toEqual({ id, provider: 'web-crawler' });
    await expect(client.schedule.getHandle(`connection-${id}`).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await api.get(`/v3/documents/${docs[0]!.id}`).set(auth)).status).toBe(404);
  }, 180_000);
});

describe('connections in Temporal mode: schedules reconciled with the store, GitHub webhooks', () => {
  let server: DevServer;
  let client: Client;
  let runtime: Runtime | undefined;
  let gh: FakeGitHub;
  let oauth: FakeOAuth;
  let drive: FakeDrive;
  let publicServer: http.Server;
  let publicBase: string;
  const HOOK_SECRET = 'temporal-webhook-secret-0123';

  beforeAll(async () => {
    oauth = await startFakeOAuth({ requirePkce: true });
    drive = await startFakeDrive((bearer) => oauth.isValid(bearer));
    drive.addFolder('f-team', 'Team');
    drive.addFile({ id: 't-oncall', name: 'oncall.txt', parents: ['f-team'], content: 'The on-call handover is at 10:00 on Mondays.' });
    drive.addFile({ id: 't-other', name: 'other.txt', content: 'Not selected.' });
    publicServer = http.createServer((req, res) => (runtime ? runtime.app.callback()(req, res) : res.end()));
    await new Promise<void>((r) => publicServer.listen(0, '127.0.0.1', r));
    publicBase = `http://127.0.0.1:${(publicServer.address() as AddressInfo).port}`;
    gh = await startFakeGitHub();
    gh.addRepo('acme/runbooks', { 'README.md': '# Runbooks\n\nPage the on-call engineer after two alerts.' });
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
    const config = loadConfig({
      MNEMO_API_KEY: TEST_KEY,
      MNEMO_DATA_DIR: '/nonexistent-test-data-dir',
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_TASK_QUEUE: `${TASK_QUEUE}-2`,
      GITHUB_API_URL: gh.url,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
      GOOGLE_CLIENT_ID: oauth.clientId,
      GOOGLE_CLIENT_SECRET: oauth.clientSecret,
      GOOGLE_OAUTH_URL: `${oauth.url}/authorize`,
      GOOGLE_TOKEN_URL: `${oauth.url}/token`,
      GOOGLE_REVOKE_URL: `${oauth.url}/revoke`,
      GOOGLE_DRIVE_API_URL: drive.url,
      // Served on loopback, so Drive channels (and their opening "sync" message) can call back into it.
      MNEMO_PUBLIC_URL: publicBase,
    });
    runtime = await createRuntime(config, testLogger, {
      store: new SqliteStore(':memory:'),
      embedder: staticEmbedderHandle(createHashEmbedder()),
      print: () => undefined,
      workflowBundle: await workflowBundle(),
    });
    await runtime.runner.start();
  }, 120_000);

  afterAll(async () => {
    await runtime?.close();
    await client?.connection.close();
    await server?.stop();
    await gh?.stop();
    await drive?.close();
    await oauth?.close();
    await new Promise((r) => publicServer?.close(r));
  });

  it('syncs a repository in connection-<id> workflows, on creation and on a signed push', async () => {
    const api = request(runtime!.app.callback());
    const created = await api
      .post('/v3/connections/github')
      .set(auth)
      .send({ containerTags: ['ops'], metadata: { token: gh.token, repositories: 'acme/runbooks', webhookSecret: HOOK_SECRET } });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect(await client.workflow.getHandle(`connection-${id}`).result()).toMatchObject({ status: 'completed', itemsProcessed: 1 });

    gh.repos.get('acme/runbooks')!.files.set('docs/escalation.md', Buffer.from('# Escalation\n\nEscalate to the duty manager after an hour.'));
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'acme/runbooks', default_branch: 'main' } });
    const signature = `sha256=${createHmac('sha256', HOOK_SECRET).update(body).digest('hex')}`;
    const delivery = await api.post('/v3/connections/github/webhook').set({ 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature }).send(body);
    expect(delivery.status).toBe(202);
    const runs = await waitFor(
      async () => {
        const list = (await api.get(`/v3/connections/${id}/sync-runs`).set(auth)).body as { triggerType: string; status: string; itemsProcessed: number }[];
        return list.length === 2 && list.every((r) => r.status === 'completed') ? list : undefined;
      },
      60_000,
      250,
    );
    expect(runs.map((r) => `${r.triggerType}:${r.itemsProcessed}`)).toEqual(['event:1', 'event:1']);
    const titles = await waitFor(
      async () => {
        const docs = (
          await api
            .post('/v3/connections/github/documents')
            .set(auth)
            .send({ containerTags: ['ops'] })
        ).body as { title: string; status: string }[];
        return docs.length === 2 && docs.every((d) => d.status === 'done') ? docs.map((d) => d.title).sort() : undefined;
      },
      60_000,
      250,
    );
    expect(titles).toEqual(['Escalation', 'Runbooks']);

    // A refused token: the page activity fails without retries and finish records needs_reauth.
    const bad = await api
      .post('/v3/connections/github')
      .set(auth)
      .send({ containerTags: ['ops-bad'], metadata: { token: 'ghp_revoked', repositories: 'acme/runbooks' } });
    expect(await client.workflow.getHandle(`connection-${bad.body.id}`).result()).toMatchObject({ status: 'failed' });
    const got = (await api.get(`/v3/connections/${bad.body.id}`).set(auth)).body as { status: string; error: string };
    expect(got).toMatchObject({ status: 'needs_reauth', error: expect.stringContaining('Bad credentials') });
  }, 180_000);

  it('recreates a Schedule deleted behind its back and removes one whose connection is gone', async () => {
    const api = request(runtime!.app.callback());
    const [conn] = (
      await api
        .post('/v3/connections/list')
        .set(auth)
        .send({ containerTags: ['ops'] })
    ).body as { id: string }[];
    await client.schedule.getHandle(`connection-${conn!.id}`).delete();
    await client.schedule.create({
      scheduleId: 'connection-orphan0000000000000000',
      spec: { intervals: [{ every: '1 day' }] },
      action: { type: 'startWorkflow', workflowType: 'syncConnection', taskQueue: `${TASK_QUEUE}-2`, workflowId: 'connection-orphan0000000000000000', args: ['org_default', 'orphan0000000000000000', 'cron'] },
    });
    // Another deployment's Schedule in the same namespace (another task queue) is left alone.
    await client.schedule.create({
      scheduleId: 'connection-elsewhere00000000000000',
      spec: { intervals: [{ every: '1 day' }] },
      action: { type: 'startWorkflow', workflowType: 'syncConnection', taskQueue: 'another-deployment', workflowId: 'connection-elsewhere00000000000000', args: [] },
    });
    const runner = runtime!.syncRunner as TemporalSyncRunner;
    const all = await runtime!.store.connections.listConnectionsOfProvider('github');
    // Removed: the orphan, and the Schedule of the connection whose token was refused (it waits for new credentials).
    expect(await runner.reconcile(all)).toEqual({ ensured: 1, removed: 2 });
    const waiting = all.find((c) => c.status === 'needs_reauth')!;
    await expect(client.schedule.getHandle(`connection-${waiting.id}`).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await client.schedule.getHandle(`connection-${conn!.id}`).describe()).action).toMatchObject({ workflowType: 'scheduledConnectionSync', workflowId: `connection-${conn!.id}` });
    await expect(client.schedule.getHandle('connection-orphan0000000000000000').describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await client.schedule.getHandle('connection-elsewhere00000000000000').describe()).scheduleId).toBe('connection-elsewhere00000000000000');
  }, 120_000);
  it('a push while a page activity fetches blobs: the workflow syncs exactly once more (continue-as-new) with the new content', async () => {
    const api = request(runtime!.app.callback());
    gh.addRepo('acme/race', { 'README.md': '# Race\n\nFirst version.' });
    const created = await api
      .post('/v3/connections/github')
      .set(auth)
      .send({ containerTags: ['race'], metadata: { token: gh.token, repositories: 'acme/race', webhookSecret: HOOK_SECRET } });
    const id = created.body.id as string;
    const handle = client.workflow.getHandle(`connection-${id}`);
    expect(await handle.result()).toMatchObject({ status: 'completed', itemsProcessed: 1 });

    gh.repos.get('acme/race')!.files.set('README.md', Buffer.from('# Race\n\nSecond version.'));
    const held = gh.holdNextBlob();
    const imported = await api
      .post('/v3/connections/github/import')
      .set(auth)
      .set('accept', 'text/plain')
      .send({ containerTags: ['race'] });
    expect(JSON.parse(imported.text)).toMatchObject({ started: 1, queued: 0 });
    await held.reached;
    gh.repos.get('acme/race')!.files.set('README.md', Buffer.from('# Race\n\nThird version.'));
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'acme/race', default_branch: 'main' } });
    const signature = `sha256=${createHmac('sha256', HOOK_SECRET).update(body).digest('hex')}`;
    for (let i = 0; i < 2; i++) {
      const delivery = await api.post('/v3/connections/github/webhook').set({ 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature }).send(body);
      expect(delivery.status).toBe(202);
    }
    // The Schedule fires meanwhile: its run finds connection-<id> running and is skipped (two syncs never overlap).
    const schedule = client.schedule.getHandle(`connection-${id}`);
    await schedule.trigger();
    const scheduledId = await waitFor(async () => (await schedule.describe()).info.recentActions.at(-1)?.action.workflow.workflowId, 30_000, 100);
    expect(scheduledId).toMatch(new RegExp(`^connection-${id}-`));
    expect(await client.workflow.getHandle(scheduledId).result()).toMatchObject({ status: 'skipped' });
    held.release();
    // result() follows the continue-as-new chain to its last run.
    expect(await client.workflow.getHandle(`connection-${id}`).result()).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    const runs = ((await api.get(`/v3/connections/${id}/sync-runs`).set(auth)).body as { triggerType: string; status: string }[]).reverse();
    expect(runs.map((r) => `${r.triggerType}:${r.status}`)).toEqual(['event:completed', 'manual:completed', 'event:completed']);
    const content = await waitFor(
      async () => {
        const [doc] = (
          await api
            .post('/v3/connections/github/documents')
            .set(auth)
            .send({ containerTags: ['race'] })
        ).body as { id: string; status: string }[];
        const got = doc ? ((await api.get(`/v3/documents/${doc.id}`).set(auth)).body as { content: string; status: string }) : undefined;
        return got?.status === 'done' && got.content.includes('Third') ? got.content : undefined;
      },
      60_000,
      250,
    );
    expect(content).toContain('Third version');
  }, 120_000);

  it('an import after the run recorded its end but before the workflow closed still gets its sync', async () => {
    const api = request(runtime!.app.callback());
    gh.addRepo('acme/window', { 'README.md': '# Window\n\nBefore.' });
    const created = await api
      .post('/v3/connections/github')
      .set(auth)
      .send({ containerTags: ['window'], metadata: { token: gh.token, repositories: 'acme/window' } });
    const id = created.body.id as string;
    expect(await client.workflow.getHandle(`connection-${id}`).result()).toMatchObject({ status: 'completed' });

    // Hold the finish activity right after it recorded the run as completed: the workflow is still open.
    const conns = runtime!.store.connections;
    const original = conns.updateSyncRun.bind(conns);
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((r) => (arrived = r));
    const gate = new Promise<void>((r) => (release = r));
    let armed = true;
    conns.updateSyncRun = async (...args: Parameters<typeof original>) => {
      const out = await original(...args);
      if (armed && args[1] !== undefined && args[2].status === 'completed') {
        armed = false;
        arrived();
        await gate;
      }
      return out;
    };
    try {
      const first = await api
        .post('/v3/connections/github/import')
        .set(auth)
        .set('accept', 'text/plain')
        .send({ containerTags: ['window'] });
      expect(JSON.parse(first.text)).toMatchObject({ started: 1 });
      await reached;
      expect(((await api.get(`/v3/connections/${id}/sync-runs`).set(auth)).body as { status: string }[])[0]).toMatchObject({ status: 'completed' });
      gh.repos.get('acme/window')!.files.set('README.md', Buffer.from('# Window\n\nAfter.'));
      const second = await api
        .post('/v3/connections/github/import')
        .set(auth)
        .set('accept', 'text/plain')
        .send({ containerTags: ['window'] });
      expect(JSON.parse(second.text)).toMatchObject({ started: 0, queued: 1 });
      release();
      expect(await client.workflow.getHandle(`connection-${id}`).result()).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    } finally {
      conns.updateSyncRun = original;
    }
    const runs = (await api.get(`/v3/connections/${id}/sync-runs`).set(auth)).body as { triggerType: string; status: string }[];
    expect(runs.map((r) => `${r.triggerType}:${r.status}`)).toEqual(['manual:completed', 'manual:completed', 'event:completed']);
  }, 120_000);

  it('google-drive by OAuth: no Schedule while it waits for its selection, then syncs in workflows with refreshed tokens', async () => {
    const api = request(runtime!.app.callback());
    oauth.expiresIn = 120; // inside the refresh margin: the page activity refreshes before it lists
    const created = await api
      .post('/v3/connections/google-drive')
      .set(auth)
      .set('host', 'mnemo.test')
      .send({ containerTags: ['team-drive'] });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const consent = await oauth.consent(created.body.authLink as string);
    const callbackUrl = new URL(consent);
    expect(callbackUrl.origin).toBe(publicBase);
    const callback = await api.get(`${callbackUrl.pathname}${callbackUrl.search}`).set('host', 'mnemo.test');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toMatch(new RegExp(`^${publicBase}/v3/connection-setup/`));
    expect((await api.get(`/v3/connections/${id}`).set(auth)).body).toMatchObject({ status: 'needs_setup' });
    await expect(client.schedule.getHandle(`connection-${id}`).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);

    const resources = (await api.get(`/v3/connections/${id}/resources`).set(auth)).body as { resources: { id: string; name: string; kind: string }[] };
    expect(resources.resources.map((r) => `${r.kind}:${r.name}`)).toEqual(['folder:Team', 'file:other.txt']);
    const team = resources.resources.filter((r) => r.name === 'Team');
    expect((await api.post(`/v3/connections/${id}/configure`).set(auth).send({ resources: team })).status).toBe(200);
    expect((await client.schedule.getHandle(`connection-${id}`).describe()).action).toMatchObject({ workflowType: 'scheduledConnectionSync' });
    const refreshes = () => oauth.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length;
    const before = refreshes();
    expect(await client.workflow.getHandle(`connection-${id}`).result()).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    expect(refreshes()).toBeGreaterThan(before);
    const titles = await waitFor(
      async () => {
        const docs = (
          await api
            .post('/v3/connections/google-drive/documents')
            .set(auth)
            .send({ containerTags: ['team-drive'] })
        ).body as { title: string; status: string }[];
        return docs.length === 1 && docs.every((d) => d.status === 'done') ? docs.map((d) => d.title) : undefined;
      },
      60_000,
      250,
    );
    expect(titles).toEqual(['oncall.txt']);
    oauth.expiresIn = 3600;

    // The page activity saved the push channel before opening it: Drive's opening "sync" message was accepted; a
    // change notification starts a sync; deleting the connection stops the channel.
    const channel = drive.channels.at(-1)!;
    expect(drive.openingSync).toEqual([{ channelId: channel.id, status: 200 }]);
    drive.addFile({ id: 't-pushed', name: 'pushed.txt', parents: ['f-team'], content: 'Announced through the push channel.' });
    expect(await drive.notify('change')).toEqual([200]);
    await waitFor(
      async () => {
        const docs = (
          await api
            .post('/v3/connections/google-drive/documents')
            .set(auth)
            .send({ containerTags: ['team-drive'] })
        ).body as { title: string }[];
        return docs.some((d) => d.title === 'pushed.txt') ? true : undefined;
      },
      60_000,
      250,
    );
    expect((await api.delete(`/v3/connections/${id}`).set(auth)).status).toBe(200);
    expect(channel.stopped).toBe(true);
  }, 120_000);
});

describe('connections in Temporal mode while Temporal is unreachable', () => {
  it('answers 503 and keeps no connection that would never sync', async () => {
    const config = loadConfig({
      MNEMO_API_KEY: TEST_KEY,
      MNEMO_DATA_DIR: '/nonexistent-test-data-dir',
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      TEMPORAL_TASK_QUEUE: 'connections-unreachable',
      // Each call to the unreachable server gives up after this (10 s by default).
      TEMPORAL_CALL_TIMEOUT_MS: '1000',
    });
    const runtime = await createRuntime(config, testLogger, {
      store: new SqliteStore(':memory:'),
      embedder: staticEmbedderHandle(createHashEmbedder()),
      print: () => undefined,
      workflowBundle: await workflowBundle(),
    });
    try {
      const api = request(runtime.app.callback());
      const res = await api
        .post('/v3/connections/web-crawler')
        .set(auth)
        .send({ metadata: { startUrl: 'https://example.com/' } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('PROVIDER_UNAVAILABLE');
      expect((await api.post('/v3/connections/list').set(auth).send({})).body).toEqual([]);
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
