import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { DEFAULT_LOCAL_MODEL } from '../../src/providers/create-embedder.js';
import { EmbedderWorkerClient } from '../../src/providers/embedder-worker-client.js';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../.models');
const modelInstalled = fs.existsSync(path.join(MODELS_DIR, DEFAULT_LOCAL_MODEL, 'onnx', 'model.onnx'));
const init = { modelId: DEFAULT_LOCAL_MODEL, localModelPath: `${MODELS_DIR}/`, cacheDir: '/nonexistent', allowDownload: false, dtype: 'fp32' };

describe('embedding worker thread', () => {
  it('rejects with the model loader error when the model cannot be loaded', async () => {
    const client = new EmbedderWorkerClient({ ...init, modelId: 'nobody/no-such-model' });
    await expect(client.start()).rejects.toThrow(/no-such-model/);
    await client.close();
  });

  it.runIf(modelInstalled)(
    'fails requests of a worker that died, restarts it on the next request with a log line; close() ends it',
    async () => {
      const lines: string[] = [];
      const client = new EmbedderWorkerClient(
        init,
        createLogger('warn', (l) => lines.push(l)),
      );
      const first = await client.embed(['a cat on a mat', 'stock prices fell'], 'mean');
      expect(first.dims).toBe(384);
      expect(first.data.length).toBe(2 * 384);

      // A request in flight when the worker dies fails (it does not hang); the next one starts a new worker.
      const { worker } = await client.start();
      const inFlight = client.embed(
        Array.from({ length: 64 }, (_, i) => `sentence ${i} about rivers and stones`),
        'mean',
      );
      await worker.terminate();
      await expect(inFlight).rejects.toThrow('the embedding worker thread died');
      expect(lines.join('')).toContain('embedding worker thread died');
      const again = await client.embed(['a cat on a mat'], 'mean');
      expect(Array.from(again.data)).toEqual(Array.from(first.data.subarray(0, 384)));
      expect(lines.join('')).toContain('restarting the embedding worker thread');

      const current = await client.start();
      await client.close();
      expect(current.worker.threadId).toBe(-1);
      await expect(client.embed(['x'], 'mean')).rejects.toThrow('closed');
    },
    60_000,
  );
});
