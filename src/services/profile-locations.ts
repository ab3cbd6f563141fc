import type { MemoryRecord } from '../core/types.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';
import { attributeSpec } from '../memory/attributes.js';
import { locationReadsAsHome } from './home-locations.js';

/**
 * Where someone is, said with nothing of a trip about it, when the profile knows no home for them (issue 26, blind23:
 * "I'm in Galway and my mum lives in Cork, what's a halfway place to meet?" filed "The user is in Galway." as a
 * current location, so the user's profile had the mother's city and not the user's). Search already answers "where
 * does the user live?" with it (home-locations.ts); the profile lists it among the lasting facts too. A location with an
 * end (it expires) or beside a home of the same person stays recent context.
 */

type Fact = Pick<MemoryRecord, 'id' | 'memory' | 'subject' | 'attribute' | 'forgetAfter'>;

const idOf = (m: Pick<MemoryRecord, 'attribute'>) => attributeSpec(canonicalAttribute(m.attribute))?.id ?? 'other';

/** Ids of the location facts among `recent` that stand for a home: no end, no trip words, no home of that person in `facts`. */
export function locationsAsHomes<T extends Fact>(recent: readonly T[], facts: readonly T[]): Set<string> {
  const housed = new Set(facts.filter((m) => idOf(m) === 'residence').map((m) => subjectOf(m)));
  return new Set(recent.filter((m) => idOf(m) === 'location' && !m.forgetAfter && locationReadsAsHome(m.memory) && !housed.has(subjectOf(m))).map((m) => m.id));
}
