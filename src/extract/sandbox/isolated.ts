import os from 'node:os';
import type { ExtractLimits, Extractor } from '../types.js';
import { SandboxPool, type RunOptions } from './pool.js';

let shared: SandboxPool | null = null;

/**
 * The process's extraction sandbox, created on first use (one per process: the API server, a Temporal worker),
 * sized to the cores less one, which is left to the event loop (requests); its first worker starts at once so the
 * first document finds it warm.
 */
export function extractionSandbox(limits: Pick<ExtractLimits, 'workerHeapMb'>): SandboxPool {
  if (!shared) {
    shared = new SandboxPool({ size: Math.max(1, Math.min(4, os.availableParallelism() - 1)), heapMb: limits.workerHeapMb, warm: 1 });
    shared.prewarm();
  }
  return shared;
}

/** Ends the shared sandbox's workers (tests, shutdown); the next use starts a new one. */
export async function closeExtractionSandbox(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/** Runs a job of jobs.ts in the shared sandbox, under the parse time limit of `limits`. */
export function runInSandbox<T>(job: string, payload: unknown, limits: Pick<ExtractLimits, 'workerHeapMb' | 'parseTimeoutMs' | 'timeoutMs'>, options: Omit<RunOptions, 'timeoutMs'>): Promise<T> {
  return extractionSandbox(limits).run<T>(job, payload, { ...options, timeoutMs: Math.min(limits.parseTimeoutMs, limits.timeoutMs) });
}

/**
 * The same extractor, run in the sandbox: its parsing happens on a worker thread with the parse time limit and the
 * worker heap limit, so a hostile file (deep nesting, an entity or zip bomb, a pathological table) costs one worker
 * for a bounded time while the event loop keeps answering. The extractor must be one jobs.ts lists.
 */
export function inSandbox(extractor: Extractor, what: string): Extractor {
  return {
    name: extractor.name,
    mimes: extractor.mimes,
    async extract(input, ctx) {
      // The bytes move to the worker (a copy of their own, so the caller's buffer stays usable).
      const bytes = new Uint8Array(await input.bytes());
      return runInSandbox('extract', { extractor: extractor.name, input: { path: input.path, size: input.size, mime: input.mime, filename: input.filename }, bytes, limits: ctx.limits, tmpDir: ctx.tmpDir }, ctx.limits, {
        signal: ctx.signal,
        what,
        transfer: [bytes.buffer],
        onProgress: (p) => ctx.progress(p as Parameters<typeof ctx.progress>[0]),
      });
    },
  };
}
