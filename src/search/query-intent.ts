/**
 * What a question asks of a passage beyond its words, for conversation memory: "When did Caroline go to the
 * support group?" is answered by a line Caroline said ("[8 May 2023] Caroline: I went to a support group
 * yesterday"), and by one that places the event in time. Keyword coverage misses both: the speaker's name
 * stands on half the lines of a two-person conversation (a low IDF), and "when" is a stopword.
 *
 * Three signals, each 0 or 1, that join the fused similarity as a third, weak evidence of the noisy-OR (a passage
 * already at 0.9 gains less than one at 0.5; the result stays in [0, 1]; SearchService.chunkEvidence):
 * - `speaker`: a line of the passage is said by a person the question names (`Name:` or `[date] Name:` at the
 *   start of a line, the transcript format of POST /v4/conversations and of chat exports);
 * - `time`: the question asks when, and the passage's own words (not a `[date]` prefix) place something in time;
 * - `owned`: the question asks for a suggestion about "my <thing>", and the passage says "my <thing>" (round 11).
 * Chosen on LoCoMo dev by replaying its first stage (bench/quality-replay.ts, bench/README "Round 5").
 */

import { term, words } from '../text/tokenize.js';
import { subwordMatch } from './subword-terms.js';

/** Evidence of a passage spoken by a person the question names. */
export const SPEAKER_EVIDENCE = 0.3;
/** Evidence of a passage placing something in time, when the question asks when. */
export const TIME_EVIDENCE = 0.2;
/** Evidence of a passage where someone speaks of their own thing that a suggestion question names. */
export const OWNED_EVIDENCE = 0.2;

export interface QueryIntent {
  /**
   * Lower-cased capitalised words of the question (possessive 's dropped): the people it may name. A word that is
   * capitalised only for standing first in a sentence ("When", "What", "Did", "The") is not a name.
   */
  names: ReadonlySet<string>;
  asksWhen: boolean;
  /**
   * The question counts or totals ("how many", "how much", "how often", "in total"): its evidence is several
   * passages (each visit, each appointment), so the second pass, which favours the best hit's own words, is not run
   * for it (search/feedback.ts; LongMemEval_S session recall@5 98.2 -> 100%, bench/README "Round 10").
   */
  counts: boolean;
  /**
   * The question asks for a suggestion about something of the asker's ("Can you suggest accessories for my phone?",
   * "any tips for my sourdough starter?"): the index terms of the thing ("my <words>", its last word, the head of the
   * phrase). A passage where someone says they have it ("the cracked screen of my iPhone 13 Pro") is where the
   * asker's preference is stated (LongMemEval_S single-session-preference; bench/README "Round 11").
   */
  owned: ReadonlySet<string>;
}

