import type { ExtractedFact } from './types.js';

/**
 * A job ended and another started in one document, in either order (issue 26, round 22): "It's for my own food
 * truck, we opened last weekend … No more 14 hour shifts at Noma", "accepted a job at Spotify … handed in my notice
 * at Klarna". Memories are judged in the order of the facts, and an ending replaces the subject's latest employer,
 * which by then was the new job. The ending happened first in the story either way (it is what the new job replaced),
 * so it is put before the subject's new employer fact of the same document. Only an ending that names its employer
 * moves, and only before a fact about another one: "I joined Monzo in 2020. Last week I handed in my notice." ends
 * Monzo in the order told (a valueless ending after a job just taken is the judge's, ended-before-change.ts).
 */
const ENDED = /\b(?:no longer|not any more|not anymore|left|quit|resigned|stopped working|handed in (?:my|his|her|their|the user's) notice|finished (?:up )?at|last day at)\b/i;

/** The employer an ending names ("… notice at Klarna", "shifts at Noma"), if any. */
const NAMED = /\b(?:at|from|with)\s+([A-Z\u00C0-\u024F][\w\u00C0-\u024F&'’.-]*(?:\s+[A-Z\u00C0-\u024F][\w\u00C0-\u024F&'’.-]*)*)/;

/** The facts with each employer ending that names its employer before the same subject's facts of another employer. */
export function endingsFirst(facts: ExtractedFact[]): ExtractedFact[] {
  const out = [...facts];
  for (const ending of facts) {
    if (ending.attribute !== 'employer' || !ENDED.test(ending.text)) continue;
    const named = NAMED.exec(ending.text)?.[1]?.replace(/[.'’-]+$/, '');
    if (named === undefined) continue;
    const at = out.indexOf(ending);
    const first = out.findIndex((f, i) => i < at && f.attribute === 'employer' && f.subject === ending.subject && !ENDED.test(f.text) && !f.text.includes(named));
    if (first < 0) continue;
    out.splice(at, 1);
    out.splice(first, 0, ending);
  }
  return out;
}
