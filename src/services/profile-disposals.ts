import type { MemoryRecord } from '../core/types.js';

/**
 * A thing disposed of is news, not a lasting fact (issue 26: `static` = current lasting facts; blind24
 * form-alias-dad-bobby: "The user's dad Robert finally sold the Tucson house." was filed as a lasting fact, so the
 * static profile still named the city he left). Selling, giving away, trading in, scrapping or donating something
 * says what no longer holds; the fact is recent context while it is recent. A disposal said with what replaced it
 * ("traded in the Civic for a Subaru Outback") states the new thing and stays lasting. What the disposal ends is ended by
 * profile-habit-endings.ts. Quitting or giving up a habit ("quit smoking", "gave up meat") is a lasting fact and is
 * not one of these.
 */
const DISPOSED =
  /\b(?:sold|gave away|given away|got rid of|gotten rid of|traded in|scrapped|donated|rehomed|re-homed)\s+(?:(?:the|a|an|my|our|his|her|their|its|the user's|the user’s|\p{Lu}[\p{L}'’-]*['’]s)\s+)?(?:(?:old|little|beloved|trusty)\s+)?[\p{L}\d'’-]+/u;

/** What came in its place, said in the same fact ("traded in the Civic for a Subaru", "sold the Skoda, now drives a VW"). */
const REPLACED = /\b(?:for\s+(?:a|an|the|my|our|his|her|their)\b|now\b|instead\b|replaced\b|(?:and|then)\s+(?:bought|got|picked up|leased|moved|drives?|lives?|has|have|owns?|works?))/i;

/** Whether a fact says its subject disposed of something (and says nothing lasting with it). */
export function disposedOf(m: Pick<MemoryRecord, 'memory'>): boolean {
  return DISPOSED.test(m.memory) && !REPLACED.test(m.memory);
}
