import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startTestSite, type TestSite } from '../helpers/test-site.js';
import { apiCall, focusTag, go, launchBrowser, openPage, seriousViolations, shoot, signIn, startConsoleServer, TEST_KEY, type ConsoleServer } from './console-harness.js';

describe('console: search, connections, keys and settings', () => {
  let server: ConsoleServer;
  let site: TestSite;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    site = await startTestSite();
    site.pages.set('/', { body: html('Handbook', '<p>The office plants are watered on Thursdays.</p><a href="/kitchen">Kitchen</a>') });
    site.pages.set('/kitchen', { body: html('Kitchen', '<p>The coffee machine is descaled every Monday.</p>') });
    [server, browser] = await Promise.all([startConsoleServer({ MNEMO_URL_ALLOW_PRIVATE: 'true' }), launchBrowser()]);
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'I work at Initech as a database engineer. I live in Lisbon.', containerTag: 'alex' });
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'The database migration runbook: stop writes, copy, switch.', containerTag: 'alex' });
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'Draft notes of the spare team.', containerTag: 'spare' });
    await server.runtime.settle();
    ({ page, problems } = await openPage(browser, server.base));
    await signIn(page, server.base, TEST_KEY);
    await focusTag(page, 'alex');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.close();
  });

  it('searches in each mode with scores, kinds and timing, the tag’s profile beside', async () => {
    await go(page, 'search');
    await expect.poll(() => page.getByTestId('profile-static').textContent()).toContain('works at Initech');
    await page.getByLabel('Query').fill('where does the user work database');
    await page.getByLabel('Threshold').fill('0');
    const kinds = async () =>
      page
        .getByRole('list', { name: 'Results' })
        .locator('li')
        .evaluateAll((lis) => lis.map((li) => (li as unknown as { dataset: { kind: string } }).dataset.kind));

    for (const mode of ['hybrid', 'memories', 'documents'] as const) {
      await page.getByRole('radio', { name: mode }).check();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => page.getByTestId('search-summary').textContent()).toContain(`in ${mode} mode`);
      expect(await page.getByTestId('search-summary').textContent()).toMatch(/server \d+ ms · round trip \d+ ms/);
      const found = await kinds();
      expect(found.length, mode).toBeGreaterThan(0);
      if (mode === 'memories') expect(new Set(found)).toEqual(new Set(['memory']));
      if (mode === 'documents') expect(new Set(found)).toEqual(new Set(['chunk']));
      if (mode === 'hybrid') expect(new Set(found)).toEqual(new Set(['memory', 'chunk']));
      expect(await page.locator('.results .score').first().textContent()).toMatch(/^\d\.\d{3}$/);
      if (mode === 'hybrid') {
        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, 'search');
      }
    }

    await page.getByLabel('Rerank').check();
    await page.getByLabel('Metadata filters (JSON, optional)').fill('{"AND":[{"key":"team","value":"core"}]}');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByTestId('search-summary').textContent()).toMatch(/^0 results/);
    await page.getByLabel('Metadata filters (JSON, optional)').fill('{not json');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Filters must be JSON');
  });

  it('creates a web-crawler connection, shows its sync runs, runs an import and disconnects keeping documents', async () => {
    await go(page, 'connections');
    await page.getByLabel('Provider').selectOption('web-crawler');
    await page.getByLabel('Container tag', { exact: true }).last().fill('handbook');
    await page.getByLabel('Start URL').fill(`${site.base}/`);
    await page.getByRole('button', { name: 'Connect' }).click();
    const card = page.locator('li.connection').first();
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('active');
    await card.getByRole('button', { name: 'Sync runs' }).click();
    const runs = card.locator('table.runs tbody tr');
    await expect.poll(() => runs.count()).toBe(1);
    await expect.poll(() => runs.first().getAttribute('data-status')).toBe('completed');
    expect(Number(await runs.first().locator('td').nth(3).textContent())).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'connections');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Sync of web-crawler started').waitFor();
    await expect.poll(() => runs.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => runs.first().getAttribute('data-status'), { timeout: 20_000 }).toBe('completed');
    expect(await runs.first().locator('td').nth(1).textContent()).toBe('manual');

    await card.getByRole('button', { name: 'Disconnect, keep documents' }).click();
    await card.getByRole('button', { name: 'Disconnect and keep documents' }).click();
    await expect.poll(() => page.locator('li.connection').count()).toBe(0);
    const kept = await apiCall<{ pagination: { totalItems: number } }>(server.base, 'POST', '/v3/documents/list', { containerTags: ['handbook'] });
    expect(kept.body.pagination.totalItems).toBe(2);
  });

  it('creates, disables, enables and revokes a scoped key', async () => {
    await go(page, 'keys');
    await page.getByLabel('Container tag', { exact: true }).last().fill('alex');
    await page.getByLabel('Name').fill('alex-app');
    await page.getByLabel('Expires in days').fill('30');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-key').inputValue();
    expect((await apiCall(server.base, 'GET', '/v3/session', undefined, key)).status).toBe(200);
    const row = page.locator('tr', { hasText: 'alex-app' });
    await expect.poll(() => row.getAttribute('data-state')).toBe('enabled');
    expect(await row.textContent()).toContain('alex');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'keys');

    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('disabled');
    expect((await apiCall(server.base, 'GET', '/v3/session', undefined, key)).status).toBe(401);
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('enabled');
    expect((await apiCall(server.base, 'GET', '/v3/session', undefined, key)).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('revoked');
    expect((await apiCall(server.base, 'GET', '/v3/session', undefined, key)).status).toBe(401);
  });

  it('saves organisation settings and renames, merges and deletes container tags with the counts shown first', async () => {
    await go(page, 'settings');
    await page.getByLabel('Workspace prompt').fill('Facts about our customers and their preferences.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    expect((await apiCall<{ workspacePrompt: string }>(server.base, 'GET', '/v3/settings')).body.workspacePrompt).toBe('Facts about our customers and their preferences.');

    await page.getByLabel('Name of alex').fill('Alex (customer)');
    await page.locator('tr[data-tag="alex"]').getByRole('button', { name: 'Save name' }).click();
    await expect.poll(async () => (await apiCall<{ name: string }>(server.base, 'GET', '/v3/container-tags/alex')).body.name).toBe('Alex (customer)');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'settings');

    const spare = (await apiCall<{ documentCount: number; memoryCount: number }>(server.base, 'GET', '/v3/container-tags/spare')).body;
    expect(spare.documentCount).toBe(1);
    const merge = page.getByRole('form', { name: 'Merge container tags' });
    await merge.getByLabel('Merge').selectOption('spare');
    await merge.getByLabel('into').selectOption('handbook');
    await merge.getByRole('button', { name: 'Merge' }).click();
    expect(await merge.textContent()).toContain(`Move 1 documents and ${spare.memoryCount} memories of spare into handbook`);
    await merge.getByRole('button', { name: 'Yes, merge' }).click();
    await expect.poll(async () => (await apiCall<{ pagination: { totalItems: number } }>(server.base, 'POST', '/v3/documents/list', { containerTags: ['handbook'] })).body.pagination.totalItems).toBe(3);
    await expect.poll(() => page.locator('tr[data-tag="spare"]').count()).toBe(0);

    const counts = (await apiCall<{ documentCount: number; memoryCount: number }>(server.base, 'GET', '/v3/container-tags/handbook')).body;
    expect(counts.documentCount).toBe(3);
    const handbook = page.locator('tr[data-tag="handbook"]');
    await handbook.getByRole('button', { name: 'Delete' }).click();
    expect(await handbook.textContent()).toContain(`Delete handbook: 3 documents and ${counts.memoryCount} memories go`);
    await handbook.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.locator('tr[data-tag="handbook"]').count()).toBe(0);
    expect((await apiCall<{ pagination: { totalItems: number } }>(server.base, 'POST', '/v3/documents/list', { containerTags: ['handbook'] })).body.pagination.totalItems).toBe(0);
  });

  it('loaded nothing from another origin and broke no CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
