import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots of every view, kept by CI as artefacts (git-ignored). */
export const SHOTS = path.join(ROOT, 'test-artifacts/console');
export { TEST_KEY };

function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(p).update(fs.readFileSync(p));
    }
  };
  walk(path.join(ROOT, 'src/console'));
  h.update(fs.readFileSync(path.join(ROOT, 'scripts/build-console.mjs')));
  return h.digest('hex').slice(0, 16);
}

/**
 * The console built from the current sources, once per source version: test files running in parallel share the
 * folder (each builds into its own and the first rename wins, so no file reads a half-written build).
 */
export function buildConsole(): string {
  const dir = path.join(os.tmpdir(), `mnemo-console-${sourceHash()}`);
  if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  const mine = `${dir}-${process.pid}`;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-console.mjs'), '--out', mine, '--quiet'], { stdio: 'inherit' });
  try {
    fs.renameSync(mine, dir);
  } catch {
    fs.rmSync(mine, { recursive: true, force: true });
  }
  return dir;
}

export interface ConsoleServer {
  base: string;
  runtime: TestRuntime;
  close(): Promise<void>;
}

/** A real Mnemo (embedded runner, in-memory SQLite, hash embedder) serving the console, on a loopback port. */
export async function startConsoleServer(env: Record<string, string> = {}, options: { start?: boolean } = {}): Promise<ConsoleServer> {
  const runtime = await createTestRuntime({ MNEMO_CONSOLE_DIR: buildConsole(), ...env }, { start: options.start ?? true });
  const server = http.createServer(runtime.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    runtime,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

/** Debian's Chromium, headless, with the flags that keep it off the network; Playwright gives it a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * A page that records what must never happen: a Content-Security-Policy violation, a request to another origin,
 * an uncaught error.
 */
export async function openPage(browser: Browser, base: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`outside request: ${url}`);
  });
  return { page, problems };
}

export async function signIn(page: Page, base: string, key: string): Promise<void> {
  await page.goto(`${base}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

export async function go(page: Page, view: string): Promise<void> {
  await page.evaluate((hash) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = hash;
  }, `#/${view}`);
}

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core on the page as it is (WCAG 2 A/AA rules and best practices); returns the serious and critical
 * violations. It is evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A string is evaluated as a script by the protocol itself (eval inside the page would be refused by the CSP).
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const g = globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function shoot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Calls the public API as a client would (for setting up data and checking outcomes). */
export async function apiCall<T = unknown>(base: string, method: string, p: string, body?: unknown, key = TEST_KEY): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Focuses the console on a container tag (root keys type or pick it; '' = every tag). */
export async function focusTag(page: Page, tag: string): Promise<void> {
  const input = page.getByLabel('Container tag', { exact: true });
  await input.fill(tag);
  await input.press('Enter');
}
