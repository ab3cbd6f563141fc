import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/search-attributes.js';
import { freePort } from './server-process.js';

const TOOLS = path.resolve(import.meta.dirname, '../../.tools/bin');

/** Path of a test server installed by `npm run servers:install`; missing is an error, never a skip. */
export function toolPath(name: 'temporal' | 'temporal-test-server'): string {
  const p = path.join(TOOLS, name);
  if (!fs.existsSync(p)) throw new Error(`${p} is missing: run npm run servers:install`);
  return p;
}

export { workflowBundle, workflowBundlePath } from './workflow-bundle.js';

export interface DevServer {
  address: string;
  stop(): Promise<void>;
}

/** Starts the real Temporal CLI dev server (with Mnemo's search attributes) on a free port, or on `port`. */
export async function startDevServer(options: { port?: number } = {}): Promise<DevServer> {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-temporal-'));
  const child = spawn(
    toolPath('temporal'),
    [
      'server',
      'start-dev',
      '--headless',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--db-filename',
      path.join(dir, 'temporal.db'),
      '--log-level',
      'error',
      ...SEARCH_ATTRIBUTES.flatMap((a) => ['--search-attribute', `${a.name}=Keyword`]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`temporal dev server exited: ${output}`);
    try {
      const conn = await Connection.connect({ address, connectTimeout: 1000 });
      await conn.workflowService.getSystemInfo({});
      await conn.close();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`temporal dev server did not start: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    address,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
