import type { MemoryRecord } from '../core/types.js';
import { subjectOf } from './memory-ranking.js';
import { statesHome } from './memory-moves.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute } from './memory-ranking.js';

/**
 * An arrival at a new home is a move (issue 26: a moved user's new city, without the old one; profile15
 * p15-conversation-relocation: "The user and others have arrived in Toronto, the flat is tiny but the neighbourhood
 * is great." sat in recent context while "The user lives in Manchester." stayed lasting). Arriving, landing or
 * settling in a named place, said with the home found there (the flat, the new house, our apartment), is where the
 * person lives now: lasting, and it replaces the home said before it. An arrival with a hotel, or with no home, is a
 * trip and stays what it was filed as.
 */
const ARRIVED = /\b(?:arrived|landed|settled)\s+in\s+\p{Lu}[\p{L}'’-]*[^.;!?]*?\b(?:the|our|my|their|his|her|a)\s+(?:new\s+)?(?:flat|apartment|house|condo|new place|home)\b/u;

/** Whether a fact says its subject arrived at a new home in a named place. */
export function arrivedHome(m: Pick<MemoryRecord, 'memory' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && ARRIVED.test(m.memory) && !/\b(?:hotel|hostel|airbnb|holiday|vacation|trip|conference|visit)\b/i.test(m.memory);
}

/** Ids of the homes a later arrival of the same person replaced. `later(a, b)`: a was said after b. */
export function homesLeftOnArrival<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'forgetAfter'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const arrivals = facts.filter(arrivedHome).map((m) => ({ m, person: subjectOf(m) }));
  const out = new Set<string>();
  if (arrivals.length === 0) return out;
  for (const older of facts) {
    const person = subjectOf(older);
    const id = attributeSpec(canonicalAttribute(older.attribute))?.id ?? 'other';
    if (person && statesHome(older.memory, id) && arrivals.some((a) => a.m !== older && a.person === person && later(a.m, older))) out.add(older.id);
  }
  return out;
}
