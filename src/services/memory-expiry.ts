import type { Logger } from '../core/logger.js';
import { JOB_PLAN, startPlannedJobs } from '../memory/job-start-plans.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import { startIntervalJob, type IntervalJob } from '../runner/interval-job.js';
import type { Store } from '../storage/store.js';

export interface MemoryExpiryDeps {
  store: Store;
  logger: Logger;
  /** Embeds the job a planned start becomes on its day; absent, such plans are only forgotten. */
  embedder?: EmbedderHandle;
}

/**
 * Forgets every memory whose forgetAfter has passed (all organisations); returns how many. A planned job start
 * expires on its day (job-start-plans.ts): before it is forgotten, the job it became is written.
 */
export async function forgetExpiredMemories(deps: MemoryExpiryDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  if (deps.embedder) {
    const plans = await deps.store.memories.expiringMemories(at, JOB_PLAN);
    const started = plans.length > 0 ? await startPlannedJobs({ memories: deps.store.memories, embedder: await deps.embedder.get() }, plans, at) : [];
    if (started.length > 0) deps.logger.info('planned job starts became jobs', { count: started.length });
  }
  const n = await deps.store.memories.forgetExpiredMemories(at);
  if (n > 0) deps.logger.info('expired memories forgotten', { count: n });
  return n;
}

/**
 * Embedded mode's forgetting job: an in-process timer (Temporal mode runs it as a Schedule). Expiry is also applied
 * inside every search and profile query, so a memory past its forgetAfter is hidden at once; the job makes it
 * forgotten for good (isForgotten, forgottenAt), whatever the process was doing when it expired.
 */
export function startMemoryExpiryTimer(everyMs: number, deps: MemoryExpiryDeps): IntervalJob {
  return startIntervalJob('memory expiry', () => forgetExpiredMemories(deps), { everyMs, logger: deps.logger });
}
