import type { MemoryRecord } from '../core/types.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';
import { jobTaken } from './profile-job-changes.js';
import { plannedAhead } from './profile-dates.js';

/**
 * A job in one city ends with a new job taken in another (issue 26: `static` keeps stale facts; fresh3
 * f3-accountant-leeds-manchester: "The user works as an accountant in Leeds." stayed beside "The user got a new job at
 * Deloitte in Manchester."). A work fact (title or employer) that names the city it is in goes stale when the same
 * person later takes a job said to be in another city. A job said with no city, or in the same city, ends nothing
 * here (profile-job-changes.ts replaces employers).
 */
const IN_PLACE = /\b(?:in|based in)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?=[\s,.;!?]|$)/u;

function placeOf(text: string): string | null {
  return IN_PLACE.exec(text)?.[1]?.toLowerCase() ?? null;
}

function worksThere(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  const a = canonicalAttribute(m.attribute);
  return (a === 'role' || a === 'employer') && /\bworks?\s+(?:as|at|for)\b/i.test(m.memory);
}

/** Ids of the work facts naming a city that a later job taken in another city replaced. `later(a, b)`: a was said after b. */
export function jobsLeftForAnotherCity<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'forgetAfter' | 'eventDate' | 'createdAt' | 'metadata'>>(
  facts: readonly T[],
  later: (a: T, b: T) => boolean,
): Set<string> {
  const taken = facts.filter((m) => jobTaken(m) && !plannedAhead(m) && placeOf(m.memory)).map((m) => ({ m, person: subjectOf(m), place: placeOf(m.memory)! }));
  const out = new Set<string>();
  if (taken.length === 0) return out;
  for (const older of facts) {
    const place = worksThere(older) ? placeOf(older.memory) : null;
    const person = place ? subjectOf(older) : null;
    if (person && taken.some((t) => t.m !== older && t.person === person && t.place !== place && later(t.m, older))) out.add(older.id);
  }
  return out;
}
