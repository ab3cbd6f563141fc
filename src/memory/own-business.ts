import { ADV, f, type Build } from './attribute-words.js';

/**
 * Working for oneself, said in passing (issue 26, round 22): "It's for my own food truck, Smørrebrød & Co, we opened
 * last weekend" is "I run my own food truck, Smørrebrød & Co", where the speaker now works; "No more 14 hour shifts at
 * Noma, thank god" is "I no longer work at Noma". Running one's own business is the employer, so it replaces the job
 * before it. Only a business noun after "my own" or "my new", and only shifts, days or nights at a capitalised name.
 */
const BUSINESS = String.raw`(?:food truck|food stall|restaurant|caf[eé]|coffee shop|bakery|bar|pub|shop|store|boutique|salon|studio|practice|clinic|business|company|startup|start-up|agency|consultancy|firm|catering business|brewery|bookshop|bookstore|gym|nursery|farm|vineyard)`;
const NAME = String.raw`(?:\s*,\s*\p{Lu}[^,.!?]{1,40}?)?`;
const FOR_OWN = new RegExp(
  String.raw`^(?:it's|it is|this is|that's|that is)\s+(?:all\s+|actually\s+)?for\s+(?:my|our)\s+(?:own|new)\s+(?<biz>${BUSINESS})(?<name>${NAME})\s*,\s*(?:which\s+|that\s+)?(?:we|I)\s+(?:just\s+|finally\s+)?(?:opened|launched|started|set up)\b.*$`,
  'iu',
);
const SHIFTS_OVER =
  /^[Nn]o\s+more\s+(?:[\p{L}\d-]+\s+){0,3}?(?:shifts?|days|nights|weekends|double shifts|early starts|late nights)\s+at\s+(?<org>\p{Lu}[\p{L}\d&'.-]*(?:\s+\p{Lu}[\p{L}\d&'.-]*){0,2})(?=\s*(?:[,.!;]|$))/u;

/** "I run my own food truck, …" / "I no longer work at Noma." for those shapes, or the sentence itself. */
export function ownBusinessStated(sentence: string): string {
  const s = sentence.trim();
  const own = FOR_OWN.exec(s);
  if (own?.groups) return `I run my own ${own.groups.biz!.toLowerCase()}${own.groups.name ?? ''}.`;
  const over = SHIFTS_OVER.exec(s);
  if (over?.groups) return `I no longer work at ${over.groups.org}.`;
  return sentence;
}

export const OWN_BUSINESS_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "runs the user's own food truck, Smørrebrød & Co", "has their own bakery now": self-employed, at that business.
  [
    new RegExp(String.raw`^\s+${ADV}(?:runs|run|owns|own|has|have|opened|started|set up)\s+(?:the user's|\p{Lu}[\p{L}'-]*'s|my|our|their|his|her)\s+own\s+(?<v>${BUSINESS}${NAME})`, 'iu'),
    (g) => f('employer', `own ${g.v!.trim()}`),
  ],
];
