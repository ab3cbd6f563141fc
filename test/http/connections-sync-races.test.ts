import { createHmac } from 'node:crypto';
import type Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientServer, type ClientServer } from '../helpers/client-server.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const HOOK_SECRET = 'a-webhook-secret-for-the-races';

/** Issue 27: a change that arrives while a sync runs is never lost, and one missing repository stops nothing. */
describe('connections: changes during a sync, and repositories that disappear (embedded mode, GitHub fake, official client)', () => {
  let gh: FakeGitHub;
  let server: ClientServer;
  let base: string;
  let client: Supermemory;
  const idle = () => server.idle();
  const push = (repo: string) => {
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: repo, default_branch: 'main' } });
    const signature = `sha256=${createHmac('sha256', HOOK_SECRET).update(body).digest('hex')}`;
    return fetch(`${base}/v3/connections/github/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature },
      body,
    });
  };
  const runs = async (id: string) => ((await client.get(`/v3/connections/${id}/sync-runs`)) as { triggerType: string; status: string; itemsProcessed: number; itemsFailed: number }[]).reverse();
  const contents = async (tag: string) => {
    const docs = await client.connections.listDocuments('github', { containerTags: [tag] });
    return new Map(await Promise.all(docs.map(async (d) => [d.title ?? '', (await client.documents.get(d.id)).content ?? ''] as const)));
  };

  beforeAll(async () => {
    gh = await startFakeGitHub();
    server = await startClientServer({ GITHUB_API_URL: gh.url, MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    ({ base, client } = server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await gh?.stop();
  });

  it('a push while a manual sync fetches blobs is synced by exactly one follow-up run, however many pushes arrive', async () => {
    gh.addRepo('acme/race', { 'README.md': '# Race\n\nThe first version of the runbook.' });
    const { id } = await client.connections.create('github', { containerTags: ['race'], metadata: { token: gh.token, repositories: 'acme/race', webhookSecret: HOOK_SECRET } });
    await idle();
    expect((await contents('race')).get('Race')).toContain('first version');

    // A manual sync reads the changed README; it is held there while the file changes again and two pushes arrive.
    gh.repos.get('acme/race')!.files.set('README.md', Buffer.from('# Race\n\nThe second version of the runbook.'));
    const held = gh.holdNextBlob();
    const imported = JSON.parse(String(await client.connections.import('github', { containerTags: ['race'] }))) as { started: number; queued: number };
    expect(imported).toMatchObject({ started: 1, queued: 0 });
    await held.reached;
    gh.repos.get('acme/race')!.files.set('README.md', Buffer.from('# Race\n\nThe third version of the runbook.'));
    gh.repos.get('acme/race')!.files.set('docs/pushed.md', Buffer.from('# Pushed\n\nA file pushed during the sync.'));
    const first = await push('acme/race');
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ syncing: 1 });
    expect((await push('acme/race')).status).toBe(202);
    const again = JSON.parse(String(await client.connections.import('github', { containerTags: ['race'] }))) as { started: number; queued: number; message: string };
    expect(again).toMatchObject({ started: 0, queued: 1, message: expect.stringContaining('queued') });
    held.release();
    await idle();

    // The initial sync, the manual one, and one follow-up for the three triggers during it.
    expect((await runs(id)).map((r) => `${r.triggerType}:${r.status}`)).toEqual(['event:completed', 'manual:completed', 'manual:completed']);
    const docs = await contents('race');
    expect(docs.get('Race')).toContain('third version');
    expect(docs.get('Pushed')).toContain('pushed during the sync');
  }, 60_000);

  it('a selected repository that is deleted (404) keeps its documents and does not stop the others', async () => {
    gh.addRepo('acme/kept', { 'README.md': '# Kept\n\nThis repository stays.' });
    gh.addRepo('acme/doomed', { 'README.md': '# Doomed\n\nThis repository will be deleted.', 'docs/more.md': '# More\n\nAnother page.' });
    const { id } = await client.connections.create('github', { containerTags: ['gone'], metadata: { token: gh.token, repositories: 'acme/doomed, acme/kept' } });
    await idle();
    expect([...(await contents('gone')).keys()].sort()).toEqual(['Doomed', 'Kept', 'More']);

    gh.repos.delete('acme/doomed');
    gh.repos.get('acme/kept')!.files.set('docs/new.md', Buffer.from('# New\n\nAdded after the other repository went away.'));
    await client.connections.import('github', { containerTags: ['gone'] });
    await idle();
    const conn = (await client.connections.getByID(id)) as unknown as { status: string; error: string | null };
    expect(conn).toMatchObject({ status: 'active', error: null });
    const last = (await runs(id)).at(-1)!;
    // Its two files and the repository itself are counted as failed; the new file of the other one is synced.
    expect(last).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsFailed: 3 });
    expect([...(await contents('gone')).keys()].sort()).toEqual(['Doomed', 'Kept', 'More', 'New']);

    // Once it leaves the selection, its documents go as usual.
    await client.connections.configure(id, { resources: [{ full_name: 'acme/kept' }] });
    await client.connections.import('github', { containerTags: ['gone'] });
    await idle();
    expect([...(await contents('gone')).keys()].sort()).toEqual(['Kept', 'New']);
  }, 60_000);
});
