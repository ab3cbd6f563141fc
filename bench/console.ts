/**
 * Console benchmark: the web console in headless Chromium on a tag with 10,000 memories (and a tag of many
 * documents for the graph), against a real Mnemo (embedded runner, in-memory SQLite, hash embedder).
 *
 *   npm run bench:console -- [--memories 10000] [--documents 200] [--seed 42] [--write store|api]
 *
 * Memories are inserted into the memory store as version-1 facts of one tag (`--write store`, the default: what the
 * console reads does not depend on how they were written, and the memory engine relating 10,000 facts one by one
 * takes over 40 minutes on a loaded 2-core machine), or written through POST /v4/memories in batches of 100
 * (`--write api`); documents go through POST /v3/documents/batch and the pipeline. Measured in the browser:
 * - memories view: navigation to the first rows, rows in the DOM (virtualised), scrolling through all pages to the
 *   end (each page a POST /v4/memories/list), and a jump to the middle of the loaded list until it is painted;
 * - graph view: navigation until the first page of documents is drawn, and one "load more".
 * Also: the build (esbuild, compression) time and sizes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { memoryRecord } from '../test/helpers/memories.js';
import { createTestRuntime, TEST_KEY } from '../test/helpers/runtime.js';
import { generateFacts } from './memories/facts.js';
import { environment, intArg, loadAverage, log, REPO_ROOT, round, summarize, writeResults } from './lib.js';

const { values } = parseArgs({ options: { memories: { type: 'string' }, documents: { type: 'string' }, seed: { type: 'string' }, write: { type: 'string' } } });
const WRITE = values.write === 'api' ? 'api' : 'store';
const MEMORIES = intArg(values.memories, 10_000, 'memories');
const DOCUMENTS = intArg(values.documents, 200, 'documents');
const SEED = intArg(values.seed, 42, 'seed');
const TAG = 'bench-user';
const GRAPH_TAG = 'bench-docs';

async function main(): Promise<void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-console-bench-'));
  const buildStart = performance.now();
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-console.mjs'), '--out', outDir, '--quiet']);
  const buildMs = performance.now() - buildStart;
  const build = JSON.parse(fs.readFileSync(path.join(outDir, 'build.json'), 'utf8')) as { raw: number; brotli: number; files: { file: string; bytes: number }[]; script: string; css: string };
  const firstLoadBrotli = [build.script, build.css].reduce((n, p) => n + fs.statSync(path.join(outDir, 'assets', `${path.basename(p)}.br`)).size, 0);
  log(`build ${round(buildMs)} ms, ${build.raw} bytes (${build.brotli} brotli), first load ${firstLoadBrotli} bytes brotli`);

  const rt = await createTestRuntime({ MNEMO_CONSOLE_DIR: outDir, MNEMO_LOG_LEVEL: 'silent' });
  const server = http.createServer(rt.app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };

  const seedStart = performance.now();
  const facts = generateFacts(SEED, Math.ceil(MEMORIES * 1.2));
  let next = 0;
  const count = async () => ((await post('/v4/memories/list', { containerTag: TAG, limit: 1 })) as { pagination: { totalItems: number } }).pagination.totalItems;
  let have = 0;
  if (WRITE === 'store') {
    const now = Date.now();
    for (let i = 0; i < MEMORIES; i++) {
      const at = new Date(now - (MEMORIES - i) * 1000).toISOString();
      const f = facts[i]!;
      await rt.store.memories.insertMemory(memoryRecord({ containerTags: [TAG], memory: f.text, isStatic: f.isStatic, createdAt: at }));
    }
    have = await count();
  }
  while (have < MEMORIES && next < facts.length) {
    const batch = facts.slice(next, next + Math.min(100, MEMORIES - have));
    next += batch.length;
    await post('/v4/memories', { containerTag: TAG, memories: batch.map((f) => ({ content: f.text, isStatic: f.isStatic })) });
    have = await count();
    if (have % 1000 < 100) log(`${have} memories`);
  }
  for (let i = 0; i < DOCUMENTS; i += 100) {
    const docs = Array.from({ length: Math.min(100, DOCUMENTS - i) }, (_, j) => ({ content: `Note ${i + j}. I visited ${facts[(i + j) % facts.length]!.text.replace(/^The user /, '')}` }));
    await post('/v3/documents/batch', { containerTag: GRAPH_TAG, documents: docs });
  }
  await rt.settle(600_000);
  const seedMs = performance.now() - seedStart;
  log(`seeded ${have} memories in ${TAG} and ${DOCUMENTS} documents in ${GRAPH_TAG} in ${round(seedMs / 1000)} s`);

  // The list query the console makes (a page of 100) against the same with every memory's history, alternating.
  const listMs: { plain: number[]; history: number[] } = { plain: [], history: [] };
  for (let i = 0; i < 5; i++) {
    for (const history of [false, true]) {
      const t = performance.now();
      await post('/v4/memories/list', { containerTag: TAG, page: 1 + i * 10, limit: 100, sort: 'updatedAt', order: 'desc', history });
      listMs[history ? 'history' : 'plain'].push(performance.now() - t);
    }
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${base}/console`);
  await page.getByLabel('API key').fill(TEST_KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  const focus = async (tag: string) => {
    await page.getByLabel('Container tag', { exact: true }).fill(tag);
    await page.getByLabel('Container tag', { exact: true }).press('Enter');
  };

  // Memories view: cold navigation to the first painted rows, three times (each from another view).
  const firstRows: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/search'));
    await page.getByRole('heading', { name: 'Search playground' }).waitFor();
    await focus(TAG);
    const t = performance.now();
    await page.evaluate(() => ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/memories'));
    await page.locator('.memory-row').first().waitFor();
    firstRows.push(performance.now() - t);
  }
  const totalText = await page.getByTestId('memory-count').textContent();

  // Scroll to the end: every page loads as the list nears its end.
  const scrollStart = performance.now();
  let loaded = 0;
  for (let guard = 0; guard < 2000; guard++) {
    loaded = await page.locator('.vlist').evaluate((el) => {
      const e = el as unknown as { scrollTop: number; scrollHeight: number; firstElementChild: { clientHeight: number } };
      e.scrollTop = e.scrollHeight;
      return Math.round(e.firstElementChild.clientHeight / 44);
    });
    if (loaded >= have) break;
    await page.waitForFunction((n) => {
      const inner = (globalThis as unknown as { document: { querySelector(s: string): { clientHeight: number } | null } }).document.querySelector('.vlist > div');
      return inner !== null && Math.round(inner.clientHeight / 44) > n;
    }, loaded);
  }
  const scrollAllMs = performance.now() - scrollStart;
  const domRows = await page.locator('.vrow').count();

  // Jumps to random offsets of the loaded list, until the rows there are painted.
  const jumps: number[] = [];
  for (let i = 0; i < 20; i++) {
    const target = Math.floor((((i * 7919) % 97) / 97) * loaded) * 44;
    jumps.push(
      await page.locator('.vlist').evaluate(async (el, top) => {
        const g = globalThis as unknown as { requestAnimationFrame(cb: () => void): void; performance: { now(): number } };
        const e = el as unknown as { scrollTop: number };
        const t = g.performance.now();
        e.scrollTop = top;
        await new Promise<void>((r) => g.requestAnimationFrame(() => g.requestAnimationFrame(() => r())));
        return g.performance.now() - t;
      }, target),
    );
  }

  // Selecting a memory: its versions (one more list request narrowed to its row).
  const selectMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.locator('.vlist').evaluate((el, top) => ((el as unknown as { scrollTop: number }).scrollTop = top), i * 1000 * 44);
    const row = page.locator('.memory-row').nth(3);
    const t = performance.now();
    await row.click();
    await page.getByRole('list', { name: 'Versions' }).locator('li').first().waitFor();
    selectMs.push(performance.now() - t);
  }

  // Graph: first page drawn, then one "load more".
  await focus(GRAPH_TAG);
  const graphT = performance.now();
  await page.evaluate(() => ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/graph'));
  await page.waitForFunction(
    () =>
      Number(
        (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid="graph-summary"]')?.getAttribute('data-documents') ??
          0,
      ) > 0,
  );
  await page.locator('.graph-box canvas').first().waitFor();
  const graphFirstMs = performance.now() - graphT;
  const graphDocs = Number(await page.getByTestId('graph-summary').getAttribute('data-documents'));
  const moreT = performance.now();
  await page.getByRole('button', { name: /^Load \d+ more documents$/ }).click();
  await page.waitForFunction(
    (n) =>
      Number(
        (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid="graph-summary"]')?.getAttribute('data-documents') ??
          0,
      ) > n,
    graphDocs,
  );
  const graphMoreMs = performance.now() - moreT;

  await browser.close();
  server.closeAllConnections();
  server.close();
  await rt.close();
  fs.rmSync(outDir, { recursive: true, force: true });

  const result = {
    benchmark: 'console',
    environment: environment(),
    loadAverage: loadAverage(),
    setup: {
      memories: have,
      memoryTag: TAG,
      documents: DOCUMENTS,
      graphTag: GRAPH_TAG,
      seedSeconds: round(seedMs / 1000),
      embedder: 'hash',
      store: 'sqlite :memory:',
      memoriesWrittenThrough: WRITE === 'store' ? 'memory store (insertMemory)' : 'POST /v4/memories',
    },
    build: { ms: round(buildMs), files: build.files, rawBytes: build.raw, brotliBytes: build.brotli, firstLoadBrotliBytes: firstLoadBrotli },
    memoriesView: {
      shownTotal: totalText,
      firstRowsMs: summarize(firstRows),
      scrollToEndMs: round(scrollAllMs),
      rowsLoaded: loaded,
      rowsInDom: domRows,
      jumpPaintMs: summarize(jumps),
      selectWithVersionsMs: summarize(selectMs),
    },
    listApiPageOf100Ms: { withoutHistory: summarize(listMs.plain), withHistory: summarize(listMs.history) },
    graphView: { firstPageMs: round(graphFirstMs), firstPageDocuments: graphDocs, loadMoreMs: round(graphMoreMs) },
  };
  const file = writeResults('console', result);
  log(JSON.stringify(result.memoriesView));
  log(JSON.stringify(result.graphView));
  log(JSON.stringify(result.listApiPageOf100Ms));
  log(`results: ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
