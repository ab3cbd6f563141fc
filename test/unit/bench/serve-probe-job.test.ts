import { describe, expect, it } from 'vitest';
import { serveProbeEnv } from '../../../bench/serve-probe-job.js';
import { sliceCorpus } from '../../../bench/quality/scifact.js';
import { loadConfig } from '../../../src/core/config.js';

const job = { dataDir: '/tmp/db', apiKey: 'bench-key-0123456789', embeddings: 'local' as const, bodies: [] };

describe('serve-probe job', () => {
  it('configures the service with the model the database was built with, not the default one', () => {
    const config = loadConfig(serveProbeEnv({ ...job, model: 'sentence-transformers/all-MiniLM-L6-v2' }, {}));
    expect(config.embeddings.model).toBe('sentence-transformers/all-MiniLM-L6-v2');
  });

  it("keeps the job's model over the caller's MNEMO_EMBEDDING_MODEL and passes the other embedding settings", () => {
    const env = serveProbeEnv({ ...job, model: 'BAAI/bge-small-en-v1.5' }, { MNEMO_EMBEDDING_MODEL: 'x/other', MNEMO_EMBEDDING_DTYPE: 'fp32', HOME: '/root' });
    expect(env.MNEMO_EMBEDDING_MODEL).toBe('BAAI/bge-small-en-v1.5');
    expect(env.MNEMO_EMBEDDING_DTYPE).toBe('fp32');
    expect(env.HOME).toBeUndefined();
  });
});

describe('SciFact corpus slice', () => {
  const corpus = Array.from({ length: 100 }, (_, i) => ({ _id: `d${i}` }));
  const q = (ids: string[]) => ({ id: 'q', q: 'claim', containerTag: 'scifact', category: 'claim', relevant: new Map(ids.map((id) => [id, 1])) });

  it('keeps every relevant abstract and fills the rest with evenly spaced others', () => {
    const slice = sliceCorpus(corpus, [q(['d97', 'd3'])], 10);
    expect(slice).toHaveLength(10);
    expect(slice.map((d) => d._id)).toEqual(expect.arrayContaining(['d97', 'd3']));
    expect(new Set(slice.map((d) => d._id)).size).toBe(10);
    const others = slice.map((d) => Number(d._id.slice(1))).filter((n) => n !== 97 && n !== 3);
    expect(Math.max(...others) - Math.min(...others)).toBeGreaterThan(80);
  });

  it('never drops a relevant abstract to meet the limit', () => {
    expect(sliceCorpus(corpus, [q(['d1', 'd2', 'd3'])], 2).map((d) => d._id)).toEqual(['d1', 'd2', 'd3']);
  });
});
