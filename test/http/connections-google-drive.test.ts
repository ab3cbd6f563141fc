import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import puppeteer, { type Browser } from 'puppeteer-core';
import request from 'supertest';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { syncConnection } from '../../src/services/connection-sync.js';
import { startFakeDrive, type FakeDrive } from '../helpers/fake-drive.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

const ORG = 'org_default';
const DOC = 'application/vnd.google-apps.document';
const SHEET = 'application/vnd.google-apps.spreadsheet';

/** Debian's chromium (scripts/install-media.sh installs it); MNEMO_TEST_CHROMIUM overrides. CI fails without it. */
const CHROMIUM = process.env.MNEMO_TEST_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? '';

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 200]);
  page.drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('connections: google-drive through OAuth (PKCE, refresh, revoke), the picker in headless Chromium, the changes feed and push channels', () => {
  let oauth: FakeOAuth;
  let drive: FakeDrive;
  let runtime: TestRuntime;
  let api: http.Server;
  let base: string;
  let client: Supermemory;
  let browser: Browser;
  let scopedId: string;

  const idle = async () => {
    await (runtime.syncRunner as EmbeddedSyncRunner).idle();
    await runtime.settle();
  };
  const docs = async (tag: string) => {
    const list = await client.connections.listDocuments('google-drive', { containerTags: [tag] });
    return new Map(await Promise.all(list.map(async (d) => [d.title ?? '', await client.documents.get(d.id)] as const)));
  };
  /** Creates a connection, consents at the fake and follows the callback: answers where the callback sends the browser. */
  const connect = async (tag: string, metadata?: Record<string, string>) => {
    const created = await client.connections.create('google-drive', { containerTags: [tag], redirectUrl: 'https://app.example/drive', ...(metadata ? { metadata } : {}) });
    const callback = await fetch(await oauth.consent(created.authLink), { redirect: 'manual' });
    expect(callback.status).toBe(302);
    return { id: created.id, location: callback.headers.get('location')! };
  };

  beforeAll(async () => {
    expect(CHROMIUM, 'headless Chromium is needed for the picker test (bash scripts/install-media.sh chromium)').not.toBe('');
    oauth = await startFakeOAuth({ requirePkce: true });
    drive = await startFakeDrive((bearer) => oauth.isValid(bearer));
    drive.pageSize = 2; // every listing pages
    drive.addFolder('f-proj', 'Projects');
    drive.addFile({ id: 'd-roadmap', name: 'Roadmap', mimeType: DOC, parents: ['f-proj'], content: '# Roadmap\n\nShip the **offline sync** in Q3.' });
    drive.addFile({ id: 't-notes', name: 'notes.txt', parents: ['f-proj'], content: 'Standup moved to 9:15 on Tuesdays.' });
    drive.addFolder('f-arch', 'Archive', 'f-proj');
    drive.addFile({ id: 't-old', name: 'old.txt', parents: ['f-arch'], content: 'The 2024 retro found flaky deploys.' });
    drive.addFile({ id: 's-budget', name: 'Budget', mimeType: SHEET, content: 'Item,Cost\nLaptops,12000\nTravel,3400\n' });
    drive.addFile({ id: 't-secret', name: 'secret.txt', content: 'Salary bands are confidential.' });
    drive.addFile({ id: 'p-report', name: 'report.pdf', mimeType: 'application/pdf', content: await pdf('Quarterly report: churn fell to 2.1 percent.') });

    // The public URL is this server's own, so Drive channels can call back into it.
    let handler: http.RequestListener = (_req, res) => res.end();
    api = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    runtime = await createTestRuntime({
      GOOGLE_CLIENT_ID: oauth.clientId,
      GOOGLE_CLIENT_SECRET: oauth.clientSecret,
      GOOGLE_OAUTH_URL: `${oauth.url}/authorize`,
      GOOGLE_TOKEN_URL: `${oauth.url}/token`,
      GOOGLE_REVOKE_URL: `${oauth.url}/revoke`,
      GOOGLE_DRIVE_API_URL: drive.url,
      MNEMO_PUBLIC_URL: base,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    handler = runtime.app.callback();
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 });
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await runtime?.close();
    await new Promise((r) => api?.close(r));
    await drive?.close();
    await oauth?.close();
  });

  it('is refused with a 400 naming the variables when the Google client is not configured', async () => {
    const bare = await createTestRuntime({ MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    try {
      const res = await request(bare.app.callback())
        .post('/v3/connections/google-drive')
        .set('authorization', `Bearer ${TEST_KEY}`)
        .send({ containerTags: ['x'] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'OAUTH_NOT_CONFIGURED', details: { variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] } });
      expect(res.body.error).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    } finally {
      await bare.close();
    }
  });

  it('authorises with PKCE, then waits for a selection: scheduled and manual syncs skip it and say why', async () => {
    const { id, location } = await connect('drive');
    scopedId = id;
    const authorize = oauth.authorizeRequests.at(-1)!;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('access_type')).toBe('offline');
    expect(authorize.get('scope')).toBe('https://www.googleapis.com/auth/drive.readonly');
    expect(oauth.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    // The browser goes to the picker, not yet to the app.
    expect(location).toMatch(new RegExp(`^${base}/v3/connection-setup/`));
    const conn = (await client.connections.getByID(id)) as unknown as Record<string, unknown>;
    expect(conn).toMatchObject({ status: 'needs_setup', error: expect.stringContaining('no files or folders are selected'), nextSyncAt: null });
    expect(conn.setupUrl).toMatch(new RegExp(`^${base}/v3/connection-setup/`));

    const run = await syncConnection(runtime.connectionSyncDeps, ORG, id, 'cron');
    expect(run).toBeNull();
    const imported = JSON.parse(String(await client.connections.import('google-drive', { containerTags: ['drive'] }))) as { started: number };
    expect(imported.started).toBe(0);
    await idle();
    expect((await docs('drive')).size).toBe(0);
    expect(drive.calls.get('files.download') ?? 0).toBe(0);
    // A forged setup link opens nothing.
    expect((await fetch(`${base}/v3/connection-setup/${'x'.repeat(20)}.${'y'.repeat(43)}`)).status).toBe(403);
  }, 60_000);

  it('the picker lists the drive, opens folders, saves a selection, and only the selection syncs', async () => {
    const { setupUrl } = (await client.connections.getByID(scopedId)) as unknown as { setupUrl: string };
    const page = await browser.newPage();
    const redirects: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url().startsWith('https://app.example/')) {
        redirects.push(req.url());
        void req.respond({ status: 200, contentType: 'text/html', body: '<p>back in the app</p>' });
      } else void req.continue();
    });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(setupUrl);
    await page.waitForSelector('#items input[type=checkbox]');
    const names = () => page.$$eval('#items li .name', (els) => els.map((e) => e.textContent));
    // Drive pages by 2 here: the picker asks for 50 a page and the fake answers 2 with a next page.
    await page.waitForFunction(`document.querySelectorAll('#items li .name').length >= 2`);
    expect(await names()).toEqual(['Projects', 'Budget']);
    await page.click('#more');
    await page.waitForFunction(`document.querySelectorAll('#items li .name').length >= 4`);
    expect(await names()).toEqual(['Projects', 'Budget', 'report.pdf', 'secret.txt']);

    // Open Projects to see inside, come back, tick Projects and report.pdf.
    await page.click('#items li:first-child button.open');
    await page.waitForFunction(`[...document.querySelectorAll('#items li .name')].some((e) => e.textContent === 'Archive')`);
    expect(await names()).toEqual(['Archive', 'notes.txt']);
    await page.click('#path button');
    await page.waitForFunction(`document.querySelector('#items li .name')?.textContent === 'Projects'`);
    await page.click('#items input[aria-label="Projects"]');
    await page.click('#more');
    await page.waitForSelector('#items input[aria-label="report.pdf"]');
    await page.click('#items input[aria-label="report.pdf"]');
    await page.click('#save');
    await page.waitForFunction(`location.href.startsWith('https://app.example/')`);
    await page.close();
    expect(errors).toEqual([]);
    expect(redirects[0]).toBe(`https://app.example/drive?connectionId=${scopedId}&provider=google-drive`);

    await idle();
    expect(await client.connections.getByID(scopedId)).toMatchObject({ status: 'active', error: null });
    const byTitle = await docs('drive');
    expect([...byTitle.keys()].sort()).toEqual(['Roadmap', 'notes.txt', 'old.txt', 'report.pdf']);
    expect(byTitle.get('Roadmap')!.content).toContain('Ship the **offline sync** in Q3.');
    expect(byTitle.get('old.txt')!).toMatchObject({ filepath: 'Projects/Archive/old.txt', content: expect.stringContaining('flaky deploys') });
    expect(byTitle.get('report.pdf')!.content).toContain('churn fell to 2.1 percent');
    const hits = await client.search.documents({ q: 'when is standup', containerTags: ['drive'] });
    expect(hits.results[0]?.title).toBe('notes.txt');
  }, 120_000);

  it('keeps current through the changes feed: edits, new files inside the selection, trash; files outside are ignored', async () => {
    const listsBefore = drive.calls.get('files.list') ?? 0;
    drive.updateFile('t-notes', { content: 'Standup moved to 9:30 on Wednesdays.' });
    drive.trash('t-old');
    drive.addFile({ id: 't-new', name: 'hiring.txt', parents: ['f-arch'], content: 'We are hiring two SREs in Lisbon.' });
    drive.addFile({ id: 't-outside', name: 'outside.txt', content: 'Not shared with Mnemo.' });
    await client.connections.import('google-drive', { containerTags: ['drive'] });
    await idle();
    const byTitle = await docs('drive');
    expect([...byTitle.keys()].sort()).toEqual(['Roadmap', 'hiring.txt', 'notes.txt', 'report.pdf']);
    expect(byTitle.get('notes.txt')!.content).toContain('9:30 on Wednesdays');
    expect(byTitle.get('hiring.txt')!.filepath).toBe('Projects/Archive/hiring.txt');
    // No listing again: the feed carried the changes.
    expect(drive.calls.get('files.list') ?? 0).toBe(listsBefore);
    expect(drive.calls.get('changes.list')).toBeGreaterThan(0);
  }, 60_000);

  it('opens a push channel at the public webhook URL: authentic notifications sync, others are refused', async () => {
    const ch = drive.channels.find((c) => !c.stopped)!;
    expect(ch.address).toBe(`${base}/v3/connections/google-drive/webhook`);
    // The channel was saved before it was opened: the "sync" message Drive sends while opening it was accepted.
    expect(drive.openingSync).toEqual([{ channelId: ch.id, status: 200 }]);
    expect(await drive.notify('sync')).toEqual([200]);
    expect(await drive.notify('change', 'a-forged-token')).toEqual([401]);
    drive.addFile({ id: 't-push', name: 'push.txt', parents: ['f-proj'], content: 'Pushed through a channel notification.' });
    expect(await drive.notify('change')).toEqual([200]);
    await idle();
    expect((await docs('drive')).get('push.txt')?.content).toContain('channel notification');
  }, 60_000);

  it('renews a channel that expires within a day, stopping the old one', async () => {
    drive.channelTtlMs = 3_600_000;
    const { id, location } = await connect('drive-full', { syncScope: 'full' });
    expect(location).toBe(`https://app.example/drive?connectionId=${id}&provider=google-drive`);
    await idle();
    const first = drive.channels.at(-1)!;
    expect(first.expiration - Date.now()).toBeLessThan(3_700_000);
    drive.channelTtlMs = null;
    await client.connections.import('google-drive', { containerTags: ['drive-full'] });
    await idle();
    expect(first.stopped).toBe(true);
    expect(drive.channels.at(-1)!.expiration - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);
    // syncScope full: the whole drive, no picker; the sheet is exported as CSV and read as a table.
    const byTitle = await docs('drive-full');
    expect([...byTitle.keys()]).toEqual(expect.arrayContaining(['Budget', 'secret.txt', 'outside.txt', 'Roadmap', 'report.pdf']));
    expect(byTitle.has('old.txt')).toBe(false);
    expect(byTitle.get('Budget')!.content).toMatch(/Laptops\s*\|\s*12000/);
  }, 60_000);

  it('refreshes short-lived access tokens, and a refused refresh marks the connection needs_reauth', async () => {
    oauth.expiresIn = 120; // inside the 5-minute margin: every sync refreshes first
    const { id } = await connect('drive-refresh', { syncScope: 'full' });
    await idle();
    const refreshes = () => oauth.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length;
    expect(refreshes()).toBeGreaterThan(0);
    expect((await docs('drive-refresh')).size).toBeGreaterThan(3);
    const before = refreshes();
    drive.addFile({ id: 't-late', name: 'late.txt', content: 'Arrived after a token refresh.' });
    await client.connections.import('google-drive', { containerTags: ['drive-refresh'] });
    await idle();
    expect(refreshes()).toBeGreaterThan(before);
    expect((await docs('drive-refresh')).has('late.txt')).toBe(true);

    oauth.failRefresh = true;
    oauth.expireAll();
    await client.connections.import('google-drive', { containerTags: ['drive-refresh'] });
    await idle();
    expect(await client.connections.getByID(id)).toMatchObject({ status: 'needs_reauth', error: expect.stringContaining('the refresh token was refused') });
    oauth.failRefresh = false;
    oauth.expiresIn = 3600;
  }, 60_000);

  it('disconnecting stops the push channel and revokes the grant at Google', async () => {
    const { id } = await connect('drive-revoke', { syncScope: 'full' });
    await idle();
    const channel = drive.channels.at(-1)!;
    expect(channel.stopped).toBe(false);
    const refreshToken = oauth.tokenRequests.length;
    expect(refreshToken).toBeGreaterThan(0);
    await client.connections.deleteByID(id);
    expect(channel.stopped).toBe(true);
    expect(oauth.revoked.at(-1)).toMatch(/^rt_/);
    expect((await docs('drive-revoke')).size).toBe(0);
  }, 60_000);

  it('a refused refresh (needs_reauth) stops the push channel while the access token still works', async () => {
    const { id } = await connect('drive-reauth', { syncScope: 'full' });
    await idle();
    const channel = drive.channels.at(-1)!;
    expect(channel.stopped).toBe(false);
    oauth.expiresIn = 120;
    const { id: again } = await connect('drive-reauth-2', { syncScope: 'full' });
    await idle();
    const short = drive.channels.at(-1)!;
    // The refresh token is revoked; the access token (2 minutes left) is refreshed first, which is refused.
    oauth.failRefresh = true;
    await client.connections.import('google-drive', { containerTags: ['drive-reauth-2'] });
    await idle();
    expect(await client.connections.getByID(again)).toMatchObject({ status: 'needs_reauth' });
    expect(short.stopped).toBe(true);
    expect(channel.stopped).toBe(false);
    oauth.failRefresh = false;
    oauth.expiresIn = 3600;
    await client.connections.deleteByID(id);
    expect(channel.stopped).toBe(true);
  }, 60_000);

  it('counts the resources of a folder across the partial pages Drive answers', async () => {
    // Drive answers 2 files a page here whatever is asked: 3 per page still counts the 4 files of the root.
    const rootCount = [...drive.files.values()].filter((f) => f.parents.includes('root') && !f.trashed).length;
    const paged = async (page: number) =>
      (await (await fetch(`${base}/v3/connections/${scopedId}/resources?per_page=3&page=${page}`, { headers: { authorization: `Bearer ${TEST_KEY}` } })).json()) as { resources: unknown[]; total_count?: number };
    const pages = [await paged(1), await paged(2)];
    let n = 3;
    while (pages.at(-1)!.total_count === undefined && n <= 6) pages.push(await paged(n++));
    expect(pages.at(-1)!.total_count).toBe(rootCount);
    expect(pages.reduce((sum, p) => sum + p.resources.length, 0)).toBe(rootCount);
    expect(await paged(n + 2)).toMatchObject({ resources: [], total_count: rootCount });
  }, 60_000);
});
