/**
 * "Sold the camper van last month and got a Tesla Model Y instead" (issue 26, round 20): one message gives two facts of
 * one subject + attribute (vehicle), learned at the same moment. The one that says a value ended ("The user sold the
 * camper van in June 2026.") is not the value that holds: at the same time, the fact that states one wins, whatever
 * event date the ending carries.
 */

/**
 * The ending words that end a thing the user did or had, whatever attribute states it (a band, a club, a board seat, a
 * car); not the ones that end a relationship with a person ("broke up with Priya" does not end "Priya and the user
 * adopted a dog, his name is Rufus"), nor "lost" or "ended", which also say other things.
 */
export const ENDS_THING =
  /\b(?:sold|traded\s+(?:\w+\s+){1,3}in\b|part[- ]exchanged|gave away|given away|got rid of|traded in|quit|left(?! for\b)|retired from|resigned from|moved out of|moved away from|closed|shut down|dropped out|stepped down|stopped(?! by)|gave up|given up|cancell?ed|no longer)\b/i;

/** Whether a fact's text says its value ended; false for a fact whose text was not read. */
export function saysEnded(m: object): boolean {
  return 'memory' in m && typeof m.memory === 'string' && ENDS_THING.test(m.memory);
}

/** Of two facts learned at the same time, whether `a` holds over `b` because `b` ends a value and `a` does not. */
export function holdsOverEnding(a: object, b: object): boolean {
  return saysEnded(b) && !saysEnded(a);
}
