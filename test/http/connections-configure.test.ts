import type Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientServer, type ClientServer } from '../helpers/client-server.js';
import { block, startFakeNotion, type FakeNotion } from '../helpers/fake-notion.js';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';

/** Issue 27: configure is accepted for connections without a resource listing (web-crawler, notion), as the client sends it. */
describe('connections: configure on the web crawler and Notion through the official client', () => {
  let server: ClientServer;
  let client: Supermemory;
  let site: TestSite;
  let notion: FakeNotion;
  const idle = () => server.idle();
  const urls = async (provider: 'web-crawler' | 'notion', tag: string) => (await client.connections.listDocuments(provider, { containerTags: [tag] })).map((d) => (d as unknown as { url: string }).url).sort();

  beforeAll(async () => {
    site = await startTestSite();
    site.pages.set('/robots.txt', { type: 'text/plain', body: '' });
    site.pages.set('/', { body: html('Home', '<a href="/a">A</a>') });
    site.pages.set('/a', { body: html('Alpha', '<p>Alpha page.</p>') });
    // Not linked from the start page: reachable only from the start pages configure adds.
    site.pages.set('/docs/', { body: html('Docs', '<a href="/docs/one">1</a>') });
    site.pages.set('/docs/one', { body: html('One', '<p>Docs page one. <a href="/docs/two">2</a></p>') });
    site.pages.set('/docs/two', { body: html('Two', '<p>Docs page two.</p>') });
    notion = await startFakeNotion();
    const page = (id: string, title: string, parent?: string) =>
      notion.pages.set(id, { id, title, lastEdited: '2026-11-01T10:00:00.000Z', blocks: [block(`${id}-b`, 'paragraph', `${title} text.`)], ...(parent ? { parentPageId: parent } : {}) });
    page('11111111-1111-1111-1111-111111111111', 'Team space');
    page('22222222-2222-2222-2222-222222222222', 'Team notes', '11111111-1111-1111-1111-111111111111');
    page('33333333-3333-3333-3333-333333333333', 'Private diary');
    server = await startClientServer({ MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1', NOTION_API_URL: notion.url, MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    client = server.client;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await notion?.stop();
  });

  it('web-crawler: configure adds start pages with their depth and a page cap, answers what was saved, refuses a field it has no use for', async () => {
    const { id } = await client.connections.create('web-crawler', { containerTags: ['crawl'], metadata: { startUrl: `${site.base}/` } });
    await idle();
    expect(await urls('web-crawler', 'crawl')).toEqual([`${site.base}/`, `${site.base}/a`]);

    const saved = await client.connections.configure(id, { resources: [{ url: `${site.base}/docs/#top`, maxDepth: 1 }] });
    expect(saved).toMatchObject({ success: true, resources: [{ url: `${site.base}/docs/`, maxDepth: 1 }] });
    await client.connections.import('web-crawler', { containerTags: ['crawl'] });
    await idle();
    // /docs/two is two links away from /docs/: beyond that start page's depth of 1.
    expect(await urls('web-crawler', 'crawl')).toEqual([`${site.base}/`, `${site.base}/a`, `${site.base}/docs/`, `${site.base}/docs/one`]);

    await expect(client.connections.configure(id, { resources: [{ foo: 'bar' }] })).rejects.toMatchObject({
      status: 400,
      error: expect.objectContaining({ code: 'CONNECTOR_CONFIG_INVALID', error: expect.stringContaining('resources[0].foo') }),
    });
    await expect(client.connections.configure(id, { resources: [{ url: 'https://elsewhere.example/' }] })).rejects.toMatchObject({ status: 400 });
    await expect(client.connections.configure(id, { resources: [{ url: `${site.base}/docs/`, maxDepth: 99 }] })).rejects.toMatchObject({ status: 400 });

    // A selection replaces the previous one: a page cap alone leaves the start URL only, read at most 1 page deep.
    const requestsBefore = site.log.length;
    await client.connections.configure(id, { resources: [{ maxPages: 1 }] });
    await client.connections.import('web-crawler', { containerTags: ['crawl'] });
    await idle();
    expect(site.log.slice(requestsBefore).filter((l) => !l.includes('robots.txt') && !l.includes('sitemap'))).toHaveLength(1);
    expect(await urls('web-crawler', 'crawl')).toEqual([`${site.base}/`]);
    expect((await client.connections.getByID(id)) as unknown).toMatchObject({ status: 'active' });
  }, 60_000);

  it('notion: configure selects pages (with their sub-pages); the others leave the sync', async () => {
    const { id } = await client.connections.create('notion', { containerTags: ['wiki'], metadata: { token: notion.token } });
    await idle();
    expect((await client.connections.listDocuments('notion', { containerTags: ['wiki'] })).map((d) => d.title).sort()).toEqual(['Private diary', 'Team notes', 'Team space']);

    const listed = await client.connections.resources(id);
    expect(listed.total_count).toBe(3);
    const team = listed.resources.filter((r) => r.title === 'Team space');
    const saved = await client.connections.configure(id, { resources: team });
    expect(saved).toMatchObject({ success: true, resources: [{ id: '11111111-1111-1111-1111-111111111111', title: 'Team space' }] });
    await client.connections.import('notion', { containerTags: ['wiki'] });
    await idle();
    expect((await client.connections.listDocuments('notion', { containerTags: ['wiki'] })).map((d) => d.title).sort()).toEqual(['Team notes', 'Team space']);

    await expect(client.connections.configure(id, { resources: [{ foo: 'bar' }] })).rejects.toMatchObject({ status: 400, error: expect.objectContaining({ code: 'CONNECTOR_CONFIG_INVALID' }) });
    await expect(client.connections.configure(id, { resources: [{ id: 'not-a-page' }] })).rejects.toMatchObject({ status: 400 });
  }, 60_000);
});
