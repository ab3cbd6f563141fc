import type { MemoryRecord } from '../core/types.js';

/**
 * An allergy taken back (round 20): "The user is not allergic to eggs anymore", "Mia is no longer allergic to
 * peanuts", "turns out the user isn't allergic to aspirin". It ends the allergy it names (the engine links the two), so
 * it is no lasting fact about the person: a profile that lists it among what holds reads as an allergy to the item.
 * It is recent context while it is recent, like a pet's death.
 */
const WITHDRAWN = /\b(?:(?:is|are|am|was|were)\s+not|isn't|aren't|wasn't|no longer|never been|not)\s+(?:(?:actually|really|even)\s+)?allergic\b/i;

/** Whether a fact says its subject is not (or no longer) allergic to something. */
export function allergyWithdrawn(m: Pick<MemoryRecord, 'memory'>): boolean {
  return WITHDRAWN.test(m.memory);
}
