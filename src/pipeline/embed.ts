import type { DocumentRef } from '../core/types.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { SupersededError } from './superseded.js';

/** Documents with more chunks than this to embed are bulk work for the inference queue. */
export const BULK_CHUNKS = 64;

/** Step 4: embeds every staged chunk that has no vector from the current model yet (resumable batch by batch). */
export async function embedDocument(deps: PipelineDeps, ref: DocumentRef, progress?: ProgressFn) {
  const embedder = await deps.embedder.get();
  const pending = await deps.store.chunks.getChunksMissingEmbedding(ref, embedder.id);
  const batchSize = deps.config.embeddings.batchSize;
  // A large document's slices let those of small documents go first (for a bounded time), so adds stay quick.
  const bulk = pending.length > BULK_CHUNKS;
  let done = 0;
  for (let i = 0; i < pending.length; i += batchSize) {
    // A document deleted or replaced while it is being embedded stops here, within one batch, not after every chunk.
    if (i > 0) {
      // Stopping ends it the same way, recording nothing: the document stays in its step and resumes on the next start.
      if (deps.signal?.aborted) throw new SupersededError(ref);
      const current = await deps.store.documents.getDocument(ref.orgId, ref.documentId);
      if (!current || current.generation !== ref.generation) throw new SupersededError(ref);
    }
    const batch = pending.slice(i, i + batchSize);
    const texts = batch.map((c) => c.embeddedContent);
    const vectors = await (bulk ? embedder.embedDocuments(texts, { bulk }) : embedder.embedDocuments(texts));
    await deps.store.chunks.putEmbeddings(
      ref,
      embedder.id,
      batch.map((c, j) => ({ chunkId: c.id, vector: vectors[j]! })),
    );
    done += batch.length;
    progress?.({ embedded: done, total: pending.length });
  }
  return { metadata: { model: embedder.id, embedded: done }, patch: {} };
}
