import path from 'node:path';
import type { Logger } from '../core/logger.js';
import { backgroundCalibration, BACKGROUND_SENTENCES } from '../vector/calibrate.js';
import type { Embedder } from './embedder.js';
import { EmbedderWorkerClient } from './embedder-worker-client.js';
import { InferenceQueue, inferInSlices, QueryBatcher, type InferencePriority } from './inference-queue.js';

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
  /** Told when the worker thread dies and is restarted. */
  logger?: Logger;
}

/**
 * How a model family is run: its pooling, the instruction its queries (not passages) carry, and the ONNX weights
 * used when MNEMO_EMBEDDING_DTYPE is unset (bge-small: int8, 1.8x faster than fp32 for documents and queries at a
 * cost of ~3 points of dense LoCoMo recall; bench/README.md, "Embedding models and dtypes").
 */
export function localModelProfile(modelId: string): { pooling: 'mean' | 'cls'; queryPrefix: string; dtype: 'fp32' | 'q8' } {
  const lower = modelId.toLowerCase();
  return {
    dtype: lower.includes('bge-small') ? 'q8' : 'fp32',
    pooling: lower.includes('bge') ? 'cls' : 'mean',
    // BGE v1.5 retrieves better when queries carry its instruction prefix.
    queryPrefix: lower.includes('bge') && lower.includes('en') ? 'Represent this sentence for searching relevant passages: ' : '',
  };
}

/**
 * Local ONNX sentence-embedding model run by @huggingface/transformers in a worker thread (embedder-worker.ts), so
 * model loading and inference never block the event loop: a 5M-character document used to stall every request for
 * minutes. One worker is enough, as its ONNX session already uses every core.
 */
export async function createTransformersEmbedder(opts: TransformersEmbedderOptions): Promise<Embedder> {
  let modelId = opts.model;
  let localModelPath = opts.modelsDir.endsWith('/') ? opts.modelsDir : `${opts.modelsDir}/`;
  if (path.isAbsolute(opts.model)) {
    localModelPath = `${path.dirname(opts.model)}/`;
    modelId = path.basename(opts.model);
  }
  const worker = new EmbedderWorkerClient({ modelId, localModelPath, cacheDir: opts.cacheDir, allowDownload: opts.allowDownload, dtype: opts.dtype }, opts.logger);
  await worker.start();
  const profile = localModelProfile(modelId);
  const pooling = opts.pooling ?? profile.pooling;
  const queryPrefix = profile.queryPrefix;

  const queue = new InferenceQueue();
  const infer = (batch: string[]) =>
    worker.embed(
      batch.map((t) => (t.trim() === '' ? ' ' : t)),
      pooling,
    );
  const run = (texts: readonly string[], priority: InferencePriority = 'document'): Promise<Float32Array[]> => inferInSlices(queue, priority, texts, opts.batchSize, infer);
  const queries = new QueryBatcher(queue, opts.batchSize, infer);

  // The background of unrelated texts, as passages and (for a model with a query instruction) as queries.
  const [probe, queryProbe] = await Promise.all([run(BACKGROUND_SENTENCES), queryPrefix ? run(BACKGROUND_SENTENCES.map((t) => queryPrefix + t)) : null]).catch(async (err: unknown) => {
    await worker.close();
    throw err;
  });
  return {
    id: `local:${opts.model}`,
    kind: 'local',
    dimensions: probe[0]!.length,
    calibration: backgroundCalibration(modelId, probe, queryProbe),
    embedDocuments: (texts, options) => run(texts, options?.bulk ? 'bulk' : 'document'),
    embedQuery: (text) => queries.embed(queryPrefix + text),
    ...(queryPrefix ? { embedQueryAsPassage: (text: string) => queries.embed(text) } : {}),
    close: () => worker.close(),
  };
}
