import type { MemoryRecord } from '../core/types.js';
import { plannedAhead } from './profile-dates.js';

/**
 * A membership taken is lasting (issue 26: `static` = current lasting facts; fresh7
 * f7-replacement-cancelled-signed-up: "The user signed up at Yoga Hero, closer to the flat." was filed as an event,
 * so the static profile lacked the studio that replaced Triyoga). Signing up, joining, enrolling or registering at or
 * with a named place is where the person goes from then on. A sign-up said before its date stays a plan.
 */
const JOINED = /\b(?:signed up|joined|enrolled|registered|became a member)\s+(?:at|with)\s+(?:the\s+)?\p{Lu}[\p{L}'’-]*/u;

/** Whether a fact says its subject became a member of a named place, as done. */
export function membershipTaken(m: Pick<MemoryRecord, 'memory' | 'eventDate' | 'createdAt' | 'metadata' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && JOINED.test(m.memory) && !plannedAhead(m);
}
