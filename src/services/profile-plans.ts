import type { MemoryRecord } from '../core/types.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';
import { homeMoved } from './profile-moves.js';
import { statesHome } from './memory-moves.js';

/**
 * Plans and interim states a later fact of the same person settled (issue 26: "finished plans like 'moving to Seattle
 * in September' after the move", blind22). A profile kept "is moving to Porto at the end of the month" and "is still in
 * Coimbra for now" beside "finally settled in Porto"; "the user's fiancé is Farid" beside "got married in Tangier"; and
 * "Grandpa Henrik lives in a care home in Aarhus" beside "moved in with Aunt Birgit in Odense". Each holds no longer.
 */

type Fact = Pick<MemoryRecord, 'id' | 'memory' | 'subject' | 'attribute'>;

/** "is moving to Porto", "are relocating to Lyon in May": a move planned, and the place. */
const PLANNED_MOVE = /\b(?:is|are|am|'s|'re|'m|will be|was|were)\s+(?:(?:now|soon|finally|also)\s+)?(?:moving|relocating)\s+(?:back\s+)?to\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u;
/** "is still in Coimbra for now", "staying in Ghent for the time being": where someone is until a change. */
const INTERIM = /\b(?:still|for now|for the time being|in the meantime|until (?:we|they|he|she|the user) (?:move|moves))\b/i;
const IN_PLACE = /\b(?:is|are|am|'s|'re|'m|staying|living)\s+(?:(?:still|currently|now)\s+)?(?:in|at)\s+\p{Lu}/u;
/** "got married", "tied the knot", "are married now": an engagement that ended in a wedding. */
const MARRIED = /\b(?:got married|tied the knot|(?:is|are|'s|'re) (?:now )?married|our wedding (?:was|went))\b/i;
const ENGAGED = /\b(?:fianc[ée]e?|engaged)(?![\p{L}])/iu;
/** "moved in with Aunt Birgit in Odense", "moved in with his daughter in Leeds": a new home with someone. */
const MOVED_IN_WITH = /\bmoved\s+in\s+with\s+[^.;]{1,60}?\b(?:in|to)\s+(\p{Lu}[\p{L}'’-]+)/u;

/** A later "moved in with … in <Place>" whose place the older fact does not name. */
function movedInWithElsewhere(text: string, olderText: string): boolean {
  const w = MOVED_IN_WITH.exec(text);
  return w !== null && !olderText.includes(w[1]!);
}

const idOf = (m: Pick<MemoryRecord, 'attribute'>) => attributeSpec(canonicalAttribute(m.attribute))?.id ?? 'other';

/** Ids of facts a later fact of the same person settled. `later(a, b)`: a was said after b. */
export function settledPlans<T extends Fact>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const people = facts.map((m) => ({ m, person: subjectOf(m) }));
  const laterOf = (older: T, person: string | null, test: (m: T) => boolean) => people.some((c) => c.m !== older && c.person === person && later(c.m, older) && test(c.m));
  const settledHome = (m: T) => homeMoved(m) || statesHome(m.memory, idOf(m)) || MOVED_IN_WITH.test(m.memory);
  for (const { m: older, person } of people) {
    if (!person) continue;
    const plan = PLANNED_MOVE.exec(older.memory);
    // A move that happened: a later home of the same person in the planned place.
    if (plan && laterOf(older, person, (c) => settledHome(c) && c.memory.includes(plan[1]!))) out.add(older.id);
    // An interim place ("still in Coimbra for now") that a later move ended.
    else if (INTERIM.test(older.memory) && IN_PLACE.test(older.memory) && idOf(older) !== 'residence' && laterOf(older, person, (c) => homeMoved(c) || MOVED_IN_WITH.test(c.memory))) out.add(older.id);
    // An engagement that a later wedding ended.
    else if (ENGAGED.test(older.memory) && !MARRIED.test(older.memory) && laterOf(older, person, (c) => MARRIED.test(c.memory))) out.add(older.id);
    // A home replaced by moving in with someone elsewhere.
    else if (statesHome(older.memory, idOf(older)) && !MOVED_IN_WITH.test(older.memory) && laterOf(older, person, (c) => movedInWithElsewhere(c.memory, older.memory))) out.add(older.id);
  }
  return out;
}
