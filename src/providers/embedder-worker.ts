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

/**
 * ONNX Runtime's intra-op threads stop when an inference ends instead of spinning for more work: a spinning thread
 * holds a core the search's own reads and scans need (2 cores here), and on a busy machine it only burns time.
 * Measured on bge-small q8 query embeddings, interleaved in one process at load 17-19 (150 queries, twice):
 * p50 7.2-7.6 ms and 11 ms of CPU a query without spinning against 9.0-14.6 ms and 12.5-13 ms with it (the
 * default); one thread instead of two was slower (p50 31-35 ms). bench/README "Search speed round 7".
 */
const SESSION_OPTIONS = { extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } } };

const serialize = (err: unknown): SerializedError => (err instanceof Error ? { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) } : { name: 'Error', message: String(err) });

async function main(port: NonNullable<typeof parentPort>, init: EmbedderWorkerInit): Promise<void> {
  const { pipeline, env } = await import('@huggingface/transformers');
  env.localModelPath = init.localModelPath;
  env.allowLocalModels = true;
  env.allowRemoteModels = init.allowDownload;
  env.cacheDir = init.cacheDir;
  const extractor = await pipeline('feature-extraction', init.modelId, { dtype: init.dtype as 'fp32', session_options: SESSION_OPTIONS });
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
