import type { Embedder } from './embedder.js';

/** Finished query vectors kept (least recently asked ones go first): ~0.8 MB at 384 dimensions. */
export const RECENT_QUERY_VECTORS = 512;

/**
 * Concurrent embeddings of one query text share one inference, and the most recent RECENT_QUERY_VECTORS texts'
 * vectors are kept: a hybrid search embeds its query twice at once (for chunks and for memories), and apps repeat
 * questions (a profile with the same `q`, an agent's recall before every turn, a search typed again), each an
 * inference on the model that every search and ingestion share. The wrapper is per embedder, so a kept vector is
 * always the model's own; each caller gets its own copy; a failed inference is not kept.
 */
export function sharingQueryEmbeddings(embedder: Embedder, capacity = RECENT_QUERY_VECTORS): Embedder {
  const inFlight = new Map<string, Promise<Float32Array>>();
  const recent = new Map<string, Float32Array>();
  const keep = (text: string, vector: Float32Array) => {
    recent.delete(text);
    recent.set(text, vector);
    while (recent.size > capacity) recent.delete(recent.keys().next().value!);
  };
  return {
    id: embedder.id,
    kind: embedder.kind,
    dimensions: embedder.dimensions,
    calibration: embedder.calibration,
    embedDocuments: (texts, options) => embedder.embedDocuments(texts, options),
    embedQuery: (text) => {
      const held = recent.get(text);
      if (held) {
        keep(text, held);
        return Promise.resolve(held.slice());
      }
      let pending = inFlight.get(text);
      if (!pending) {
        pending = embedder.embedQuery(text);
        inFlight.set(text, pending);
        pending.then(
          (vector) => {
            inFlight.delete(text);
            if (capacity > 0) keep(text, vector.slice());
          },
          () => inFlight.delete(text),
        );
      }
      return pending.then((vector) => vector.slice());
    },
    ...(embedder.embedQueryAsPassage ? { embedQueryAsPassage: (text: string) => embedder.embedQueryAsPassage!(text) } : {}),
    ...(embedder.close ? { close: () => embedder.close!() } : {}),
  };
}
