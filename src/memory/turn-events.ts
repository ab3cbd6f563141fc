import nlp from 'compromise';
import { sentenceSpans } from '../text/sentences.js';
import { cleanSentence, isTypedQuestion } from './statements.js';
import { term, words } from '../text/tokenize.js';
import type { ExtractedFact } from './types.js';
import { isListenerRemark } from './listener-remarks.js';

/**
 * Event facts from conversation turns (issue 26, round 7). The attribute-oriented extractor files what a person is,
 * has and likes; a chat turn that tells what happened ("They were stoked for the dinosaur exhibit!", "Yup, we just
 * did it yesterday, the kids loved it") gives it nothing, and on LoCoMo such turns were 15% of the turns questions
 * are about. Such a turn becomes one episodic fact: who said it, when, and the informative sentences in the
 * speaker's words told in the third person ("Melanie said on 6 July 2023: They were stoked for the dinosaur exhibit.
 * It reminds Melanie why Melanie loves being a mom."): "I", "my", "we" become the speaker, a sentence to or about
 * "you" is left out (the listener is not known in a one-turn document).
 *
 * What it never is: a profile's lasting fact (isStatic false, no attribute), a change of what is known (a sentence
 * that announces a change or negates, "actually", "not anymore", "moved", is left out, so the relation judge never
 * reads an event as an update of an attribute fact), or small talk (greetings, thanks, questions, compliments to the
 * listener, "haha nice": a turn made only of those gives none). A quoted sentence tells the speaker's news (I, we) or
 * news of people they talk about (they, she, he); a remark on the listener's ("That bowl is gorgeous!") is not one.
 */

/** Informative words a turn must hold, beyond the small talk, to become an event. */
export const MIN_EVENT_WORDS = 4;
/** Informative words a sentence must hold to be quoted. */
const MIN_SENTENCE_WORDS = 2;
/** The quote is cut at a sentence boundary below this many characters (the fact stays one readable line). */
export const MAX_EVENT_QUOTE_CHARS = 240;

