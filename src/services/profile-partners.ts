import type { MemoryRecord } from '../core/types.js';
import { PARTNER_WORDS } from '../memory/attribute-words.js';

/**
 * A partner who is no longer one. Facts that call someone the user's girlfriend, husband or partner ("my girlfriend
 * Leah and I have been together three years", "my boyfriend Marco is a pilot") are filed under whatever else they say
 * (a duration, a job, a dog), so the newer partner fact ("broke up with Leah", "dating Jonas now") does not replace
 * them as a version. In a profile they say something that no longer holds.
 */

/** Words of a relationship that ended. */
const ENDED = /\b(?:broke up|break up|split up|split from|separated|divorced|dumped|ended things|called it off|no longer (?:with|together|dating|seeing|married))\b/i;
const NAME = /\b\p{Lu}[\p{Ll}'-]+/gu;

/** Names a partner fact holds (capitalised words after its first). */
function namesIn(text: string): Set<string> {
  return new Set([...text.slice(1).matchAll(NAME)].map((m) => m[0].toLowerCase()));
}

/** The name a fact calls `subject`'s partner: "The user's girlfriend Priya", "Tom's wife Ana", "my husband Steve". */
export function partnerNamed(text: string, subject: string | null): string | null {
  const owner = !subject || /^the user$/i.test(subject) ? String.raw`(?:the user's|user's|my|our)` : String.raw`${escape(subject)}'s`;
  const m = new RegExp(String.raw`\b${owner}\s+(?:${PARTNER_WORDS})\s+(\p{Lu}[\p{Ll}'-]+)`, 'iu').exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Whether `fact`, said before `current` (the subject's newest partner fact), calls someone the subject's partner who
 * no longer is: `current` ends a relationship with that name, or names a partner and not that one. A partner fact
 * naming nobody ("is married") ends nothing.
 */
export function formerPartnerFact(fact: Pick<MemoryRecord, 'memory'>, current: Pick<MemoryRecord, 'memory' | 'subject'>): boolean {
  const named = partnerNamed(fact.memory, current.subject);
  if (!named) return false;
  const names = namesIn(current.memory);
  if (ENDED.test(current.memory)) return names.has(named);
  return names.size > 0 && !names.has(named);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
