import { COMMENT_ADVERBS } from './sentence-adverbs.js';
import { indexTerms } from '../text/tokenize.js';
import { eachNamedThing, withNewManager } from './named-things.js';
import { breakupThenNext, withNamedPartner } from './named-partners.js';
import { titleAfterEmployer } from './now-titles.js';
import { nowLast } from './now-first.js';
import { NAME_PART } from './name-particles.js';
import { isBareNoun, isCommonWord, isKnownName, isPlaceName, isVerbForm } from './lexicon.js';
import { IRREGULAR_PAST, isRegularPast, tenseOf } from './tense.js';
import { DIETS, PARTNER_WORDS, PET_WORDS, PROFESSIONS, RELATIVE_WORDS } from './attribute-patterns.js';
import { selfIntroducedName } from './discourse.js';
import { eachOfBoth } from './shared-predicates.js';
import { escapeRe } from '../text/regex-escape.js';

/**
 * Which sentences of a chat state something worth remembering. Greetings, thanks, interjections and vocatives are
 * peeled off first ("Wow, Caroline! I went..." keeps "I went..."); what is left is rejected when it is a question,
 * has no subject a reader could resolve ("That's great!", "It was amazing"), is an instruction ("Take a look"), or
 * has no content word beyond small talk ("I totally agree", "I'm so happy for you").
 */

