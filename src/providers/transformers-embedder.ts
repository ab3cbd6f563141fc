import path from 'node:path';
import { estimateCalibration, BACKGROUND_SENTENCES } from '../search/calibrate.js';
import type { Embedder } from './embedder.js';

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

  const run = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += opts.batchSize) {
      const batch = texts.slice(i, i + opts.batchSize).map((t) => (t.trim() === '' ? ' ' : t));
      const tensor = await extractor(batch, { pooling, normalize: true });
      const dims = tensor.dims[tensor.dims.length - 1] as number;
      const data = tensor.data as Float32Array;
      for (let j = 0; j < batch.length; j++) out.push(Float32Array.from(data.subarray(j * dims, (j + 1) * dims)));
    }
    return out;
  };

  const probe = await run(BACKGROUND_SENTENCES);
  return {
    id: `local:${opts.model}`,
    kind: 'local',
    dimensions: probe[0]!.length,
    calibration: estimateCalibration(probe),
    embedDocuments: run,
    embedQuery: async (text) => (await run([queryPrefix + text]))[0]!,
    close: async () => {
      await extractor.dispose();
    },
  };
}
