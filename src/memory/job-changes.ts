import { isPlaceName } from './lexicon.js';
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
    !changed.includes(f) && changed.some((c) => c.subject === f.subject) && (f.attribute === null || f.attribute === 'residence' || f.attribute === 'location') && organisation(f)
      ? { ...f, attribute: 'employer', isStatic: true }
      : f,
  );
}

const LEFT_JOB = /\b(?:left|quit|resigned|walked out|walked away|moved on)\b/i;
// "switched jobs", "changed jobs", "got a new job", "New chapter:", "started a new role".
const JOB_CHANGE = /\b(?:(?:switched|changed|swapped)\s+(?:jobs|employers|companies)|new\s+(?:job|role|position|employer|chapter)|job\s+change)\b/i;
const WENT = /\b(?:moved (?:over |across )?to|went (?:over )?to|switched to|joined|(?:is|'s|am|'m|are|'re) (?:now )?at|started at)\s+(?:the\s+)?(\p{Lu}[\p{L}'’&-]*(?:\s+\p{Lu}[\p{L}'’&-]*)*)/u;

function changesJob(f: ExtractedFact): boolean {
  return (f.attribute === 'employer' && LEFT_JOB.test(f.text)) || JOB_CHANGE.test(f.text);
}

/** A city is where they moved ("moved from Ottawa to Toronto"), not whom they work for. */
function organisation(f: ExtractedFact): boolean {
  const name = WENT.exec(f.text)?.[1];
  return name !== undefined && !isPlaceName(name);
}
