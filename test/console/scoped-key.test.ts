import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, go, launchBrowser, openPage, seriousViolations, shoot, signIn, startConsoleServer, type ConsoleServer } from './console-harness.js';

/** Everything on the page, visible or not (the graph's list is in a closed <details>). */
const pageText = (page: Page) => page.locator('body').evaluate((b) => (b as unknown as { textContent: string }).textContent);

describe('console: a scoped key sees only its own tag, in every view', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let betaId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'Alpha plan. I work at Globex as a gardener.', containerTag: 'alpha', title: 'Alpha plan' });
    const beta = await apiCall<{ id: string }>(server.base, 'POST', '/v3/documents', { content: 'Beta secret. I work at Hooli as a pilot.', containerTag: 'beta', title: 'Beta secret' });
    betaId = beta.body.id;
    await server.runtime.settle();
    const key = await apiCall<{ key: string }>(server.base, 'POST', '/v3/auth/scoped-key', { containerTag: 'alpha', name: 'alpha-only' });
    ({ page, problems } = await openPage(browser, server.base));
    await signIn(page, server.base, key.body.key);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the key’s tag only, and no administration', async () => {
    expect(await page.getByText('scoped key: alpha').count()).toBe(1);
    const options = await page.getByLabel('Container tag', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['alpha']);
    const nav = await page.getByRole('navigation', { name: 'Console' }).textContent();
    expect(nav).not.toMatch(/Connections|Keys|Settings/);
  });

  it('documents: only its own; another tag’s document does not open', async () => {
    await go(page, 'documents');
    await page.locator('table.docs tbody tr[data-id]').first().waitFor();
    expect(await page.locator('table.docs tbody tr[data-id]').count()).toBe(1);
    expect(await pageText(page)).toContain('Alpha plan');
    expect(await pageText(page)).not.toContain('Beta secret');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'scoped-documents');

    await go(page, `documents/${betaId}`);
    await page.getByRole('alert').waitFor();
    expect(await pageText(page)).not.toContain('Beta secret');
    expect(await pageText(page)).not.toContain('Hooli');
  });

  it('memories, graph and search: nothing of the other tag', async () => {
    await go(page, 'memories');
    await expect.poll(() => page.getByTestId('memory-count').textContent()).toMatch(/^\d+ current memories in alpha$/);
    await page.getByRole('button', { name: /Globex/ }).waitFor();
    expect(await pageText(page)).not.toContain('Hooli');

    await go(page, 'graph');
    await expect.poll(() => page.getByTestId('graph-summary').getAttribute('data-documents')).toBe('1');
    expect(await pageText(page)).not.toMatch(/Hooli|Beta secret/);

    await go(page, 'search');
    await page.getByLabel('Query').fill('Hooli pilot beta secret');
    await page.getByLabel('Threshold').fill('0');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('search-summary').waitFor();
    expect(await page.getByRole('list', { name: 'Results' }).textContent()).not.toMatch(/Hooli|Beta/);
    expect(await page.getByTestId('profile-static').textContent()).not.toContain('Hooli');
  });

  it('administration views say they need a root key, and a tag planted in the session falls back to the key’s own', async () => {
    for (const view of ['keys', 'connections', 'settings']) {
      await go(page, view);
      await page.getByRole('heading', { name: 'Not available' }).waitFor();
    }
    await page.evaluate(() => (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }).sessionStorage.setItem('mnemo.console.tag', 'beta'));
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByLabel('Container tag', { exact: true }).inputValue()).toBe('alpha');
    await go(page, 'documents');
    await page.locator('table.docs tbody tr[data-id]').first().waitFor();
    expect(await pageText(page)).not.toContain('Beta secret');
  });

  it('signing out forgets the key', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length)).toBe(0);
  });

  it('loaded nothing from another origin and broke no CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
