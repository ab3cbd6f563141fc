import { describe, expect, it } from 'vitest';
import type { ChunkRecord } from '../../../src/core/types.js';
import { BULK_CHUNKS, embedDocument } from '../../../src/pipeline/embed.js';
import type { PipelineDeps } from '../../../src/pipeline/deps.js';
import { staticEmbedderHandle } from '../../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';

/** The store calls of the embed step over `count` staged chunks, and the options each embedding call got. */
function fakeDeps(count: number) {
  const ref = { orgId: 'o', documentId: 'd', generation: 1 };
  const chunks = Array.from({ length: count }, (_, i) => ({ id: `c${i}`, embeddedContent: `chunk ${i}` }) as ChunkRecord);
  const calls: ({ bulk?: boolean } | undefined)[] = [];
  const base = createHashEmbedder();
  const embedder = {
    ...base,
    embedDocuments: (texts: readonly string[], options?: { bulk?: boolean }) => {
      calls.push(options);
      return base.embedDocuments(texts);
    },
  };
  const store = {
    chunks: { getChunksMissingEmbedding: async () => chunks, putEmbeddings: async () => undefined },
    documents: { getDocument: async () => ({ generation: 1 }) },
  };
  const deps = { store, embedder: staticEmbedderHandle(embedder), config: { embeddings: { batchSize: 32 } } } as unknown as PipelineDeps;
  return { deps, ref, calls };
}

describe('embedDocument', () => {
  it('marks the batches of a large document as bulk work and those of a small one not', async () => {
    const large = fakeDeps(BULK_CHUNKS + 1);
    await embedDocument(large.deps, large.ref);
    expect(large.calls).toEqual([{ bulk: true }, { bulk: true }, { bulk: true }]);
    const small = fakeDeps(BULK_CHUNKS);
    await embedDocument(small.deps, small.ref);
    expect(small.calls).toEqual([undefined, undefined]);
  });
});
