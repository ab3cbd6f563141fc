import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createError } from '../../core/errors.js';
import { JOBS, type Job } from './jobs.js';
import { serializeError, type SandboxReply, type SandboxRequest } from './protocol.js';

/**
 * Worker-thread side of the sandbox: runs one job at a time (the pool sends the next only after a reply) and
 * answers with its result or its error. A stack overflow (a structure nested deeper than a parser's recursion) is
 * reported as EXTRACTION_LIMIT with a neutral message, never the engine's own words.
 */
const port = parentPort!;
const reply = (m: SandboxReply) => port.postMessage(m);

port.on('message', (m: SandboxRequest) => {
  if (m?.type !== 'run') return;
  void run(m);
});

/** Modules of jobs outside jobs.ts (`SandboxRequest.module`), imported once each. */
const modules = new Map<string, Promise<Record<string, Job | undefined>>>();

function jobModule(url: string): Promise<Record<string, Job | undefined>> {
  let mod = modules.get(url);
  if (!mod) {
    mod = import(url).then((x: { SANDBOX_JOBS?: Record<string, Job> }) => x.SANDBOX_JOBS ?? {});
    modules.set(url, mod);
  }
  return mod;
}

async function jobOf(m: SandboxRequest): Promise<Job | undefined> {
  return m.module ? (await jobModule(m.module))[m.job] : JOBS[m.job];
}

async function run(m: SandboxRequest): Promise<void> {
  try {
    const job = await jobOf(m);
    if (!job) throw new Error(`unknown sandbox job ${m.job}`);
    const result = await job(m.payload, { progress: (progress) => reply({ type: 'progress', id: m.id, progress }) });
    reply({ type: 'done', id: m.id, result });
  } catch (err) {
    const overflow = err instanceof RangeError && /call stack/i.test(err.message);
    const error = overflow ? createError('EXTRACTION_LIMIT', ['the file nests its content too deeply to be read'], { permanent: true }) : err;
    reply({ type: 'error', id: m.id, error: serializeError(error) });
  }
}

/**
 * Parsing yields the CPU to request handling: on Linux this thread (its own task id) runs at a lower priority
 * (nice +10) than the event loop. Elsewhere, or without /proc, it keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]);
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.min(19, os.getPriority(tid) + 10));
  } catch {
    // not Linux, or not permitted: same priority as the process
  }
}

lowerPriority();
// The pool's preloaded job modules (preloadSandboxModule) load before the worker says it is ready: their loading is
// not part of any job's time. One that fails to load fails its jobs later, with its own error.
await Promise.all(((workerData as { preload?: string[] }).preload ?? []).map((url) => jobModule(url).catch(() => undefined)));
reply({ type: 'ready' });
