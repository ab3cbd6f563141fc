import path from 'node:path';
import { estimateCalibration, BACKGROUND_SENTENCES } from '../vector/calibrate.js';
import type { Embedder } from './embedder.js';
import { InferenceQueue, type InferencePriority } from './inference-queue.js';

export interface TransformersEmbedderOptions {
  /** Hugging Face model id (e.g. sentence-transformers/all-MiniLM-L6-v2) or a local model directory. */
  model: string;
  /** Folder searched first for `<model>/` (models:install puts models in ./.models). */
  modelsDir: string;
  /** Where downloaded models are cached. */
  cacheDir: string;
  allowDownload: boolean;
  dtype: string;
  batchSize: number;
  pooling?: 'mean' | 'cls';
}

/** Local ONNX sentence-embedding model run in-process by @huggingface/transformers. */
export async function createTransformersEmbedder(opts: TransformersEmbedderOptions): Promise<Embedder> {
  const { pipeline, env } = await import('@huggingface/transformers');
  let modelId = opts.model;
  env.localModelPath = opts.modelsDir.endsWith('/') ? opts.modelsDir : `${opts.modelsDir}/`;
  if (path.isAbsolute(opts.model)) {
    env.localModelPath = `${path.dirname(opts.model)}/`;
    modelId = path.basename(opts.model);
  }
  env.allowLocalModels = true;
  env.allowRemoteModels = opts.allowDownload;
  env.cacheDir = opts.cacheDir;
  const extractor = await pipeline('feature-extraction', modelId, { dtype: opts.dtype as 'fp32' });
  const lower = modelId.toLowerCase();
  const pooling = opts.pooling ?? (lower.includes('bge') ? 'cls' : 'mean');
  // BGE v1.5 retrieves better when queries (not passages) carry its instruction prefix.
  const queryPrefix = lower.includes('bge') && lower.includes('en') ? 'Represent this sentence for searching relevant passages: ' : '';

  const queue = new InferenceQueue();
  const run = async (texts: readonly string[], priority: InferencePriority = 'document'): Promise<Float32Array[]> => {
    // Batches of similar lengths waste less work on padding; results go back in the callers' order.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const out = new Array<Float32Array>(texts.length);
    for (let i = 0; i < order.length; i += opts.batchSize) {
      const slice = order.slice(i, i + opts.batchSize);
      const batch = slice.map((j) => (texts[j]!.trim() === '' ? ' ' : texts[j]!));
      const tensor = await queue.run(priority, () => extractor(batch, { pooling, normalize: true }));
      const dims = tensor.dims[tensor.dims.length - 1] as number;
      const data = tensor.data as Float32Array;
      slice.forEach((j, k) => {
        out[j] = Float32Array.from(data.subarray(k * dims, (k + 1) * dims));
      });
    }
    return out;
  };

  const probe = await run(BACKGROUND_SENTENCES);
  return {
    id: `local:${opts.model}`,
    kind: 'local',
    dimensions: probe[0]!.length,
    calibration: estimateCalibration(probe),
    embedDocuments: (texts) => run(texts, 'document'),
    embedQuery: async (text) => (await run([queryPrefix + text], 'query'))[0]!,
    close: async () => {
      await extractor.dispose();
    },
  };
}
