import { isBareNoun, isCommonWord, isKnownName, isOrganisation, isPlaceName, isVerbForm } from './lexicon.js';
import { NAME_PART } from './name-particles.js';
import { escapeRe } from '../text/regex-escape.js';
import { isOrganisationShaped } from './organisation-names.js';

/**
 * A line opened by a person's name as its label, then what they did with no subject of its own, as terse notes and
 * CRM / 1:1 logs are written: "Priya update: left Google. now at Stripe, payments infra.", "Owen Price: now only wants
 * WhatsApp messages", "Nkechi - moved to Tbilisi". The name is the subject of every subjectless sentence of its line:
 * "Priya left Google. Priya is now at Stripe, payments infra." Read by structure (a capitalised name, a colon or a
 * dash, a verb or "now at" after it), so a name the lexicon does not know counts as much as one it does; a label that is
 * a place, an organisation or a common word ("Update:", "Diet:", "Leeds:") is no person.
 */

const LINE_LABEL = new RegExp(String.raw`^(?<indent>[ \t]*(?:[-*•]\s+)?)(?<name>\p{Lu}[\p{L}'’-]*(?:${NAME_PART}){0,2})(?:\s+(?:update|news|notes?|latest))?\s*(?::|\s[-–—])\s+(?<rest>\S[^\n]*)$`, 'u');
const ADVERBS = /^(?:(?:now|just|still|finally|also|recently|currently|only|no longer|apparently)\s+)+/i;
/** After the name and its adverbs, a place or a state: "now at Stripe", "in Leeds since May", "off sick", "on leave". */
const STATE_HEAD = /^(?:at|in|with|on|off|based|back|away|a|an|the|retired|married|engaged|single|pregnant|vegetarian|vegan)\b/i;

/** Irregular verbs of a change the lexicon may tag as something else ("left" as an adjective). */
const CHANGE_VERB = /^(?:left|quit|got|went|began|became|took|sold|bought|won|lost|met|made|gave|had|is|was|has)$/i;
const CAPITAL_HEAD = /^(?:Now|Just|Still|Finally|Also|Recently|Currently|Left|Moved|Started|Joined|Quit|Promoted|Retired)\b/;

/** "Drives a Tesla now": a present verb of the third person opening the sentence, before an object or a preposition. */
function capitalisedVerb(s: string): boolean {
  const m = /^(\p{Lu}\p{Ll}+s)\s+(?:an?|the|at|in|for|with|on|to|from|as)\b/u.exec(s);
  return m !== null && isVerbForm(m[1]!.toLowerCase());
}

/** The subjectless sentence said of `name`, or null when it has a subject of its own. */
function ofPerson(name: string, sentence: string): string | null {
  const s = sentence.trim();
  // A capitalised sentence has its own subject, unless it opens with an adverb or a verb of a change.
  // "Drives a Tesla now.", "Works at Arup.": a capitalised verb of the person's, with no subject before it.
  if (s === '' || (/^\p{Lu}/u.test(s) && !CAPITAL_HEAD.test(s) && !capitalisedVerb(s))) return null;
  const adverbs = ADVERBS.exec(s)?.[0] ?? '';
  const head = s.slice(adverbs.length);
  const word = /^[\p{L}']+/u.exec(head)?.[0] ?? '';
  if (!word || /^(?:i|i'm|i've|we|we're|he|she|they|it|it's|there|you|my|our|his|her|their)$/i.test(word)) return null;
  const lower = `${s[0]!.toLowerCase()}${s.slice(1)}`;
  if (STATE_HEAD.test(head)) return `${name} is ${lower}`;
  if (isVerbForm(word) || /^\p{Ll}{2,}(?:s|ed)$/u.test(word) || CHANGE_VERB.test(word)) return `${name} ${lower}`;
  return null;
}

const ENDED_HOME = /\b(?:moved out of|moved away from|left)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)/u;
const ENDED_JOB = /\b(?:left|quit|resigned from|moved on from|was let go (?:from|by)|got laid off (?:from|by)|walked out of)\s+\p{Lu}/u;

/**
 * "Priya: left Google. Now at Stripe.", "Sam - moved out of Leeds. Now in Sheffield.": a state said right after the
 * person ended something, in their own line, is the new value of what ended (a home after a home, a job after a job),
 * not where they happen to be: "Sam now lives in Sheffield.", "Priya now works at Stripe."
 */
