import type { Embedder } from './embedder.js';

/**
 * Concurrent embeddings of one query text share one inference. A hybrid search embeds its query twice at once (for
 * chunks and for memories): with a local model the second inference queued behind the first and added its whole
 * run time to every search. Only requests in flight are shared; finished vectors are not kept (each caller gets
 * its own copy).
 */
export function sharingQueryEmbeddings(embedder: Embedder): Embedder {
  const inFlight = new Map<string, Promise<Float32Array>>();
  return {
    id: embedder.id,
    kind: embedder.kind,
    dimensions: embedder.dimensions,
    calibration: embedder.calibration,
    embedDocuments: (texts, options) => embedder.embedDocuments(texts, options),
    embedQuery: (text) => {
      let pending = inFlight.get(text);
      if (!pending) {
        pending = embedder.embedQuery(text);
        inFlight.set(text, pending);
        const forget = () => inFlight.delete(text);
        pending.then(forget, forget);
      }
      return pending.then((vector) => vector.slice());
    },
    ...(embedder.close ? { close: () => embedder.close!() } : {}),
  };
}
