import { isLabelWord } from './label-speakers.js';
import { isCommonWord, isPlaceName, mayBeName } from './lexicon.js';

/**
 * Named turns beside an assistant (issue 26, round 19): `POST /v4/conversations` writes each message as one
 * `Name: text` line, its further lines indented (services/conversations.ts transcript), so in a transcript where
 * every line that is not indented starts a turn, a member who speaks once ("Chris: I just moved to Athens") is a
 * speaker, not part of the previous speaker's message. Without that shape a once-spoken `Word: text` line stays part
 * of the turn above it (an answer's "Lisbon: cheap and sunny"), as before.
 */

/** Every non-empty line of `lines` is a turn line (by index in `turnLines`) or indented. */
export function everyLineStartsATurn(lines: readonly string[], turnLines: ReadonlySet<number>): boolean {
  return lines.every((l, i) => l.trim() === '' || turnLines.has(i) || /^[ \t]/.test(l));
}

/** A `Name:` that can be a person's: not a label word, place or common word ("Tip", "Lisbon", "Monday"). */
export function personLikeSpeaker(name: string): boolean {
  const first = name.split(/\s+/)[0]!;
  return !isLabelWord(first) && !isPlaceName(name) && (mayBeName(first) || !isCommonWord(first));
}
