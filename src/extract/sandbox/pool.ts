import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createError } from '../../core/errors.js';
import { rebuildError, type SandboxReply, type SandboxRequest } from './protocol.js';

// The worker module has this file's extension: .ts when run by tsx or vitest, .js once compiled.
const ENTRY = new URL(`./worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;
const BOOTSTRAP = new URL('../../core/worker-bootstrap.mjs', import.meta.url);

/** Job modules (`RunOptions.module`) every worker started from now on imports before it is ready. */
const PRELOADED = new Set<string>();

/**
 * Has workers import a job module when they start, so its loading is never counted in a job's time limit (the memory
 * engine's sixty modules take longer to load than a short parse limit on a loaded machine). Workers running already
 * import it on their first job of it.
 */
export function preloadSandboxModule(url: string): void {
  PRELOADED.add(url);
}

export interface SandboxOptions {
  /** Worker threads running at most at once; jobs beyond wait in order. */
  size: number;
  /** V8 heap of each worker (resourceLimits); a job needing more fails with EXTRACTION_LIMIT. */
  heapMb: number;
  /** Workers kept running while idle, so a normal document finds one warm. */
  warm?: number;
  /** An idle worker beyond `warm` ends after this long, and with it the memory it holds. */
  idleMs?: number;
  /** A worker ends after this many jobs (memory a parser keeps, or leaks, goes with it). */
  maxJobsPerWorker?: number;
  /** Worker module (tests); default worker.ts, which runs the jobs of jobs.ts. */
  entry?: string;
}

export interface RunOptions {
  /** Time the job may run once a worker has it; past it the worker is terminated and the job fails with EXTRACTION_LIMIT. */
  timeoutMs: number;
  /** Aborting terminates the worker running the job; the job rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: unknown) => void;
  /** End the worker after this job, so the memory the job made it grow is returned at once (large decodes). */
  recycle?: boolean;
  /**
   * How much of the worker's `maxJobsPerWorker` this job uses up (default 1, one parse). A job that reads a little text
   * and keeps nothing of it counts for less, so a stream of them does not restart the worker every few hundred jobs:
   * a restart loads the job's modules again (seconds of CPU for the memory reader, more than 200 short reads cost).
   */
  weight?: number;
  /** What is being parsed, for limit messages: "the HTML page", "the DOCX file". */
  what: string;
  /** Buffers in the payload moved to the worker instead of copied (they are unusable here afterwards). */
  transfer?: ArrayBuffer[];
  /**
   * The URL of a module exporting `SANDBOX_JOBS`, which holds `job`: a job of a layer that extract may not import
   * (the memory engine's extraction, src/pipeline/memory-facts-job.ts). The worker imports it on first use.
   */
  module?: string;
}

interface Task {
  id?: number;
  job: string;
  payload: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
  started: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
  ended: boolean;
}

let nextId = 1;

/**
 * A pool of worker threads that run parsing jobs off the event loop: each job has a time limit, the worker's heap a
 * size limit (resourceLimits), and a worker that overruns either, crashes or is aborted is terminated and replaced,
 * so one hostile file costs at most one worker for at most the time limit. Jobs are named functions of jobs.ts in
 * the worker; any extractor can run there (see isolated.ts).
 */
export class SandboxPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;
  /** Workers terminated for a time limit, a memory limit, a crash or an abort (for tests and /health). */
  replaced = 0;

  constructor(private readonly options: SandboxOptions) {}

  run<T>(job: string, payload: unknown, options: RunOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(new Error('the extraction sandbox is closed'));
      if (options.signal?.aborted) return reject(options.signal.reason);
      const task: Task = { job, payload, options, resolve: resolve as (v: unknown) => void, reject, started: false };
      if (options.signal) {
        task.onAbort = () => this.abort(task, options.signal!.reason);
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Starts the warm workers now, so the first document does not wait for a worker to load. */
  prewarm(): void {
    while (!this.closed && this.slots.size < Math.min(this.options.warm ?? 1, this.options.size)) this.spawn();
  }

  get stats() {
    return { workers: this.slots.size, busy: [...this.slots].filter((s) => s.task).length, queued: this.queue.length, replaced: this.replaced };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, new Error('the extraction sandbox is closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new Error('the extraction sandbox is closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => !s.task && !s.ended);
      if (!slot && this.slots.size < this.options.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      this.assign(slot, task);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: this.options.entry ?? ENTRY, preload: [...PRELOADED] },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null, jobs: 0, ended: false };
    this.slots.add(slot);
    worker.on('message', (m: SandboxReply) => this.onMessage(slot, m));
    worker.on('error', (err: Error & { code?: string }) => {
      const what = slot.task?.options.what ?? 'the file';
      const failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? createError('EXTRACTION_LIMIT', [`${what} needs more than ${this.options.heapMb} MB of memory to parse (MNEMO_EXTRACT_WORKER_HEAP_MB)`], { permanent: true, cause: err })
          : createError('EXTRACTION_FAILED', [`the parser of ${what} stopped unexpectedly`], { permanent: true, cause: err });
      void this.end(slot, failure);
    });
    worker.on('exit', () => void this.end(slot, createError('EXTRACTION_FAILED', [`the parser of ${slot.task?.options.what ?? 'the file'} stopped unexpectedly`], { permanent: true })));
    return slot;
  }

  private assign(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    slot.jobs += task.options.weight ?? 1;
    slot.worker.ref();
    task.id = nextId++;
    slot.worker.postMessage({ type: 'run', id: task.id, job: task.job, payload: task.payload, ...(task.options.module ? { module: task.options.module } : {}) } satisfies SandboxRequest, task.options.transfer ?? []);
    if (slot.ready) this.startClock(slot, task);
  }

  /** The time limit counts from when the worker can run the job (not while it loads its modules). */
  private startClock(slot: Slot, task: Task): void {
    if (task.started) return;
    task.started = true;
    const seconds = Math.round(task.options.timeoutMs / 100) / 10;
    task.timer = setTimeout(() => {
      void this.end(slot, createError('EXTRACTION_LIMIT', [`parsing ${task.options.what} took longer than ${seconds} s (MNEMO_EXTRACT_PARSE_TIMEOUT_MS)`], { permanent: true }));
    }, task.options.timeoutMs);
  }

  private onMessage(slot: Slot, m: SandboxReply): void {
    if (m.type === 'ready') {
      slot.ready = true;
      if (slot.task) this.startClock(slot, slot.task);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    if (m.type === 'progress') {
      task.options.onProgress?.(m.progress);
      return;
    }
    slot.task = null;
    this.settle(task, m.type === 'error' ? rebuildError(m.error) : null, m.type === 'done' ? m.result : undefined);
    if (task.options.recycle || slot.jobs >= (this.options.maxJobsPerWorker ?? 200)) void this.end(slot, null);
    else this.idle(slot);
    this.dispatch();
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    const idleMs = this.options.idleMs ?? 60_000;
    slot.idleTimer = setTimeout(() => {
      if (!slot.task && this.slots.size > (this.options.warm ?? 1)) void this.end(slot, null);
    }, idleMs);
    slot.idleTimer.unref();
  }

  private abort(task: Task, reason: unknown): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(task, reason);
      return;
    }
    const slot = [...this.slots].find((s) => s.task === task);
    if (slot) void this.end(slot, reason);
  }

  /** Terminates a worker; its job (if any) fails with `failure`. A replacement starts when jobs wait or to stay warm. */
  private async end(slot: Slot, failure: unknown): Promise<void> {
    if (slot.ended) return;
    slot.ended = true;
    this.slots.delete(slot);
    clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = null;
    if (task) {
      this.replaced++;
      this.settle(task, failure ?? new Error('the extraction sandbox stopped'));
    }
    await slot.worker.terminate().catch(() => {});
    if (!this.closed) {
      this.dispatch();
      if (task) this.prewarm();
    }
  }

  private settle(task: Task, err: unknown, result?: unknown): void {
    clearTimeout(task.timer);
    if (task.onAbort) task.options.signal?.removeEventListener('abort', task.onAbort);
    if (err) task.reject(err);
    else task.resolve(result);
  }
}
