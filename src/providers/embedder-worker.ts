import { parentPort, workerData } from 'node:worker_threads';

/**
 * Worker-thread side of the local embedder (transformers-embedder.ts): loads the transformers.js pipeline and runs
 * every inference here, so tensor work never blocks the HTTP event loop. One request at a time; the main thread's
 * InferenceQueue decides the order.
 */
export interface EmbedderWorkerInit {
  modelId: string;
  /** `env.localModelPath`, with a trailing slash. */
  localModelPath: string;
  cacheDir: string;
  allowDownload: boolean;
  dtype: string;
}

export interface EmbedRequest {
  id: number;
  texts: string[];
  pooling: 'mean' | 'cls';
}

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type EmbedderWorkerMessage =
  { type: 'ready' } | { type: 'load-failed'; error: SerializedError } | { type: 'result'; id: number; dims: number; data: Float32Array } | { type: 'error'; id: number; error: SerializedError };

const serialize = (err: unknown): SerializedError => (err instanceof Error ? { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) } : { name: 'Error', message: String(err) });

async function main(port: NonNullable<typeof parentPort>, init: EmbedderWorkerInit): Promise<void> {
  const { pipeline, env } = await import('@huggingface/transformers');
  env.localModelPath = init.localModelPath;
  env.allowLocalModels = true;
  env.allowRemoteModels = init.allowDownload;
  env.cacheDir = init.cacheDir;
  const extractor = await pipeline('feature-extraction', init.modelId, { dtype: init.dtype as 'fp32' });
  let inFlight: Promise<unknown> = Promise.resolve();
  port.on('message', (req: EmbedRequest | 'close') => {
    if (req === 'close') {
      // Ending the thread while ONNX runs aborts the whole process (a native exception): finish, release, then exit.
      void inFlight.finally(async () => {
        await extractor.dispose();
        port.close();
      });
      return;
    }
    inFlight = extractor(req.texts, { pooling: req.pooling, normalize: true }).then(
      (tensor) => {
        const dims = tensor.dims[tensor.dims.length - 1] as number;
        // A copy we own: the tensor's buffer may belong to the ONNX runtime and so cannot be transferred.
        const data = new Float32Array(tensor.data as Float32Array);
        tensor.dispose();
        const msg: EmbedderWorkerMessage = { type: 'result', id: req.id, dims, data };
        port.postMessage(msg, [data.buffer]);
      },
      (err: unknown) => port.postMessage({ type: 'error', id: req.id, error: serialize(err) } satisfies EmbedderWorkerMessage),
    );
  });
  port.postMessage({ type: 'ready' } satisfies EmbedderWorkerMessage);
}

if (parentPort) {
  const port = parentPort;
  main(port, (workerData as { init: EmbedderWorkerInit }).init).catch((err: unknown) => port.postMessage({ type: 'load-failed', error: serialize(err) } satisfies EmbedderWorkerMessage));
}