function afterEnding(name: string, sentences: string[]): string[] {
  return sentences.map((s, i) => {
    const state = new RegExp(String.raw`^${escapeRe(name)} is now (at|with|in) (\S.*)$`, 'u').exec(s);
    const before = i > 0 ? sentences[i - 1]! : '';
    if (!state || !before.startsWith(`${name} `)) return s;
    const home = ENDED_HOME.exec(before);
    if (state[1] === 'in' && home && (isPlaceName(home[1]!) || isPlaceName(state[2]!.replace(/[.!]+$/, '')))) return `${name} now lives in ${state[2]!}`;
    if (state[1] !== 'in' && ENDED_JOB.test(before) && !home?.[1]?.split(/\s+/).some((w) => isPlaceName(w))) return `${name} now works at ${state[2]!}`;
    return s;
  });
}

/** Labels of a note's fields and words shaped like nouns rather than names ("Status:", "Progress:", "Medication:"). */
const FIELD_WORD =
  /^(?:status|priority|owner|budget|deadline|lead|progress|outcome|result|results|blocker|blockers|risk|risks|eta|next|notes?|summary|update|updates|action|actions|decision|decisions|plan|plans|goal|goals|agenda|context|scope|timeline|cost|price|fee|rate|dose|diet|mobility|contact|account|client|vendor|subject|re|fyi|todo|reminder|location|address|phone|email|home|work|job|role|title|team|project)$/i;
const NOUN_SHAPE = /(?:tion|sion|ment|ness|ity|ance|ence|ship|ing|ism|ure|ies|ous|ive|able|ible|tus)$/i;

/**
 * "Sam lives in Oxford, works at Oxfam, 2 kids": a list of what the person does, each item a statement of its own
 * ("Sam lives in Oxford. Sam works at Oxfam. Sam has 2 kids."), so each is filed and replaced on its own. Only when
 * every item after the first opens with a verb of the person or a count.
 */
function eachItem(name: string, sentence: string): string {
  const end = /[.!?]*$/.exec(sentence)![0];
  const items = sentence.slice(0, sentence.length - end.length).split(/\s*,\s+(?:and\s+)?/);
  if (items.length < 2 || !items[0]!.startsWith(`${name} `)) return sentence;
  const rest = items.slice(1).map((item) => {
    const word = /^[\p{L}']+/u.exec(item)?.[0] ?? '';
    if (/^\d{1,2}\s+\p{Ll}+s?$/u.test(item) || /^(?:no|one|two|three|four|five)\s+(?:kids|children|sons|daughters|dogs|cats|pets|grandkids)$/i.test(item)) return `${name} has ${item}`;
    // A verb of the person: a form the lexicon knows, or an -s word before a preposition or an article ("works at").
    return /^\p{Ll}{2,}s$/u.test(word) && (isVerbForm(word) || /^\S+\s+(?:(?:in|at|for|with|on|as|from|a|an|the)\b|\d)/u.test(item)) ? `${name} ${item}` : null;
  });
  if (rest.some((r) => r === null)) return sentence;
  return [items[0]!, ...(rest as string[])].map((x) => `${x}${end || '.'}`).join(' ');
}

function isPersonName(name: string, bulleted: boolean): boolean {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  const first = words[0]!;
  if (FIELD_WORD.test(first) || isPlaceName(name) || isOrganisation(first) || words.some((w) => isPlaceName(w) && !isKnownName(w))) return false;
  // A bulleted line is a note's field unless the lexicon knows the name ("- Dad: ...", "- Lisinopril: raised to 20mg").
  if (bulleted && !isKnownName(first)) return false;
  if (!isKnownName(first) && words.length === 1 && NOUN_SHAPE.test(first)) return false;
  // A surname may be a word ("Owen Price", "Ruth Baker"): the first name decides.
  return isKnownName(first) || !isCommonWord(first);
}

/** What a person does, opening a labelled line: a move, a job, a purchase, a sale. */
const PERSON_DEED = /^(?:(?:now|just|finally|also|recently)\s+)*(?:sold|bought|moved|relocated|lives|works|left|quit|started|joined|married|retired|drives|adopted|switched|got)\b/i;

// "- Bartek Nowak: parental leave until May" in meeting notes: a person away until a date, even one the lexicon does
// not know by name (a full name with no common word in it); the line is theirs, not a field of the meeting.
const AWAY_LINE =
  /^(?<indent>\s*(?:[-*+•]\s+)?)(?<name>\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+){1,2})\s*(?::|\s[–—-])\s*(?:on\s+)?(?<what>(?:[\p{Ll}-]+\s+)?(?:leave|holiday|holidays|vacation|sabbatical|secondment))\s+(?<until>(?:until|till|through|to)\s+\S.*)$/u;

function awayLine(line: string): string | null {
  const m = AWAY_LINE.exec(line);
  if (!m?.groups) return null;
  const { indent, name, what, until } = m.groups as { indent: string; name: string; what: string; until: string };
  const words = name.split(/\s+/);
  if (FIELD_WORD.test(words[0]!) || isPlaceName(name) || words.some((w) => isOrganisation(w) || (isCommonWord(w) && !isKnownName(w)))) return null;
  return `${indent}${name} is on ${what} ${until.replace(/[.;]*$/, '')}.`;
}

