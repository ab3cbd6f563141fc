import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, openPage, seriousViolations, shoot, signIn, startConsoleServer, TEST_KEY, type ConsoleServer } from './console-harness.js';

async function makePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([600, 800]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

/** Drops a file on the upload zone as a person's drag and drop would (a DataTransfer carrying a File). */
async function dropFile(page: Page, name: string, bytes: Buffer, type: string): Promise<void> {
  await page.evaluate(
    ({ name, b64, type }) => {
      const g = globalThis as unknown as {
        document: { querySelector(s: string): { dispatchEvent(e: unknown): boolean } | null };
        DataTransfer: new () => { items: { add(f: unknown): void } };
        File: new (parts: unknown[], name: string, o: unknown) => unknown;
        DragEvent: new (t: string, o: unknown) => unknown;
        Uint8Array: typeof Uint8Array;
        atob(s: string): string;
      };
      const raw = g.atob(b64);
      const arr = new g.Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) arr[i] = raw.charCodeAt(i);
      const dt = new g.DataTransfer();
      dt.items.add(new g.File([arr], name, { type }));
      const zone = g.document.querySelector('[data-testid="dropzone"]')!;
      zone.dispatchEvent(new g.DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new g.DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { name, b64: bytes.toString('base64'), type },
  );
}

describe('console: sign in and documents', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
    ({ page, problems } = await openPage(browser, server.base));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('refuses a wrong key with the API’s message and keeps nothing', async () => {
    await page.goto(`${server.base}/console`);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'sign-in');
    await page.getByLabel('API key').fill('not-a-real-key-0000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/key/i);
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length)).toBe(0);
  });

  it('signs in with the root key, kept in session storage only: no cookie, not in the URL', async () => {
    await signIn(page, server.base, TEST_KEY);
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('mnemo.console.key'))).toBe(TEST_KEY);
    expect(await page.context().cookies()).toEqual([]);
    expect(page.url()).not.toContain(TEST_KEY);
    await expect.poll(() => page.getByText('root key').count()).toBe(1);
  });

  it('uploads a PDF by drag and drop and shows it reach done, then its text, chunks, memories and timeline', async () => {
    await page.getByLabel('Container tag for uploads').fill('team-docs');
    const pdf = await makePdf(['Notes from my onboarding.', 'I work at Initech as a database engineer.', 'I live in Lisbon.']);
    await dropFile(page, 'team-notes.pdf', pdf, 'application/pdf');
    const opened = page.getByRole('list', { name: 'Uploads' }).locator('li', { hasText: 'team-notes.pdf' }).getByRole('link', { name: 'Open' });
    const id = (await opened.getAttribute('data-id'))!;
    const row = page.locator(`table.docs tbody tr[data-id="${id}"]`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await row.textContent()).toContain('team-docs');
    expect(await row.textContent()).toContain('pdf');
    expect(await row.locator('td', { hasText: /^upload$/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'documents');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Processing timeline' }).waitFor();
    await expect.poll(() => page.locator('.timeline li').count()).toBeGreaterThan(2);
    expect(await page.getByLabel('Document text').textContent()).toContain('I work at Initech as a database engineer.');
    await expect.poll(() => page.locator('ol.chunks li').count()).toBeGreaterThan(0);
    const memories = page.getByRole('list', { name: 'Memories from this document' });
    await memories.waitFor();
    expect(await memories.textContent()).toMatch(/works at Initech/);
    // Each step says what it did (the memories step: how many facts it found).
    expect(await page.locator('.timeline li[data-step="memories"]').textContent()).toMatch(/facts: [1-9]/);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'document-detail');
  });

  it('shows a failed document’s error and retries it', async () => {
    await page.goto(`${server.base}/console#/documents`);
    await dropFile(page, 'broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without an end'), 'application/pdf');
    const id = (await page.getByRole('list', { name: 'Uploads' }).locator('li', { hasText: 'broken.pdf' }).getByRole('link', { name: 'Open' }).getAttribute('data-id'))!;
    const row = page.locator(`table.docs tbody tr[data-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    await row.getByRole('link').click();
    const errorBox = page.locator('.error-box');
    await errorBox.waitFor();
    expect(await errorBox.textContent()).toMatch(/FILE_CORRUPT|EXTRACTION_FAILED|EMPTY_CONTENT/);
    const before = (await apiCall<{ processingMetadata: { startTime: string } }>(server.base, 'GET', `/v3/documents/${id}`)).body.processingMetadata.startTime;

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Retry started').waitFor();
    // A new run: new processing metadata, and it ends failed again (the bytes are still broken).
    await expect.poll(async () => (await apiCall<{ processingMetadata: { startTime: string } }>(server.base, 'GET', `/v3/documents/${id}`)).body.processingMetadata.startTime).not.toBe(before);
    await expect.poll(async () => (await apiCall<{ status: string }>(server.base, 'GET', `/v3/documents/${id}`)).body.status, { timeout: 20_000 }).toBe('failed');
    await shoot(page, 'document-failed');
  });

  it('deletes a document after asking', async () => {
    const added = await apiCall<{ id: string }>(server.base, 'POST', '/v3/documents', { content: 'A note to delete from the console.', containerTag: 'team-docs' });
    await page.goto(`${server.base}/console#/documents/${added.body.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this document').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    expect((await apiCall(server.base, 'GET', `/v3/documents/${added.body.id}`)).status).toBe(404);
  });

  it('filters by status and fits a phone width', async () => {
    await page.goto(`${server.base}/console#/documents`);
    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => page.locator('table.docs tbody tr[data-status]').count()).toBe(1);
    expect(await page.locator('table.docs tbody tr[data-status]').first().getAttribute('data-status')).toBe('failed');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Status').selectOption('');
    await page.locator('table.docs tbody tr[data-status]').first().waitFor();
    // The page itself never scrolls sideways (wide tables scroll inside their own box).
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement.scrollWidth <=
          (globalThis as unknown as { document: { documentElement: { clientWidth: number } } }).document.documentElement.clientWidth,
      ),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'documents-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('links a document to its workflow in the Temporal UI when the server names one', async () => {
    // The server side (Temporal mode + MNEMO_TEMPORAL_UI_URL → the meta tag) is tested in static.test.ts; here the
    // page gets that meta tag and must show the link.
    const workflowUrl = 'http://temporal-ui.test:8233/namespaces/default/workflows/document-';
    const temporal = await page.context().newPage();
    await temporal.route(`${server.base}/console`, async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace('{&quot;workflowUrl&quot;:null}', `{&quot;workflowUrl&quot;:&quot;${workflowUrl}&quot;}`);
      await route.fulfill({ response: res, body });
    });
    const added = await apiCall<{ id: string }>(server.base, 'POST', '/v3/documents', { content: 'A note with a workflow.', containerTag: 'team-docs' });
    // Session storage belongs to one tab: the new tab signs in itself.
    await signIn(temporal, server.base, TEST_KEY);
    await temporal.goto(`${server.base}/console#/documents/${added.body.id}`);
    const link = temporal.getByRole('link', { name: 'Workflow in Temporal UI' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`${workflowUrl}${added.body.id}`);
    expect(await link.getAttribute('rel')).toContain('noopener');
    await temporal.close();
    // Embedded mode: no link.
    await page.goto(`${server.base}/console#/documents/${added.body.id}`);
    await page.getByRole('heading', { name: 'Processing timeline' }).waitFor();
    expect(await page.getByRole('link', { name: 'Workflow in Temporal UI' }).count()).toBe(0);
  });

  it('follows documents through the pipeline live, without a reload', async () => {
    // A second Mnemo whose runner has not started: its documents wait in the queue until it does.
    const held = await startConsoleServer({}, { start: false });
    const live = await page.context().newPage();
    try {
      const batch = await apiCall<{ results: { id: string }[] }>(held.base, 'POST', '/v3/documents/batch', {
        containerTag: 'live',
        documents: [{ content: 'I run the night shift at the bakery.' }, { content: 'I keep bees on the roof.' }],
      });
      await signIn(live, held.base, TEST_KEY);
      await live.locator('table.docs tbody tr[data-status="queued"]').nth(1).waitFor();
      await live.getByText('2 in the pipeline').waitFor();
      await held.runtime.runner.start();
      for (const { id } of batch.body.results) await expect.poll(() => live.locator(`tr[data-id="${id}"]`).getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
      await expect.poll(() => live.getByText('in the pipeline').count()).toBe(0);
    } finally {
      await live.close();
      await held.close();
    }
  });

  it('loaded nothing from another origin and broke no CSP rule', () => {
    expect(problems).toEqual([]);
  });
});
