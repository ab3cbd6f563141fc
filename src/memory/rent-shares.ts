/**
 * "chris moved out so now im paying the full 1400 myself": an amount paid alone after a flatmate left is the rent,
 * though the word "rent" is not said (issue 26, fresh21 f21-text-rent-roommate: the amount had no attribute, so the
 * old shared rent stayed the answer). Only with a word of shared housing in the sentence; the sentence is returned
 * with "rent" after the amount so the rent pattern reads it.
 */
const SHARED_HOUSING = /\b(?:moved out|moving out|roommate|room-mate|flatmate|flat-mate|housemate|house-mate|landlord|landlady|lease|split(?:ting)? (?:it|the rent)|on my own now)\b/i;
const PAID_ALONE =
  /\b(?<paid>(?:pay|pays|paying|am paying|'m paying|im paying)\s+(?:the\s+full|the\s+whole|all(?:\s+of)?(?:\s+the)?|full)\s+)(?<amount>[$£€]?\s?\d[\d,.]*\s?k?(?:\s+(?:a|per|every)\s+month)?)(?!\s*(?:rent|%|percent))(?=\s+(?:myself|alone|by myself|on my own|now|ugh|lol|every|a month|per month)\b|\s*[,.!]|\s*$)/iu;

/** The sentence with "rent" said after an amount paid alone in shared housing; unchanged otherwise. */
export function rentPaidAlone(sentence: string): string {
  if (/\brent\b/i.test(sentence) || !SHARED_HOUSING.test(sentence)) return sentence;
  const m = PAID_ALONE.exec(sentence);
  if (!m?.groups) return sentence;
  const end = m.index + m[0].length;
  return `${sentence.slice(0, end)} rent${sentence.slice(end)}`;
}
