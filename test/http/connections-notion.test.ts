import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { block, rt, startFakeNotion, type FakeNotion } from '../helpers/fake-notion.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

describe('connections: Notion with an internal integration token, against a local fake, through the official client', () => {
  let notion: FakeNotion;
  let runtime: TestRuntime;
  let api: http.Server;
  let client: Supermemory;
  const idle = async () => {
    await (runtime.syncRunner as EmbeddedSyncRunner).idle();
    await runtime.settle();
  };
  const docs = async () => {
    const list = await client.connections.listDocuments('notion', { containerTags: ['wiki'] });
    return new Map(await Promise.all(list.map(async (d) => [d.title ?? '', await client.documents.get(d.id)] as const)));
  };

  beforeAll(async () => {
    notion = await startFakeNotion();
    notion.pages.set('p-guide', {
      id: 'p-guide',
      title: 'Engineering guide',
      lastEdited: '2026-11-01T10:00:00.000Z',
      blocks: [
        block('b1', 'heading_1', 'Deploys'),
        { id: 'b2', type: 'paragraph', has_children: false, paragraph: { rich_text: [...rt('Deploy with '), ...rt('shipit', { code: true }), ...rt(' after '), ...rt('review', { bold: true })] } },
        block('b3', 'bulleted_list_item', 'Staging first', {}, true),
        block('b4', 'numbered_list_item', 'Open a ticket'),
        block('b5', 'numbered_list_item', 'Page the owner'),
        block('b6', 'to_do', 'Rotate keys', { checked: true }),
        block('b7', 'code', 'npm run deploy', { language: 'bash' }),
        block('b8', 'toggle', 'Rollback', {}, true),
        { id: 'b9', type: 'table', has_children: true, table: { table_width: 2 } },
        { id: 'b10', type: 'child_page', has_children: true, child_page: { title: 'On-call' } },
      ],
      children: {
        b3: [block('b3a', 'bulleted_list_item', 'then production')],
        b8: [block('b8a', 'paragraph', 'Revert the release tag.')],
        b9: [
          { id: 'r1', type: 'table_row', table_row: { cells: [rt('Env'), rt('Region')] } },
          { id: 'r2', type: 'table_row', table_row: { cells: [rt('prod'), rt('eu-west')] } },
        ],
      },
    });
    notion.pages.set('p-oncall', { id: 'p-oncall', title: 'On-call', lastEdited: '2026-11-01T10:00:00.000Z', blocks: [block('c1', 'paragraph', 'The pager rotates every Monday.')] });
    notion.pages.set('p-row', {
      id: 'p-row',
      title: 'Migrate billing',
      lastEdited: '2026-11-02T09:00:00.000Z',
      databaseId: 'db-projects',
      properties: { Status: { type: 'select', select: { name: 'In progress' } }, Owner: { type: 'people', people: [{ name: 'Ines' }] }, Due: { type: 'date', date: { start: '2026-12-01', end: null } } },
      blocks: [block('d1', 'paragraph', 'Move invoices to the new ledger.')],
    });
    runtime = await createTestRuntime({
      NOTION_API_URL: notion.url,
      NOTION_CLIENT_ID: notion.oauth.clientId,
      NOTION_CLIENT_SECRET: notion.oauth.clientSecret,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    api = http.createServer(runtime.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await new Promise((r) => api?.close(r));
    await notion?.stop();
  });

  it('renders shared pages (and database rows with their properties) to markdown and makes them searchable', async () => {
    const { id } = await client.connections.create('notion', { containerTags: ['wiki'], metadata: { token: notion.token } });
    await idle();
    const byTitle = await docs();
    expect([...byTitle.keys()].sort()).toEqual(['Engineering guide', 'Migrate billing', 'On-call']);
    const guide = byTitle.get('Engineering guide')!;
    expect(guide).toMatchObject({ source: 'notion', connectionId: id, url: 'https://notion.example/p-guide' });
    expect(guide.content).toContain('## Deploys');
    expect(guide.content).toContain('Deploy with `shipit` after **review**');
    expect(guide.content).toContain('- Staging first\n  - then production');
    expect(guide.content).toContain('1. Open a ticket');
    expect(guide.content).toContain('2. Page the owner');
    expect(guide.content).toContain('- [x] Rotate keys');
    expect(guide.content).toContain('```bash\nnpm run deploy\n```');
    expect(guide.content).toContain('- Rollback\n  Revert the release tag.');
    expect(guide.content).toContain('| Env | Region |\n| --- | --- |\n| prod | eu-west |');
    expect(guide.content).toContain('Child page: On-call');
    const row = byTitle.get('Migrate billing')!;
    expect(row.content).toContain('Status: In progress\nOwner: Ines\nDue: 2026-12-01');
    const hits = await client.search.documents({ q: 'pager rotation Monday', containerTags: ['wiki'] });
    expect(hits.results[0]?.title).toBe('On-call');
  }, 60_000);

  it('re-reads only edited pages, deletes pages no longer shared or trashed, and needs re-authorisation on a refused token', async () => {
    const blockReads = () => notion.requests.filter((r) => r.startsWith('GET /blocks/')).length;
    const before = blockReads();
    notion.pages.get('p-oncall')!.blocks = [block('c1', 'paragraph', 'The pager now rotates every Thursday.')];
    notion.pages.get('p-oncall')!.lastEdited = '2026-11-20T08:00:00.000Z';
    notion.pages.get('p-row')!.inTrash = true;
    await client.connections.import('notion', { containerTags: ['wiki'] });
    await idle();
    const byTitle = await docs();
    expect([...byTitle.keys()].sort()).toEqual(['Engineering guide', 'On-call']);
    expect(byTitle.get('On-call')!.content).toContain('every Thursday');
    // Only the edited page's blocks were read again.
    expect(blockReads() - before).toBe(1);

    const bad = await client.connections.create('notion', { containerTags: ['wiki-bad'], metadata: { token: 'secret_revoked' } });
    await idle();
    expect((await client.connections.getByID(bad.id)) as unknown).toMatchObject({ status: 'needs_reauth', error: expect.stringContaining('API token is invalid') });
    await expect(client.connections.create('notion', { metadata: { token: '' } })).rejects.toMatchObject({ status: 400 });
  }, 60_000);

  it('authorises by OAuth (public integration, HTTP Basic at the token endpoint) and syncs with the issued token', async () => {
    const created = await client.connections.create('notion', { containerTags: ['wiki-oauth'], redirectUrl: 'https://app.example/notion' });
    const link = new URL(created.authLink);
    expect(link.searchParams.get('owner')).toBe('user');
    expect(link.searchParams.has('scope')).toBe(false);
    const consent = await fetch(created.authLink, { redirect: 'manual' });
    const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`https://app.example/notion?connectionId=${created.id}&provider=notion`);
    await idle();
    const titles = (await client.connections.listDocuments('notion', { containerTags: ['wiki-oauth'] })).map((d) => d.title).sort();
    expect(titles).toEqual(['Engineering guide', 'On-call']);
    // Disconnecting revokes the token the OAuth flow issued (an internal integration token is the user's to keep).
    await client.connections.deleteByID(created.id);
    expect(notion.oauth.revoked).toEqual([notion.oauth.issuedToken]);
  }, 60_000);

  it('syncs a second edit made in the same minute as the last sync, though Notion reports the same edit time', async () => {
    // Notion rounds last_edited_time down to the minute: both edits below carry this one.
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    notion.pages.set('p-standup', { id: 'p-standup', title: 'Standup', lastEdited: minute, blocks: [block('s1', 'paragraph', 'Standup is at 9:00.')] });
    await client.connections.import('notion', { containerTags: ['wiki'] });
    await idle();
    expect((await docs()).get('Standup')!.content).toContain('at 9:00');

    notion.pages.get('p-standup')!.blocks = [block('s1', 'paragraph', 'Standup is at 9:30.')];
    await client.connections.import('notion', { containerTags: ['wiki'] });
    await idle();
    expect((await docs()).get('Standup')!.content).toContain('at 9:30');

    // Pages edited before the last sync's minute are still not read again; the recent one is, and is left as it is.
    const reads = (id: string) => notion.requests.filter((r) => r === `GET /blocks/${id}/children`).length;
    const [guide, standup] = [reads('p-guide'), reads('p-standup')];
    const updatedAt = (await docs()).get('Standup')!.updatedAt;
    await client.connections.import('notion', { containerTags: ['wiki'] });
    await idle();
    expect(reads('p-guide')).toBe(guide);
    expect(reads('p-standup')).toBeLessThanOrEqual(standup + 1);
    expect((await docs()).get('Standup')!.updatedAt).toBe(updatedAt);
  }, 60_000);
});
