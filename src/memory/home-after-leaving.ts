import { isPlaceName } from './lexicon.js';
import type { ExtractedFact } from './types.js';

/**
 * "I moved out of Hull. Now in York.", "Sam: moved out of Leeds. Now in Sheffield.": where a person is "now", said
 * right after they moved out of a place, is their new home, not where they happen to be (issue 26). The sentence
 * shape decides, not the lexicon: compromise knows York but not Hull or Bath, and "moved out of" is said of a home.
 * One of the two places must be one the lexicon knows ("moved out of Hull. Now in Bath." stays a whereabouts).
 */
const MOVED_OUT = /\b(?:moved out of|moved away from|moved on from|left)\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)/u;

/** The facts with such a "now in" whereabouts filed as the home. */
export function homeAfterLeaving(facts: ExtractedFact[]): ExtractedFact[] {
  return facts.map((f, i) => {
    if (f.attribute !== 'location' || !f.subject || i === 0) return f;
    const prev = facts[i - 1]!;
    if (prev.subject !== f.subject) return f;
    const left = /\bmoved\b/.test(prev.text) ? MOVED_OUT.exec(prev.text)?.[1] : undefined;
    const now = /^(.*?)\s+(?:is|are)\s+now\s+in\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\s*([.!]*)$/u.exec(f.text);
    if (!left || !now || !(isPlaceName(left) || isPlaceName(now[2]!))) return f;
    const subject = now[1]!;
    const lives = /^(?:the user and others|we)$|\band\b/i.test(subject) ? 'live' : 'lives';
    return { ...f, attribute: 'residence', isStatic: true, text: `${subject} now ${lives} in ${now[2]!}${now[3] || '.'}` };
  });
}
