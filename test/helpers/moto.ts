import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, waitFor } from './server-process.js';

const MOTO = path.resolve(import.meta.dirname, '../../.tools/bin/moto_server');

export interface MotoServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts moto's S3-compatible server (installed by `npm run servers:install`; missing is an error, never a skip). */
export async function startMoto(): Promise<MotoServer> {
  if (!fs.existsSync(MOTO)) throw new Error(`${MOTO} is missing: run npm run servers:install`);
  const port = await freePort();
  const child = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`moto_server exited: ${output}`);
      return fetch(`${endpoint}/moto-api/`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    200,
  );
  return {
    endpoint,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
