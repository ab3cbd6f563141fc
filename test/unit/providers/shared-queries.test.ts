import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/providers/embedder.js';
import { sharingQueryEmbeddings } from '../../../src/providers/shared-queries.js';

function countingEmbedder() {
  const calls: string[] = [];
  const pending: { resolve: (v: Float32Array) => void; reject: (e: unknown) => void }[] = [];
  const embedder: Embedder = {
    id: 'test:model',
    kind: 'hash',
    dimensions: 2,
    calibration: { mean: 0, std: 1 },
    embedDocuments: async (texts) => texts.map(() => new Float32Array([1, 0])),
    embedQuery: (text) => {
      calls.push(text);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
  };
  return { embedder, calls, pending };
}

describe('sharingQueryEmbeddings', () => {
  it('runs one inference for concurrent asks of the same text and gives each caller its own vector', async () => {
    const { embedder, calls, pending } = countingEmbedder();
    const shared = sharingQueryEmbeddings(embedder);
    const a = shared.embedQuery('where is the report');
    const b = shared.embedQuery('where is the report');
    const c = shared.embedQuery('another question');
    expect(calls).toEqual(['where is the report', 'another question']);
    pending[0]!.resolve(new Float32Array([0.6, 0.8]));
    pending[1]!.resolve(new Float32Array([1, 0]));
    const [va, vb, vc] = await Promise.all([a, b, c]);
    expect([...va]).toEqual([...vb]);
    expect([...vc]).toEqual([1, 0]);
    va[0] = 42;
    expect(vb[0]).toBeCloseTo(0.6);
    // Finished inferences are not kept: the same text later is embedded again.
    void shared.embedQuery('where is the report');
    expect(calls).toHaveLength(3);
    expect(shared.id).toBe('test:model');
  });

  it('rejects every sharer of a failed inference and retries on the next ask', async () => {
    const { embedder, calls, pending } = countingEmbedder();
    const shared = sharingQueryEmbeddings(embedder);
    const a = shared.embedQuery('q');
    const b = shared.embedQuery('q');
    pending[0]!.reject(new Error('model down'));
    await expect(a).rejects.toThrow('model down');
    await expect(b).rejects.toThrow('model down');
    const c = shared.embedQuery('q');
    expect(calls).toHaveLength(2);
    pending[1]!.resolve(new Float32Array([0, 1]));
    expect([...(await c)]).toEqual([0, 1]);
  });
});
