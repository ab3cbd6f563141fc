import { schoolNamesTyped } from './school-names.js';
import { withoutFillers } from './spoken-fillers.js';
import { withTailSubject } from './subjectless-tails.js';
import { asLearnersMeant } from './learner-english.js';
import { gerundAsAuthorsChange } from './gerund-subjects.js';
import { petsNamedInPassing } from './pets-in-passing.js';
import { companionAsPet } from './pet-companions.js';
import { namesTypedLowercase } from './lowercase-names.js';
import { outcomeAfterDash } from './lead-clauses.js';
import { cleftStatements } from './cleft-statements.js';
import { PARTNER_WORDS, PATTERNS, RELATIVE_WORDS } from './attribute-patterns.js';
import { isCommonWord, isKnownName, isLexiconWord, isPlaceName } from './lexicon.js';

/**
 * How people type into a chat box, rewritten to the English the attribute rules read: chat shorthand ("im", "u",
 * "ur", "cant", "bc"), a lone lowercase "i", lead-in tags without a comma ("btw i moved…", "update: …"), and
 * misspellings of the words the rules key on ("finaly", "alergic", "relocted"): a word that is one dropped, doubled
 * or swapped letter away from exactly one word of the rules' own vocabulary (PATTERNS, read once) is that word.
 * Substitutions are never guessed ("loves" is not "lives"), nor are names, places, capitalised words or short words.
 */

const SHORTHAND: Record<string, string> = {
  i: 'I',
  im: "I'm",
  ive: "I've",
  u: 'you',
  ur: 'your',
  r: 'are',
  yr: 'year',
  yrs: 'years',
  mo: 'month',
  mos: 'months',
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  wasnt: "wasn't",
  arent: "aren't",
  havent: "haven't",
  hasnt: "hasn't",
  shes: "she's",
  hes: "he's",
  theyre: "they're",
  youre: "you're",
  thats: "that's",
  whats: "what's",
  weve: "we've",
  bc: 'because',
  cuz: 'because',
  coz: 'because',
  abt: 'about',
  rn: 'right now',
  ppl: 'people',
  tho: 'though',
  thru: 'through',
  gf: 'girlfriend',
  bf: 'boyfriend',
  bff: 'best friend',
  hubby: 'husband',
  fav: 'favourite',
  fave: 'favourite',
  bday: 'birthday',
  wk: 'week',
  wks: 'weeks',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  yday: 'yesterday',
};
// "btw i moved", "update: i moved", "ok so i moved": a lead-in tag before the statement, with or without a comma.
const LEAD_TAG =
  /^(?:(?:btw|tbh|fyi|ngl|imo|lol|lmao|omg|ok|okay|so|oh|ah|also|anyway|anyways|well|hey|update|quick update|small update|life update|edit|ps|same(?=\s+(?:this|that|lol|haha|tbh|ngl|honestly)\b))\b\s*[:,!.—–-]*\s+)+(?=\p{L})/iu;

let vocabulary: Set<string> | null = null;
let variants: Map<string, string | null> | null = null;

/** The words the attribute rules are written with (4+ letters), and every one-letter deletion, doubling and swap of them. */
function typoIndex(): Map<string, string | null> {
  if (variants) return variants;
  vocabulary = new Set<string>();
  for (const [re] of PATTERNS) for (const r of Array.isArray(re) ? re : [re]) for (const w of r.source.toLowerCase().match(/(?<![\\\p{L}])\p{Ll}{4,}(?!\p{L})/gu) ?? []) vocabulary.add(w);
  variants = new Map();
  const add = (typo: string, word: string) => {
    if (vocabulary!.has(typo)) return;
    const had = variants!.get(typo);
    // Two words one letter from the same typo: ambiguous, left alone.
    variants!.set(typo, had === undefined || had === word ? word : null);
  };
  for (const word of vocabulary) {
    if (word.length < 5) continue;
    for (let i = 0; i < word.length; i++) {
      // A dropped last letter is an inflection ("month" of "months", "move" of "moved"), not a typo; a dropped first
      // letter is another word more often than a slip ("river" is no "driver", "ink" no "link").
      if (i > 0 && i < word.length - 1) add(word.slice(0, i) + word.slice(i + 1), word); // dropped letter: "finaly"
      if (i < word.length - 1) add(word.slice(0, i + 1) + word[i] + word.slice(i + 1), word); // doubled letter: "alllergic"
      if (i + 1 < word.length && word[i] !== word[i + 1]) add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), word); // swapped: "recieve"
    }
  }
  return variants;
}

function correct(word: string): string {
  const lower = word.toLowerCase();
  const short = SHORTHAND[lower];
  if (short !== undefined && (word === lower || word === lower[0]!.toUpperCase() + lower.slice(1))) return word === lower || lower === 'i' ? short : short[0]!.toUpperCase() + short.slice(1);
  // Capitalised words are names; short words have too many neighbours.
  if (word !== lower || word.length < 5) return word;
  const fixed = typoIndex().get(lower);
  if (!fixed || isLexiconWord(word) || isKnownName(word) || isPlaceName(word)) return word;
  return fixed;
}