const INTERJECTION = String.raw`(?:hey|hi|hiya|hello|oh|ooh|ah+|aw+|wow|whoa|woah|yeah|yea|yep|yes|yup|no|nope|nah|ok|okay|alright|well|hm+|um+|uh+|(?:ha)+|lol|lmao|omg|gosh|man|dude|thanks|thank you|thx|ty|great|cool|awesome|nice|sweet|sure|totally|absolutely|definitely|indeed|anyway|anyways|btw|by the way|honestly|actually|right|true|congrats|congratulations|good (?:morning|evening|night|afternoon)|yay|phew|ugh|sorry|oops|of course|exactly|agreed|same here|same|me too|likewise|cheers|bye|goodbye|oh my|oh wow|oh no|speaking of which|in fact|to be honest|fun fact|guess what|you know what|good to hear|glad to hear|interesting|fair enough|good point|i see|got it|makes sense|perfect|excellent|wonderful|fantastic|amazing|love it|noted|funny story|long story short|funny|just so you know|fyi|quick update|big news|good news|bad news|some news|news flash|heads up|side note|random thought|update|correction|scratch that|wait|so yeah|oh and|oh also|also|plus|just fyi|real talk|not gonna lie|ngl|tbh|to be fair|for the record|for context|quick question|quick one|small update|life update|fun story|true story|(?:slight |small |a )?change of plans?|plans? changed)`;
const LEADING = new RegExp(String.raw`^${INTERJECTION}(?:\s+(?:so much|a lot|again|for (?:that|this|sharing|asking|the \w+)|you|guys|all))?(?:,?\s+\p{Lu}[\p{L}'-]*)?\s*(?:[,!.;:—–-]+\s*|$)`, 'iu');
// "These days my favourite band is X": a time opener adds nothing the present tense does not say.
// "Sorry, I meant I live in Braga": a correction's lead-in is not the statement.
const LEADING_CONJUNCTION = new RegExp(
  String.raw`^(?:so|and|but|also|plus|anyway|well|oh|then|honestly|actually|basically|these days|nowadays|lately|at the moment|right now|for now|i meant(?: to say)?(?: that)?|i mean|what i meant (?:is|was)(?: that)?|i should have said(?: that)?|i should say|i guess|i think|i suppose|i believe|i reckon|i'd say|i feel like|pretty sure|i'm pretty sure|${COMMENT_ADVERBS})\s*,?\s+(?=(?:I|I'm|I've|I'd|I'll|we|my|our)\b)`,
  'i',
);
// "So cool you found a group" → "you found a group".
const LEADING_PRAISE = /^(?:so|how|really|very|that's|it's)?\s*(?:cool|great|nice|awesome|amazing|sweet|glad|happy|fun|good|wonderful)\s+(?:that\s+)?(?=(?:you|I|we)\b)/i;
// A tag is a word of its own: "sencha." keeps its "ha", "tattoo." its "too".
const TRAILING_TAG =
  /(?:(?:\s*,\s*|\s+)(?:you know|right|lol|haha+|lmao|hehe+|though|too|as well|by the way|btw|fyi|just so you know|just fyi|honestly|ha|tbh|ngl|for what it's worth|if you must know|believe it or not|of all things|of course))?\s*([.!?…]*)$/i;
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]|(?<!\w)(?:[:;]-?[()DPp]|<3|xD)(?!\w)/gu;

const UNRESOLVED =
  /^(?:it|it's|its|that|that's|thats|this|these|those|they|they're|they've|them|he|he's|she|she's|there|there's|here|here's|everyone|everybody|someone|somebody|something|nothing|anything|everything|what|which|who|whoever|how|such|one|both|each|all|none|nobody|other|others|anyone|anybody|yours|mine|ours)\b/i;
const SIGN_OFF =
  /^(?:I\s+)?(?:have to|need to|must|gotta|got to|should)\s+(?:run|go|dash|head off|head out|jump off|bounce|sign off|get going)\b(?:\s*(?:now|soon))?\s*(?:[,.!;-]+\s*(?:talk|speak|chat|catch you|see you)\s+(?:soon|later|tomorrow)\b.*)?[.!]*$/i;
/** "Still can't believe it.", "I honestly can't believe this!": a reaction to what was said, no fact of its own. */
const DISBELIEF =
  /^(?:(?:I|we)\s+)?(?:(?:still|just|honestly|literally|really|seriously|kinda|kind of)\s+)*(?:can't|cannot|can not|couldn't|could not)\s+(?:believe|get over)\s+(?:it|this|that|my luck|our luck|how\s+(?:lucky|fast|quick|big|small|good)\s+(?:it|this|that)\s+(?:is|was))(?:\s+(?:yet|still|either|tbh|lol|haha))?\s*[.!…]*$/i;
/** "running 5 mins late, traffic is awful", "on my way", "stuck in traffic": where someone is this minute, nothing to keep. */
const THIS_MINUTE =
  /^(?:(?:sorry|so sorry|argh|ugh)\s*,?\s+)?(?:(?:I'm|I\s+am|I'll\s+be|I\s+will\s+be|we're|we\s+are)\s+)?(?:(?:running|going\s+to\s+be|gonna\s+be)\s+(?:(?:a\s+(?:bit|little|few\s+min(?:ute)?s)|\d+\s*(?:mins?|minutes)|ten|five|fifteen|twenty)\s+)?late|on\s+(?:my|our)\s+way(?=\s*(?:[,.!]|$|now\b|home\b|there\b|back\b|over\b))|stuck\s+in\s+traffic|almost\s+there|nearly\s+there|five\s+mins?\s+away|\d+\s*mins?\s+away)\b/i;
const ROUGH_DAY =
  /^(?:(?:honestly|ugh|man|wow|so|well)\s*,?\s+)?(?:today|this week|this morning|yesterday|it)(?:\s+(?:was|has been|is)|'s been|'s)\s+(?:just\s+)?(?:one of those (?:days|weeks|mornings)|(?:such\s+)?(?:a\s+)?(?:long|rough|crazy|busy|weird|tough|hard|strange|slow)\s+(?:day|week|morning))\b[.!]*$/i;
// "gonna make some tea and watch a movie", "about to grab lunch": a routine of the moment, planned with no date.
const ROUTINE = String.raw`(?:(?:make|have|grab|get|fix|brew)\s+(?:myself\s+)?(?:some\s+|a\s+|an\s+)?(?:(?:cup|pot|mug)\s+of\s+)?(?:tea|coffee|cocoa|lunch|dinner|breakfast|snack|bite|food|drink)|watch\s+(?:a\s+|some\s+|the\s+)?(?:movie|film|tv|telly|show|netflix|something|youtube)|take\s+a\s+(?:nap|shower|bath|break|breather)|(?:go|head)\s+(?:to\s+bed|to\s+sleep|home|out)|(?:chill|relax|rest|sleep|crash|unwind)|order\s+(?:some\s+)?(?:pizza|takeout|takeaway|food|in))`;
const MOMENT_PLAN = new RegExp(String.raw`^(?:I'm|I\s+am|I)\s+(?:just\s+)?(?:going\s+to|about\s+to|off\s+to)\s+${ROUTINE}(?:\s+(?:and|then|and then)\s+${ROUTINE})*(?:\s+(?:now|tonight|later|for a bit))?[.!]*$`, 'i');

/** "Today was one of those days", "it's been a long week": a mood of the day leading what follows in the turn. */
export function isRoughDay(sentence: string): boolean {
  return ROUGH_DAY.test(sentence.trim());
}

const IMPERATIVE = new Set(
  `take look let let's check try go come keep make tell remember don't do have enjoy be stay give see imagine say listen watch follow get
  hang hope glad good great sounds sound love loved congrats welcome sorry happy nice cool awesome wish please thank thanks feel send
  share continue talk catch wishing hoping cheers can could would should will is are was were did does am`.split(/\s+/),
);
// "Makes me feel connected": a verb with its subject left in the previous sentence.
const SUBJECTLESS = new Set('makes sounds looks seems feels means helps reminds gives keeps shows gets brings takes'.split(' '));
const AT_PLACE = /^((?:(?:currently|still|now|back|finally|just|already)\s+)*)(?:home\s+)?(?:in|at)\s+(\p{L}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/iu;
// Subjectless chat sentences with an implied "I": "Gonna check out career options", "Just got back from Paris".
const IMPLIED_I =
  /^(?:(gonna|going to|planning|hoping|trying|thinking|working on|heading|headed|off to|loving|feeling|getting|moving|switching|transferring|relocating)|(been)|(just|(?:finally|eventually|recently|officially)(?=\s+(?:got|bought|moved|started|finished|joined|left|quit|switched|adopted|sold|signed|booked|found|took|became|upgraded|passed)\b)|got|started|finished|need to|wanna|gotta|went|spent|bought|visited|tried|can't wait|cannot wait|had|did|made|took|saw|met|weighed|ran))\b/i;

const FILLER_TERMS = new Set(
  indexTerms(
    `think know feel agree guess mean say said tell told like love enjoy want need get got go going gonna thing things stuff lot lots kind
    sort way really pretty good great nice cool awesome amazing wonderful fun glad happy sure totally also too just bit much many
    little time times day yeah yes thank thanks wow well right true bad sad hope wish see look sound sounds seem seems hear heard
    make made keep let wait excited interesting interested super cute sweet beautiful lovely incredible fantastic perfect special
    important inspiring proud thrilled grateful thankful appreciate means meant share sharing definitely absolutely totally
    probably maybe actually always never ever still even yet already soon lately new old big small best better worse worst
    everything something anything someone people person guy guys gal one ones others life talk talked chat chatted catch ages`,
  ),
);
const VERB_HINT =
  /\b\p{L}+s\s+(?:me|my|us|our|you|your|him|her|them)\b|\b(?:am|is|are|was|were|be|been|being|has|have|had|do|does|did|will|would|can|could|should|might|must|may|shall)\b|\b\w+'(?:s|re|ve|d|ll|m)\b|\b\p{L}{2,}ed\b/iu;

const SHORT_FACT = new RegExp(String.raw`^(?:I'm|I am|Im)\s+(?:${DIETS}|single|married|divorced|engaged|separated|widowed|pregnant|retired|unemployed|self-employed|freelancing|\d{1,3})\s*[.!]*$`, 'i');
const PRONOUN = String.raw`(?:I|I'm|I've|I'd|I'll|we|we're|we've|we'll|my|our|it|it's|that's|they|they're|he|he's|she|she's)`;
// Where a new clause with its own subject starts. A bare "and I" is left alone: "my husband and I went".
const CLAUSE_BREAK = new RegExp(
  String.raw`\s+[-–—]+\s+|(?<=\p{L})[-–—]{1,2}\s+(?=\p{L})|;\s+|:\s+(?=${PRONOUN}\b)|\s+(?:also|plus)\s+(?=(?:I|I'm|I've|we|we're|we've)\s)|,\s+(?:and|but|so)\s+(?:(?:now|then|these days)\s+)?(?=${PRONOUN}\b)|\s+(?:but|so)\s+(?:(?:now|then)\s+)?(?=${PRONOUN}\b)|\s+and\s+(?=(?:it|it's|that's|they|they're|he|he's|she|she's|I'm|I've|I'll|we're|we've)\b)|\s+and\s+(?=(?:have|has)\s+(?:never|not|always|also|just|recently)\s+\p{Ll})|,\s+(?=(?:I|I'm|I've|I'll|I'd|we|we're|we've)\s+\p{Ll})|,\s+(?=(?:now|nowadays|these days)\s+(?:I|I'm|I've|we|we're|we've)\s+\p{Ll})|,\s+(?=(?:starting|joining)\s+(?:at|with)\s+\p{Lu})|\s+because\s+(?=(?:I'm|I am|we're|we are)\s+(?:(?:very|really|severely|badly|quite)\s+)?allergic\b)|,\s+(?=(?:it|it's|that|that's|they|they're|this)\s+\p{Ll})|(?<=\bschools?\b[^,]{0,40}),\s+(?=(?:he|she)(?:'s|\s+is)\s+(?:(?:now|still)\s+)?at\s)|,\s+(?=(?:my|our)\s+(?:new|current|old|former)\s+\p{Ll}+\s+(?:is|was)\s)|,\s+(?:and|but|so)\s+(?:somewhere|sometime|in|at|on|during|after|before|then|finally|eventually|meanwhile|amid|amidst|between|through)\b(?:\s+\p{Ll}+){0,7}?\s+(?=(?:I|we)\s+(?:(?:just|finally|also|then)\s+)?\p{Ll}+ed\b)`,
  'gu',
);

/**
 * Parts of a message that read as separate statements: sentences, split where a clause with its own subject starts
 * ("I live in Paris and I work as a nurse", "Maya's name is Maya and Maya works at Figma"), and where a second verb
 * shares the first one's subject ("I sold my Honda and bought a Tesla" → "I bought a Tesla"). A compound subject
 * stays whole: "my husband and I went".
 */
export function splitClauses(sentence: string): string[] {
  return sentence
    .split(CLAUSE_BREAK)
    .map(nowLast)
    .flatMap(eachNamedThing)
    .flatMap(withNewManager)
    .flatMap(withNamedPartner)
    .flatMap(breakupThenNext)
    .flatMap(titleAfterEmployer)
    .flatMap(eachOfBoth)
    .flatMap(introduction)
    .flatMap(splitAtSubject)
    .flatMap(splitAtNamedSubject)
    .flatMap(splitPredicates)
    .map((s) => s.trim())
    .filter(Boolean);
}

// "I'm Jo btw, 34, nurse in Leeds": an aside after the name is no item.
const INTRO = /^(?:I'm|I am)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?:\s+(?:btw|by the way|here))?\s*,\s+(.+?)\s*([.!]*)$/u;
const PROFESSION_WORD = new RegExp(String.raw`\b(?:${PROFESSIONS.join('|')})s?\b`, 'i');

/**
 * "I'm Priyanka, 29, PM at Canva in Sydney, married with 2 kids": a self-introduction lists facts after the name; each
 * item becomes its own first-person statement ("My name is Priyanka.", "I'm 29.", "I'm a PM at Canva in Sydney.",
 * "I'm married with 2 kids."), so every part is filed, and later replaced, on its own.
 */
function introduction(sentence: string): string[] {
  const m = INTRO.exec(sentence);
  if (!m || selfIntroducedName(`I'm ${m[1]!},`) === null) return [sentence];
  const items = m[2]!
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:I|I'm|I've|my)\b)/)
    .map((i) => i.trim())
    .filter(Boolean);
  const stated = items.map((item) => {
    if (/^(?:I|I'm|I've|I'd|my|we|we're|our)\b/i.test(item)) return item;
    if (/^\d{1,3}(?:\s*(?:y\/?o|years?(?:\s+old)?))?$/i.test(item)) return `I'm ${item.replace(/\s*y\/?o$/i, '')}`;
    if (/^(?:based|living|located)\s+in\s/i.test(item)) return `I live ${item.replace(/^\S+\s+/, '')}`;
    if (/^in\s+\p{Lu}/u.test(item)) return `I live ${item}`;
    // "two cats", "3 kids": what the speaker has, not what they are.
    if (
      /^(?:one|two|three|four|five|six|seven|eight|nine|ten|a couple of|\d{1,2})\s+(?:\p{Ll}+\s+)?\p{Ll}{2,}s$/u.test(item) ||
      /^(?:one|a|an)\s+(?:\p{Ll}+\s+)?(?:cat|dog|kid|child|son|daughter|baby|rabbit|horse|parrot|hamster)$/u.test(item)
    )
      return `I have ${item}`;
    if (/^(?:a|an|the|from|married|single|divorced|engaged|separated|widowed|retired|originally)\b/i.test(item)) return `I'm ${item}`;
    if (PROFESSION_WORD.test(item) || /\s(?:at|for)\s+\p{Lu}/u.test(item)) return `I'm ${/^[aeiou]/i.test(item) ? 'an' : 'a'} ${item}`;
    return `I'm ${item}`;
  });
  return [`My name is ${m[1]!}${m[3] || '.'}`, ...stated.map((x) => `${x}${m[3] || '.'}`)];
}

// "Zara lives in Cardiff and her office is in Newport": a thing of the person's with its own verb is a clause of its
// own, so the office's town is not filed with the home.
const AND_SUBJECT =
  /\s*,?\s+and\s+(?=(?:I|I'm|I've|I'll|I'd|we|my|our)\b|(?:his|her|their)\s+\p{Ll}+(?:\s+\p{Ll}+)?\s+(?:is|was|are|were|has|had)\s+(?:in|at|near|based|over|out)\b|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?(?:'s)?\s+(?:is|was|has|had|works|lives|moved|got|loves|likes|hates|plays|\p{Ll}+(?:ed|s))\b)/gu;

function splitAtSubject(part: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of part.matchAll(AND_SUBJECT)) {
    const left = part.slice(start, m.index);
    // "my husband and I", "Tom and I": the left side is a subject, not a clause.
    // "I'm vegan and I live in Leeds": two words, but a subject and its verb.
    // "I support Arsenal and my brother Jack supports Spurs": a first person and a verb of any kind is a clause.
    const clause = VERB_IN_CLAUSE.test(left) || left.split(/\s+/).some((w) => IRREGULAR_PAST.has(w.toLowerCase())) || /^\s*(?:I|we)\s+\p{Ll}{3,}\s+\S/u.test(left);
    if ((left.trim().split(/\s+/).length < 3 && !/^(?:I'm|I've|we're|we've)\s+\S/i.test(left.trim())) || !clause) continue;
    out.push(left);
    start = m.index! + m[0].length;
  }
  out.push(part.slice(start));
  return out;
}

const NAMED_SUBJECT =
  /,\s+(?:and\s+)?(?=(?!(?:I|I'm|It|It's|The|This|That|There|Then|Now|But|And|So)\b)\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?\s+(?:(?:just|finally|also|recently|then)\s+)?(?:moved|started|joined|left|quit|got|took|became|began|went|retired|bought|sold|switched|is|was|has|had|lives|works)\b)/gu;

/**
 * "Sam moved to Denver, Kate started at Nike, and my dad retired": statements about several people listed with commas
 * are one statement each (the "and my dad" part is split by {@link splitAtSubject}). The left part must be a clause
 * of its own ("In March, Tom moved" stays whole).
 */
function splitAtNamedSubject(part: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of part.matchAll(NAMED_SUBJECT)) {
    const left = part.slice(start, m.index);
    if (left.trim().split(/\s+/).length < 3 || !VERB_IN_CLAUSE.test(left)) continue;
    out.push(left);
    start = m.index! + m[0].length;
  }
  out.push(part.slice(start));
  return out;
}

const VERB_IN_CLAUSE = /\b(?:am|is|are|was|were|be|been|has|have|had|do|does|did|will|would|can|could|'m|'s|'re|'ve)\b|\b\p{L}{2,}(?:ed|s)\b|\b(?:live|work|love|like|hate|own|run|play|study|teach|speak|drive|take)\b/iu;
// "My brother Kai lives in Seoul and works for Samsung": a relative is a subject as well as a name.
const SUBJECT_LEAD = new RegExp(
  String.raw`^((?:I|we|(?:[Mm]y|[Oo]ur|\p{Lu}[\p{L}'-]*'s)\s+(?:(?:older|younger|little|big|twin|best)\s+)?(?:${RELATIVE_WORDS}|${PARTNER_WORDS})(?:\s+\p{Lu}[\p{L}'-]*)?|(?!I['’])\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?))\s+(?:(?:just|finally|recently|also|then|actually|already|now|currently|still|officially)\s+)*(\p{Ll}+)\b`,
  'u',
);
const COPULA = /^(?:am|is|are|was|were|'m|'s|'re|be|been|feel|felt|seem|seemed|got|get|became|become)$/i;
const SECOND_VERB = /\s*,?\s+and\s+(?:then\s+|also\s+|now\s+|finally\s+|just\s+)?(?=(\p{Ll}+)\b)|\s*,\s+(?:then\s+|now\s+|finally\s+|just\s+)?(?=(\p{Ll}+)\b)/gu;

/**
 * "I sold my Honda and bought a Tesla" → "I sold my Honda", "I bought a Tesla"; "Dana lives in Paris and works at
 * Figma" → two clauses: verbs sharing a subject. "I love hiking and swimming" stays whole (no verb after "and").
 */
function splitPredicates(part: string): string[] {
  const lead = SUBJECT_LEAD.exec(part);
  if (!lead || COPULA.test(lead[2]!) || !isVerb(lead[2]!)) return [part];
  const out: string[] = [];
  let start = 0;
  const past = (w: string) => IRREGULAR_PAST.has(w.toLowerCase()) || isRegularPast(w.toLowerCase());
  for (const m of part.matchAll(SECOND_VERB)) {
    const verb = m[1] ?? m[2]!;
    const after = part.slice(m.index! + m[0].length + verb.length);
    // Without "and", only a run of past events splits: "sold the Civic, picked up a Tesla".
    if (m[1] === undefined && !(past(verb) && past(lead[2]!))) continue;
    // "got" + a thing is a second event ("sold the Vespa and got an e-bike"), not a state ("got married").
    if (!isVerb(verb) || (COPULA.test(verb) && !(/^got$/i.test(verb) && /^\s+(?:an?|the|my|our|some|\d+)\s/i.test(after))) || /^\s+by\b/.test(after) || !/\S/.test(after)) continue;
    out.push(`${out.length > 0 ? `${lead[1]} ` : ''}${part.slice(start, m.index)}`);
    start = m.index! + m[0].length;
  }
  if (out.length === 0) return [part];
  out.push(`${lead[1]} ${part.slice(start)}`);
  return out;
}

const isVerb = (w: string) => IRREGULAR_PAST.has(w.toLowerCase()) || isRegularPast(w) || (!w.endsWith('ing') && isVerbForm(w)) || COMMON_VERBS.test(w);
// Present forms the lexicon files as plurals ("works", "plays").
const COMMON_VERBS =
  /^(?:works?|lives?|plays?|loves?|likes?|hates?|speaks?|drives?|owns?|runs?|teaches|studies|study|has|have|takes?|writes?|paints?|cooks?|volunteers?|coaches|coach|leads?|manages?|sings?|dances?|swims?)$/;

/** The sentence without markdown marks, emoji, leading interjections and vocatives, and trailing tags. */
export function cleanSentence(sentence: string, names: readonly string[]): string {
  let s = sentence
    .replace(/\*\*|__|`/g, '')
    // "*Feedzai*", "_Update:_": single-mark emphasis around words (not a bullet's "* " nor snake_case).
    .replace(/(^|[\s(])[*_](?=[^\s*_])([^*_\n]*?[^\s*_])[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/^\s*(?:#+|[-*+•]|\d{1,2}[.)])\s+/, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (let guard = 0; guard < 6; guard++) {
    const before = s;
    s = s.replace(LEADING, '').replace(LEADING_CONJUNCTION, '').replace(LEADING_PRAISE, '').trim();
    const vocatives = vocativesOf(names);
    s = s.replace(vocatives.leading, '');
    if (s === before) break;
  }
  s = s.replace(vocativesOf(names).trailing, '$1');
  // "This year I'm a camp counselor": the period opens the sentence but bounds the statement; it goes last.
  s = s.replace(
    /^(this\s+(?:year|month|week|summer|winter|spring|fall|autumn|semester|term)),?\s+((?:I|I'm|we|we're)\b.*?)([.!]*)$/i,
    (_, when: string, rest: string, end: string) => `${rest} ${when.toLowerCase()}${end}`,
  );
  // "Nate, after finishing my screenplay I...": a first name the lexicon knows, then a comma, addresses someone.
  const vocative = /^(\p{Lu}\p{Ll}+),\s+(?=\p{Ll})/u.exec(s);
  if (vocative && isKnownName(vocative[1]!)) s = s.slice(vocative[0].length);
  // Any other name after a comma that follows a lowercase word is a vocative too ("I agree too, Caroline"); after a
  // capitalised word it is part of a place ("Berlin, Germany").
  // After a kind of pet it is the pet's name ("got a kitten, Sooty").
  if (!NAMED_PET.test(s)) s = s.replace(/(\s\p{Ll}[\p{L}']*)\s*,\s*\p{Lu}\p{Ll}+\s*([.!?…]*)$/u, '$1$2');
  s = s.replace(TRAILING_TAG, '$1').trim();
  return s;
}

// Names repeat for every sentence of a document: their patterns are compiled once (bounded cache).
const vocativeCache = new Map<string, { leading: RegExp; trailing: RegExp }>();

/** Patterns of a leading "Mel, ..." and a trailing "..., Mel." (also short forms of a speaker's name). */
function vocativesOf(names: readonly string[]): { leading: RegExp; trailing: RegExp } {
  const key = names.join('\n');
  let v = vocativeCache.get(key);
  if (!v) {
    if (vocativeCache.size >= 1000) vocativeCache.clear();
    const full = names.map(escapeRe);
    const short = names.map((n) => `${escapeRe(n.slice(0, 3))}\\p{L}*`);
    const none = '(?!)';
    v = {
      leading: new RegExp(String.raw`^(?:${full.join('|') || none})\s*[,!.:]+\s*`, 'iu'),
      trailing: new RegExp(String.raw`\s*,\s*(?:${[...full, ...short, 'buddy', 'dude', 'man', 'girl', 'mate', 'friend', 'guys'].join('|')})\s*([.!?…]*)$`, 'iu'),
    };
    vocativeCache.set(key, v);
  }
  return v;
}

const ANSWER_NO = /^(?:not\s+any\s?more|no\s+longer|nope|nah|no)\s*[,;—–-]\s*(?=\p{Ll})/iu;

/** Rewrites a subjectless chat sentence to its implied first person ("Gonna check it out" → "I'm gonna check it out"). */

export function restoreImpliedSubject(sentence: string): string {
  // "did you see the new Dune trailer": a question typed without its mark has a subject of its own.
  if (TYPED_QUESTION.test(sentence)) return sentence;
  // "not anymore, cancelled the membership", "nope, sold it in May": an answer's no, then what the author changed.
  const no = ANSWER_NO.exec(sentence);
  if (no) {
    const rest = sentence.slice(no[0].length);
    const restored = restoreImpliedSubject(rest[0]!.toUpperCase() + rest.slice(1));
    if (/^I\s/.test(restored)) return restored;
  }
  // "No longer at Barclays", "Not with Aviva any more": where the author no longer works.
  if (/^(?:no longer|not)\s+(?:at|with)\s+\p{Lu}/iu.test(sentence)) return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  // "Been at Lidl 3 yrs now": a perfect said without "I've".
  if (/^been\s+(?:at|with|in|living|working)\s/i.test(sentence)) return `I've ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  // "First day at Wise today, left Monzo last week", "My last day at Oakwood was Friday": a job started or left.
  const firstDay = FIRST_DAY.exec(sentence);
  if (firstDay) return `I started at ${firstDay[1]}${sentence.slice(firstDay[0].length)}`;
  // "starting at Revolut on monday", "joining Arup next week": a job about to start, said without "I'm".
  if (STARTING_AT.test(sentence)) return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  // "mid-level engineer now", "a senior nurse now": the author's title, said with "now" and nothing else.
  if (TITLE_NOW.test(sentence)) return `I'm ${/^(?:a|an)\s/i.test(sentence) ? '' : /^[aeiou]/i.test(sentence) ? 'an ' : 'a '}${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  const lastDay = LAST_DAY.exec(sentence);
  if (lastDay) return `I ${lastDay[2]!.toLowerCase() === 'was' ? 'left' : 'am leaving'} ${lastDay[1]}${/^(?:on|in|at|last|this|next)\b/i.test(lastDay[3]!) ? ' ' : ' on '}${lastDay[3]}`;
  // "Currently in Tokyo for a work trip", "back in london now", "In Lisbon this week": where the speaker is.
  const at = AT_PLACE.exec(sentence);
  // A first person after the place's clause ("Back home in Dublin, so nice to sleep in my own bed") is no subject of it.
  if (at && !/\b(?:I|I'm|we|we're|my|our)\b/.test(sentence.split(/[,;]/)[0]!) && (isPlaceName(at[2]!) || (at[1] !== '' && /^\p{Lu}/u.test(at[2]!)))) {
    return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  }
  // "Currently living in Lisbon", "Still working at Feedzai": an adverb, then what the speaker is doing.
  if (/^(?:Currently|Now|Still|Also|Temporarily)\s+\p{Ll}{2,}ing\s+\p{Ll}/u.test(sentence) && !/\b(?:is|are|was|were|has|have|had)\b/.test(sentence)) {
    return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  }
  // "Researching adoption agencies": a gerund with no verb after it is what the speaker is doing.
  if (
    /^\p{Lu}\p{Ll}{2,}ing\s+\p{Ll}/u.test(sentence) &&
    !/\b(?:is|are|was|were|has|have|had|makes|made|keeps|helps|can|will|would)\b/.test(sentence) &&
    !/^(?:Nothing|Something|Anything|Everything|Morning|Evening|Thing|Spring|King|Sibling|Wedding|Building|Painting|Meeting|Feeling|Ceiling|Darling|Clothing|Setting|Earring|Nothing|Pudding|Icing|Timing|Bring|Sing|Swing|Sting|Wing|Ring|String)\b/.test(
      sentence,
    )
  ) {
    return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  }
  // "Finally relocated to Denver", "Moved to Leeds in May", "Left HubSpot in August": a past verb with nothing before
  // it is the author's.
  // "Tapered off the sertraline", "Celebrated with the family": a particle or preposition after the verb as well.
  // "finally switched my account to monzo": chat types the adverb in lowercase.
  const past =
    /^(?:(?:[Jj]ust|[Ff]inally|[Rr]ecently|[Oo]fficially|[Aa]lready)\s+)?(\p{L}+)(?:\s+(?:to|into|from|in|at|my|our|a|an|the|back|up|out|over|off|with|on|for|down|through|around|last|yesterday|earlier|recently|after)\b|\s+(?!I\b)(?=\p{Lu}[\p{L}'’&-]*(?:\s|[,.;!]|$)))/u.exec(
      sentence,
    );
  if (
    past &&
    !/^(?:Based|Located|Called|Named|Related|Supposed|Used|Rated|Dated|Priced|Situated|Centered|Centred|Headquartered)$/i.test(past[1]!) &&
    (isRegularPast(past[1]!.toLowerCase()) || IRREGULAR_PAST.has(past[1]!.toLowerCase()) || /^quit$/i.test(past[1]!))
  ) {
    return `I ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  }
  // "Stopped seeing Dr. Obi in May", "Started learning Welsh", "Quit playing in the band": a change of what the author
  // does, said without the "I".
  if (/^(?:(?:Just|Finally|Recently|Officially|Already)\s+)?(?:Stopped|Started|Quit|Began|Resumed|Finished)\s+\p{Ll}{2,}ing\s+\S/u.test(sentence) && !/\b(?:I|I'm|I've|we|we're)\b/.test(sentence.split(/[,;]/)[0]!)) {
    return `I ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  }
  // "New job at Whole Foods starting monday", "new manager is Dmitri now": the author's new job, manager, place.
  const fresh = /^(?:(?:Got|Started)\s+(?:a\s+)?)?[Nn]ew\s+(job|role|position|gig|manager|boss|address|place|flat|apartment|house|car|phone|number|doctor|dentist|therapist)\b\s*(is\b|at\b|with\b|:)?/u.exec(sentence);
  if (fresh) {
    const what = fresh[1]!.toLowerCase();
    const rest = sentence.slice(fresh[0].length).replace(/^\s*/, '');
    if (/^(?:job|role|position|gig)$/.test(what)) return `I have a new ${what} ${fresh[2] && fresh[2] !== ':' && fresh[2] !== 'is' ? fresh[2] : 'at'} ${rest}`.replace(/\s+/g, ' ');
    return `My new ${what} is ${rest}`;
  }
  // "[I'm 34] and have never run a marathon": the second half of a coordination keeps the first half's subject.
  if (/^(?:have|has)\s+(?:never|not|always|also|just|recently)\s+\p{Ll}/u.test(sentence)) return `I have ${sentence.replace(/^\S+\s+/, '')}`;
  // "Haven't touched the guitar in months", "Never liked olives": a negated verb whose subject is the author.
  // "Not vegetarian any more", "No longer vegan": what the author is not any more.
  const notAnyMore = /^(?:not\s+(?:an?\s+)?(\p{Ll}[\p{L}-]*)\s+any\s?more|no longer\s+(?:an?\s+)?(\p{Ll}[\p{L}-]*)(?:\s+any\s?more)?)\s*(?:$|[,;.!—–-])/iu.exec(sentence);
  const what = notAnyMore ? (notAnyMore[1] ?? notAnyMore[2])! : '';
  if (notAnyMore && !isVerbForm(what) && !isRegularPast(what) && !IRREGULAR_PAST.has(what)) return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  const negated = /^(?:(?:Honestly|Still|Really)\s+)?(haven't|hasn't|havent|never|no longer)\s+(\p{Ll}+)\b/iu.exec(sentence);
  if (negated && (isRegularPast(negated[2]!.toLowerCase()) || IRREGULAR_PAST.has(negated[2]!.toLowerCase()) || /^no longer$/i.test(negated[1]!)) && !/^(?:\S+\s+){0,3}(?:I|I'm|I've|we|we're)\b/.test(sentence)) {
    return `I ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`.replace(/^I hasn't\b/, "I haven't");
  }
  // "No dietary restrictions here", "no allergies": what the author has none of.
  if (/^no\s+(?:dietary\s+(?:restrictions|requirements|needs)|(?:known\s+)?allergies)\b/i.test(sentence) && !/\b(?:is|are|was|were|has|have|had|I|I'm|we)\b/.test(sentence.split(/[,;]/)[0]!))
    return `I have ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  // "vegan since jan", "Still veggie tho", "pescatarian now": a diet said as a verbless fragment is the author's.
  if (DIET_FRAGMENT.test(sentence) && !/\b(?:is|are|was|were|has|have|had|I|I'm|we|we're)\b/.test(sentence.split(/[,;]/)[0]!)) return `I'm ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  const m = IMPLIED_I.exec(sentence);
  // "just bored lol", "just chilling": a mood, no statement.
  if (/^(?:just|so|kinda|pretty|feeling)\s+(?:bored|tired|sleepy|hungry|chilling|chillin|relaxing|hanging out|vibing|procrastinating|killing time|browsing|curious|wondering|meh|lazy|exhausted)\b/i.test(sentence))
    return sentence;
  // "Just yesterday I joined a church" has its subject.
  if (!m || /^(?:\S+\s+){0,3}(?:I|I'm|I've|we|we're)\b/.test(sentence)) return sentence;
  const rest = sentence[0]!.toLowerCase() + sentence.slice(1);
  return m[1] ? `I'm ${rest}` : m[2] ? `I've ${rest}` : `I ${rest}`;
}

const NAMED_PET = new RegExp(String.raw`\b(?:an?|my|our|new)\s+(?:${PET_WORDS})\s*,\s*\p{Lu}\p{Ll}+\s*[.!?…]*$`, 'u');
const DIET_FRAGMENT = new RegExp(
  String.raw`^(?:(?:still|now|fully|mostly|strictly|basically|officially|pretty much)\s+)?(?:${DIETS})(?=\s*$|\s*[,;.!—–-]|\s+(?:since|now|again|these days|nowadays|tho|though|at the moment|atm|for)\b)`,
  'iu',
);
const WORKPLACE = String.raw`(\p{Lu}[\p{L}\d'&.-]*(?:\s+(?:\p{Lu}[\p{L}\d'&.-]*|of|&))*)`;
const FIRST_DAY = new RegExp(String.raw`^(?:(?:it's|it\s+is|today\s+(?:is|was)|tomorrow\s+is)\s+)?(?:my\s+)?first\s+(?:day|week)\s+at\s+${WORKPLACE}`, 'iu');
const STARTING_AT = new RegExp(String.raw`^(?:starting|joining)\s+(?:(?:at|with)\s+)?${WORKPLACE}\s+(?:on|this|next|from|in|tomorrow|today)\b`, 'u');
const TITLE_NOW = new RegExp(String.raw`^(?:(?:a|an)\s+)?(?:[\p{Ll}-]+\s+){0,2}(?:${PROFESSIONS.join('|')})\s+now\s*(?:[.!,]|$)`, 'iu');
const LAST_DAY = new RegExp(String.raw`^(?:my\s+)?last\s+day\s+at\s+${WORKPLACE}\s+(was|is)\s+([^.!?]+?)[.!]*$`, 'iu');

/** Why a cleaned sentence is not a fact, or null when it states something. `names` are words that carry no content. */
// "did you see the new Dune trailer", "anyone watching the match": a question typed without its mark.
const TYPED_QUESTION =
  /^(?:did|do|does|have|has|are|is|was|were|can|could|will|would|should)\s+(?:you|u|ya|anyone|anybody|everyone|everybody|y'all|\p{Lu}[\p{L}'’-]+)\s+(?:(?:ever|already|just|still|guys|all)\s+)?(?:see|seen|watch|watched|watching|hear|heard|try|tried|know|want|fancy|like|going|coming|free|around|up)\b/u;
// "EE was a rip-off.", "the old landlord was a nightmare": a grumble about a thing or someone, no fact of anyone's.
const GRUMBLE =
  /^(?:the\s+)?(?:old\s+)?[\p{L}\d&+'’-]+(?:\s+[\p{L}\d&+'’-]+)?\s+(?:was|is|are|were|has been|have been)\s+(?:(?:such|so|just|really|honestly|a total|a complete|an absolute|an utter)\s+)*(?:an?\s+)?(?:rip-?off|joke|scam|nightmare|disaster|waste of (?:money|time|space)|rubbish|awful|terrible|useless|overpriced|the worst|garbage|trash|con)\s*[.!]*$/iu;

/** "did you see the new Dune trailer": a question typed without its question mark. */
export function isTypedQuestion(sentence: string): boolean {
  return TYPED_QUESTION.test(sentence.trim());
}

export function rejectReason(sentence: string, names: readonly string[]): string | null {
  const words = sentence.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  // "I'm vegan", "I'm 34", "I'm divorced": two words, a whole fact.
  if (words.length < 3 && !SHORT_FACT.test(sentence)) return 'short';
  if (/\?\s*["')\]]*$/.test(sentence) || TYPED_QUESTION.test(sentence)) return 'question';
  if (GRUMBLE.test(sentence)) return 'opinion';
  // "Just testing, thanks", "I'm just curious": talk about the chat itself.
  if (/^(?:I(?:'m|\s+am)?\s+)?just\s+(?:testing|checking|kidding|joking|browsing|curious|wondering|asking|saying|looking around)\b/i.test(sentence)) return 'small talk';
  if (UNRESOLVED.test(sentence)) return 'unresolved';
  // "ok gotta run, talk soon", "today was one of those days": leaving the chat, or a mood of the day.
  if (SIGN_OFF.test(sentence) || DISBELIEF.test(sentence) || ROUGH_DAY.test(sentence) || MOMENT_PLAN.test(sentence) || THIS_MINUTE.test(sentence)) return 'small talk';
  const first = words[0]!.toLowerCase().replace(/[^\p{L}']/gu, '');
  if (IMPERATIVE.has(first) || SUBJECTLESS.has(first)) return 'imperative';
  // "You'd be a great counselor", "Your empathy will help": praise and advice, not facts. "You told me..." stays.
  if (/^(?:you|you're|you've|you'd|you'll|your)\b/i.test(sentence) && tenseOf(sentence) !== 'past') return 'addressed';
  // "After a few months of training I love running": a first-person clause after an opening phrase is personal too.
  const personal =
    /^(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|our|you|you're|you've|your)\b/i.test(sentence) ||
    /^(?:after|since|over|for|in|by|at|with|from|now|nowadays|these days)\b[^,.!?]{0,60}?\s(?:I|we|my|our)\s+(?:\p{Ll}+ly\s+)?\p{Ll}{2,}/iu.test(sentence);
  if (!personal && !VERB_HINT.test(sentence) && !NAMED_VERB.test(sentence) && !THING_HOURS.test(sentence) && !words.some((w) => IRREGULAR_PAST.has(w.toLowerCase()))) return 'no verb';
  if (isFragment(sentence)) return 'fragment';
  if (isJoke(sentence)) return 'figure of speech';
  const nameTerms = new Set(indexTerms(names.join(' ')));
  const content = indexTerms(sentence).filter((t) => !FILLER_TERMS.has(t) && !nameTerms.has(t) && !/^\d$/.test(t));
  if (content.length === 0 || (content.length === 1 && words.length > 10)) return 'small talk';
  return null;
}

// "The office closes at 6 on Fridays", "the pool opens at 7am on weekdays": a place's hours, said of no one, that a
// change replaces ("the pool opens at 8 now"). Only a schedule verb with a clock time counts, so a grumble about a
// thing ("the coffee machine broke again") stays out.
const THING_HOURS = /^(?:the|our|my)\s+\p{Ll}[\p{Ll}-]*(?:\s+\p{Ll}[\p{Ll}-]*){0,2}\s+(?:now\s+|usually\s+|always\s+)?(?:opens|closes|shuts|reopens|starts|finishes|ends|stops serving)\s+(?:at|from|by|until|till)\s+\d/iu;
// "Ana Silva lives in Paris", "Tom plays the cello", "Dana quit Acme", "Dana no longer works at Acme": a name and its verb.
const NAMED_VERB = new RegExp(
  String.raw`^\p{Lu}[\p{L}'-]*(?:${NAME_PART}){0,2}\s+(?:(?:\p{Ll}+ly|now|only|still|also|just|already|often|always|never|soon|then|since|no longer)\s+){0,2}(?:\p{Ll}{2,}(?:s|ed)|quit|doesn't|didn't|isn't|wasn't|hasn't|won't|can't|does not|did not|is not|has not)\b`,
  'u',
);
const SUBORDINATOR = /^(?:since|because|when|while|after|before|until|that|if|so)$/i;
const AUXILIARY = /^(?:am|is|are|was|were|has|have|had|do|does|did|will|would|can|could|got|gets|'m|'s|'re)$/i;

/** "Lots of news since we last talked": no verb before the subordinate clause, so no statement. */
function isFragment(sentence: string): boolean {
  const ws = sentence.split(/[\s,]+/).filter(Boolean);
  if (/^(?:I|I'm|I've|we|my|our|you|your|he|she|it|they)$/i.test(ws[0] ?? '')) return false;
  for (let i = 0; i < Math.min(ws.length, 7); i++) {
    const w = ws[i]!.replace(/[^\p{L}']/gu, '');
    if (i > 0 && SUBORDINATOR.test(w)) return true;
    // "Tom plays", not "Big news since …": a capitalised word the lexicon knows as an adjective or noun is no name.
    const prev = ws[i - 1]?.replace(/[^\p{L}']/gu, '') ?? '';
    const afterName = i > 0 && /^\p{Lu}/u.test(prev) && !(isCommonWord(prev) && !isBareNoun(prev)) && /^\p{Ll}+s$/u.test(w);
    if (AUXILIARY.test(w) || isRegularPast(w) || IRREGULAR_PAST.has(w.toLowerCase()) || isVerbForm(w) || afterName || w.includes("'")) return false;
  }
  return false;
}
// What a thing is "to" someone only in jest: "Satay is my nemesis", "Coffee is my religion".
const FIGURATIVE =
  /^(?:nemesis|arch-?nemesis|kryptonite|spirit|enemy|arch-?enemy|achilles|weakness|vice|religion|therapy|therapist|drug|jam|soulmate|soul|love|happy|guilty|life|everything|personality|whole|jam|bestie|bff|child|baby|fuel|lifeline|lifesaver|savior|saviour|nightmare|downfall|sworn)$/i;

/** "Satay is my nemesis", "Coffee is my religion": a thing called something of the speaker's in jest, not a fact. */
function isJoke(sentence: string): boolean {
  const m =
    /^(?!(?:I|I'm|my|we|our|he|she|it|this|that|there)\b)((?:[\p{L}'-]+\s+){0,3}?)(?:is|are)\s+(?:(?:my|our)\s+)(?:(?:new|old|worst|biggest|greatest|arch|true|one true|only|absolute|sworn|personal|mortal)\s+)*([\p{L}-]+)/iu.exec(
      sentence,
    );
  if (!m) return false;
  const subject = m[1]!.trim();
  if (isKnownName(subject.split(/\s+/)[0] ?? '')) return false;
  return FIGURATIVE.test(m[2]!);
}

const ASIDE = new RegExp(
  String.raw`^(.{8,}?),\s+((?:(?:she|he)(?:'s|\s+(?:has|had|is|was|says|said|thinks|loves|likes|hates|seems|sounds|switched|started|finally|really|just|only|always|never|\p{Ll}+(?:s|ed))\b)|the\s+(?:[\p{L}-]+\s+){1,2}?(?:is|was|are|were|has|had|only|just|never|always|'s|\p{Ll}+ed)\b|\p{Lu}[\p{L}&'’-]+(?:\s+\p{Lu}[\p{L}&'’-]+)?\s+(?:kept|was|were|had|\p{Ll}{3,}ed)\s+\p{Ll}|(?:looking|hoping|trying|thinking|wondering|searching|planning|wanting)\s+(?:for|to|about|of|if|whether|into|around)\b|leaving\s+\p{Lu}[\p{L}'’-]*\s+(?:for good|behind|at last)\b).*)$`,
  'u',
);

/**
 * "Dana's at EY these days, she switched in the spring", "I settled in Charlotte, the Atlanta thing only lasted a few
 * months", "moved my account to Starling, Barclays kept charging me fees": a remark after a comma with its own subject
 * (he/she, "the ...", a name with a past verb), or a participle of what the subject is after ("I'm in Porto, looking for
 * somewhere to go in May"), split from the statement before it, or
 * null when the clause has none. The caller keeps the remark only when it states a fact of its own.
 */
export function asideOf(clause: string): { main: string; aside: string } | null {
  const m = ASIDE.exec(clause);
  if (!m) return null;
  const main = m[1]!.trim();
  // The main part needs a verb of its own: "Funny thing, she said ..." is a lead, not a statement.
  if (!VERB_IN_CLAUSE.test(main) || main.split(/\s+/).length < 3) return null;
  // "Lena got married in June, the wedding was in Porto": where or when the event was is part of the statement.
  if (/^the\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:was|is|were|will be)\s+(?:in|at|on|held)\b/iu.test(m[2]!)) return null;
  return { main: `${main}.`, aside: m[2]!.trim() };
}
