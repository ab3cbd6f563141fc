import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../core/logger.js';
import type { EmbedderWorkerInit, EmbedderWorkerMessage, EmbedRequest, SerializedError } from './embedder-worker.js';

// The worker module has this file's extension: .ts when run by tsx or vitest, .js once compiled.
const ENTRY = new URL(`./embedder-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;
const BOOTSTRAP = new URL('./embedder-worker-bootstrap.mjs', import.meta.url);

/** How long close() waits for the inference in progress before it ends the worker thread anyway. */
const CLOSE_TIMEOUT_MS = 30_000;

interface Pending {
  resolve: (r: { dims: number; data: Float32Array }) => void;
  reject: (err: Error) => void;
}

interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The error the worker reported, rebuilt on this side with the same name and message (as if thrown in-process). */
function rebuild(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}

/**
 * Main-thread handle on the embedding worker thread (embedder-worker.ts). Starting it loads the model; a worker that
 * dies is replaced, with a fresh model load, on the next request; close() terminates it.
 */
export class EmbedderWorkerClient {
  private running: Promise<Running> | null = null;
  private nextId = 1;
  private closed = false;
  private crashed = false;

  constructor(
    private readonly init: EmbedderWorkerInit,
    private readonly logger?: Logger,
  ) {}

  /** Starts the worker if none runs and waits until its model is loaded; rejects with the load error. */
  start(): Promise<Running> {
    if (this.closed) return Promise.reject(new Error('the embedder is closed'));
    if (!this.running) {
      if (this.crashed) this.logger?.warn('restarting the embedding worker thread (reloading the model)', { model: this.init.modelId });
      this.running = this.spawn();
      this.running.catch(() => (this.running = null));
    }
    return this.running;
  }

  /** One forward pass over `texts`: the pooled vectors, row after row, `dims` floats each. */
  async embed(texts: string[], pooling: 'mean' | 'cls'): Promise<{ dims: number; data: Float32Array }> {
    const { worker, pending } = await this.start();
    const id = this.nextId++;
    const result = new Promise<{ dims: number; data: Float32Array }>((resolve, reject) => pending.set(id, { resolve, reject }));
    // An idle worker must not keep the process alive, a busy one must.
    worker.ref();
    worker.postMessage({ id, texts, pooling } satisfies EmbedRequest);
    try {
      return await result;
    } finally {
      if (pending.size === 0) worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = await this.running?.catch(() => null);
    this.running = null;
    if (!running) return;
    // The worker finishes the inference in progress and exits by itself; terminate() only if it does not.
    const exited = new Promise((resolve) => running.worker.once('exit', resolve));
    running.worker.ref();
    running.worker.postMessage('close');
    const timer = setTimeout(() => void running.worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private spawn(): Promise<Running> {
    return new Promise<Running>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY, init: this.init } });
      const pending = new Map<number, Pending>();
      let loaded = false;
      let failure: Error | undefined;
      worker.on('message', (msg: EmbedderWorkerMessage) => {
        if (msg.type === 'ready') {
          loaded = true;
          worker.unref();
          resolve({ worker, pending });
        } else if (msg.type === 'load-failed') {
          failure = rebuild(msg.error);
          void worker.terminate();
        } else {
          const p = pending.get(msg.id);
          pending.delete(msg.id);
          if (msg.type === 'result') p?.resolve({ dims: msg.dims, data: msg.data });
          else p?.reject(rebuild(msg.error));
        }
      });
      worker.on('error', (err) => (failure = err));
      worker.on('exit', (code) => {
        if (!loaded) {
          reject(failure ?? new Error(`the embedding worker thread exited (code ${code}) while loading the model`));
          return;
        }
        if (this.closed) {
          for (const p of pending.values()) p.reject(new Error('the embedder is closed'));
          return;
        }
        // Crashed (an uncaught error, out of memory): fail what it was doing; the next request starts a new worker.
        // Only one worker runs at a time, so the one that ended is the current one.
        this.crashed = true;
        this.running = null;
        const reason = failure?.message ?? `exit code ${code}`;
        this.logger?.error('embedding worker thread died; a new one will be started on the next embedding request', {
          model: this.init.modelId,
          error: reason,
          failedRequests: pending.size,
        });
        for (const p of pending.values()) p.reject(new Error(`the embedding worker thread died (${reason})`));
        pending.clear();
      });
    });
  }
}
