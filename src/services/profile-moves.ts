import type { MemoryRecord } from '../core/types.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';
import { backAtPlace, backFromStay, boundedStay, movedHome, statesHome } from './memory-moves.js';

/**
 * Homes and stays in a profile (issue 26, round 16). "Gran has moved, so anything posted should now go to her new flat
 * in Whitstable" is filed as an event with no attribute: it sat in recent context while "Gran lives in Canterbury"
 * stayed among the lasting facts. A move said as done is where the person lives now (lasting) and replaces the home
 * said before it; being back ("back in the London flat") ends a stay bounded in time ("working from my parents' place
 * in Devon for two weeks").
 */

function id(m: Pick<MemoryRecord, 'attribute'>): string {
  return attributeSpec(canonicalAttribute(m.attribute))?.id ?? 'other';
}

/** A fact that says its subject moved home, as done, or is back home at a named place ("Back home in Dublin"). */
export function homeMoved(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  return movedHome(m.memory, id(m)) || (/\bback home\b/i.test(m.memory) && backAtPlace(m.memory));
}

/**
 * Ids of the facts whose home a later move of the same person replaced, and of the stays a later return of the same
 * person ended. `later(a, b)`: a was said after b.
 */
export function replacedHomes<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'forgetAfter'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const moves = facts.filter(homeMoved).map((m) => ({ m, person: subjectOf(m) }));
  const returns = facts.filter((m) => backFromStay(m.memory)).map((m) => ({ m, person: subjectOf(m) }));
  if (moves.length === 0 && returns.length === 0) return out;
  for (const older of facts) {
    const person = subjectOf(older);
    if (!person) continue;
    const home = statesHome(older.memory, id(older)) && !homeMoved(older);
    const stay = boundedStay(older.memory, older.forgetAfter !== null);
    if (home && moves.some((c) => c.m !== older && c.person === person && later(c.m, older))) out.add(older.id);
    else if (stay && returns.some((c) => c.m !== older && c.person === person && later(c.m, older))) out.add(older.id);
  }
  return out;
}
