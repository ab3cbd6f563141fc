import { proxyActivities } from '@temporalio/workflow';
import type { KeyExpiryActivities } from '../activities/key-expiry.js';
import type { KeyExpiryNotice } from '../src/services/key-expiry.js';

const { notifyExpiringKeys } = proxyActivities<KeyExpiryActivities>({
  startToCloseTimeout: '2 minutes',
  // The next scheduled run retries anyway; a few quick retries ride out a store or SMTP blip.
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 3 },
});

/** Started by the key-expiry Schedule: sends the API key expiry notices that are due (once each; state in the store). */
export async function checkKeyExpiry(): Promise<KeyExpiryNotice[]> {
  return notifyExpiringKeys();
}
