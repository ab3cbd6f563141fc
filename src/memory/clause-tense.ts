import { gerundLooksBack } from './looking-back.js';
import { tenseOf, type Tense } from './tense.js';

/**
 * The tense a date is placed by: its sentence's, unless the clause the date sits in says otherwise (issue 26,
 * profile24: "Since relocating to Bristol in May I cycle everywhere", said in June, put the move in May of the next
 * year, because the sentence's main verb is present).
 * - A clause opened by "since", "ever since", "after", "following" or "now that" on an "-ing" verb or with a past verb
 *   of its own looks back: past ("since Marco and I broke up in May", "after moving here on Saturday"). The "-ing"
 *   verb is looking-back.ts's (its object or place follows, never a verb of its own); after "after" / "following" it
 *   looks back only in a past sentence ("after moving in May I'll look", "meeting Jo after climbing on Friday").
 * - The reverse: a clause of its own whose verb is a scheduled present ("booked the flights, we fly out on Friday",
 *   "signed the lease and we move in June") reads forward inside a past sentence.
 */

// The opener of a looking-back clause and what follows it up to the date (no clause break in between).
const OPENER = /\b(?:ever\s+since|since|after|following|now\s+that)\s+([^,;:!?()]*)$/i;
// "we fly out", "I start", "Noor starts": a present verb that schedules what follows it.
const SCHEDULED =
  /(?:^|[,;]\s*|\s(?:and|but|so)\s+)(?:I|we|you|they|he|she|\p{Lu}\p{Ll}+)\s+(?:(?:just|also|then|finally)\s+)?(?:fly|flies|leave|leaves|start|starts|move|moves|arrive|arrives|begin|begins|head|heads|return|returns|land|lands|travel|travels|go|goes|get back|gets back)\b[^,;]*$/u;

/** The tense that places the date expression starting at `index` of `text`, whose sentence reads `sentence`. */
export function tenseAt(text: string, index: number, sentence: Tense): Tense {
  const before = text.slice(0, index);
  const clause = OPENER.exec(before);
  if (clause) {
    const opener = clause[0]
      .slice(0, clause[0].length - clause[1]!.length)
      .trim()
      .toLowerCase();
    if (tenseOf(clause[1]!) === 'past') return 'past';
    // "after moving here on Saturday" looks back only in a past sentence ("I am meeting Jo after climbing on Friday" is
    // a plan); "since" needs a gerund with its object or place ("since training starts on Saturday" is a cause).
    if (/since|now/.test(opener) ? gerundLooksBack(clause[1]!) : sentence === 'past' && gerundLooksBack(clause[1]!)) return 'past';
  }
  if (sentence === 'past' && SCHEDULED.test(before)) return 'present';
  return sentence;
}
