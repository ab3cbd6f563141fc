/**
 * "Thandiwe and I got married in Durban" → "I got married to Thandiwe in Durban": a couple's event said with both as
 * subject is the user's relationship, with the other as its value, so it is filed under the user's partner and
 * updates "I'm engaged to Thandiwe" (issue 26: the shared subject left the fact with no subject nor attribute).
 */
const PAIRED = new RegExp(
  String.raw`^(?<who>(?:(?:my|our)\s+(?:partner|girlfriend|boyfriend|fianc[ée]e?|wife|husband)\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s+and\s+I\s+(?<adv>(?:(?:just|finally|recently|officially|have|had|'ve)\s+)*)(?<verb>got married|got engaged|got divorced|got hitched|broke up|split up|separated|moved in together|tied the knot)\b(?<rest>.*)$`,
  'u',
);
const AS_OBJECT: Record<string, string> = {
  'got married': 'got married to',
  'got engaged': 'got engaged to',
  'got divorced': 'got divorced from',
  'got hitched': 'got married to',
  'tied the knot': 'got married to',
  'broke up': 'broke up with',
  'split up': 'split up with',
  separated: 'separated from',
  'moved in together': 'moved in with',
};

/** The sentence with the user as subject and the other as object; unchanged when it is not such a pair. */
export function pairAsObject(sentence: string): string {
  const m = PAIRED.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { who, adv, verb, rest } = m.groups as { who: string; adv: string; verb: string; rest: string };
  if (/^(?:I|We|The|This|That|Then|So|And|But)$/.test(who)) return sentence;
  const person = who.replace(/^(?:My|Our)\b/, (w) => w.toLowerCase());
  return `I ${adv}${AS_OBJECT[verb]} ${person}${rest}`;
}
