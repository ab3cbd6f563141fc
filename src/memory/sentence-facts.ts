import { endedPetName } from './pet-endings.js';
import { classifyFact } from './classify.js';
import { USER } from './conversation.js';
import type { Discourse } from './discourse.js';
import { toThirdPerson, type Voices } from './first-person.js';
import { NAME_PART } from './name-particles.js';
import { isKnownName, isOrganisation, isPlaceName, isSubjectless } from './lexicon.js';
import { cleanSentence, rejectReason, restoreImpliedSubject } from './statements.js';
import { escapeRe } from '../text/regex-escape.js';
import { RELATIVE_WORDS, PARTNER_WORDS, relative } from './attribute-patterns.js';
import { ROLE_NAME_WORDS } from './role-names.js';
import { inferForgetAfter, resolveDates, periodEnd } from './temporal-expressions.js';
import { tenseOf } from './tense.js';
import type { ExtractedFact } from './types.js';
import { normaliseTyping } from './user-typing.js';
import { usedToPresent } from './past-values.js';

/**
 * One clause of a turn (or note) to facts: cleaned of small talk and filler, pronouns resolved against the
 * conversation, rejected when it states nothing, dates resolved, rewritten in the third person with the subject's
 * name, then classified on the attribute catalogue; a clause stating two attributes ("works as a nurse at Mercy")
 * gives two facts.
 */

/** Longer rewritten facts are skipped. */
export const MAX_FACT_CHARS = 300;

export interface ClauseContext {
  voices: Voices;
  /** Words that carry no content: the speakers' names. */
  names: readonly string[];
  date: string | null;
  chat: boolean;
  plainLong: boolean;
  /** Finds a speaker's name; null when no speaker has one. */
  mentions: RegExp | null;
  discourse: Discourse;
  /** Other names of the speaker ("the user" for a named user). */
  speakerAliases: readonly string[];
}

const RECIPROCAL_ENDING = /^\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s+and\s+I\s+(?:have\s+|had\s+|just\s+|finally\s+)*(?:parted ways|broke up|split up|separated|divorced|fell out|went (?:our )?separate ways)\b/u;
const PERSON = /\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|us|our|ours|you|you're|you've|your|yours)\b/i;
const FIRST_PERSON_SUBJECT = /^(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|we'd|we'll|our)\b/i;
const WE_SUBJECT = /^(?:we|we're|we've|we'd|we'll|our)\b/i;
const SECOND_PERSON_SUBJECT = /^(?:you|you're|you've|you'd|you'll|your)\b/i;
const PROPER_SUBJECT = new RegExp(
  String.raw`^(?!\p{L}+ing\b)(\p{Lu}[\p{L}'-]*(?:${NAME_PART}){0,2})(?='s\b|\s+(?:(?:\p{Ll}+ly|now|only|still|also|just|already|often|always|never|soon|then)\s+){0,2}(?:is|was|has|had|will|would|can|does|did|doesn't|didn't|isn't|wasn't|hasn't|won't|can't|no longer|got|and|made|became|left|quit|took|bought|sold|won|went|began|ran|met|lost|found|kept|sang|drove|grew|wrote|broke up with|split up with|split from|gave birth|fell pregnant|fell ill|\p{Ll}+(?:s|ed))\b)`,
  'u',
);
// "My sister Lena is...", "Maya's brother Tom plays...", "Our drummer Kwame plays...": the relative is the subject.
const RELATIVE_SUBJECT = new RegExp(
  String.raw`^(?:[Mm]y|[Oo]ur|\p{Lu}[\p{L}'-]*'s)\s+(?:(?:older|younger|little|big|baby|twin|best|new|old)\s+)?(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|${ROLE_NAME_WORDS})(?:,)?\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)(?=,?\s+\p{Ll})`,
  'u',
);
// "My sister is a nurse" (unnamed): "Maya's sister" is the subject; but "my mom is called Grace" is about Maya.
const RELATIVE_UNNAMED = new RegExp(
  String.raw`^(?:[Mm]y|[Oo]ur)\s+(?:(?:older|younger|little|big|baby|twin|best)\s+)?(${RELATIVE_WORDS}|${PARTNER_WORDS})\s+(?!(?:is\s+(?:called|named)|'s\s+name|name|and\s+I)\b|is\s+\p{Lu})(?=\p{Ll})`,
  'u',
);
const BARE_KIN = /^(?:Mom|Mum|Mommy|Dad|Daddy|Grandma|Granny|Grandpa)\b(?=\s+\p{Ll}|'s\s)/u;
const PRESCRIBER = String.raw`(?:(?:my|the|our)\s+)?(?:doctor|doc|gp|physician|psychiatrist|cardiologist|specialist|nurse practitioner|endo|endocrinologist|dr\.?\s+\p{Lu}[\p{L}'-]*|she|he|they)`;
const PRESCRIBED = new RegExp(String.raw`^${PRESCRIBER}\s+(?:(?:has|have)\s+)?(?:just\s+)?(?:put|started)\s+me\s+on\s+(.+)$`, 'iu');
const DOSE_CHANGED = new RegExp(
  String.raw`^${PRESCRIBER}\s+(?:(?:has|have)\s+)?(?:just\s+)?(?:bumped|raised|increased|upped|lowered|reduced|dropped|cut|doubled|halved|changed|adjusted)\s+my\s+([\p{L}-]+)(?:\s+dose)?\s+(?:up\s+|down\s+)?to\s+(\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|units?|iu)\b.*)$`,
  'iu',
);
// "Lisinopril raised to 20mg daily" (a note's bullet): the author's medication at its new dose.
const DOSE_NOTED =
  /^(?:my\s+)?(\p{L}[\p{L}-]+)(?:\s+dose)?\s+(?:was\s+|got\s+|has\s+been\s+|is\s+)?(?:bumped|raised|increased|upped|lowered|reduced|dropped|cut|doubled|halved|changed|adjusted)\s+(?:up\s+|down\s+)?to\s+(\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|units?|iu)\b.*)$/iu;
