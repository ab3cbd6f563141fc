import type { ScheduleDefinition } from './schedules.js';

/** Forgets memories whose forgetAfter has passed (Temporal UI → Schedules → mnemo-memory-expiry). */
export const MEMORY_EXPIRY_SCHEDULE: ScheduleDefinition = {
  scheduleId: 'mnemo-memory-expiry',
  workflowType: 'forgetExpiredMemories',
  workflowId: 'memory-expiry',
  note: 'Forgets memories past their forgetAfter (MNEMO_MEMORY_EXPIRY_CHECK_MS); created by Mnemo at start',
};
