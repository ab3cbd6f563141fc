import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL } from '../../src/providers/create-embedder.js';
import { healthLatency, healthReport, longest, STALL_MS } from '../helpers/health-probe.js';
import { startServer, waitFor, type ServerProcess } from '../helpers/server-process.js';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../.models');
const modelInstalled = fs.existsSync(path.join(MODELS_DIR, DEFAULT_LOCAL_MODEL, 'onnx', 'model.onnx'));

const WORDS = (
  'river stone lantern harbor meadow copper signal orbit garden ledger quartz ember falcon timber velvet summit ' +
  'archive beacon canyon delta glacier horizon island jungle kernel lagoon marble nebula oasis prairie quiver raven'
).split(' ');

/** About `chars` characters of plain prose in paragraphs (deterministic). */
function largeDocument(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const words = Array.from({ length: 8 + (i % 9) }, (_, k) => WORDS[(i * 7 + k * 13 + (i >> 3)) % WORDS.length]!);
    const s = `${words.join(' ')} ${i}.${i % 6 === 5 ? '\n\n' : ' '}`;
    parts.push(s);
    length += s.length;
  }
  return parts.join('').slice(0, chars);
}

// Issue: one large document froze /health for minutes while its chunks were embedded on the event loop.
describe.runIf(modelInstalled)('the API stays responsive while a large document is embedded (local model)', () => {
  let server: ServerProcess;
  const headers = () => ({ authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    server = await startServer({ MNEMO_EMBEDDINGS: 'local', MNEMO_MODELS_DIR: MODELS_DIR, MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false' });
    await waitFor(async () => {
      const res = await fetch(`${server.baseURL}/health`, { headers: headers() });
      const body = (await res.json()) as { providers?: { embeddings?: { state?: string } } };
      return body.providers?.embeddings?.state === 'ready';
    }, 60_000);
  }, 90_000);
  afterAll(() => server?.stop('SIGKILL'));

  it('keeps answering GET /health while a 4M-character document is being embedded', async () => {
    const add = await fetch(`${server.baseURL}/v3/documents`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ content: largeDocument(4_000_000), containerTag: 'large' }),
    });
    expect(add.status).toBe(200);
    const { id } = (await add.json()) as { id: string };
    const status = async () => {
      const res = await fetch(`${server.baseURL}/v3/documents/${id}`, { headers: headers(), signal: AbortSignal.timeout(30_000) });
      return ((await res.json()) as { status: string }).status;
    };
    await waitFor(async () => (await status()) === 'embedding', 60_000, 50);

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A request the server does not answer within 5 s counts as 5 s (the blocked loop answered after minutes).
      latencies.push(await healthLatency(server.baseURL));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(longest(latencies), healthReport(latencies)).toBeLessThan(STALL_MS);
    // Measured while the model was busy with this document, not after it.
    expect(await status()).toBe('embedding');
  }, 180_000);
});
