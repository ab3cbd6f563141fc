import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, focusTag, go, launchBrowser, openPage, seriousViolations, shoot, signIn, startConsoleServer, TEST_KEY, type ConsoleServer } from './console-harness.js';

interface GraphCounts {
  documents: number;
  memories: number;
  current: number;
  forgotten: number;
}

async function graphCounts(page: Page): Promise<GraphCounts> {
  const s = page.getByTestId('graph-summary');
  await s.waitFor();
  const n = async (a: string) => Number(await s.getAttribute(`data-${a}`));
  return { documents: await n('documents'), memories: await n('memories'), current: await n('current'), forgotten: await n('forgotten') };
}

describe('console: memories and the memory graph', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  /** The current memories the engine extracted from alex's document (the count the console must show). */
  let extracted: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'I work at Initech as a database engineer. I live in Lisbon. My favourite food is ramen.', containerTag: 'alex' });
    await apiCall(server.base, 'POST', '/v3/documents', { content: 'Unrelated notes for another team.', containerTag: 'other-team' });
    await server.runtime.settle();
    const listed = await apiCall<{ memoryEntries: { isLatest: boolean; isForgotten: boolean }[] }>(server.base, 'POST', '/v4/memories/list', { containerTag: 'alex', limit: 50 });
    extracted = listed.body.memoryEntries.filter((m) => m.isLatest && !m.isForgotten).length;
    // Employer, role, residence and a preference: at least three facts from the three sentences.
    expect(extracted).toBeGreaterThanOrEqual(3);
    ({ page, problems } = await openPage(browser, server.base));
    await signIn(page, server.base, TEST_KEY);
    await focusTag(page, 'alex');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the tag’s current facts, each with its history and source document', async () => {
    await go(page, 'memories');
    await expect.poll(() => page.getByTestId('memory-count').textContent()).toBe(`${extracted} current memories in alex`);
    await page.getByRole('button', { name: /works at Initech/ }).click();
    const detail = page.getByRole('complementary', { name: 'Selected memory' });
    await detail.getByRole('heading', { name: 'Memory v1' }).waitFor();
    await expect.poll(() => detail.getByRole('list', { name: 'Versions' }).locator('li').count()).toBe(1);
    expect(await detail.locator('a.source-link').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'memories');
  });

  it('writes a memory by hand', async () => {
    await page.getByLabel('New memory in alex').fill('Alex prefers window seats on long flights');
    await page.getByRole('button', { name: 'Write', exact: true }).click();
    await expect.poll(() => page.getByTestId('memory-count').textContent()).toBe(`${extracted + 1} current memories in alex`);
    const listed = await apiCall<{ memoryEntries: { memory: string }[] }>(server.base, 'POST', '/v4/memories/list', { containerTag: 'alex', limit: 50 });
    expect(listed.body.memoryEntries.map((m) => m.memory)).toContain('Alex prefers window seats on long flights');
  });

  it('edits a memory into a new version and forgets one, and the graph follows', async () => {
    await go(page, 'graph');
    await expect.poll(async () => (await graphCounts(page)).documents).toBe(1);
    const before = await graphCounts(page);
    expect(before.current).toBe(extracted);
    expect(await page.locator('.graph-box canvas').count()).toBeGreaterThan(0);

    await go(page, 'memories');
    await page.getByRole('button', { name: /works at Initech/ }).click();
    const detail = page.getByRole('complementary', { name: 'Selected memory' });
    await detail.getByLabel('Edit (saves a new version)').fill('The user works at Initech as a staff database engineer.');
    await detail.getByRole('button', { name: 'Save new version' }).click();
    await detail.getByRole('heading', { name: 'Memory v2' }).waitFor();
    await expect.poll(() => detail.getByRole('list', { name: 'Versions' }).locator('li').count()).toBe(2);
    expect(await detail.getByRole('list', { name: 'Versions' }).textContent()).toContain('database engineer.');

    await go(page, 'graph');
    await expect.poll(async () => (await graphCounts(page)).memories).toBe(before.memories + 1);
    const afterEdit = await graphCounts(page);
    expect(afterEdit.current).toBe(before.current);
    await page.getByText('The graph as a list').click();
    expect(await page.locator('.graph-list').textContent()).toContain('staff database engineer');

    await go(page, 'memories');
    await page.getByRole('button', { name: /favourite food/ }).click();
    await detail.getByRole('button', { name: 'Forget' }).click();
    await detail.getByRole('button', { name: 'Yes, forget' }).click();
    await expect.poll(() => page.getByTestId('memory-count').textContent()).toBe(`${extracted} current memories in alex`);
    await page.getByLabel('Show forgotten memories').check();
    await expect.poll(() => page.locator('.memory-row.forgotten').count()).toBe(1);

    await go(page, 'graph');
    await expect.poll(async () => (await graphCounts(page)).forgotten).toBe(before.forgotten + 1);
    expect((await graphCounts(page)).current).toBe(before.current - 1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'graph');
  });

  it('shows every tag in the graph when no tag is chosen, one page at a time', async () => {
    await focusTag(page, '');
    await expect.poll(async () => (await graphCounts(page)).documents).toBe(2);
  });

  it('focuses a tag that holds only memories written by hand (not in the container-tag list) by typing it', async () => {
    await apiCall(server.base, 'POST', '/v4/memories', { containerTag: 'notes-only', memories: [{ content: 'Sam keeps the spare keys in the blue drawer' }] });
    await go(page, 'memories');
    await focusTag(page, 'notes-only');
    await expect.poll(() => page.getByTestId('memory-count').textContent()).toBe('1 current memories in notes-only');
    await page.getByRole('button', { name: /blue drawer/ }).waitFor();
    await focusTag(page, 'not a tag!');
    expect(await page.getByLabel('Container tag', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('memory-count').textContent()).toBe('1 current memories in notes-only');
  });

  it('loaded nothing from another origin and broke no CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
