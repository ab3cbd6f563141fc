import type { MemoryRecord } from '../core/types.js';
import { subjectOf } from './memory-ranking.js';

/**
 * A habit or a thing ended in other words than its own (issue 26, round 20): "The user goes to the gym every morning"
 * (filed under whatever attribute the reader guessed), then "The user cancelled the user's gym membership, been doing
 * yoga at home instead." (no attribute). Nothing links them, so the gym stayed among the lasting facts. A later fact of
 * the same person that ends a thing (cancelled, quit, gave up, stopped, sold, gave away) ends the facts said before it that
 * name the thing.
 */

/** An ending verb and the words of what it ends, up to a preposition, a comma or the end ("cancelled my gym membership"). */
const ENDING =
  /\b(?:cancell?ed|quit|gave up(?: on)?|given up(?: on)?|stopped(?! by)(?: going to)?|sold|got rid of|dropped out of|donated|traded in|scrapped|rehomed|re-homed)\s+((?:[\p{L}'’-]+\s*){1,4}?)(?=[,.;!?]|\s+(?:at|in|on|for|after|because|since|and|but|so|last|this|to|with|been)\b|$)/iu;
/**
 * A thing given away (blind23, fresh4): "gave the Golf to the user's nephew", "gave Mochi to the user's parents", "gave
 * away the Peloton". One word after an optional "the"/"my", then "away" or "to" someone, so that "gave Tom a lift to
 * school" or "gave a talk to the team" end nothing.
 */
const GIVEN_AWAY =
  /\b(?:gave|given|handed)\s+(?:away\s+((?:(?:the|my|our|his|her|their|the user's|the user’s)\s+)?[\p{L}'’-]+)(?=[,.;!?]|\s+(?:to|for|because|since|and|but|so|last|this)\b|$)|((?:(?:the|my|our|his|her|their|the user's|the user’s)\s+)?(?:old\s+)?[\p{L}'’-]+)\s+(?:away\b|to\s+(?:the user's|the user’s|a|an|my|our|his|her|their|\p{Lu})))/u;
/** Words that say whose or which, not what: "the user's", "my", "the". */
const NOT_THING = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'her', 'their', 'its', 'user', "user's", 'user’s', 'of']);
/** Words too general to name a thing on their own ("membership" of any club, "job" of any employer). */
const GENERAL = new Set(['membership', 'subscription', 'plan', 'account', 'job', 'work', 'contract', 'class', 'classes', 'habit', 'going', 'it', 'that', 'this', 'them', 'everything', 'all']);

/** The words of the thing a fact ends, lower-case; none when it ends nothing named. */
function endedThing(text: string): string[] {
  const m = ENDING.exec(text);
  const g = m ? null : GIVEN_AWAY.exec(text);
  const thing = m?.[1] ?? g?.[1] ?? g?.[2];
  if (!thing) return [];
  return thing
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length >= 3 && !NOT_THING.has(w) && !GENERAL.has(w));
}

/**
 * Ids of the facts naming a thing that a later fact of the same person ended. `later(a, b)`: a was said after b.
 */
export function endedHabits<T extends Pick<MemoryRecord, 'id' | 'memory' | 'subject'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const endings = facts.flatMap((m) => {
    const words = endedThing(m.memory);
    return words.length > 0 ? [{ m, person: subjectOf(m), words: words.map((w) => new RegExp(String.raw`(?<![\p{L}\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}\p{N}])`, 'iu')) }] : [];
  });
  if (endings.length === 0) return out;
  for (const older of facts) {
    const person = subjectOf(older);
    if (!person || endedThing(older.memory).length > 0) continue;
    if (endings.some((e) => e.m !== older && e.person === person && later(e.m, older) && e.words.some((w) => w.test(older.memory)))) out.add(older.id);
  }
  return out;
}
