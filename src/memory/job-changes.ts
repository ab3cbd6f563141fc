import { isKnownName, isPlaceName } from './lexicon.js';
import type { ExtractedFact } from './types.js';

/**
 * "Marco has left Accenture and moved over to Deloitte", "Left HubSpot in August, I'm at Intercom now", "I switched
 * jobs: I'm at Canva now": the organisation the subject went to or is at, beside a statement that their job changed,
 * is the next employer (not a home, nor where they are this minute). Applied to one turn's facts.
 */
export function nextEmployer(facts: ExtractedFact[]): ExtractedFact[] {
  const changed = facts.filter(changesJob);
  if (changed.length === 0) return facts;
  return facts.map((f) =>
    !changed.includes(f) && changed.some((c) => c.subject === f.subject) && (f.attribute === null || f.attribute === 'residence' || f.attribute === 'location') && organisation(f) ? { ...f, attribute: 'employer', isStatic: true } : f,
  );
}

/**
 * "Kit is at Allegro now", "Dana's at EY these days": someone else is at an organisation since a change. Where a
 * third party is this minute is seldom worth telling; where they now are for good is their workplace. The user's own
 * "I'm at Costa now" stays a whereabouts unless a job change is said with it (`nextEmployer`).
 */
export function thirdPartyWorkplaces(facts: ExtractedFact[], users: ReadonlySet<string>): ExtractedFact[] {
  return facts.map((f) => {
    if (f.attribute !== 'location' || !f.subject || users.has(f.subject)) return f;
    const m = AT_NOW.exec(f.text);
    return m && m[1]!.toLowerCase() === f.subject.toLowerCase() && isOrganisationLike(m[2]!) ? { ...f, attribute: 'employer', isStatic: true } : f;
  });
}

const LEFT_JOB = /\b(?:left|quit|resigned|walked out|walked away|moved on)\b/i;
// "switched jobs", "changed jobs", "got a new job", "New chapter:", "started a new role".
const JOB_CHANGE = /\b(?:(?:switched|changed|swapped)\s+(?:jobs|employers|companies)|new\s+(?:job|role|position|employer|chapter)|job\s+change)\b/i;
const WENT = /\b(?:moved (?:over |across )?to|went (?:over )?to|switched to|joined|(?:is|'s|am|'m|are|'re) (?:now )?at|started at)\s+(?:the\s+)?(\p{Lu}[\p{L}'’&-]*(?:\s+\p{Lu}[\p{L}'’&-]*)*)/u;
const AT_NOW = /^(.+?)\s+(?:is|'s)\s+(?:now\s+)?at\s+(\p{Lu}[\p{L}\d'’&-]*(?:\s+\p{Lu}[\p{L}\d'’&-]*)?)\s+(?:now|these days|nowadays)\b[^,;]*\.?$/u;

function changesJob(f: ExtractedFact): boolean {
  return (f.attribute === 'employer' && LEFT_JOB.test(f.text)) || JOB_CHANGE.test(f.text);
}

/** A city is where they moved ("moved from Ottawa to Toronto"), not whom they work for. */
function organisation(f: ExtractedFact): boolean {
  const name = WENT.exec(f.text)?.[1];
  return name !== undefined && !isPlaceName(name);
}

/** A capitalised name that is no place, no person and no "the ..." venue. */
function isOrganisationLike(name: string): boolean {
  return !isPlaceName(name) && !isKnownName(name.split(/\s+/)[0]!);
}
