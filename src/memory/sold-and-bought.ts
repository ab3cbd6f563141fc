import type { ExtractedFact } from './types.js';

/**
 * "Sold the camper van and got a Tesla Model Y": once a sentence splits in two, the sale only says the old thing
 * ended, which the new thing of the same attribute already says by replacing it. Keeping both left two current
 * vehicles, the sold one among them. The sale is dropped when the same sentence gives its successor.
 */
const ENDED = /\b(?:sold|got rid of|gave away|traded in|returned|scrapped|gave up)\b/i;
const GOT = /\b(?:got|bought|picked up|purchased|replaced it with|now (?:has|drives|rides|owns|uses))\b/i;

export function withoutSaleBeforePurchase(facts: ExtractedFact[]): ExtractedFact[] {
  const sold = facts.findIndex((f) => f.attribute !== null && ENDED.test(f.text));
  if (sold < 0) return facts;
  const s = facts[sold]!;
  const successor = facts.slice(sold + 1).some((f) => f.attribute === s.attribute && f.subject === s.subject && GOT.test(f.text) && !ENDED.test(f.text));
  return successor ? facts.filter((_, i) => i !== sold) : facts;
}