/** Words that announce a change or a correction: such a sentence is the attribute extractor's, never an event's. */
const CHANGE = /\b(?:now|actually|no longer|any ?more|switched|switching|moved|moving|quit|stopped|gave up|given up|instead|these days|nowadays|correction|used to)\b/i;
const NEGATION = /\b(?:not|no|never|nobody|none|nothing|neither|nor|nope)\b|n['’]t\b/i;
/** Sentences that are the talk around the news, not the news. */
const SMALL_TALK =
  /^(?:(?:sorry|nvm|never ?mind|hi|hey|hello|yo|bye|goodbye|thanks?|thank you|thx|cheers|congrats|congratulations|wow|whoa|aw+|oh|ooh|haha|hah|lol|lmao|omg|yay|woohoo|nice|cool|great|awesome|amazing|sweet|lovely|sure|ok|okay|yes|yeah|yep|yup|right|totally|definitely|absolutely|exactly|indeed|true|same|good luck|take care|see you|talk soon|sounds good|no worries|of course|me too|glad|good to (?:see|hear) (?:you|that)|i (?:totally |completely |really )?agree|me neither|so true|love (?:that|it|this|them))\b[^.!?]*[.!?]*$)/i;
/** Thanks anywhere in a sentence make it politeness ("Nvm figured it out, thanks anyway"). */
const THANKS = /\b(?:thanks|thank you|thx|appreciate it)\b/i;
/** Catching up and joking: "Lots of news since we last talked!", "Satay is my nemesis lol". */
const BANTER = /\b(?:since we last (?:talked|chatted|spoke)|long time no (?:see|talk)|lol|lmao|haha\w*|jk)\b/i;
/** A sentence whose subject is the listener: praise, advice or wishes to them, not the speaker's news. */
const TO_LISTENER =
  /^(?:(?:and|but|so|well|also)\s+)?(?:you|your|you're|you've|you'll|you'd|keep|don't|do|let me know|make sure|try|remember|wishing|hope you|i hope you|i bet you|i'm (?:so )?(?:proud|happy|glad) (?:of|for) you|proud of you|good for you|that's|that is|that was|that sounds|sounds|what|how|this is|it's (?:so )?(?:great|awesome|amazing|cool|nice|good) (?:that|to see|to hear))\b/i;
/** Someone's news: the speaker's own (I, we) or about people they talk about (they, she, he). */
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b/i;
const THIRD_PERSON = /\b(?:they|they're|they've|them|their|he|he's|she|she's|his|her|him)\b/i;
const SECOND_PERSON = /\b(?:you|your|you're|you've|you'll|you'd|yours|yourself)\b/i;

/** "I" and the verb it agrees with, past the adverbs between them ("I really love it"). */
const I_VERB = /\bI((?:\s+(?:[A-Za-z]+ly|just|also|still|always|never|even|often|usually|sometimes|already))*)\s+([A-Za-z]+)\b/g;
/** Verbs whose third person is not the regular one, and words after "I" that stay as they are. */
const THIRD: Readonly<Record<string, string>> = { am: 'is', have: 'has', do: 'does', go: 'goes', was: 'was' };
const KEEP = /^(?:can|could|will|would|should|might|must|may|shall|did|had|was|\w+ed)$/i;

/** "love" → "loves", "carry" → "carries", "watch" → "watches"; a past or modal verb, or no verb, as it is. */
function agree(word: string): string {
  const lower = word.toLowerCase();
  if (THIRD[lower]) return THIRD[lower]!;
  if (KEEP.test(word) || !nlp(word).has('#Infinitive') || nlp(word).has('#PastTense')) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** A sentence of the speaker's in the third person: "I", "me", "my" are the speaker, "we", "us" the speaker and others. */
export function thirdPerson(sentence: string, who: string): string {
  const own = `${who}'s`;
  const group = `${who} and others`;
  return sentence
    .replace(/\bI(?:'m| am)\b/g, `${who} is`)
    .replace(/\bI've\b/g, `${who} has`)
    .replace(/\bI'd\b/g, `${who} would`)
    .replace(/\bI'll\b/g, `${who} will`)
    .replace(/\b[Ww]e're\b/g, `${group} are`)
    .replace(/\b[Ww]e've\b/g, `${group} have`)
    .replace(/\b[Ww]e'd\b/g, `${group} would`)
    .replace(/\b[Ww]e'll\b/g, `${group} will`)
    .replace(/\b[Ww]e\b/g, group)
    .replace(/\bus\b/g, group)
    .replace(/\b(?:[Oo]urs?|[Mm]y|[Mm]ine)\b/g, own)
    .replace(/\b(?:[Mm]yself|[Mm]e)\b/g, who)
    .replace(I_VERB, (_, between: string, verb: string) => `${who}${between} ${agree(verb)}`)
    .replace(/\bI\b/g, who);
}

/** One statement: capitalised, ending with a full stop (an exclamation told, an emoji or a dash at the end dropped). */
function asStatement(sentence: string): string {
  const core = sentence.replace(/[^\p{L}\p{N})'"%]+$/u, '');
  return core ? `${core.charAt(0).toUpperCase()}${core.slice(1)}.` : '';
}

/** One question, capitalised, ending with its question mark (quoted by the caller). */
function asQuestion(sentence: string): string {
  const core = sentence.replace(/[^\p{L}\p{N})'"%]+$/u, '');
  return core ? `${core.charAt(0).toUpperCase()}${core.slice(1)}?` : '';
}

/** "2023-07-06" → "6 July 2023". */
export function spokenDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}`;
}

function informativeWords(text: string, names: ReadonlySet<string>): number {
  return words(text).filter((w) => term(w) !== null && !names.has(w)).length;
}

/** The sentences of a turn worth quoting: statements of the speaker's news, small talk and changes left out. */
export function eventSentences(content: string, names: readonly string[] = []): string[] {
  const lower = new Set(names.flatMap((n) => words(n)));
  const out: string[] = [];
  for (const span of sentenceSpans(content, 0, content.length)) {
    const raw = content.slice(span.start, span.end).trim();
    // Changes and negations are read on the sentence as said: its lead-in ("Actually, ...") is one of them.
    if (CHANGE.test(raw) || NEGATION.test(raw)) continue;
    // Lead-ins, vocatives, emoji and trailing tags as the statement reader strips them (memory/statements.ts).
    let s = cleanSentence(raw, names);
    // A leading vocative ("Caroline, you're...") of a name this document does not know.
    s = s.trim().replace(/^\p{Lu}\p{Ll}+[,!]\s+(?=\S)/u, '');
    if (!s || /\?\s*$/.test(raw) || isTypedQuestion(raw) || SMALL_TALK.test(s) || THANKS.test(s) || BANTER.test(s) || TO_LISTENER.test(s)) continue;
    if (informativeWords(s, lower) < MIN_SENTENCE_WORDS) continue;
    // A remark on the listener's news ("That bowl is gorgeous!", "Looks like you had a great day!") is theirs, not news.
    if (SECOND_PERSON.test(s) || s.length > MAX_EVENT_QUOTE_CHARS || (!FIRST_PERSON.test(s) && !THIRD_PERSON.test(s))) continue;
    out.push(s.charAt(0).toUpperCase() + s.slice(1));
  }
  return out;
}

/** Interjections, thanks and a vocative before the news of a sentence ("Yup, we just did it yesterday!"). */
const INTERJECTION_LEAD =
  /^(?:(?:yup|yep|yeah|yes|yay|wow|whoa|oh|ooh|aw+|haha\w*|hey|hi|hello|sure thing|sure|definitely|totally|absolutely|exactly|indeed|true|nope|no problem|no worries|of course|well|okay|ok|alright|right|so|and|but|also|plus|thanks|thank you|thx)(?:,?\s+\p{Lu}\p{Ll}+)?\s*[,!.;:—–-]+\s*)+/iu;
/** A question worth keeping: about a thing, not a greeting ("What other creative projects do you do with them?"). */
const QUESTION_WORDS = 3;
/** Informative words a whole turn needs on the second reading (more than the first's, which keeps sentences it trusts). */
const MIN_LOOSE_WORDS = 3;

/**
 * The second reading of a turn the first gave nothing (issue 26, round 10): on LoCoMo dev, 54 of 883 questions had
 * no memory from any evidence turn, and those turns tell the answer in ways the first reading keeps out as not the
 * speaker's news: a sentence after an interjection ("Yup, we just did it yesterday!"), a sentence about a thing with no
 * pronoun ("The kids loved it and it was a nice way to relax after the road trip.", "It's a map of Middle-earth from
 * LOTR."), a sentence to or about the listener ("I could help you with making content."), and a question about a
 * thing ("What other creative projects do you do with them, besides pottery?"). Kept as said ("you" stays "you");
 * small talk, thanks, banter, changes and negations stay out as in the first reading, and the turn needs
 * MIN_LOOSE_WORDS informative words and a verb.
 */
export function looseSentences(content: string, names: readonly string[] = []): { sentences: string[]; asked: boolean } {
  const lower = new Set(names.flatMap((n) => words(n)));
  const out: string[] = [];
  let asked = false;
  for (const span of sentenceSpans(content, 0, content.length)) {
    const raw = content.slice(span.start, span.end).trim();
    const stripped = raw.replace(INTERJECTION_LEAD, '');
    if (CHANGE.test(stripped) || NEGATION.test(stripped)) continue;
    let s = cleanSentence(stripped, names)
      .trim()
      .replace(/^\p{Lu}\p{Ll}+[,!]\s+(?=\S)/u, '');
    if (!s || SMALL_TALK.test(s) || THANKS.test(s) || BANTER.test(s)) continue;
    const question = /\?\s*$/.test(raw) || isTypedQuestion(stripped);
    if (!question && isListenerRemark(s)) continue;
    if (informativeWords(s, lower) < (question ? QUESTION_WORDS : MIN_SENTENCE_WORDS) || s.length > MAX_EVENT_QUOTE_CHARS) continue;
    if (question) asked = true;
    const kept = s.charAt(0).toUpperCase() + s.slice(1);
    out.push(question && !kept.endsWith('?') ? `${kept.replace(/[.!…\s]+$/, '')}?` : kept);
  }
  return { sentences: out, asked: asked && out.every((x) => /\?\s*$/.test(x)) };
}

/**
 * The event fact of one chat turn, or null when it holds no news (small talk, thanks, banter, changes).
 * `speaker`: who said it (the fact's subject); `date`: the turn's day (ISO), else the conversation's.
 */
export function turnEvent(turn: { speaker: string; content: string }, date: string | null, names: readonly string[] = []): ExtractedFact | null {
  const speaker = turn.speaker.trim();
  if (!speaker) return null;
  const lower = new Set([...names, speaker].flatMap((n) => words(n)));
  const first = eventSentences(turn.content, [...names, speaker]);
  // An answer fragment ("A small shop near Bellecour.", "Four hours and ten minutes.") means nothing out of its chat.
  const told = (xs: readonly string[], min: number) => informativeWords(xs.join(' '), lower) >= min && xs.some((x) => nlp(x).verbs().length > 0);
  let sentences = first;
  let verb = 'said';
  if (!told(first, MIN_EVENT_WORDS)) {
    const loose = looseSentences(turn.content, [...names, speaker]);
    if (!told(loose.sentences, MIN_LOOSE_WORDS)) return null;
    sentences = loose.sentences;
    if (loose.asked) verb = 'asked';
  }
  const who = speaker.charAt(0).toUpperCase() + speaker.slice(1);
  let quote = '';
  for (const x of sentences) {
    // A question is quoted as asked ("What got you into running?"): a memory states, it never ends with a question.
    const next = `${quote} ${x.endsWith('?') ? `"${asQuestion(thirdPerson(x, who))}"` : asStatement(thirdPerson(x, who))}`.trim();
    if (quote && next.length > MAX_EVENT_QUOTE_CHARS) break;
    quote = next;
  }
  return quotedEvent(speaker, verb, date, `${quote}${quote.endsWith('"') ? '.' : ''}`);
}

/** A dated event in the speaker's own words ("Maria said on 9 August 2023: …"): no attribute, so it updates nothing. */
export function quotedEvent(speaker: string, verb: string, date: string | null, quote: string): ExtractedFact {
  const who = speaker.charAt(0).toUpperCase() + speaker.slice(1);
  return {
    text: `${who} ${verb}${date ? ` on ${spokenDate(date)}` : ''}: ${quote}`,
    isStatic: false,
    eventDate: date,
    forgetAfter: null,
    subject: speaker,
    attribute: null,
    speaker,
  };
}
