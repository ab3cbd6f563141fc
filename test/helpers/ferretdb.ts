import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

const BINARY = path.resolve(import.meta.dirname, '../../.tools/bin/ferretdb');

export interface FerretDb {
  /** mongodb:// URI of the running server. */
  uri: string;
  stop(): Promise<void>;
}

/** Path of the FerretDB binary installed by `npm run servers:install`; missing is an error, never a skip. */
export function ferretDbPath(): string {
  if (!fs.existsSync(BINARY)) throw new Error(`${BINARY} is missing: run npm run servers:install (or bash scripts/install-servers.sh ferretdb)`);
  return BINARY;
}

/** Starts FerretDB v1 (MongoDB wire protocol over SQLite) in a temporary directory on a free port. */
export async function startFerretDb(): Promise<FerretDb> {
  const binary = ferretDbPath();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-ferretdb-'));
  fs.mkdirSync(path.join(dir, 'fdb'));
  const child = spawn(binary, ['--handler=sqlite', `--sqlite-url=file:${path.join(dir, 'fdb')}/`, `--listen-addr=127.0.0.1:${port}`, `--state-dir=${dir}`, '--telemetry=disable', '--debug-addr=-', '--log-level=warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`ferretdb exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`ferretdb did not listen on ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
