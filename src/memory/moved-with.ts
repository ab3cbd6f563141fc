/**
 * A person who moves with their employer: "Halvorsen Marine moved HQ to Oslo and Erik relocated with it", "Intel moved
 * our whole team to Reading, so I've relocated there as well", "Nordlys relocated its head office to Stavanger and
 * Sven went with them". The destination of the organisation's move is the person's new home, said the plain way
 * ("Erik relocated to Oslo"), so it is filed as the person's residence and replaces the one before. Read by
 * structure: an organisation's move to a capitalised place, "and / so", then a person who moved "with it / with them
 * / there / too".
 */

const PLACE = String.raw`(?<place>\p{Lu}[\p{L}'’.-]*(?:\s+(?:upon|on|de|del|la|le|am|an|der|sur)?\s*\p{Lu}[\p{L}'’.-]*){0,2})`;
const WHAT = String.raw`(?:(?:its|their|our|the|his|her|my)\s+)?(?:(?:whole|entire|main|uk|european|global)\s+)?(?:hq|HQ|headquarters|head office|offices?|team|department|operations|business|company|firm|base|site|studio|lab)\s+`;
const WHEN = String.raw`(?<when>\s+(?:in|on|last|this|back in|at the (?:start|end) of)\s+[\p{L}\d ]{2,20}?)?`;
const WHO = String.raw`(?<who>I|we|he|she|they|(?:[Mm]y|[Oo]ur)\s+\p{Ll}+(?:\s+\p{Lu}\p{L}+)?|\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?)`;
const AUX = String.raw`(?<aux>(?:has|have|had|'ve|’ve|'s|’s)\s+|\s*)`;
const WITH = String.raw`(?:with\s+(?:it|them|the (?:company|firm|business|team|job|office))|there|along)(?:\s+(?:too|as well|also))?|too|as well`;
const MOVED_WITH = new RegExp(
  String.raw`^(?<org>[^,;!?]{2,60}?)\s+(?:has\s+|have\s+|just\s+)?(?:moved|relocated|shifted|transferred)\s+(?:${WHAT})?to\s+${PLACE}${WHEN}\s*,?\s+(?:and|so)\s+(?:now\s+)?${WHO}\s*${AUX}(?:(?:also|just|finally)\s+)?(?<verb>moved|relocated|went|followed|transferred)\s+(?:${WITH})\b(?<rest>.*)$`,
  'u',
);

/** The person's own move, or the sentence itself when it says no such thing. */
export function movedWithEmployer(sentence: string): string {
  const m = MOVED_WITH.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { org, place, when, who, aux, verb, rest } = m.groups as Record<string, string | undefined>;
  // The organisation is not the person ("I moved to Leeds and my wife went with me" is another shape).
  if (/^(?:I|we|he|she|they)$/i.test(org!.trim())) return sentence;
  const moved = verb === 'went' || verb === 'followed' ? 'moved' : verb!;
  const have = aux!.trim() ? `${aux!.trim().replace(/^['’]/, (a) => a)} ` : '';
  const joined = /^['’]/.test(have) ? `${who}${have}` : `${who} ${have}`;
  return `${capitalise(joined)}${moved} to ${place}${when ?? ''}${rest ?? ''}`.replace(/\s+/g, ' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
