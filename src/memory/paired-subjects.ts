import { PARTNER_WORDS, RELATIVE_WORDS } from './attribute-words.js';

/**
 * Who a relationship belongs to, when the sentence puts the other person first. "Thandiwe and I got married in
 * Durban" → "I got married to Thandiwe in Durban"; "Sam is my husband" → "My husband is Sam": the user's partner or
 * relative, with the other as its value, so it is filed under the user's relationship, lasting, and updates "I'm
 * engaged to Thandiwe" (issue 26: the fact had no subject nor attribute, and was dropped from the profile as an event).
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

const NAMED_FIRST = new RegExp(
  String.raw`^(?<who>\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s+is\s+my\s+(?<rel>(?:(?:older|younger|little|big|twin|best|new|eldest|oldest|youngest)\s+)?(?:${PARTNER_WORDS}|${RELATIVE_WORDS}|manager|boss|colleague|coworker|co-worker|roommate|flatmate|neighbou?r|landlord|landlady|mentor|doctor|therapist|dentist))(?![\p{L}\p{N}_])(?<rest>(?:\s*[,.;!?].*)?)$`,
  'u',
);

/** "Sam is my husband, he cooks" → "My husband is Sam, he cooks"; unchanged otherwise. */
export function relationFirst(sentence: string): string {
  const m = NAMED_FIRST.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { who, rel, rest } = m.groups as { who: string; rel: string; rest: string };
  if (/^(?:I|It|This|That|There|He|She|They|Who|What)$/.test(who)) return sentence;
  return `My ${rel} is ${who}${rest}`;
}
