import type { Logger } from '../core/logger.js';
import { startIntervalJob, type IntervalJob } from '../runner/interval-job.js';
import type { Store } from '../storage/store.js';

/** Forgets every memory whose forgetAfter has passed (all organisations); returns how many. */
export async function forgetExpiredMemories(deps: { store: Store; logger: Logger }, now = new Date()): Promise<number> {
  const n = await deps.store.memories.forgetExpiredMemories(now.toISOString());
  if (n > 0) deps.logger.info('expired memories forgotten', { count: n });
  return n;
}

/**
 * Embedded mode's forgetting job: an in-process timer (Temporal mode runs it as a Schedule). Expiry is also applied
 * inside every search and profile query, so a memory past its forgetAfter is hidden at once; the job makes it
 * forgotten for good (isForgotten, forgottenAt), whatever the process was doing when it expired.
 */
export function startMemoryExpiryTimer(everyMs: number, deps: { store: Store; logger: Logger }): IntervalJob {
  return startIntervalJob('memory expiry', () => forgetExpiredMemories(deps), { everyMs, logger: deps.logger });
}
