import type { MemoryRecord } from '../core/types.js';
import { happenedDay } from './profile-dates.js';

/**
 * Something taken up recently (issue 26: dynamic is "recent context"; past19: "started learning Welsh on Duolingo in
 * the week of 2025-12-15", filed as a lasting language fact, was missing from dynamic the week it began). A fact that
 * says its subject started learning or taking up something, at a date the reader resolved, is recent context while
 * that date is inside the window, and a lasting fact after it. A start with no date ("started learning piano as a
 * kid") stays where it was filed.
 */
const TAKEN_UP = /\b(?:started|starts|began|begun|has taken up|took up|picked up)\s+(?:learning|studying|taking|practi[sc]ing|playing)\b/i;

/** Whether a fact says something was taken up on a day within the window that starts at `since`. */
export function recentStart(m: Pick<MemoryRecord, 'memory' | 'eventDate' | 'createdAt' | 'metadata'>, since: string): boolean {
  return !!m.eventDate && TAKEN_UP.test(m.memory) && happenedDay(m) >= since;
}
