import { escapeRe } from '../text/regex-escape.js';
import type { ExtractedFact } from './types.js';

/**
 * "Priya: Dan just started at Wise!" / "Dan: lol no, that's my brother Sam. I'm still at Monzo": the person a report
 * was about says it was someone else's news. The reported facts about them, from the turn before, are that other
 * person's ("Sam just started at Wise."), not left on the speaker, where they would replace the speaker's own job
 * (issue 26, shapes20 s20-group-correction-by-subject).
 */
const THATS_SOMEONE =
  /^\s*(?:(?:lol|lmao|haha+|ha|hah|omg|oh|ah|um|erm|no+|nope|nah|not me)[,!.\s]+)*(?:that's|that is|that was|thats|you mean|you're thinking of|youre thinking of|it's|it was)\s+(?:(?:my|our)\s+(?<relative>(?:older\s+|younger\s+|little\s+|big\s+|twin\s+)?(?:brother|sister|cousin|wife|husband|partner|girlfriend|boyfriend|flatmate|roommate|colleague|friend|mum|mom|dad|son|daughter))\s+)?(?<name>\p{Lu}[\p{L}'’-]+)\b(?!\s*(?:'s|’s))/u;
const NO = /^\s*(?:(?:lol|lmao|haha+|ha|hah|omg|oh|ah|um|erm)[,!.\s]+)*(?:no+|nope|nah|not me|wrong person)\b/i;

/** The person a turn says the report was about instead, or null when it says no such thing. */
export function otherSubjectOf(turn: string): string | null {
  if (!NO.test(turn)) return null;
  return THATS_SOMEONE.exec(turn)?.groups?.name ?? null;
}

/** The fact about `from` as the same fact about `to`. */
export function reattributed(fact: ExtractedFact, from: string, to: string): ExtractedFact {
  const name = new RegExp(String.raw`(?<![\p{L}])${escapeRe(from)}(?![\p{L}])`, 'gu');
  return { ...fact, subject: to, text: fact.text.replace(name, to), ...(fact.aliases ? { aliases: [] } : {}) };
}
