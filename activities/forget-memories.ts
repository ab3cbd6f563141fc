import type { PipelineDeps } from '../src/pipeline/deps.js';
import { forgetExpiredMemories } from '../src/services/memory-expiry.js';

/** The activity of the memory-expiry Schedule: the same job the embedded runner's timer runs. */
export function createMemoryExpiryActivities(deps: Pick<PipelineDeps, 'store' | 'logger' | 'embedder'>) {
  return {
    forgetExpiredMemoriesNow: (): Promise<number> => forgetExpiredMemories(deps),
  };
}

export type MemoryExpiryActivities = ReturnType<typeof createMemoryExpiryActivities>;
