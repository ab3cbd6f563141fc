// One retry mechanism for the whole service: the backoff curve (the document runner schedules its next attempt
// with it, Temporal reconnects with it) and the loop that retries a call (provider requests of the connectors, the
// LLM client), honouring a server's Retry-After.

/** Exponential backoff with full jitter in [base·2^(n-1)/2, base·2^(n-1)], capped at max. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Retry-After as milliseconds: seconds, an HTTP date, or OpenAI's retry-after-ms; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  baseMs: number;
  /** Cap on a backoff wait. */
  maxMs: number;
  /**
   * Longest wait a server may ask for (Retry-After) that is honoured; default maxMs. A longer one is cut to it
   * ('cap', the default) or ends the retries at once ('stop': waiting less than asked is pointless, the caller
   * retries later).
   */
  maxRetryAfterMs?: number;
  onLongRetryAfter?: 'cap' | 'stop';
}

export interface RetryHooks {
  /** Whether another attempt may help (a transient failure). */
  retryable(err: unknown): boolean;
  /** The wait the server asked for with this failure, if any (overrides the backoff). */
  retryAfterMs?(err: unknown): number | undefined;
  /** Ends the waits (and the retries) early; the abort reason is thrown. */
  signal?: AbortSignal;
  /** Called before each wait (logging). */
  onRetry?(err: unknown, attempt: number, waitMs: number): void;
  /** Test seam: the wait itself. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Runs `fn` (given the attempt number, from 1) until it succeeds, a failure is not retryable, or attempts run out. */
export async function withRetry<T>(policy: RetryPolicy, hooks: RetryHooks, fn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= policy.attempts || !hooks.retryable(err) || hooks.signal?.aborted) throw err;
      const asked = hooks.retryAfterMs?.(err);
      const longest = policy.maxRetryAfterMs ?? policy.maxMs;
      if (asked !== undefined && asked > longest && policy.onLongRetryAfter === 'stop') throw err;
      const waitMs = asked !== undefined ? Math.min(asked, longest) : backoffDelay(attempt, policy.baseMs, policy.maxMs);
      hooks.onRetry?.(err, attempt, waitMs);
      await (hooks.sleep ?? sleep)(waitMs, hooks.signal);
    }
  }
}

/** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
