import type { DocumentRef } from '../core/types.js';
import type { PipelineDeps, ProgressFn } from './deps.js';

/** Step 3: embeds every staged chunk that has no vector from the current model yet (resumable batch by batch). */
export async function embedDocument(deps: PipelineDeps, ref: DocumentRef, progress?: ProgressFn) {
  const embedder = await deps.embedder.get();
  const pending = await deps.store.getChunksMissingEmbedding(ref, embedder.id);
  const batchSize = deps.config.embeddings.batchSize;
  let done = 0;
  for (let i = 0; i < pending.length; i += batchSize) {
    const batch = pending.slice(i, i + batchSize);
    const vectors = await embedder.embedDocuments(batch.map((c) => c.embeddedContent));
    await deps.store.putEmbeddings(
      ref,
      embedder.id,
      batch.map((c, j) => ({ chunkId: c.id, vector: vectors[j]! })),
    );
    done += batch.length;
    progress?.({ embedded: done, total: pending.length });
  }
  return { metadata: { model: embedder.id, embedded: done }, patch: {} };
}
