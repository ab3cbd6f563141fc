import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STREAMING_TEST_LOGS, TEST_LOG_LEVEL, writeTestLog } from './test-logs.js';

export interface ServerProcess {
  baseURL: string;
  apiKey: string;
  dataDir: string;
  logs: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `src/server.ts` as its own process on a free port and waits for /health (30 s unless `startTimeoutMs`). */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, { startTimeoutMs = 30_000 } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-e2e-'));
  const apiKey = env.MNEMO_API_KEY ?? 'e2e-root-key-0123456789abcdef';
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      MNEMO_DATA_DIR: dir,
      MNEMO_API_KEY: apiKey,
      MNEMO_LOG_LEVEL: STREAMING_TEST_LOGS ? TEST_LOG_LEVEL : 'warn',
      MNEMO_INGEST_POLL_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for logs(), and in the test log (printed if a test fails, or streamed with MNEMO_TEST_LOGS=1).
  const collect = (d: Buffer) => {
    output += d.toString();
    writeTestLog(d.toString());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseURL}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    apiKey,
    dataDir: dir,
    logs: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls until `fn` returns a truthy value. */
export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, stepMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