const NAME = /\b([A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?:'s|’s)?\b/g;
/** Question and function words, capitalised at a sentence start: never taken for a name there. */
const SENTENCE_WORDS = new Set(
  (
    'what when where which who whom whose why how ' +
    'did do does is are was were am be been has have had can could would should will shall may might must ' +
    'the a an and but or so if then than this that these those there here it its ' +
    'i me my we our us you your he him his she her they them their ' +
    'in on at of for from to with by about after before during since until as ' +
    'according based besides apart aside other also please tell give list name describe explain ' +
    'yes no not any some all each every both either neither one'
  ).split(' '),
);
/** Where a sentence starts: the text's start, or after . ! ? (and any quotes or brackets opening the next one). */
const SENTENCE_START = /(?:^|[.!?])\s*["'“‘(\[]*$/;
/** A request for a suggestion, recommendation, tips, ideas or advice. */
const SUGGESTION = /\b(?:suggest|suggestions?|recommend|recommendations?|tips?|ideas?|advice|advise|what should i)\b/i;
/** "my" and the words after it, up to a stopword or punctuation ("my current photography setup"). */
const MY_PHRASE = /\bmy((?:\s+[\p{L}\p{N}][\p{L}\p{N}'’-]*){1,4})/giu;
/** How many words after "my" in a passage may name the thing ("my iPhone", "my old cracked iPhone"). */
const OWNED_WINDOW = 3;
const COUNTS = /\bhow (?:many|much|often)\b|\bin total\b|\baltogether\b/i;
const WHEN = /^\s*(?:when\b|what (?:date|day|year|month|time)\b|how long ago\b|in (?:which|what) (?:year|month)\b|since when\b)/i;
const SPEAKER_LINE = /^[ \t]*(?:\[[^\]\n]{1,80}\]\s*)?([A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)?):[ \t]/gm;
const DATE_PREFIX = /^[ \t]*\[[^\]\n]{1,80}\][ \t]*/gm;
const MONTH = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DAY = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const UNIT = 'days?|weeks?|weekends?|months?|years?';
const TIME = new RegExp(
  [
    '\\b(?:yesterday|today|tonight|tomorrow|recently|lately)\\b',
    `\\b(?:last|next|this|past) (?:night|morning|evening|week|weekend|month|year|summer|winter|spring|fall|autumn|${DAY})\\b`,
    `\\b(?:\\d+|a|an|one|two|three|four|five|six|few|couple of) (?:${UNIT}) (?:ago|back)\\b`,
    `\\b(?:${MONTH})\\b`,
    `\\bon (?:${DAY})\\b`,
    '\\b(?:19|20)\\d\\d\\b',
  ].join('|'),
  'i',
);

export function queryIntent(q: string): QueryIntent {
  const names = new Set<string>();
  for (const m of q.matchAll(NAME)) {
    const word = m[1]!.toLowerCase();
    if (SENTENCE_WORDS.has(word) && SENTENCE_START.test(q.slice(0, m.index))) continue;
    names.add(word);
  }
  return { names, asksWhen: WHEN.test(q), counts: COUNTS.test(q), owned: SUGGESTION.test(q) ? ownedTerms(q) : new Set() };
}

/** The head (last word before a stopword) of each "my ..." phrase of a question, as index terms. */
function ownedTerms(q: string): Set<string> {
  const out = new Set<string>();
  for (const m of q.matchAll(MY_PHRASE)) {
    const phrase = words(m[1]!);
    const stop = phrase.findIndex((w) => term(w) === null);
    const head = (stop === -1 ? phrase : phrase.slice(0, stop)).at(-1);
    const t = head === undefined ? null : term(head);
    if (t) out.add(t);
  }
  return out;
}

/** Whether the passage says "my" before one of the owned terms (or a longer word holding one: "my iPhone"). */
export function speaksOfOwn(owned: ReadonlySet<string>, text: string): boolean {
  if (owned.size === 0) return false;
  const ws = words(text);
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] !== 'my') continue;
    for (const w of ws.slice(i + 1, i + 1 + OWNED_WINDOW)) {
      const t = term(w);
      if (t && [...owned].some((o) => o === t || subwordMatch(o, t))) return true;
    }
  }
  return false;
}

/** The speakers of a passage's lines, lower-cased. */
export function speakersOf(text: string): Set<string> {
  return new Set([...text.matchAll(SPEAKER_LINE)].map((m) => m[1]!.toLowerCase()));
}

/** Whether the passage's own words (without `[date]` line prefixes) place something in time. */
export function placesInTime(text: string): boolean {
  return TIME.test(text.replace(DATE_PREFIX, ''));
}

/** The intent signals of one passage for one question. */
export function intentOf(intent: QueryIntent, text: string): { speaker: boolean; time: boolean; owned: boolean } {
  const speaker = intent.names.size > 0 && [...speakersOf(text)].some((s) => s.split(' ').some((w) => intent.names.has(w)));
  return { speaker, time: intent.asksWhen && placesInTime(text), owned: speaksOfOwn(intent.owned, text) };
}

/** Whether the question carries any intent signal (else every passage's evidence is 0). */
export function hasIntent(intent: QueryIntent): boolean {
  return intent.names.size > 0 || intent.asksWhen || intent.owned.size > 0;
}

/** The intent evidence of a passage, in [0, 0.7]. */
export function intentEvidence(intent: QueryIntent, text: string): number {
  const { speaker, time, owned } = intentOf(intent, text);
  return (speaker ? SPEAKER_EVIDENCE : 0) + (time ? TIME_EVIDENCE : 0) + (owned ? OWNED_EVIDENCE : 0);
}

/** A fused similarity with the intent evidence joined (noisy-OR). */
export function withIntent(similarity: number, evidence: number): number {
  return 1 - (1 - similarity) * (1 - evidence);
}

/**
 * The hits (best first) re-ordered by their similarity with the intent evidence joined. Re-ordered, not re-scored:
 * the i-th hit of the new order gets the i-th highest similarity of the input, so scores stay calibrated and
 * descending (a `threshold` keeps as many hits; an off-topic line does not pass it for being said by the person
 * asked about). Without intent signals the hits come back as they are.
 */
export function orderByIntent<T extends { id: string; similarity: number }>(hits: readonly T[], intent: QueryIntent, textOf: (id: string) => string): T[] {
  if (!hasIntent(intent) || hits.length < 2) return [...hits];
  const order = hits.map((h, i) => ({ h, i, score: withIntent(h.similarity, intentEvidence(intent, textOf(h.id))) }));
  order.sort((a, b) => b.score - a.score || a.i - b.i);
  return order.map(({ h }, rank) => ({ ...h, similarity: hits[rank]!.similarity }));
}
