import path from 'node:path';
import { DEFAULT_LOCAL_MODEL } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createTransformersEmbedder } from '../../src/providers/transformers-embedder.js';

/** The models `npm install` put in the repo's `.models` folder. */
export const MODELS_DIR = path.resolve(import.meta.dirname, '../../.models');

/** A local embedder on installed weights only (never downloads), fp32, as the measurements used. */
export function localEmbedder(model: string = DEFAULT_LOCAL_MODEL): Promise<Embedder> {
  return createTransformersEmbedder({ model, modelsDir: MODELS_DIR, cacheDir: '/nonexistent', allowDownload: false, dtype: 'fp32', batchSize: 8 });
}
