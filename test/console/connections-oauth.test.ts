import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { apiCall, go, launchBrowser, openPage, signIn, startConsoleServer, TEST_KEY, type ConsoleServer } from './console-harness.js';

describe('console: a connection through the provider’s OAuth consent', () => {
  let gh: FakeGitHub;
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    gh = await startFakeGitHub();
    gh.addRepo('acme/handbook', { 'README.md': '# Handbook\n\nThe office plants are watered on Thursdays.' });
    [server, browser] = await Promise.all([
      startConsoleServer({
        GITHUB_API_URL: gh.url,
        GITHUB_OAUTH_URL: gh.url,
        GITHUB_CLIENT_ID: gh.oauth.clientId,
        GITHUB_CLIENT_SECRET: gh.oauth.clientSecret,
        MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
      }),
      launchBrowser(),
    ]);
    ({ page, problems } = await openPage(browser, server.base));
    await signIn(page, server.base, TEST_KEY);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await gh?.stop();
  });

  it('sends the person to the provider and back to the console, where the connection syncs', async () => {
    await go(page, 'connections');
    await page.getByLabel('Provider').selectOption('github');
    await page.getByLabel('Container tag', { exact: true }).last().fill('oauth');
    await page.getByRole('button', { name: 'Connect' }).click();
    const consent = page.getByRole('link', { name: 'Continue to github' });
    await consent.waitFor();
    expect(await consent.getAttribute('href')).toMatch(new RegExp(`^${gh.url}/login/oauth/authorize\\?`));
    const card = page.locator('li.connection[data-status="pending_auth"]');
    await card.waitFor();

    await consent.click();
    // The provider consents at once and sends the browser to Mnemo's callback, which redirects to the console.
    await page.waitForURL((url) => url.pathname === '/console' && url.hash === '#/connections');
    expect(new URL(page.url()).searchParams.get('provider')).toBe('github');
    const connected = page.locator('li.connection').first();
    await expect.poll(() => connected.getAttribute('data-status'), { timeout: 20_000 }).toBe('active');
    await connected.getByRole('button', { name: 'Sync runs' }).click();
    await expect.poll(() => connected.locator('table.runs tbody tr').count()).toBeGreaterThan(0);
    const id = (await connected.getAttribute('data-id'))!;
    const runs = await apiCall<{ status: string }[]>(server.base, 'GET', `/v3/connections/${id}/sync-runs`);
    expect(runs.body.length).toBe(await connected.locator('table.runs tbody tr').count());
  });

  it('went nowhere but this server and the provider’s consent page', () => {
    expect(problems.filter((p) => !p.startsWith(`outside request: ${gh.url}/login/oauth/authorize`))).toEqual([]);
  });
});