/** The clause as the rules expect it; text that needs nothing is returned unchanged (the same string). */
export function normaliseTyping(clause: string): string {
  // "uh so yeah I'm, um, engineering manager now": a voice note's fillers out first (spoken-fillers.ts).
  let s = gerundAsAuthorsChange(asLearnersMeant(withoutFillers(clause)).replace(LEAD_TAG, ''));
  s = s.replace(/(?<![\p{L}'’])\p{L}+(?![\p{L}'’])/gu, correct);
  // "hes at al-noor now" after "moved schools": the school's name as a name; "amy moved to cardiff": names and
  // places of an all-lowercase sentence capitalised (lowercase-names.ts).
  s = withTailSubject(schoolNamesTyped(namesTypedLowercase(s)));
  // "my wifes name", "my moms birthday": a possessive typed without its apostrophe.
  s = s.replace(KIN_POSSESSIVE, "$1$2's ");
  // "broke up :( its fine": an emoticon between two statements ends the first.
  s = s.replace(/\s*(?:[:;]-?[()DPp/]|<3)+(?=\s+\p{L})/gu, '.');
  // "its fine", "its been ages": "it's" typed without its apostrophe (before what follows a verb, not a noun).
  s = s.replace(
    /\b([Ii])ts\s+(?=(?:fine|ok|okay|alright|good|great|bad|been|not|so|just|really|very|too|all|over|done|time|going|gonna|getting|a|an|the|like|actually|still|hard|nice|weird|crazy|mad|wild|way|much|pretty|kinda|quite|better|worse|lovely|amazing|awesome|brilliant|terrible|awful)\b)/g,
    "$1t's ",
  );
  // "w/ my sister": "with".
  s = s.replace(/\bw\/\s*/gi, 'with ');
  // "Tom (brother) is a paramedic", "Ella (my niece) started uni": a relation in brackets after a name, as "my brother Tom".
  s = s.replace(NAME_THEN_KIN, (_all, name: string, kin: string) => `my ${kin.toLowerCase()} ${name}`);
  // "Dad's moved into a care home", "Priya's left Monzo": the "'s" of "has" before a change's participle, not a possessive.
  s = s.replace(HAS_CONTRACTED, (all, who: string) => (/\s/.test(who) || KIN.test(who) || isKnownName(who) || !isCommonWord(who) ? `${who} has ` : all));
  return s;
}

const NAME_THEN_KIN = new RegExp(String.raw`\b(\p{Lu}\p{Ll}+)\s*\((?:my|our)?\s*(${RELATIVE_WORDS}|${PARTNER_WORDS}|mum|mom|dad|boss|manager)\)`, 'gu');
const KIN = new RegExp(String.raw`^(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|mum|mom|dad|gran|grandma|grandad|grandpa|nan|nana)$`, 'i');
const HAS_CONTRACTED = new RegExp(
  String.raw`\b(\p{Lu}\p{Ll}+|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:${PARTNER_WORDS}|${RELATIVE_WORDS}|mum|mom|dad|boss|manager))['’]s\s+(?=(?:(?:just|finally|now|recently|already|also|officially)\s+)?(?:moved|quit|started|joined|got|been|gone|bought|sold|finished|retired|switched|changed|become|decided|booked|lost|adopted|landed|accepted|resigned|relocated|graduated|qualified|taken|left(?!\s+(?:hand|foot|arm|leg|knee|eye|ear|side|shoulder|hip|wrist|ankle|elbow|thumb|lung|kidney|wing|lane|turn|back|overs?|side)\b))\b)`,
  'gu',
);
const KIN_POSSESSIVE = new RegExp(
  String.raw`\b((?:my|our|his|her|their)\s+)(${PARTNER_WORDS}|${RELATIVE_WORDS})s\s+(?=(?:name|birthday|job|work|car|dog|cat|house|place|flat|new|old|favou?rite|phone|email|address|school|company|boss|family|parents|friend|friends)\b)`,
  'giu',
);
const ABBREVIATION = /(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|incl|esp|dept|est|fig|no|st|mt|dr|mr|mrs|ms|prof|jr|sr|a\.m|p\.m|min|max|ca)\.$/i;

/**
 * Sentences of typed text whose sentence starts were not capitalised ("shes great. i work on payments", "reorg
 * happened. new manager is Dmitri"): split after a full stop or "!" followed by a word, unless the stop ends an
 * abbreviation ("e.g. tea"); each part after the first starts with a capital.
 */
export function typedSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  // A stop run is matched from its first stop only (the lookbehind): a long run of stops is read once, not from each.
  for (const m of text.matchAll(/(?<![.!])[.!]+\s+(?=\p{L})/gu)) {
    const end = m.index + m[0].trimEnd().length;
    const before = text.slice(start, end);
    // Only the end of what has accumulated is tested, so a run of skipped stops costs no re-reading.
    if (ABBREVIATION.test(before.slice(-12)) || !/\S\s+\S/.test(before.trim())) continue;
    out.push(before.trim());
    start = m.index + m[0].length;
  }
  out.push(text.slice(start).trim());
  // Only the sentences this split starts get a capital: the first is left as typed.
  // "walking Pepper, my spaniel, before the rain": a pet named in passing is also stated (pets-in-passing.ts); "Hana
  // switched practices - now a GP": the outcome after a dash is a statement of its own (lead-clauses.ts); "got her a
  // sister, a tabby called Udon" is a pet got (pet-companions.ts).
  return out
    .filter(Boolean)
    .map((s, i) => (i === 0 ? s : s[0]!.toUpperCase() + s.slice(1)))
    .flatMap(cleftStatements)
    .flatMap(outcomeAfterDash)
    .flatMap(petsNamedInPassing)
    .map(companionAsPet);
}
