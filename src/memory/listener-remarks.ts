/**
 * Remarks to the listener in a chat turn (issue 26, round 23 audit of memories read from real chats). The second
 * reading of a turn (turn-events.ts looseSentences) keeps a sentence to the listener so that an offer keeps its "you"
 * ("I could help you with making content."); but a sentence about the listener alone is their news seen by the
 * speaker, or praise, not a fact of the speaker's: on a hand-labelled sample of 150 memories read from LoCoMo and
 * LongMemEval chats, "Caroline said on 27 June 2023: Your kind words mean a lot.", "Melanie said on 9 June 2023: You're
 * doing an awesome job of inspiring others…" and "Tim said on 2 January 2024: That's an awesome collection." were a
 * quarter of the quotes filed as memories. Such a sentence is left out; a question stays (it is quoted as asked).
 */

const SPEAKER = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours|ourselves)\b/i;
/**
 * The listener described as the sentence's subject: "Your kind words mean a lot to me", "You're so inspiring", "You
 * both look so happy". An invitation or suggestion ("You should come and join me") is not one.
 */
const LISTENER_FIRST = /^(?:(?:and|but|so|also|wow)\s+)?(?:your|you(?:'re|'ve| are| were| have| had| look| looked| seem| all| both| guys| two))\b/i;
/** A verdict on what the listener said or showed: "That's an awesome collection!", "Sounds like your event was amazing". */
const VERDICT = /^(?:that(?:'s| is| was| sounds| looks| seems)|sounds|looks like|seems like|what an?)\b/i;
/** Praise that names the listener: "It's great to see how you're helping so many." */
const PRAISE = /^it(?:'s| is| was)\s+(?:so\s+|really\s+|just\s+)?(?:great|lovely|awesome|amazing|inspiring|cool|nice|good|wonderful|impressive|fantastic)\b[^.!?]*\b(?:you|your|you're|you've)\b/i;

/** True when a (cleaned, non-question) sentence describes the listener, or judges what they said or showed without a word of the speaker's. */
export function isListenerRemark(sentence: string): boolean {
  const s = sentence.replace(/[’‘]/g, "'").trim();
  if (LISTENER_FIRST.test(s)) return true;
  if (SPEAKER.test(s)) return false;
  return VERDICT.test(s) || PRAISE.test(s);
}
