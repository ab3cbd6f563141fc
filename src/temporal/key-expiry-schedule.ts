import type { Client } from '@temporalio/client';
import { ensureSchedule, type ScheduleDefinition } from './schedules.js';

/** The Schedule's ID in the namespace (Temporal UI → Schedules). */
export const KEY_EXPIRY_SCHEDULE_ID = 'mnemo-key-expiry';

export const KEY_EXPIRY_SCHEDULE: ScheduleDefinition = {
  scheduleId: KEY_EXPIRY_SCHEDULE_ID,
  workflowType: 'checkKeyExpiry',
  workflowId: 'key-expiry-check',
  note: 'Sends API key expiry notices (MNEMO_KEY_EXPIRY_NOTICE_DAYS); created by Mnemo at start',
};

/** Creates or updates the key-expiry Schedule (see schedules.ts). */
export function ensureKeyExpirySchedule(client: Client, opts: { taskQueue: string; everyMs: number }): Promise<'created' | 'updated'> {
  return ensureSchedule(client, KEY_EXPIRY_SCHEDULE, opts);
}