const OWN_NUMBER = /^(?:(?:Current|Base|Annual|Monthly|New)\s+)?(salary|rent|pay|income)\b(?=\s+(?:on|for|is)\b)/iu;
const RENT_RAISED = /^(?:(?:the|my|our)\s+)?landlord\s+(?:just\s+)?(?:put|raised|increased|bumped|upped|hiked)\s+(?:the|my|our)\s+rent\s+(?:up\s+)?to\s+(.+)$/iu;
const QUOTED = /"[^"]*(?:"|$)|“[^”]*(?:”|$)/g;
const SLANG: [RegExp, string][] = [
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgotta\b/gi, 'have to'],
  [/\bkinda\b/gi, 'kind of'],
  [/\bsorta\b/gi, 'sort of'],
  // "I'll eat anything": a habit said as a willingness, not a plan (the diet with no restrictions).
  [/\b(?:I'll|I will)\s+eat\s+(anything|everything)\b/gi, 'I eat $1'],
];
// "Bartek Nowak is on parental leave until May": only people are on leave, so an unknown name that is is a person.
const AWAY = /^\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,2}\s+(?:is|was)\s+(?:(?:now|currently|still)\s+)?(?:on|off)\s+(?:[\p{Ll}-]+\s+)?(?:leave|holiday|holidays|vacation|sabbatical|sick)\b/u;
const NOT_A_PERSON =
  /^(?:The|This|That|These|Those|Today|Tomorrow|Yesterday|Everyone|Everybody|Nobody|Someone|Something|Nothing|Life|Work|Everything|Anyone|Lots|Most|Many|Some|Each|Every|All|Both|Which|What|Who|How|Why|Where|When|Here|There)\b/;

export function factsOfClause(clause: string, c: ClauseContext): ExtractedFact[] {
  // In a long document (an article, a README) "I" and "we" are its authors, not the user: only sentences naming the
  // user count. The cheap test also skips most sentences before the work.
  if (c.plainLong && !c.mentions?.test(clause)) return [];
  let s = cleanSentence(normaliseTyping(clause), c.names);
  // A chat turn or a short note is written by its author: "Just relocated to Denver" is the author's.
  if (c.chat || !c.plainLong) s = restoreImpliedSubject(s);
  // "Mom moved to Florida", "Dad's doctor switched him": a bare kinship word opening the author's sentence is theirs.
  if (c.chat || !c.plainLong) s = s.replace(BARE_KIN, (kin: string) => `My ${kin.toLowerCase()}`);
  // "Doctor put me on X", "she bumped my X up to 20 mg": a prescription or a dose change is what the author takes now.
  if (c.chat || !c.plainLong) s = s.replace(PRESCRIBED, 'I take $1').replace(DOSE_CHANGED, 'I take $1 $2').replace(DOSE_NOTED, 'I take $1 $2');
  // "Current salary is $95k", "Rent on our flat is £1,650", "the landlord put the rent up to £1,800": the author's numbers.
  if (c.chat || !c.plainLong) s = s.replace(OWN_NUMBER, (_, what: string) => `My ${what.toLowerCase()}`).replace(RENT_RAISED, 'My rent is now $1');
  for (const [re, to] of SLANG) s = s.replace(re, to);
  const { speaker, listener } = c.voices;
  c.discourse.observe(s, speaker);
  const resolved = c.discourse.resolve(s, speaker, listener);
  c.discourse.observeThings(resolved ?? s, speaker);
  if (resolved === null) return [];
  s = resolved;
  if (rejectReason(s, c.names) !== null) return [];
  const proper = properSubject(s, c);
  // A name the lexicon does not know counts once the classifier recognises what is said of it.
  const unsure = proper && !proper.sure ? proper.name : null;
  const named = proper?.sure ? proper.name : null;
  if ((c.chat || c.plainLong) && !PERSON.test(s) && !c.mentions?.test(s) && !proper && !(c.chat && endedPetName(s))) return [];
  // 'He said: "We didn't move fast enough"' — first person inside quotes is someone else's.
  const unquoted = s.replace(QUOTED, ' ');
  if (unquoted !== s && PERSON.test(s) && !PERSON.test(unquoted)) return [];

  const tense = tenseOf(s);
  const dates = c.date ? resolveDates(s, c.date) : { text: s, dates: [] };
  let forgetAfter = c.date ? inferForgetAfter(s, c.date) : null;
  const companion = WE_SUBJECT.test(s) ? c.discourse.companionOf(speaker) : null;
  const voices: Voices = { ...c.voices, group: companion ? `${speaker} and ${companion}` : null };
  const third = toThirdPerson(dates.text, voices);
  if (third === null) return [];
  const text = finish(third);
  if (text.length > MAX_FACT_CHARS) return [];

  let who = subjectOf(s, c, named ?? unsure);
  // The subject as the text names it: "Maya and Sam moved..." is classified from "Maya and Sam".
  // "My wife and I live in Ghent" → "Maya's wife and Maya live...": classified from the pair, filed under the speaker.
  // "My husband Greg and I live in Tucson": the pair's fact is the speaker's, not Greg's alone.
  if (who.subject && who.subject !== speaker && /^(?:[Mm]y|[Oo]ur)\s+[\p{L}-]+\s+\p{Lu}[\p{L}'-]*\s+and\s+I\b/u.test(s)) who = { subject: speaker, phrase: speaker, aliases: [...c.speakerAliases] };
  // "Dave and I parted ways", "Priya and I broke up": an ending between two is the speaker's (what ends is Dave).
  else if (who.subject && who.subject !== speaker && RECIPROCAL_ENDING.test(s)) who = { subject: speaker, phrase: speaker, aliases: [...c.speakerAliases] };
  const pair = who.subject && /^(?:my|our)\s+[\p{L}-]+(?:\s+\p{Lu}[\p{L}'-]*)?\s+and\s+I\b/iu.test(s) ? new RegExp(`^.*?\\band\\s+${escapeRe(who.subject)}(?=\\s)`, 'i').exec(text)?.[0] : undefined;
  // "Our team uses Jira" → "The user's team uses...": classified from the speaker's name, not a group.
  const group = WE_SUBJECT.test(s) && !/^our\s/i.test(s) ? (voices.group ?? `${speaker} and others`) : null;
  const phrase = group ?? pair ?? who.phrase;
  const dated = dates.dates.length > 0 || forgetAfter !== null;
  // "The user used to work at Google": classified by its present form (a past value of that attribute, below).
  const present = usedToPresent(text);
  const classified = present !== null ? classifyFact(present, phrase, 'present', dated) : classifyFact(text, phrase, tense, dated);
  if (unsure && who.subject === c.discourse.fullName(unsure) && !classified.facets.some((f) => f.id !== 'other') && !AWAY.test(s)) {
    // "Nibbles died last week": a name the lexicon does not know, in a chat, is kept when it is a pet's ending (what
    // ends the owner's pet fact, pet-endings.ts).
    if (c.chat && !PERSON.test(s) && !c.mentions?.test(s) && !endedPetName(s)) return [];
    who = { subject: null, phrase: null, aliases: [] };
  }
  // "Draft notes of the spare team.": a note line about nobody that reads as an imperative or has no verb.
  if (!who.subject && !group && !pair && isSubjectless(s)) return [];
  const eventDate = dates.dates[0] ?? (!classified.isStatic && c.chat ? c.date : null);
  // A trip or plan for a named period is over when the period is.
  if (forgetAfter === null && c.date && dates.dates[0] && classified.facets.some((f) => f.id === 'location' || f.id === 'goal') && tense !== 'past') {
    forgetAfter = periodEnd(dates.text, dates.dates[0], c.date);
  }
  const base: ExtractedFact = {
    text,
    isStatic: classified.isStatic,
    eventDate,
    forgetAfter,
    subject: who.subject,
    attribute: classified.attribute,
    speaker: c.chat ? speaker : null,
    ...(who.aliases.length > 0 ? { aliases: who.aliases } : {}),
  };
  // A past value: never a lasting fact, one fact (its current value, filed later, replaces it).
  if (present !== null) return [{ ...base, isStatic: false }];
  const split = classified.facets.filter((f) => f.predicate);
  if ((split.length < 2 && !split[0]?.replaced) || !phrase) return [nameFact(base, classified.facets[0]?.value ?? null, who.subject, c)];
  const head = text.slice(0, text.toLowerCase().indexOf(phrase.toLowerCase()) + phrase.length);
  // "Maya and others" take a plural verb: "now use", "work as".
  const verb = (p: string) => (/\sand\s/.test(phrase) ? p.replace(/^(\s+(?:now\s+)?)(has|uses|works|lives)\b/, (_, a: string, v: string) => `${a}${v === 'has' ? 'have' : v.slice(0, -1)}`) : p);
  return split.map((f) => ({ ...base, text: finish(`${head}${verb(f.predicate!)}`), attribute: f.attribute, isStatic: f.isStatic }));
}

/** "Maya's name is Maya" says only that the user is called Maya: "The user's name is Maya.", about the user. */
function nameFact(fact: ExtractedFact, value: string | null, subject: string | null, c: ClauseContext): ExtractedFact {
  if (fact.attribute !== 'name' || !value || !subject || !c.speakerAliases.includes(USER)) return fact;
  if (value.toLowerCase() !== subject.toLowerCase() && value.toLowerCase() !== subject.split(/\s+/)[0]!.toLowerCase()) return fact;
  return { ...fact, text: `The user's name is ${value}.`, subject: USER, aliases: [subject] };
}

/**
 * The person a sentence opens with: a relative named ("my sister Lena"), a name the lexicon or the conversation
 * knows, or (`sure: false`) another capitalised word before a verb, which names a person only if what follows is
 * something the catalogue says of people ("Priya leads the launch", not "Pizza is great").
 */
function properSubject(s: string, c: ClauseContext): { name: string; sure: boolean } | null {
  const rel = RELATIVE_SUBJECT.exec(s);
  // "My daughter Lily's birthday...": the relative is Lily.
  if (rel) return { name: rel[1]!.replace(/['’]s$/, ''), sure: true };
  if (/^(?:the user|user)\b/i.test(s)) return { name: USER, sure: true };
  const m = PROPER_SUBJECT.exec(s);
  if (!m || NOT_A_PERSON.test(m[1]!)) return null;
  const name = m[1]!;
  const first = name.split(/\s+/)[0]!;
  if (c.discourse.knows(name) || isKnownName(first) || c.names.includes(name)) return { name, sure: true };
  if (isPlaceName(name) || isOrganisation(first)) return null;
  return { name, sure: false };
}

interface Subject {
  subject: string | null;
  /** How the text names the subject. */
  phrase: string | null;
  aliases: string[];
}

function subjectOf(s: string, c: ClauseContext, named: string | null): Subject {
  const { speaker, listener } = c.voices;
  const user = (name: string): Subject => ({ subject: name, phrase: name, aliases: [...c.speakerAliases] });
  if (named && RELATIVE_SUBJECT.test(s)) return { subject: c.discourse.fullName(named), phrase: named, aliases: [] };
  // "user's mother is retiring": a pronoun resolved to the speaker's relative ("She's retiring").
  const resolvedKin = new RegExp(String.raw`^${escapeRe(speaker)}'s\s+(${RELATIVE_WORDS}|${PARTNER_WORDS})\b`, 'iu').exec(s);
  if (resolvedKin) return { subject: `${speaker}'s ${relative(resolvedKin[1]!)}`, phrase: resolvedKin[0], aliases: [] };
  const unnamed = RELATIVE_UNNAMED.exec(s);
  if (unnamed) {
    const phrase = `${speaker}'s ${unnamed[0].trim().split(/\s+/).slice(1).join(' ')}`;
    return { subject: `${speaker}'s ${relative(unnamed[1]!)}`, phrase, aliases: [] };
  }
  if (FIRST_PERSON_SUBJECT.test(s)) return user(speaker);
  if (SECOND_PERSON_SUBJECT.test(s)) return { subject: listener, phrase: listener, aliases: [] };
  if (named) {
    if (named === USER) return { subject: USER, phrase: /^the user/i.test(s) ? 'the user' : 'user', aliases: [] };
    if (named === speaker) return user(speaker);
    const full = c.discourse.fullName(named);
    return { subject: full, phrase: named, aliases: full !== named ? [named] : [] };
  }
  if (c.chat && PERSON.test(s)) return user(speaker);
  return PERSON.test(s) ? user(speaker) : { subject: null, phrase: null, aliases: [] };
}

/** One sentence: capitalised, single spaces, ending with exactly one period. */
export function finish(text: string): string {
  const t = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!])/g, '$1')
    .trim()
    .replace(/[.!?…]+(["”’')\]]+)$/, '$1')
    .replace(/[\s.!…,;:-]+$/, '');
  return `${capitalise(t)}.`;
}

export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
