import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../src/temporal/worker.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/mnemo-workflow-bundle');

/** What a bundle can be built from: workflows/, src/ (but the console app) and the installed Temporal workflow SDK. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && p !== path.join(ROOT, 'src/console')) walk(p);
      } else if (/\.(ts|js|mjs|json)$/.test(entry.name)) {
        hash.update(path.relative(ROOT, p)).update('\0').update(fs.readFileSync(p)).update('\0');
      }
    }
  };
  walk(path.join(ROOT, 'workflows'));
  walk(path.join(ROOT, 'src'));
  hash.update(fs.readFileSync(path.join(ROOT, 'node_modules/@temporalio/workflow/package.json')));
  return hash.digest('hex').slice(0, 20);
}

let file: Promise<string> | undefined;

/**
 * A file holding the workflow bundle of the current sources, built once for the whole test run (each test file and
 * each server it spawns would otherwise spend seconds bundling the same code): kept under node_modules/.cache, keyed
 * by the sources' hash, so a change to workflows/ or src/ builds a new one. Servers load it via TEMPORAL_WORKFLOW_BUNDLE.
 */
export function workflowBundlePath(): Promise<string> {
  file ??= (async () => {
    const target = path.join(CACHE_DIR, `${sourceHash()}.js`);
    if (fs.existsSync(target)) return target;
    const { code } = await bundleWorkflowCode({
      workflowsPath: WORKFLOWS_PATH,
      logger: { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    });
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Bundles of older sources go; written under a temporary name so a reader in another process never sees half a file.
    for (const old of fs.readdirSync(CACHE_DIR)) if (old.endsWith('.js')) fs.rmSync(path.join(CACHE_DIR, old), { force: true });
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, target);
    return target;
  })();
  return file;
}

let bundle: Promise<{ code: string }> | undefined;

/** The workflow bundle (see workflowBundlePath), read once per test file. */
export function workflowBundle(): Promise<{ code: string }> {
  bundle ??= workflowBundlePath().then((p) => ({ code: fs.readFileSync(p, 'utf8') }));
  return bundle;
}
