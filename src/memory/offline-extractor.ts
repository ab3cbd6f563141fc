import { sentenceSpans } from '../text/sentences.js';
import { dateOf } from './calendar.js';
import { classifyFact } from './classify.js';
import { ASSISTANT, parseConversation, USER } from './conversation.js';
import { nameFromEntityContext, toThirdPerson, type Voices } from './first-person.js';
import { cleanSentence, escapeRe, rejectReason, restoreImpliedSubject, splitClauses } from './statements.js';
import { inferForgetAfter, resolveDates } from './temporal-expressions.js';
import { tenseOf } from './tense.js';
import type { ExtractedFact, ExtractionResult, FactExtractor, SourceDocument, Turn } from './types.js';

/**
 * The offline extractor: facts from a document without a model, by rules. A chat is read turn by turn, each sentence
 * with its turn's speaker and date (an assistant's turns give none); a short plain document is a note written by the
 * add's entity (or "the user"), a long one is someone else's text where only sentences naming the user count.
 * Sentences are split into clauses, cleaned of small talk, kept when they state something about a person, rewritten
 * to the third person with dates resolved, then classified. Deterministic, and cheap: under a millisecond per chat
 * turn, bounded for huge documents. What it cannot do: resolve "it"/"they"/"she" (such clauses are dropped), know
 * who "we" are ("Dana and others"), or tell a past event's date when the text gives none (the turn's date is used).
 */

/** At most this many facts come out of one document. */
export const MAX_FACTS = 200;
/** Longer sentences are not atomic statements (lists, pasted text): they are skipped. */
export const MAX_SENTENCE_CHARS = 400;
/** Longer rewritten facts are skipped. */
export const MAX_FACT_CHARS = 300;
/** Sentences examined per document, at most (the work bound: ~0.1 ms each). */
export const MAX_SENTENCES = 500;
/** Characters segmented per turn or plain document, at most. */
export const MAX_SCAN_CHARS = 100_000;
/** A chat turn longer than this many sentences is pasted material (an article, a chapter), not the speaker's words. */
export const MAX_TURN_SENTENCES = 30;
/** A plain (not chat) document longer than this many sentences is not the user's note: only sentences naming the user count. */
const SHORT_NOTE_SENTENCES = 10;

const PERSON = /\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|us|our|ours|you|you're|you've|your|yours)\b/i;
const FIRST_PERSON_SUBJECT = /^(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|we'd|we'll|our)\b/i;
const SECOND_PERSON_SUBJECT = /^(?:you|you're|you've|you'd|you'll|your)\b/i;
const PROPER_SUBJECT = /^(?!\p{L}+ing\b)(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2})(?='s\b|\s+(?:is|was|has|had|will|would|can|and|\p{Ll}+(?:s|ed))\b)/u;
// A quotation, or one the sentence segmenter cut before its closing mark.
const QUOTED = /"[^"]*(?:"|$)|“[^”]*(?:”|$)/g;
const PHOTO = /\s*\(shares? (?:a )?photo:\s*([^()]*)\)\s*$/i;
const SLANG: [RegExp, string][] = [
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'have to'],
  [/\bkinda\b/gi, 'kind of'],
  [/\bsorta\b/gi, 'sort of'],
];

/** The offline fact extractor (no model, no network). */
export function createOfflineExtractor(maxFacts = MAX_FACTS): FactExtractor {
  return { kind: 'offline', extract: async (doc) => extractFacts(doc, maxFacts) };
}

