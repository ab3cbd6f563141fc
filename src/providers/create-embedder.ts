import path from 'node:path';
import type { Config } from '../core/config.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { Embedder, EmbedderHandle, EmbedderStatus } from './embedder.js';
import { createHashEmbedder } from './hash-embedder.js';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { sharingQueryEmbeddings } from './shared-queries.js';
import { createTransformersEmbedder, localModelProfile } from './transformers-embedder.js';

/** The default local model (installed by `npm install` from Maven Central; scripts/install-models.mjs). */
export const DEFAULT_LOCAL_MODEL = 'BAAI/bge-small-en-v1.5';
/** The previous default, still installed and selectable with MNEMO_EMBEDDING_MODEL. */
export const MINILM_MODEL = 'sentence-transformers/all-MiniLM-L6-v2';
export const DEFAULT_OPENAI_MODEL = 'text-embedding-3-small';

/**
 * Starts resolving the configured embedder in the background. In `auto` mode a local model that cannot be loaded
 * (no network and nothing installed) falls back to the hash embedder with a warning in the log and /health.
 */
export function createEmbedderHandle(config: Readonly<Config>, logger: Logger): EmbedderHandle {
  const e = config.embeddings;
  let status: EmbedderStatus = { state: 'loading', provider: null, model: null, dimensions: null };
  const ready = (embedder: Embedder, warning?: string): Embedder => {
    status = {
      state: 'ready',
      provider: embedder.kind,
      model: embedder.id,
      dimensions: embedder.dimensions,
      ...(warning ? { warning } : {}),
    };
    logger[warning ? 'warn' : 'info'](warning ?? 'embedding model ready', { model: embedder.id, dimensions: embedder.dimensions });
    return sharingQueryEmbeddings(embedder);
  };

  const resolve = async (): Promise<Embedder> => {
    if (e.mode === 'hash') {
      return ready(createHashEmbedder(), 'MNEMO_EMBEDDINGS=hash: lexical hash embeddings, no semantic model');
    }
    if (e.mode === 'openai') {
      return ready(
        await createOpenAIEmbedder({
          url: e.url!,
          apiKey: e.apiKey,
          model: e.model ?? DEFAULT_OPENAI_MODEL,
          dimensions: e.dimensions,
          batchSize: e.batchSize,
          timeoutMs: e.timeoutMs,
        }),
      );
    }
    const model = e.modelPath ?? e.model ?? DEFAULT_LOCAL_MODEL;
    try {
      return ready(
        await createTransformersEmbedder({
          model,
          modelsDir: e.modelsDir,
          cacheDir: path.join(config.dataDir, 'models'),
          allowDownload: e.allowDownload,
          dtype: e.dtype ?? localModelProfile(model).dtype,
          batchSize: e.batchSize,
          ...(e.pooling ? { pooling: e.pooling } : {}),
          logger,
        }),
      );
    } catch (err) {
      if (e.mode === 'local') throw err;
      return ready(
        createHashEmbedder(),
        `local embedding model "${model}" could not be loaded (${errorMessage(err).slice(0, 300)}); ` + 'using the offline hash embedder (lexical only). Run `npm run models:install` or allow the download.',
      );
    }
  };

  // A failed start (e.g. the embedding endpoint is down) is retried on the next use instead of sticking.
  let promise: Promise<Embedder> | undefined;
  const get = (): Promise<Embedder> => {
    promise ??= resolve().catch((err: unknown) => {
      status = { state: 'failed', provider: null, model: null, dimensions: null, error: errorMessage(err) };
      logger.error('embedding provider failed to start', { error: errorMessage(err) });
      promise = undefined;
      throw err;
    });
    return promise;
  };
  get().catch(() => undefined);
  return { get, status: () => status };
}

/** Wraps an already-built embedder (tests, benchmarks). */
export function staticEmbedderHandle(embedder: Embedder): EmbedderHandle {
  const status: EmbedderStatus = { state: 'ready', provider: embedder.kind, model: embedder.id, dimensions: embedder.dimensions };
  return { get: async () => embedder, status: () => status };
}
