import { PARTNER_WORDS } from './attribute-words.js';
import { classifyFact } from './classify.js';
import { escapeRe } from '../text/regex-escape.js';
import { reviseMemoriesNaming, type RevisionDeps } from './memory-revisions.js';
import type { ExtractedFact } from './types.js';

/**
 * A relationship ended ("Rhys and I separated in the spring", "the user divorced Darren"): the memories that call
 * the person the subject's partner ("The user's partner Rhys is a firefighter") still hold true facts about them, but
 * no longer who the partner is. Each gets a next version naming them as the former partner ("Rhys, the user's
 * ex-partner, is a firefighter."), so neither the profile nor "who is my partner?" shows them as current.
 */

const CALENDAR = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|christmas|easter)$/i;

/** The name of the partner a fact says the subject broke up with, divorced or separated from; null otherwise. */
export function endedPartner(fact: ExtractedFact): string | null {
  if (!fact.subject) return null;
  const facet = classifyFact(fact.text, fact.subject, 'present', false).facets.find((x) => x.id === 'partner' && x.ended);
  // "Rhys in the spring", "the user's girlfriend Aoife in February": the first name, not a month or a day.
  for (const m of (facet?.value ?? '').matchAll(/(?<![\p{L}'’])\p{Lu}[\p{L}'’-]*/gu)) if (!CALENDAR.test(m[0])) return m[0];
  return null;
}

/**
 * The text with "<subject>'s <partner word> <name>" written as "<name>, <subject>'s ex-<partner word>,"; null when the
 * text does not call the name the subject's partner.
 */
export function asFormerPartner(text: string, subject: string, name: string): string | null {
  const re = new RegExp(String.raw`\b(${escapeRe(subject)})'s\s+(?:current\s+)?(${PARTNER_WORDS})\s+${escapeRe(name)}(?![\p{L}\p{N}])(\s*,)?`, 'giu');
  if (!re.test(text)) return null;
  re.lastIndex = 0;
  const rewritten = text.replace(re, (_m, owner: string, word: string, comma?: string) => `${name}, ${owner.replace(/^The\b/, 'the')}'s ex-${word.toLowerCase()}${comma ? ',' : ','}`);
  // "… ex-partner, ." at the end of the sentence, and a capital after the rewrite at its start.
  return rewritten.replace(/,\s*([.!?])$/u, '$1').replace(/,,/g, ',');
}

/** After a breakup fact: every latest memory calling the partner the subject's partner names them as the former one. */
export async function endPartnerMentions(deps: RevisionDeps, ctx: Parameters<typeof reviseMemoriesNaming>[1], fact: ExtractedFact, skip: ReadonlySet<string>): Promise<string[]> {
  const name = endedPartner(fact);
  if (!name || !fact.subject) return [];
  const owners = [fact.subject, ...(fact.aliases ?? [])];
  return reviseMemoriesNaming(
    deps,
    ctx,
    name,
    (m) => {
      for (const owner of owners) {
        const text = asFormerPartner(m.memory, owner, name);
        if (text) return { text: sentenceCase(text), subject: m.subject };
      }
      return null;
    },
    skip,
  );
}

export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
