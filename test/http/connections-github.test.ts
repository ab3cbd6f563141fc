import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { takeTestLogs } from '../helpers/test-logs.js';

const ORG = 'org_default';
const HOOK_SECRET = 'a-webhook-secret-for-the-repo';

async function pdfWith(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 200]);
  page.drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('connections: GitHub against a local fake of its REST API, through the official client', () => {
  let gh: FakeGitHub;
  let rt: TestRuntime;
  let api: http.Server;
  let base: string;
  let client: Supermemory;
  const idle = async () => {
    await (rt.syncRunner as EmbeddedSyncRunner).idle();
    await rt.settle();
  };
  const deliver = (event: string, payload: unknown, secret: string | null) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': 'd-1' };
    if (secret) headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    return fetch(`${base}/v3/connections/github/webhook`, { method: 'POST', headers, body });
  };
  const titles = async (tag: string) => (await client.connections.listDocuments('github', { containerTags: [tag] })).map((d) => d.title ?? '').sort();

  beforeAll(async () => {
    gh = await startFakeGitHub();
    gh.addRepo('acme/handbook', {
      'README.md': '# Handbook\n\nWelcome to the Acme handbook. Expense reports are due on the fifth.',
      'docs/onboarding.md': '# Onboarding\n\nNew hires get a mentor called a lighthouse buddy.',
      'docs/policy.pdf': await pdfWith('The quarterly offsite happens in Lisbon.'),
      'src/index.ts': 'export const answer = 42; // not documentation',
      'docs/huge.md': `# Huge\n\n${'x'.repeat(1024 * 1024 + 10)}`,
    });
    gh.addRepo('acme/tools', { 'README.md': '# Tools\n\nThe deploy tool is called shipwright.' }, { private: true });
    rt = await createTestRuntime({ GITHUB_API_URL: gh.url, MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    await gh?.stop();
  });

  it('imports the docs of a repository (text and a PDF through the extractors), keeps the token sealed, skips big files', async () => {
    const { id, authLink } = await client.connections.create('github', {
      containerTags: ['gh'],
      metadata: { token: gh.token, repositories: 'acme/handbook', webhookSecret: HOOK_SECRET },
    });
    expect(authLink).toBeNull();
    await idle();
    expect(await titles('gh')).toEqual(['Handbook', 'Onboarding', 'policy.pdf']);
    const docs = await client.connections.listDocuments('github', { containerTags: ['gh'] });
    const readme = await client.documents.get(docs.find((d) => d.title === 'Handbook')!.id);
    expect(readme).toMatchObject({ source: 'github', connectionId: id, filepath: '/acme/handbook/README.md', url: 'https://github.example/acme/handbook/blob/main/README.md' });
    const pdf = await client.documents.get(docs.find((d) => d.title === 'policy.pdf')!.id);
    expect(pdf.content).toContain('quarterly offsite happens in Lisbon');

    const got = await client.connections.getByID(id);
    expect(got.metadata).toEqual({ repositories: 'acme/handbook' });
    const stored = JSON.stringify(await rt.store.connections.getConnection(ORG, id));
    expect(stored).not.toContain(gh.token);
    expect(stored).not.toContain(HOOK_SECRET);
    expect(takeTestLogs().join('')).not.toContain(gh.token);

    const runs = await fetch(`${base}/v3/connections/${id}/sync-runs`, { headers: { authorization: `Bearer ${TEST_KEY}` } }).then((r) => r.json() as Promise<{ itemsProcessed: number; itemsFailed: number }[]>);
    // README, onboarding and the PDF; the 1 MB file is a recorded failure; src/index.ts is not documentation.
    expect(runs[0]).toMatchObject({ itemsProcessed: 3, itemsFailed: 1 });
    const search = await client.search.documents({ q: 'lighthouse buddy mentor', containerTags: ['gh'] });
    expect(search.results[0]?.title).toBe('Onboarding');
  }, 120_000);

  it('a signed push syncs the change; unsigned or wrongly signed deliveries get 401; other branches are ignored', async () => {
    const repo = gh.repos.get('acme/handbook')!;
    repo.files.set('docs/onboarding.md', Buffer.from('# Onboarding\n\nNew hires now get two lighthouse buddies and a welcome kit.'));
    repo.files.delete('README.md');
    const blobReads = () => gh.requests.filter((r) => r.includes('/git/blobs/')).length;
    const before = blobReads();
    const push = { ref: 'refs/heads/main', repository: { full_name: 'acme/handbook', default_branch: 'main' } };

    expect((await deliver('push', push, null)).status).toBe(401);
    const wrong = await deliver('push', push, 'not-the-secret-of-anyone');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect((await deliver('ping', { zen: 'Keep it logically awesome.', repository: push.repository }, HOOK_SECRET)).status).toBe(200);
    const other = await deliver('push', { ...push, ref: 'refs/heads/feature' }, HOOK_SECRET);
    expect(other.status).toBe(202);
    expect(await other.json()).toMatchObject({ ignored: 'push to refs/heads/feature' });
    await idle();
    expect(await titles('gh')).toEqual(['Handbook', 'Onboarding', 'policy.pdf']);

    const ok = await deliver('push', push, HOOK_SECRET);
    expect(ok.status).toBe(202);
    expect(await ok.json()).toMatchObject({ repository: 'acme/handbook', syncing: 1 });
    await idle();
    expect(await titles('gh')).toEqual(['Onboarding', 'policy.pdf']);
    const docs = await client.connections.listDocuments('github', { containerTags: ['gh'] });
    expect((await client.documents.get(docs.find((d) => d.title === 'Onboarding')!.id)).content).toContain('welcome kit');
    // Only the changed file was read again: unchanged blobs keep their SHA.
    expect(blobReads() - before).toBe(1);
  }, 120_000);

  it('lists repositories as resources and syncs the saved selection instead', async () => {
    const [conn] = await client.connections.list({ containerTags: ['gh'] });
    const resources = await client.connections.resources(conn!.id, { page: 1, per_page: 1 });
    expect(resources.resources.map((r) => (r as { full_name: string }).full_name)).toEqual(['acme/handbook']);
    const all = await client.connections.resources(conn!.id, { page: 1, per_page: 50 });
    expect(all.resources.map((r) => (r as { full_name: string }).full_name)).toEqual(['acme/handbook', 'acme/tools']);
    expect(all.total_count).toBe(2);

    const tools = all.resources.find((r) => (r as { full_name: string }).full_name === 'acme/tools')!;
    expect(await client.connections.configure(conn!.id, { resources: [tools] })).toMatchObject({ success: true });
    await client.connections.import('github', { containerTags: ['gh'] });
    await idle();
    // The handbook is no longer selected: its documents go; the tools repository arrives.
    expect(await titles('gh')).toEqual(['Tools']);
  }, 120_000);

  it('waits out a rate limit, and marks the connection needs_reauth when the token is refused', async () => {
    const [conn] = await client.connections.list({ containerTags: ['gh'] });
    gh.rateLimitNext(1);
    gh.repos.get('acme/tools')!.files.set('docs/deploy.md', Buffer.from('# Deploy\n\nShipwright deploys on Fridays only.'));
    await client.connections.import('github', { containerTags: ['gh'] });
    await idle();
    expect(await titles('gh')).toEqual(['Deploy', 'Tools']);
    expect((await client.connections.getByID(conn!.id)) as unknown).toMatchObject({ status: 'active', error: null });

    const bad = await client.connections.create('github', { containerTags: ['gh-bad'], metadata: { token: 'ghp_revoked', repositories: 'acme/tools' } });
    await idle();
    const got = (await client.connections.getByID(bad.id)) as unknown as { status: string; error: string };
    expect(got.status).toBe('needs_reauth');
    expect(got.error).toContain('Bad credentials');
  }, 120_000);

  it('refuses a connection without a token or with a malformed repository, and webhooks for providers without them', async () => {
    await expect(client.connections.create('github', { metadata: { repositories: 'acme/tools' } })).rejects.toMatchObject({ status: 400 });
    await expect(client.connections.create('github', { metadata: { token: 't', repositories: 'not a repo' } })).rejects.toMatchObject({ status: 400 });
    const res = await fetch(`${base}/v3/connections/web-crawler/webhook`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'WEBHOOK_NOT_SUPPORTED' });
  });

  it('disconnects keeping the synced documents, or deleting them', async () => {
    const [conn] = await client.connections.list({ containerTags: ['gh'] });
    const docs = await client.connections.listDocuments('github', { containerTags: ['gh'] });
    await client.connections.deleteByID(conn!.id, { deleteDocuments: 'false' });
    for (const d of docs) expect((await client.documents.get(d.id)).id).toBe(d.id);
    const again = await client.connections.create('github', { containerTags: ['gh2'], metadata: { token: gh.token, repositories: 'acme/tools' } });
    await idle();
    const synced = await client.connections.listDocuments('github', { containerTags: ['gh2'] });
    expect(synced.length).toBe(2);
    await client.connections.deleteByID(again.id);
    for (const d of synced) await expect(client.documents.get(d.id)).rejects.toMatchObject({ status: 404 });
  }, 120_000);
});
