import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { startFakeGraph, type FakeGraph } from '../helpers/fake-graph.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 200]);
  page.drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('connections: onedrive through OAuth and Microsoft Graph (delta, subscriptions) against local fakes', () => {
  let oauth: FakeOAuth;
  let graph: FakeGraph;
  let runtime: TestRuntime;
  let api: http.Server;
  let base: string;
  let client: Supermemory;
  let id: string;
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  const idle = async () => {
    await (runtime.syncRunner as EmbeddedSyncRunner).idle();
    await runtime.settle();
  };
  const docs = async (tag: string) => {
    const list = await client.connections.listDocuments('onedrive', { containerTags: [tag] });
    return new Map(await Promise.all(list.map(async (d) => [d.title ?? '', await client.documents.get(d.id)] as const)));
  };
  const connect = async (tag: string, metadata?: Record<string, string>) => {
    const created = await client.connections.create('onedrive', { containerTags: [tag], redirectUrl: 'https://app.example/od', ...(metadata ? { metadata } : {}) });
    const callback = await fetch(await oauth.consent(created.authLink), { redirect: 'manual' });
    expect(callback.status).toBe(302);
    return { id: created.id, location: callback.headers.get('location')! };
  };

  beforeAll(async () => {
    // Microsoft's code flow requires `scope` on the refresh request, as the fake does.
    oauth = await startFakeOAuth({ requirePkce: true, requireRefreshScope: true });
    graph = await startFakeGraph((bearer) => oauth.isValid(bearer));
    graph.addFolder('fo-eng', 'Engineering');
    graph.addFile({ id: 'fi-oncall', name: 'oncall.txt', parentId: 'fo-eng', content: 'Escalate to the SRE lead after 30 minutes.' });
    graph.addFolder('fo-adr', 'ADRs', 'fo-eng');
    graph.addFile({ id: 'fi-adr1', name: 'adr-001.pdf', parentId: 'fo-adr', mimeType: 'application/pdf', content: await pdf('ADR 001: we store vectors as int8 on disk.') });
    graph.addFolder('fo-hr', 'HR');
    graph.addFile({ id: 'fi-pay', name: 'payroll.txt', parentId: 'fo-hr', content: 'Payroll runs on the 25th.' });
    graph.addFile({ id: 'fi-root', name: 'welcome.txt', content: 'Welcome to the drive.' });

    let handler: http.RequestListener = (_req, res) => res.end();
    api = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    runtime = await createTestRuntime({
      MICROSOFT_CLIENT_ID: oauth.clientId,
      MICROSOFT_CLIENT_SECRET: oauth.clientSecret,
      MICROSOFT_AUTH_URL: oauth.url,
      MICROSOFT_GRAPH_URL: graph.url,
      MNEMO_PUBLIC_URL: base,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    handler = runtime.app.callback();
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await new Promise((r) => api?.close(r));
    await graph?.close();
    await oauth?.close();
  });

  it('authorises, waits for a selection, lists the drive for it, and syncs only the chosen folder', async () => {
    const connected = await connect('od');
    id = connected.id;
    expect(oauth.authorizeRequests.at(-1)!.get('scope')).toBe('offline_access Files.Read.All User.Read');
    expect(connected.location).toMatch(new RegExp(`^${base}/v3/connection-setup/`));
    await idle();
    expect(await client.connections.getByID(id)).toMatchObject({ status: 'needs_setup' });
    expect((await docs('od')).size).toBe(0);

    const top = (await (await fetch(`${base}/v3/connections/${id}/resources?per_page=2`, { headers: auth })).json()) as { resources: { id: string; name: string; kind: string }[] };
    expect(top.resources.map((r) => `${r.kind}:${r.name}`)).toEqual(['folder:Engineering', 'folder:HR']);
    const page2 = (await (await fetch(`${base}/v3/connections/${id}/resources?per_page=2&page=2`, { headers: auth })).json()) as { resources: { name: string }[]; total_count: number };
    expect(page2).toMatchObject({ resources: [{ name: 'welcome.txt' }], total_count: 3 });
    const inside = (await (await fetch(`${base}/v3/connections/${id}/resources?parent_id=fo-eng`, { headers: auth })).json()) as { resources: { name: string }[] };
    expect(inside.resources.map((r) => r.name)).toEqual(['ADRs', 'oncall.txt']);

    await client.connections.configure(id, { resources: top.resources.filter((r) => r.name === 'Engineering') });
    await idle();
    expect(await client.connections.getByID(id)).toMatchObject({ status: 'active' });
    const byTitle = await docs('od');
    expect([...byTitle.keys()].sort()).toEqual(['adr-001.pdf', 'oncall.txt']);
    expect(byTitle.get('adr-001.pdf')!).toMatchObject({ filepath: 'Engineering/ADRs/adr-001.pdf', content: expect.stringContaining('vectors as int8 on disk') });
    expect(byTitle.get('oncall.txt')!.content).toContain('SRE lead after 30 minutes');
  }, 60_000);

  it('subscribes at the public webhook URL (validation echoed); authentic notifications sync, forged ones get 401', async () => {
    expect(graph.subscriptions).toHaveLength(1);
    expect(graph.subscriptions[0]!.notificationUrl).toBe(`${base}/v3/connections/onedrive/webhook`);
    expect(await graph.notify('forged-client-state')).toEqual([401]);
    graph.addFile({ id: 'fi-new', name: 'runbook.txt', parentId: 'fo-adr', content: 'Restart the ingest workers first.' });
    expect(await graph.notify()).toEqual([202]);
    await idle();
    expect((await docs('od')).get('runbook.txt')?.filepath).toBe('Engineering/ADRs/runbook.txt');
  }, 60_000);

  it('follows the delta feed: edits, deletions, files moved in and out of the scope; a deleted folder walks again', async () => {
    const walks = graph.calls.get('children') ?? 0;
    graph.updateFile('fi-oncall', { content: 'Escalate to the SRE lead after 15 minutes.' });
    graph.remove('fi-new');
    graph.updateFile('fi-pay', { parentId: 'fo-eng' }); // moved into the scope
    graph.updateFile('fi-adr1', { parentId: 'fo-hr' }); // moved out of it
    graph.addFile({ id: 'fi-out', name: 'outside.txt', content: 'Outside the selection.' });
    await client.connections.import('onedrive', { containerTags: ['od'] });
    await idle();
    let byTitle = await docs('od');
    expect([...byTitle.keys()].sort()).toEqual(['oncall.txt', 'payroll.txt']);
    expect(byTitle.get('oncall.txt')!.content).toContain('after 15 minutes');
    expect(graph.calls.get('children') ?? 0).toBe(walks);

    graph.addFile({ id: 'fi-adr2', name: 'adr-002.txt', parentId: 'fo-adr', content: 'ADR 002: one workflow per document.' });
    await client.connections.import('onedrive', { containerTags: ['od'] });
    await idle();
    expect((await docs('od')).has('adr-002.txt')).toBe(true);
    graph.remove('fo-adr'); // Graph may name only the folder: the next sync walks the scope again
    await client.connections.import('onedrive', { containerTags: ['od'] });
    await idle();
    await client.connections.import('onedrive', { containerTags: ['od'] });
    await idle();
    byTitle = await docs('od');
    expect([...byTitle.keys()].sort()).toEqual(['oncall.txt', 'payroll.txt']);
    expect(graph.calls.get('children')).toBeGreaterThan(walks);
  }, 60_000);

  it('walks again when Graph drops the delta token (410), renews its subscription before expiry, and syncs a whole drive with syncScope full', async () => {
    graph.dropDeltaTokens();
    const walks = graph.calls.get('children') ?? 0;
    graph.updateFile('fi-oncall', { content: 'Escalate after 10 minutes.' });
    await client.connections.import('onedrive', { containerTags: ['od'] });
    await idle();
    expect(graph.calls.get('children')).toBeGreaterThan(walks);
    expect((await docs('od')).get('oncall.txt')!.content).toContain('after 10 minutes');

    graph.subscriptionTtlMs = 3_600_000;
    const full = await connect('od-full', { syncScope: 'full' });
    // Nothing to pick: the callback sends the browser straight back to the app.
    expect(full.location).toBe(`https://app.example/od?connectionId=${full.id}&provider=onedrive`);
    await idle();
    const sub = graph.subscriptions.at(-1)!;
    expect(sub.expiration - Date.now()).toBeLessThan(3_700_000);
    graph.subscriptionTtlMs = null;
    await client.connections.import('onedrive', { containerTags: ['od-full'] });
    await idle();
    expect(graph.calls.get('subscriptions.renew')).toBeGreaterThan(0);
    expect(sub.expiration - Date.now()).toBeGreaterThan(36 * 3_600_000);
    expect([...(await docs('od-full')).keys()].sort()).toEqual(['adr-001.pdf', 'oncall.txt', 'outside.txt', 'payroll.txt', 'welcome.txt']);
  }, 60_000);

  it('refreshes with the granted scopes (Microsoft requires scope on refresh); counts resources across partial pages', async () => {
    oauth.expiresIn = 120; // inside the refresh margin: the first sync refreshes before it lists
    const { id: fresh } = await connect('od-refresh', { syncScope: 'full' });
    await idle();
    const refreshes = oauth.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.at(-1)!.get('scope')).toBe('offline_access Files.Read.All User.Read');
    expect(await client.connections.getByID(fresh)).toMatchObject({ status: 'active', error: null });
    expect((await docs('od-refresh')).size).toBeGreaterThan(0);
    oauth.expiresIn = 3600;

    // Graph answers 2 items a page whatever is asked: 3 per page still counts the 3 items of the drive's root.
    const paged = async (page: number) => (await (await fetch(`${base}/v3/connections/${fresh}/resources?per_page=3&page=${page}`, { headers: auth })).json()) as { resources: unknown[]; total_count?: number };
    const rootItems = [...graph.items.values()].filter((i) => i.parentId === 'root-id' && !i.deleted).length;
    expect((await paged(1)).total_count).toBeUndefined();
    expect(await paged(2)).toMatchObject({ total_count: rootItems });
    expect(await paged(3)).toMatchObject({ resources: [], total_count: rootItems });
  }, 60_000);

  it('deleting a connection deletes its Graph subscription, so nothing keeps posting', async () => {
    const { id: doomed } = await connect('od-delete', { syncScope: 'full' });
    await idle();
    const sub = graph.subscriptions.at(-1)!;
    expect(sub.deleted).toBe(false);
    await client.connections.deleteByID(doomed);
    expect(sub.deleted).toBe(true);
    expect(graph.calls.get('subscriptions.delete')).toBeGreaterThan(0);
  }, 60_000);
});
