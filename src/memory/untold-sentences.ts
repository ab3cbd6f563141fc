import { term, words } from '../text/tokenize.js';
import { looseSentences, MAX_EVENT_QUOTE_CHARS, quotedEvent, thirdPerson } from './turn-events.js';
import type { ExtractedFact } from './types.js';

/**
 * What a chat turn told that its facts left out (issue 26, round 20). The statement reader keeps a turn's catalogued
 * and clause-shaped statements, and the turn's event (turn-events.ts) is read only when it kept none; so a turn with
 * one weak fact loses the sentences that carry its news. On LoCoMo dev, 118 of 716 questions whose evidence turns say
 * an answer word had no fact of those turns holding it (bench/memories/locomo-answer-words.ts): "I volunteered at the
 * homeless shelter and they gave me a medal!" kept only "Maria volunteered at the homeless shelter.", and "We did it
 * in a gorgeous forest" nothing beside "John got some awesome hiking stuff and outdoor gear."
 *
 * The turn's news sentences (the event reading's: the speaker's or people's news, small talk, thanks, banter,
 * questions, remarks to the listener, changes and negations left out) that share few words with the facts already
 * kept become one event fact in the speaker's words, dated by the turn: "Maria said on 9 August 2023: Last week was
 * wild - Maria volunteered at the homeless shelter and they gave Maria a medal." Like the turn event, it is never a
 * profile fact (no attribute, not static), so it updates nothing.
 */

/** Informative words a sentence must say that none of the turn's facts holds, to be told again. */
export const MIN_UNTOLD_WORDS = 3;
/** Share of a sentence's informative words that no fact of the turn holds, at least. */
const MIN_UNTOLD_SHARE = 0.5;
/** A sentence to or about the listener, or a remark on what they said or showed: theirs, not the speaker's news. */
const TO_LISTENER = /\b(?:you|your|you're|you've|you'll|you'd|yours|yourself|ya)\b/i;
const REMARK =
  /^(?:keep|don't|do|let me know|let's|let us|have fun|enjoy|make sure|try|remember|wishing|hope|i hope|i bet|good luck|that(?:'s| is| was)|sounds|looks|what|how|why|can't wait)\b|^(?:that|this|it|those|these)\b[^.!?]{0,40}\b(?:sounds?|looks?|seems?)\b/i;

function informativeTerms(text: string, skip: ReadonlySet<string>): string[] {
  return words(text).flatMap((w) => {
    const t = term(w);
    return t === null || skip.has(t) || /^\d+$/.test(t) ? [] : [t];
  });
}

/** "they gave Maria a medal!" → "They gave Maria a medal." (one statement, a trailing mark or emoji dropped). */
function asStatement(sentence: string): string {
  const core = sentence.replace(/[^\p{L}\p{N})'"%]+$/u, '');
  return core ? `${core.charAt(0).toUpperCase()}${core.slice(1)}.` : '';
}

/**
 * The event fact of the sentences of a chat turn that its facts (`told`, the facts already read from this turn) leave
 * out, or null when they hold its news. `date`: the turn's day (ISO); `names`: the conversation's people.
 */
export function untoldEvent(turn: { speaker: string; content: string }, told: readonly ExtractedFact[], date: string | null, names: readonly string[] = []): ExtractedFact | null {
  const speaker = turn.speaker.trim();
  if (!speaker || told.length === 0) return null;
  const who = speaker.charAt(0).toUpperCase() + speaker.slice(1);
  const people = new Set([...names, speaker].flatMap((n) => words(n)).flatMap((w) => term(w) ?? []));
  const known = new Set(told.flatMap((f) => informativeTerms(f.text, people)));
  let quote = '';
  // The second reading's sentences (turn-events.ts): a sentence about a thing with no pronoun ("It was rich and
  // creamy", "The views were spectacular") tells the turn's news as well; questions and remarks to the listener not.
  for (const sentence of looseSentences(turn.content, [...names, speaker]).sentences) {
    if (sentence.endsWith('?') || TO_LISTENER.test(sentence) || REMARK.test(sentence)) continue;
    // "I finally ran the marathon-- it took me five hours": a dash glued to a word is the clause break it stands for.
    const said = asStatement(thirdPerson(sentence.replace(/\s*-{2,}\s*/g, ' - '), who));
    const own = [...new Set(informativeTerms(said, people))];
    const untold = own.filter((t) => !known.has(t));
    if (untold.length < MIN_UNTOLD_WORDS || untold.length < MIN_UNTOLD_SHARE * own.length) continue;
    const next = `${quote} ${said}`.trim();
    if (quote && next.length > MAX_EVENT_QUOTE_CHARS) break;
    quote = next;
  }
  if (!quote) return null;
  return quotedEvent(speaker, 'said', date, quote);
}
