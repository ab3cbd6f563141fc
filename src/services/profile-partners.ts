import type { MemoryRecord } from '../core/types.js';
import { PARTNER_WORDS } from '../memory/attribute-words.js';
import { canonicalAttribute } from './memory-ranking.js';
import { escapeRe } from '../text/regex-escape.js';

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

/** The name a fact calls the partner of the person `owner` matches ("The user's girlfriend Priya" -> priya). */
function partnerNamed(text: string, owner: RegExp): string | null {
  const m = owner.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** "the user's|my <partner word> <Name>", or "<Subject>'s <partner word> <Name>". */
function partnerOf(subject: string | null): RegExp {
  const owner = !subject || /^the user$/i.test(subject) ? String.raw`(?:[Tt]he user's|[Uu]ser's|[Mm]y|[Oo]ur)` : String.raw`${escapeRe(subject)}'s`;
  // Case-sensitive: the partner's name is the capitalised word after the partner word ("my partner and I" names nobody).
  return new RegExp(String.raw`\b${owner}\s+(?:${PARTNER_WORDS})\s+(\p{Lu}[\p{Ll}'-]+)`, 'u');
}

/**
 * Ids of the facts that call someone a person's partner who no longer is: said before that person's newest partner
 * fact (attribute `partner`), which ends a relationship with that name, or names a partner and not that one. A partner
 * fact naming nobody ("is married") ends nothing. `later(a, b)`: a was said after b.
 */
export function formerPartnerFacts<T extends Pick<MemoryRecord, 'id' | 'memory' | 'subject' | 'attribute'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const newest = new Map<string, T>();
  for (const m of facts) {
    if (canonicalAttribute(m.attribute) !== 'partner') continue;
    const key = (m.subject ?? '').trim().toLowerCase();
    const held = newest.get(key);
    if (!held || later(m, held)) newest.set(key, m);
  }
  for (const current of newest.values()) {
    const owner = partnerOf(current.subject);
    const names = namesIn(current.memory);
    const ended = ENDED.test(current.memory);
    if (!ended && names.size === 0) continue;
    for (const m of facts) {
      if (m === current || !later(current, m)) continue;
      const named = partnerNamed(m.memory, owner);
      if (named && (ended ? names.has(named) : !names.has(named))) out.add(m.id);
    }
  }
  return out;
}
