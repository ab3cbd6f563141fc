import { tenseOf } from './tense.js';
import nlp from 'compromise';

/**
 * "it" in a later clause of the same sentence, as the thing the first clause named: "I've come around on jazz, I
 * actually really enjoy it now" → "... I actually really enjoy jazz now"; "I bought a Fender Telecaster last year and I
 * play it every evening" → "... I play the Fender Telecaster every evening" (issue 26: "it" left unresolved, so the
 * clause, the current opinion or the habit, was dropped). Only when both clauses have the same first-person subject,
 * "it" is an object (never the clause's first word) and no idiom ("made it", "hit it off") holds it.
 */

// The first clause, a comma or "and", then a clause of the same speaker that holds "it".
const TWO_CLAUSES =
  /^(?<first>(?:I|We|I've|I'm|We've|We're)\b[^,;.!?]*?)(?<join>\s*,\s*(?:(?:and|but|so)\s+)?|\s+(?:and|but|so)\s+)(?<second>(?:(?:now|then|still|also)\s+)?(?:I|we|I've|I'm|I'll|we've|we're)\b[^.!?]*?\b(?:it|them)\b[^.!?]*)(?<end>[.!?]*)$/u;
const IDIOM =
  /\b(?:make|made|makes|making|get|got|gets|take|took|takes|hit|mean|meant|nailed|nail|wing|believe|guess|keep|kept|call|called|feel|felt)\s+it\b|\bit\s+(?:off|easy|up|out|over|through|together|a\s+(?:try|shot|go|whirl))\b/i;
// Time and frequency words that end a first clause without being its object.
const TIME_TAIL =
  /\s+(?:now|for\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many)\s+(?:days?|weeks?|months?|years?|decades?)|today|yesterday|recently|lately|again|anymore|these days|nowadays|at last|for the first time|(?:last|this|next|every)\s+\w+|in\s+(?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\w+\s+(?:days?|weeks?|months?|years?)\s+ago)\s*$/i;
const NOT_OBJECT = /^(?:I|I've|I'm|we|we've|we're|me|us|it|this|that|something|anything|everything|nothing|time|way|lot|bit|day|week|month|year)$/i;
// "for ten years", "a few months": a duration is when, never what "it" is.
const DURATION = /(?:^|\s)(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|several|many|couple(?:\s+of)?)\s+(?:days?|weeks?|months?|years?|hours?|minutes?|decades?|ages)$/i;

/** The sentence with "it" of its later clause replaced by the first clause's object; unchanged when none is clear. */
export function itAsEarlierObject(sentence: string): string {
  if (!/\b(?:it|them)\b/.test(sentence)) return sentence;
  const m = TWO_CLAUSES.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { first, join, second, end } = m.groups as { first: string; join: string; second: string; end: string };
  // A past remark ("I never had time to read it") is a reason, no lasting fact worth a memory of its own.
  if (tenseOf(second) === 'past' || IDIOM.test(second) || /(?:^|\s)it\s+(?:is|was|'s|’s|has|had|will|would)\b/i.test(second)) return sentence;
  const object = objectOf(first);
  if (!object) return sentence;
  let replaced = false;
  // "them" only for a plural thing ("olives"), "it" only for a singular one.
  const pronoun = /s$/i.test(object) && !/ss$/i.test(object) ? /(?<=\p{Ll}\s)them\b/u : /(?<=\p{Ll}\s)it\b/u;
  const resolved = second.replace(pronoun, () => {
    replaced = true;
    return object;
  });
  return replaced ? `${first}${join}${resolved}${end}` : sentence;
}

/** The last noun phrase of a clause with its time words cut: "a Fender Telecaster" → "the Fender Telecaster". */
function objectOf(clause: string): string | null {
  let c = clause;
  for (let guard = 0; guard < 3 && TIME_TAIL.test(c); guard++) c = c.replace(TIME_TAIL, '');
  const nouns = nlp(c).nouns().out('array') as string[];
  const last = nouns.at(-1)?.trim();
  if (!last || nouns.length < 2 || NOT_OBJECT.test(last) || DURATION.test(last) || !c.trimEnd().endsWith(last)) return null;
  if (last.split(/\s+/).length > 4) return null;
  return last.replace(/^(?:a|an)\s+/i, 'the ').replace(/^(two|three|four|five|six|\d+)\s+/i, 'the $1 ');
}
