import type { ClassifiedFacet } from './classify.js';
import type { RelationCandidate } from './types.js';

/**
 * Which memory an ending or a denial ends (issue 26, round 22). "handed in my notice at Klarna" ends the memory holding
 * Klarna, not whatever job is latest: after "accepted a job at Spotify" in the same turn it is news about the old job.
 * The same for homes ("no longer lives in Leeds" after "moved to Berlin"), partners and memberships: a value named
 * ends only that value. An ending that names none ("quit my job today") ends the value held before its source, never
 * a new one the same source has just told ("accepted a job at Spotify. Handed in my notice this morning.").
 */

/**
 * A job, home or partner just taken, said as such ("accepted a job at", "starts at … on 1 April", "a new flat in"): what
 * a valueless ending in the same source does not end. Past starts ("started at Klarna in 2020") are not news of one.
 */
const TAKEN = /\b(?:accepted|accepting|signed|signing|new|starts|starting|will\s+start|joining|offer|moving|got\s+the\s+job|dating|engaged)\b/i;

/**
 * Whether the ending or denial `ending` (the new fact's facet of the candidate's attribute) leaves the candidate
 * standing: another value named, or a value the same source has just told as taken.
 */
export function endsAnotherValue(ending: ClassifiedFacet, held: ClassifiedFacet, candidate: RelationCandidate, sameValue: (a: string | null, b: string | null) => boolean): boolean {
  if (!ending.ended && !(ending.negated && !held.negated)) return false;
  if (held.ended || held.negated) return false;
  if (ending.value !== null && held.value !== null) return !sameValue(ending.value, held.value);
  if (ending.value !== null || candidate.toldWith === undefined) return false;
  return candidate.toldWith === 'change' || TAKEN.test(candidate.text);
}
