/**
 * A rough tense of a sentence, from markers rather than a parser: enough to decide whether "on Friday" is the Friday
 * before or after the day it was said, whether "today" describes a state that ends or an event that stays true, and
 * whether a fact is an event or plan (dynamic).
 */
export type Tense = 'past' | 'future' | 'present';

const FUTURE = /\b(?:will|won't|shall|gonna|going to|about to|plan(?:s|ning)? to|intend(?:s|ing)? to|hop(?:e|es|ing) to|look(?:s|ing)? forward|can't wait|cannot wait|next|tomorrow|upcoming|soon|later)\b|'ll\b/i;

/** Irregular past forms (participles included) that are not also present forms ("read", "put", "set" are left out). */
export const IRREGULAR_PAST = new Set(
  `was were had did went gone got gotten made saw seen took taken came met bought ate eaten ran found gave given told said left felt
  thought brought began begun sang sung swam drove driven wrote written sent spent built kept slept taught caught fought knew known
  grew grown threw thrown flew flown drew drawn wore worn tore torn chose chosen spoke spoken broke broken rode ridden woke woken fell
  fallen held heard meant paid sat stood understood became forgot forgotten hung led lent lit shot stuck struck dug fed fled bled
  bent dealt dreamt learnt rang rose risen sank sunk shook shaken slid spun stole stolen swore swept wept won lost sold done been
  overcame undertook`.split(/\s+/),
);

// Past-tense adjectives that describe a present state ("I'm excited", "we are married"), not an event.
const STATIVE_ED = new Set(
  'excited interested tired married engaged divorced bored scared worried stressed thrilled pleased amazed surprised blessed obsessed inspired motivated involved located based supposed used related concerned determined exhausted overwhelmed swamped'.split(
    ' ',
  ),
);

const SUBJECT_VERB = /\b(?:i|we|you|he|she|they)\s+(?:(?:just|finally|recently|also|really|already|actually|even|once|then|both|all)\s+)*([a-z]+)\b/gi;
const NAME_VERB =
  /\b[A-Z][a-z]+\s+((?:[a-z]+ed)|(?:went|got|made|saw|took|came|met|bought|gave|told|said|spent|visited|began|wrote|sent|found|won|left|lost|sold|became|broke|quit|led|paid|kept|fell|drove|ran|chose|flew|grew))\b/g;
const PAST_MARKERS = /\b(?:ago|yesterday|last (?:night|week|weekend|month|year|time|summer|winter|spring|fall|autumn)|used to|back then|once upon)\b/i;

const PAST_ON_DAY = /(?<!\b(?:is|are|be|been|being|get|gets|getting)\s+)\b([a-z]{3,}ed)\s+(?:on|last|this past)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi;

// Verbs ending in "-eed" are present forms ("need", "succeed"), except these pasts.
const EED_PAST = new Set(['agreed', 'freed', 'disagreed', 'guaranteed', 'decreed', 'refereed']);

/** A regular past form ("visited", "agreed"), not "need" nor "bed". */
export function isRegularPast(word: string): boolean {
  const w = word.toLowerCase();
  return w.length > 3 && w.endsWith('ed') && (!w.endsWith('eed') || EED_PAST.has(w));
}

/** 'future' when a future or plan marker appears, 'past' when a past verb or marker does, else 'present'. */
export function tenseOf(sentence: string): Tense {
  if (FUTURE.test(sentence)) return 'future';
  if (PAST_MARKERS.test(sentence)) return 'past';
  for (const m of sentence.matchAll(SUBJECT_VERB)) {
    const verb = m[1]!.toLowerCase();
    if (IRREGULAR_PAST.has(verb) || (isRegularPast(verb) && !STATIVE_ED.has(verb))) return 'past';
  }
  // "Our third, a baby girl named Noor, arrived on Friday": a past verb right before the day it happened, whatever its subject.
  for (const m of sentence.matchAll(PAST_ON_DAY)) if (isRegularPast(m[1]!) && !STATIVE_ED.has(m[1]!.toLowerCase())) return 'past';
  for (const m of sentence.matchAll(NAME_VERB)) if (!STATIVE_ED.has(m[1]!) && (!m[1]!.endsWith('ed') || isRegularPast(m[1]!))) return 'past';
  if (/\b(?:was|were|did|had)\b|\b(?:i|we|you|he|she|they)'d\s+(?:been|gone|had)\b/i.test(sentence)) return 'past';
  // "I quit sugar in January": a person's "quit" is the event, not a habit of quitting.
  if (/\b(?:i|we|he|she|they)\s+(?:(?:just|finally|recently|also|already|actually)\s+)*quit\b/i.test(sentence)) return 'past';
  return 'present';
}
