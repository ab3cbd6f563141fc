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
    // A finished vector is kept: the same text later is not embedded again, and each caller still gets a copy.
    const again = await shared.embedQuery('where is the report');
    expect(calls).toHaveLength(2);
    expect([...again]).toEqual([...vb]);
    again[0] = 7;
    expect((await shared.embedQuery('where is the report'))[0]).toBeCloseTo(0.6);
    expect(shared.id).toBe('test:model');
  });

  it('keeps only the most recently asked texts', async () => {
    const { embedder, calls, pending } = countingEmbedder();
    const shared = sharingQueryEmbeddings(embedder, 2);
    const ask = async (text: string) => {
      const p = shared.embedQuery(text);
      if (pending.length > 0) pending.shift()!.resolve(new Float32Array([text.length, 0]));
      return p;
    };
    await ask('a');
    await ask('bb');
    await ask('a'); // kept, and now the most recent
    await ask('ccc'); // pushes out 'bb'
    expect(calls).toEqual(['a', 'bb', 'ccc']);
    await ask('a');
    await ask('bb');
    expect(calls).toEqual(['a', 'bb', 'ccc', 'bb']);
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

  it("keeps the model's passage form of a query where it has one, and has none where the model has none", async () => {
    const { embedder } = countingEmbedder();
    expect(sharingQueryEmbeddings(embedder).embedQueryAsPassage).toBeUndefined();
    const asked: string[] = [];
    const withForm: Embedder = {
      ...embedder,
      embedQueryAsPassage: async (text) => {
        asked.push(text);
        return new Float32Array([0, 1]);
      },
    };
    expect([...(await sharingQueryEmbeddings(withForm).embedQueryAsPassage!('a question'))]).toEqual([0, 1]);
    expect(asked).toEqual(['a question']);
  });
});
