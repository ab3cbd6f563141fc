import type { Embedder, EmbedderHandle } from '../providers/embedder.js';

/**
 * The embedder handle with a query embedding shared by the calls in flight for the same text: a hybrid search or a
 * profile with a question asks the memory and the chunk side for the same question at the same time, and each
 * embedded it (one model inference each, the largest part of a search's time). Nothing is kept once the embedding
 * settles (a later search embeds again). Document embeddings pass through.
 */
export function sharedQueryEmbeddings(handle: EmbedderHandle): EmbedderHandle {
  const inFlight = new Map<string, Promise<Float32Array>>();
  const wrapped = new WeakMap<Embedder, Embedder>();
  const wrap = (e: Embedder): Embedder => {
    const embedQuery = (text: string): Promise<Float32Array> => {
      const key = `${e.id}\n${text}`;
      const held = inFlight.get(key);
      if (held) return held;
      const p = e.embedQuery(text);
      inFlight.set(key, p);
      const settle = () => void inFlight.delete(key);
      p.then(settle, settle);
      return p;
    };
    // The embedder itself with embedQuery replaced: its getters (calibration) and other methods stay its own.
    return new Proxy(e, {
      get: (t, prop) => {
        if (prop === 'embedQuery') return embedQuery;
        const value: unknown = Reflect.get(t, prop, t);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  };
  return {
    get: async () => {
      const e = await handle.get();
      let w = wrapped.get(e);
      if (!w) wrapped.set(e, (w = wrap(e)));
      return w;
    },
    status: () => handle.status(),
  };
}
