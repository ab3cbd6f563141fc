import { AppError, ERRORS, type ErrorCode } from '../../core/errors.js';

/** Messages between the sandbox pool (pool.ts) and its worker threads (worker.ts). */
/** `module`: the URL of a module whose `SANDBOX_JOBS` holds `job` (a job of a layer this one may not import). */
export type SandboxRequest = { type: 'run'; id: number; job: string; payload: unknown; module?: string };

export type SandboxReply = { type: 'ready' } | { type: 'progress'; id: number; progress: unknown } | { type: 'done'; id: number; result: unknown } | { type: 'error'; id: number; error: SerializedError };

/** An error as it crosses the thread boundary: AppErrors keep their code, anything else only its name and message. */
export interface SerializedError {
  name: string;
  message: string;
  code?: ErrorCode;
  permanent?: boolean;
  details?: unknown;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof AppError) return { name: err.name, message: err.message, code: err.code, permanent: err.permanent, details: err.details };
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

/** The error rebuilt on the pool's side: the same AppError (code, message, permanence), or a plain Error. */
export function rebuildError(e: SerializedError): Error {
  if (e.code && e.code in ERRORS) return new AppError(e.code, e.message, { permanent: e.permanent, details: e.details });
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}