/** The text with each person-labelled line's subjectless sentences said of that person. */
export function personLabelledLines(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const away = awayLine(line);
      if (away) return away;
      const m = LINE_LABEL.exec(line);
      if (!m?.groups) return line;
      const { indent, name, rest } = m.groups as { indent: string; name: string; rest: string };
      // "Lisinopril: raised to 20mg": a change of an item, which the medication reader files.
      // "Leo: sold the Golf. Drives a Tesla now.": a word the lexicon knows only as a bare noun (as it knows "Leo",
      // "Max") is a name when its line says what a person did; "Car: sold the Golf" (a common noun) stays a label.
      const person = isPersonName(name, /[-*•]/.test(indent)) || (!indent.trim() && isBareNoun(name) && PERSON_DEED.test(rest));
      if (!person || /^\p{Ll}+ed\s+(?:to|from|by)\s+\d/u.test(rest)) return line;
      const sentences = rest.split(/(?<=[.!?])\s+/u);
      const first = ofPerson(name, sentences[0]!);
      if (first === null) return line;
      const out = afterEnding(name, [first, ...sentences.slice(1).map((s) => ofPerson(name, s) ?? s)]).map((s) => eachItem(name, s));
      return `${indent}${out.join(' ')}`;
    })
    .join('\n');
}

/** "Contact: Mark Otieno, procurement manager": a contact named with their title, in prose. */
const CONTACT_WITH_TITLE = new RegExp(
  String.raw`(^|[.;]\s+)(?:(?:main|key|primary|client|our|my)\s+)?(?:contact|point of contact|poc)\s*:\s+(\p{Lu}[\p{L}'’-]*(?:${NAME_PART}){1,2})\s*,\s+(\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*){0,3})(?=\s*(?:[.;]|$))`,
  'gimu',
);

/** "Contact: Owen Price (Price & Daughters). Prefers phone, mornings.": a subjectless preference after a contact's line is theirs. */
const CONTACT_THEN_PREFERENCE = new RegExp(
  String.raw`((?:^|[.;]\s+)(?:(?:main|key|primary|client|our|my)\s+)?(?:contact|point of contact|poc)\s*:\s+(\p{Lu}[\p{L}'’-]*(?:${NAME_PART}){0,2})[^.\n]{0,60}\.\s+)(Prefers|Only wants|Wants|Likes)(?=\s)`,
  'gimu',
);

/** "Customer: Rahul Mehta, Pune.": a customer or client named with their town, in a ticket or CRM line. */
const CUSTOMER_WITH_TOWN = new RegExp(
  String.raw`(^|[.;]\s+)((?:customer|client|patient|guest|member)\s*:\s+)(\p{Lu}[\p{L}'’-]*(?:${NAME_PART}){1,2})\s*,\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?=\s*(?:[.;]|$))`,
  'gimu',
);
/** "…, Pune. Prefers WhatsApp for delivery updates.": a subjectless preference after a customer's line is theirs too. */
const CUSTOMER_THEN_PREFERENCE = new RegExp(
  String.raw`((?:^|[.;]\s+)(?:customer|client|patient|guest|member)\s*:\s+(\p{Lu}[\p{L}'’-]*(?:${NAME_PART}){0,2})[^.\n]{0,60}\.\s+)(Prefers|Only wants|Wants|Likes)(?=\s)`,
  'gimu',
);

/** The contact's line as a statement of their job: "Mark Otieno works as a procurement manager." */
export function contactsWithTitles(text: string): string {
  return (
    text
      .replace(CONTACT_THEN_PREFERENCE, (_all, line: string, name: string, verb: string) => `${line}${name} ${verb.toLowerCase()}`)
      .replace(CUSTOMER_THEN_PREFERENCE, (_all, line: string, name: string, verb: string) => `${line}${name} ${verb.toLowerCase()}`)
      // The town is a place the lexicon knows, or a word that is no organisation's name ("Rahul Mehta, Infosys" is his employer).
      .replace(CUSTOMER_WITH_TOWN, (all, lead: string, _label: string, name: string, town: string) =>
        isPlaceName(town) || (!isOrganisation(town) && !isOrganisationShaped(town) && !isKnownName(town.split(/\s+/)[0]!) && !isCommonWord(town.split(/\s+/)[0]!)) ? `${lead}${name} lives in ${town}` : all,
      )
      .replace(CONTACT_WITH_TITLE, (_all, lead: string, name: string, title: string) => `${lead}${name} works as ${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title}`)
  );
}
