import { proxyActivities } from '@temporalio/workflow';
import type { MemoryExpiryActivities } from '../activities/forget-memories.js';

const { forgetExpiredMemoriesNow } = proxyActivities<MemoryExpiryActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 3 },
});

/** Started by the memory-expiry Schedule: forgets the memories whose forgetAfter has passed. */
export async function forgetExpiredMemories(): Promise<number> {
  return forgetExpiredMemoriesNow();
}
