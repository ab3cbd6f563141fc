import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from './runtime.js';

/** A test runtime served on a loopback port, with the official client pointed at it (connector and SDK tests). */
export interface ClientServer {
  rt: TestRuntime;
  /** Every request the server answered, in order (method, url, status). */
  calls: { method: string; url: string; status: number }[];
  client: Supermemory;
  /** http://127.0.0.1:<port>: the server's own URL (MNEMO_PUBLIC_URL when `publicUrl` is set). */
  base: string;
  /** Waits for the syncs under way (follow-ups included) and the documents they queued. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts it; `publicUrl` makes the server's own URL its MNEMO_PUBLIC_URL (providers call its webhook route back). */
export async function startClientServer(env: Record<string, string>, opts: { publicUrl?: boolean } = {}): Promise<ClientServer> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const calls: ClientServer['calls'] = [];
  const api = http.createServer((req, res) => {
    res.on('finish', () => calls.push({ method: req.method!, url: req.url!, status: res.statusCode }));
    handler(req, res);
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const rt = await createTestRuntime({ ...env, ...(opts.publicUrl ? { MNEMO_PUBLIC_URL: base } : {}) });
  handler = rt.app.callback();
  return {
    rt,
    calls,
    base,
    client: new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 }),
    async idle() {
      await (rt.syncRunner as EmbeddedSyncRunner).idle();
      await rt.settle();
    },
    async close() {
      api.closeAllConnections();
      await rt.close();
      await new Promise((r) => api.close(r));
    },
  };
}
