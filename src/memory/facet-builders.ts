import { isPlaceName } from './lexicon.js';
import { toolCategory } from './tools.js';
import { f, k, PARTNER_WORDS, PET_KIND, PET_WORDS, relative, RELATIVE_WORDS, WORKPLACE, type Facet } from './attribute-words.js';

/** The facets the attribute patterns build when a match needs more than its groups: a tool's kind, a group's kind, what "left X" ends. */
// A date is when something happens ("'s anniversary is June 9"), no lasting value of a slot.
export const SLOT_DATE =
  /\d{4}-\d{2}-\d{2}|^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
export const SLOT_NOT = new RegExp(
  String.raw`\b(?:${PARTNER_WORDS}|${RELATIVE_WORDS}|${PET_WORDS}|name|nickname|flight|train|bus|hotel|appointment|meeting|booking|reservation|interview|trip|visit|party|event|exam|game|match|session|call|ticket|seat|gate|room|order|delivery|parcel|package|favou?rite|fave|plan|goal|guess|answer|question|point|problem|issue|fault|idea)s?$`,
  'iu',
);

/** "moved to Asana in January": a product the catalogue of tools knows, not a place. */
export function knownProduct(value: string | undefined): string | null {
  const head = value?.split(/\s+(?:in|for|at|on|last|this|with|from|because|and)\b|[,.;!?]/)[0]?.trim() ?? '';
  return /^\p{Lu}/u.test(head) && !isPlaceName(head) && toolCategory(head) !== null && !/^(?:phone|laptop|computer|tablet|watch|headphones|camera|browser|editor|bank)$/i.test(head) ? head : null;
}

export function tool(product: string | undefined, rest: string, old?: string, knownOnly = false, replaced = false) {
  const v = product?.trim();
  if (!v) return null;
  const category = toolCategory(v, rest) ?? (old ? toolCategory(old) : null);
  if (!category || (knownOnly && !toolCategory(v))) return null;
  return k('tool', category, v, replaced ? { replaced } : {});
}

const GROUP_KINDS =
  /\b(?:book club|running club|gym|choir|chorus|club|band|orchestra|ensemble|collective|quartet|quintet|trio|team|league|society|association|union|church|congregation|synagogue|mosque|guild|fraternity|sorority|crew|troupe|studio|dojo|co-?op|committee|board)\b/i;

/** "member of the Hillside climbing gym" → membership:gym; without a kind word only an explicit "member of" counts. */
export function membership(value: string | undefined, explicit: boolean, extra: Partial<Facet> = {}) {
  const v = value?.trim() ?? '';
  const kind = GROUP_KINDS.exec(v.replace(/[,;!?].*$|\.(?:\s+\p{Ll}.*)?$/u, ''));
  if (!kind && !explicit) return null;
  if (!kind && !/^\p{Lu}/u.test(v.replace(/^the\s+/i, ''))) return null;
  return k('membership', kind ? kind[0].toLowerCase() : v, v, extra);
}

const NOT_AN_ACTIVITY =
  /^(?:the|a|an|her|his|their|my|our|it|that|this|working|work|taking|eating|drinking|using|going|being|seeing|talking|trying|having|to|by|at|in|on|for|and|so|much|anything|everything|nothing|any|some)$/i;

/** A habit's activity as HABIT files it ("tennis", "running"), for "stopped playing tennis"; null for anything else. */
export function activity(word: string | undefined, extra: Partial<Facet>) {
  const v = word?.toLowerCase();
  if (!v || NOT_AN_ACTIVITY.test(v)) return null;
  return k('schedule', v, null, extra);
}

export function petKind(word: string): string {
  const w = word.toLowerCase();
  return PET_KIND[w] ?? w;
}

export function family(word: string, name: string | undefined) {
  return k('family', relative(word), name);
}

/** "left Figma" ends an employer, "left Boston" a residence, "left her job" the employer; "left the party" nothing. */
export function ended(value: string | undefined) {
  const v = value?.trim() ?? '';
  if (v === '' || /^(?:(?:her|his|their|the)\s+)?(?:job|position|role|company|firm)\b/i.test(v)) return f('employer', null, { ended: true });
  if (GROUP_KINDS.test(v.replace(/[,;!?].*$|\.(?:\s+\p{Ll}.*)?$/u, '').split(/\s+(?:and|but|in|on|last|this|after|because)\s/)[0]!)) return membership(v, true, { ended: true });
  const workplace = new RegExp(`^${WORKPLACE}`, 'iu').exec(v);
  if (workplace) return f('employer', workplace.groups!.v!, { ended: true });
  if (!/^\p{Lu}/u.test(v)) return null;
  return isPlaceName(v.replace(/[.,!;].*$/, '')) ? f('residence', v, { ended: true }) : f('employer', v, { ended: true });
}

const NEGATIVE = /^(?:hates?|dislikes?|detests?|can't stand|cannot stand|is not into|isn't into|is not a fan of|isn't a fan of|is tired of|is sick of|is afraid of|is scared of|fears)$/i;

export function opinion(how: string, v: string | undefined, rest: string) {
  const negative = NEGATIVE.test(how) !== /\b(?:not|no longer|never)\b|n't\b/i.test(rest.slice(0, rest.toLowerCase().indexOf(how.toLowerCase())));
  return k('opinion', v, negative ? 'dislikes' : 'likes', { negated: false });
}