/** The facts of one document, deterministically. */
export function extractFacts(doc: SourceDocument, maxFacts = MAX_FACTS): ExtractionResult {
  const userName = nameFromEntityContext(doc.entityContext);
  const turns = parseConversation(doc.content, doc.documentDate, userName);
  const chat = turns !== null;
  const all: Turn[] = turns ?? [{ speaker: userName ?? USER, content: doc.content, timestamp: null }];
  const speakers = [...new Set(all.map((t) => t.speaker))];
  const names = [...new Set(speakers.filter((s) => s !== USER && s !== ASSISTANT).flatMap((s) => [s, s.split(/\s+/)[0]!]))];
  const mentions = names.length > 0 ? new RegExp(`\\b(?:${names.map(escapeRe).join('|')})\\b`) : null;
  const facts: ExtractedFact[] = [];
  const seen = new Set<string>();
  let pasted = 0;
  let budget = MAX_SENTENCES;
  let truncated = false;
  const push = (fact: ExtractedFact) => {
    const key = fact.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (seen.has(key) || facts.length >= maxFacts) return;
    seen.add(key);
    facts.push(fact);
  };

  for (const turn of all) {
    // Facts are about the people of the container tag; an assistant's advice is not one of them.
    if (turn.speaker === ASSISTANT || facts.length >= maxFacts) continue;
    const date = dateOf(turn.timestamp) ?? dateOf(doc.documentDate);
    const other = speakers.length === 2 ? speakers.find((s) => s !== turn.speaker)! : null;
    // What a user tells an assistant about "you" is about the assistant: nothing to remember.
    const voices: Voices = { speaker: turn.speaker, listener: other === ASSISTANT ? null : other };
    let body = turn.content;
    const photo = chat ? PHOTO.exec(body) : null;
    if (photo) body = body.slice(0, photo.index);
    const spans = sentenceSpans(body, 0, Math.min(body.length, MAX_SCAN_CHARS));
    if (chat && spans.length > MAX_TURN_SENTENCES) {
      pasted++;
      continue;
    }
    if (body.length > MAX_SCAN_CHARS) truncated = true;
    const plainLong = !chat && spans.length > SHORT_NOTE_SENTENCES;
    for (const span of spans) {
      if (budget-- <= 0 || facts.length >= maxFacts) break;
      for (const clause of splitClauses(body.slice(span.start, span.end))) {
        if (clause.length > MAX_SENTENCE_CHARS) continue;
        const fact = factOf(clause, { voices, names, date, chat, plainLong, mentions });
        if (fact) push(fact);
      }
    }
    if (photo?.[1]?.trim()) {
      const caption = photo[1].trim().replace(/^(?:a|an)\s+(?:photo|photograph|photography|picture|image)\s+of\s+/i, '');
      push({ text: `${capitalise(turn.speaker)} shared a photo of ${caption.replace(/[.\s]+$/, '')}.`, isStatic: false, eventDate: date, forgetAfter: null, subject: turn.speaker, attribute: null, speaker: chat ? turn.speaker : null });
    }
  }
  const notes = [
    ...(facts.length >= maxFacts ? [`capped at ${maxFacts} facts`] : facts.length === 0 ? ['no statement about a person found'] : []),
    ...(pasted > 0 ? [`skipped ${pasted} turn(s) of more than ${MAX_TURN_SENTENCES} sentences (pasted text)`] : []),
    ...(truncated || budget < 0 ? [`read the first ${MAX_SENTENCES} sentences and ${MAX_SCAN_CHARS} characters of each part only`] : []),
  ];
  return notes.length > 0 ? { facts, note: notes.join('; ') } : { facts };
}

interface SentenceContext {
  voices: Voices;
  names: readonly string[];
  date: string | null;
  chat: boolean;
  plainLong: boolean;
  /** Finds a speaker's name; null when no speaker has one. */
  mentions: RegExp | null;
}

function factOf(clause: string, c: SentenceContext): ExtractedFact | null {
  // In a long document (an article, a README) "I" and "we" are its authors, not the user: only sentences naming the
  // user count. The cheap test also skips most sentences before the work.
  if (c.plainLong && !c.mentions?.test(clause)) return null;
  let s = cleanSentence(clause, c.names);
  if (c.chat) s = restoreImpliedSubject(s);
  for (const [re, to] of SLANG) s = s.replace(re, to);
  if (rejectReason(s, c.names) !== null) return null;
  if ((c.chat || c.plainLong) && !PERSON.test(s) && !c.mentions?.test(s)) return null;
  // 'He said: "We didn't move fast enough"' — first person inside quotes is someone else's.
  const unquoted = s.replace(QUOTED, ' ');
  if (unquoted !== s && PERSON.test(s) && !PERSON.test(unquoted)) return null;

  const tense = tenseOf(s);
  const resolved = c.date ? resolveDates(s, c.date) : { text: s, dates: [] };
  const forgetAfter = c.date ? inferForgetAfter(s, c.date) : null;
  const third = toThirdPerson(resolved.text, c.voices);
  if (third === null) return null;
  const text = finish(third);
  if (text.length > MAX_FACT_CHARS) return null;

  const subject = FIRST_PERSON_SUBJECT.test(s)
    ? c.voices.speaker
    : SECOND_PERSON_SUBJECT.test(s)
      ? c.voices.listener
      : c.chat && PERSON.test(s)
        ? c.voices.speaker
        : (PROPER_SUBJECT.exec(text)?.[1] ?? (PERSON.test(s) ? c.voices.speaker : null));
  // "We went..." is about the speaker, but "Dana and others" is no subject a pattern can follow.
  const classified = classifyFact(text, /^(?:we|our)\b/i.test(s) ? null : subject, tense, resolved.dates.length > 0 || forgetAfter !== null);
  return {
    text,
    isStatic: classified.isStatic,
    eventDate: resolved.dates[0] ?? (!classified.isStatic && c.chat ? c.date : null),
    forgetAfter,
    subject,
    attribute: classified.attribute,
    speaker: c.chat ? c.voices.speaker : null,
  };
}

/** One sentence: capitalised, single spaces, ending with exactly one period. */
function finish(text: string): string {
  const t = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!])/g, '$1')
    .trim()
    .replace(/[.!?…]+(["”’')\]]+)$/, '$1')
    .replace(/[\s.!…,;:-]+$/, '');
  return `${capitalise(t)}.`;
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
