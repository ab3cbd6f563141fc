/**
 * Two predicates of one subject joined by "and" without a second subject, and a tail whose pronoun names no one
 * (issue 26, round 23):
 * - "I'm based in Denver and work remotely for Shopify", "Mia is based in Oslo and works from home": a home and a job.
 *   The job was read as part of the home ("based in Denver and work remotely for Shopify"), so it was no employer and
 *   a later move would drop it. Each predicate becomes a clause with its subject.
 * - "… work remotely as their head of design": the company's title, said with "their"; the title alone is the role.
 * - "Mum has been made interim CEO while they look for a permanent one": the search for a successor is the company's,
 *   not a fact of the subject, and its "they" made the whole sentence read as unresolved, so it was dropped.
 */

const BE = String.raw`(?:I'm|I am|we're|we are|(?<name>\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?|[Mm]y\s+[\p{Ll}-]+|[Oo]ur\s+[\p{Ll}-]+)\s+(?:is|'s))`;
const BASED_AND_WORK = new RegExp(
  String.raw`^(?<head>(?<be>${BE})\s+(?:(?:now|currently|still)\s+)?(?:based|living|settled)\s+(?:in|near|outside)\s+[^,;]+?)\s*,?\s+and\s+(?:(?:also|both|still|now|currently)\s+)?(?<verb>work|works)\b(?<rest>\s+(?:(?:remotely|from|for|at|as|in|with|part-time|full-time|freelance|there|mostly|mainly)\b)[^;]*)$`,
  'u',
);
// "as their head of design", "as its lead engineer": the title, not whose it is.
const THEIR_TITLE = /\b(work(?:s|ing)?\s+(?:(?:remotely|part-time|full-time|freelance|there|now)\s+)*as)\s+(?:their|its)\s+/giu;
// "while they look for a permanent one", "until they find a replacement": the organisation's search, not the subject's.
const SUCCESSOR_SEARCH =
  /\s*,?\s+(?:while|until|till)\s+(?:they|the board|the company|the firm|the school|the team)\s+(?:look|looks|search|searches|hunt|hunts|find|finds|recruit|recruits|hire|hires)\s+(?:for\s+)?(?:a|an|the)\s+(?:permanent|new|full-time|replacement|successor)(?:\s+[\p{Ll}-]+){0,2}\s*(?=[.!]*\s*$)/iu;

// "we moved to Vienna in April, finally out of Graz", "moved to Leeds - goodbye London": the place left, after a move
// to the new one, is no part of the new home (its name in the memory made the old home look current).
const LEFT_BEHIND =
  /^(.*\b(?:moved|relocated)\b[^,;]*?\s(?:to|into)\s+\p{Lu}[^,;]*?)\s*(?:,|\s[-–—])\s*(?:(?:finally|at last|glad to be|happy to be|so glad to be)\s+out of|goodbye(?: to)?|bye(?: bye)?|so long)\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s*(?:at last|for good|finally)?\s*([.!]*)\s*$/u;

// "started there Monday as a charge nurse instead of the clinic": the old workplace after a title is what the new job
// replaced; it cut the title short ("works as a charge nurse instead of the."). "instead" stays, a change cue.
const TITLE_INSTEAD = /(\bas\s+(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s+instead\s+of\s+(?:the\s+|my\s+|our\s+|her\s+|his\s+|their\s+)?[\p{L}\d'’&. -]{1,40}?(?=\s*[.!,;]|\s*$)/giu;

/** The sentence with its joined predicates as two clauses, and without a pronoun-only tail; or the sentence itself. */
export function predicatesApart(sentence: string): string {
  const s = sentence.replace(SUCCESSOR_SEARCH, '').replace(THEIR_TITLE, '$1 ').replace(LEFT_BEHIND, '$1$2').replace(TITLE_INSTEAD, '$1 instead');
  const m = BASED_AND_WORK.exec(s.trim());
  if (!m) return s;
  const g = m.groups!;
  const be = g.be!;
  const subject = /^I/.test(be) ? 'I work' : /^we/i.test(be) ? 'we work' : `${g.name ?? be.replace(/\s+(?:is|'s)$/, '')} works`;
  return `${g.head}; ${subject}${g.rest}`;
}
