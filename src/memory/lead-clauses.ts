import { IRREGULAR_PAST, isRegularPast } from './tense.js';
import { PARTNER_WORDS, RELATIVE_WORDS } from './attribute-patterns.js';
import { cleftAsStatement } from './cleft-statements.js';
import { isLabelWord } from './label-speakers.js';
import { mayBeName } from './lexicon.js';
import { movedWithEmployer } from './moved-with.js';
import { contactPreference } from './contact-preferences.js';
import { firstDayAsStart } from './first-days.js';
import { allergyDenied } from './allergy-denials.js';
import { statementBeforeRequest } from './request-frames.js';
import { commaAfterLeadPhrase } from './lead-phrases.js';
import { allergyOutgrown } from './outgrown-allergies.js';

/**
 * Sentences whose statement hides behind a lead clause, rewritten so the statement has its own subject:
 * - "Kai called yesterday, he's moved to Kyoto", "Talked to my sister Ines, she quit the bank": the lead only says how
 *   the news came; the pronoun after it is the person named in the lead ("Kai has moved to Kyoto", "my sister Ines
 *   quit the bank");
 * - "Kofi has finally done it: he moved to Accra": a lead ending in a colon, the same ("Kofi moved to Accra");
 * - "Priya and I broke up", "Mark and I got divorced": the end of the partner fact, said as the user's ("I broke up
 *   with Priya").
 * Anything else is returned unchanged.
 */

const KIN = String.raw`(?:(?:older|younger|little|big|twin|best|old|new)\s+)?(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|friend|colleague|coworker|co-worker|neighbou?r|boss|manager|roommate|flatmate|cousin)`;
const NAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?`;
/** "my sister Ines", "my brother", "Kai", "Ana Silva". */
const PERSON = String.raw`(?:(?:[Mm]y|[Oo]ur)\s+${KIN}(?:\s+${NAME})?|(?!(?:I|We|My|Our|The|This|That|It|He|She|They)\b)${NAME})`;
/** How the news came, with the person as the subject: "Kai called (me) yesterday". */
const CAME = String.raw`(?:just\s+)?(?:called|rang|phoned|texted|messaged|emailed|wrote|facetimed|FaceTimed|stopped by|dropped by|came over|came by|visited|wrote to me|rang me|got in touch)`;
/** How the news came, with the author as the subject (said or implied): "Talked to my sister last night". */
const HEARD = String.raw`(?:(?:i|I|we|We)\s+)?(?:just\s+|finally\s+)?(?:talked|spoke|chatted|caught up|met up|had (?:lunch|dinner|coffee|drinks|a call))\s+(?:to|with)|(?:(?:I|We)\s+)?(?:just\s+|finally\s+)?(?:heard from|called|rang|phoned|texted|messaged|ran into|bumped into|saw|visited|facetimed|FaceTimed)`;
const REST = String.raw`(?:\s+[^,;:.!?]{1,40}?)?,\s+(?:and\s+)?(?<pro>he|she|they)(?<aux>'s|’s|'d|’d|'re|’re|'ve|’ve)?\s+(?<rest>\S.*)$`;
const LEAD_SUBJECT = new RegExp(String.raw`^(?<who>${PERSON})\s+${CAME}(?:\s+(?:me|us))?${REST}`, 'u');
const LEAD_OBJECT = new RegExp(String.raw`^(?:${HEARD})\s+(?<who>${PERSON})${REST}`, 'u');
/** "Kofi has finally done it: he moved to Accra", "Big news from Ama: she's engaged": a lead ending in a colon, the pronoun after it the person the lead opens with. */
const LEAD_COLON = new RegExp(String.raw`^(?<who>${PERSON})\s+[^,;:.!?]{1,40}?:\s+(?<pro>he|she)(?<aux>'s|’s|'d|’d)?\s+(?<rest>\S.*)$`, 'u');
/** "Edith reviewed by SALT today: back on a normal diet", "Kofi has news: moved to Accra": a lead ending in a colon, then what the person is or did with no subject. */
const LEAD_COLON_BARE = new RegExp(
  String.raw`^(?<who>${PERSON})\s+(?<verb>\p{Ll}+)\b[^,;:.!?]{0,40}?:\s+(?<rest>(?:(?:now|finally|just)\s+)?(?<head>back|now|on|off|at|in|moved|relocated|started|left|quit|joined|retired)\b.*)$`,
  'u',
);
/** "News from Li Wei: she's joined Canva", "Word about Tom: he quit": a lead that names its person after "from / about". */
const LEAD_FROM = new RegExp(String.raw`^(?:[\p{L}'’]+\s+){1,3}?(?:from|about|on|re|regarding)\s+(?<who>${PERSON})\s*:\s+(?<pro>he|she)(?<aux>'s|’s|'d|’d)?\s+(?<rest>\S.*)$`, 'u');
/** "me and jake broke up": the same end said with the author first, as chat types it. */
const ENDED_ME = /^(?:me|I)\s+and\s+(?<who>[\p{L}'’-]+)\s+(?:(?:have|had|just|finally|officially|recently)\s+)*(?<verb>broke up|split up|separated|got divorced|divorced|called it quits)\b(?<rest>.*)$/iu;
const ENDED = new RegExp(
  String.raw`^(?<who>${PERSON})\s+and\s+I\s+(?:(?:have|had|just|finally|officially|recently)\s+)*(?<verb>broke up|split up|split|separated|got divorced|divorced|called it quits)\b(?<rest>.*)$`,
  'u',
);

/** "Dad's doctor switched him from metformin to Ozempic", "Mum's GP put her on statins": who prescribes, and the patient. */
const PRESCRIBER = new RegExp(
  String.raw`^(?:(?<owner>[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he|${NAME}'s|(?:[Mm]y|[Oo]ur)\s+${KIN}'s)\s+)?(?:doctor|doc|GP|gp|psychiatrist|physician|consultant|specialist|cardiologist|endocrinologist|neurologist|dermatologist|oncologist|nurse practitioner|vet)\s+(?:(?:just|finally|recently|has|had)\s+)*(?<verb>switched|moved|changed|put|started)\s+(?<obj>him|her)\s+(?<prep>from|off|on|onto)\s+(?<rest>\S.*)$`,
  'u',
);

/**
 * "Dad's doctor switched him from metformin to Ozempic": the patient's change, with the patient as the subject ("Dad
 * switched from metformin to Ozempic"), so it is filed under them and replaces their medication. Null when the
 * sentence is not such a statement or the patient is not named in it.
 */
function patientOfPrescriber(s: string): string | null {
  const m = PRESCRIBER.exec(s);
  if (!m?.groups) return null;
  const { owner, verb, obj, prep, rest } = m.groups as { owner?: string; verb: string; obj: string; prep: string; rest: string };
  // "him"/"her" is the person whose doctor it is ("my doctor put me on X" is read as it is said).
  const who = owner && /'s$/.test(owner) && obj ? owner.slice(0, -2) : null;
  if (!who) return null;
  const said = /^(?:switched|moved|changed)$/.test(verb) && prep === 'from' ? `switched from ${rest}` : /^(?:put|started)$/.test(verb) && /^on/.test(prep) ? `started ${rest}` : null;
  return said ? capitalise(`${who} ${said}`) : null;
}

/** "Hana switched practices - now a GP in Walthamstow": a named subject's change, then its outcome after a dash. */
const DASH_NOW = new RegExp(String.raw`^(?<who>${PERSON})\s+(?<first>[^—–]*?\p{L}[^—–]*?)\s+[-—–]\s+now\s+(?<rest>(?:an?\s+|at\s+|in\s+|with\s+|based\s+)\S.*)$`, 'u');

/**
 * The sentence, or its two statements when an outcome after a dash has no subject of its own ("Hana switched
 * practices - now a GP in Walthamstow" → "Hana switched practices.", "Hana is now a GP in Walthamstow").
 */
export function outcomeAfterDash(sentence: string): string[] {
  const m = DASH_NOW.exec(sentence.trim());
  if (!m?.groups || /^(?:I|We|It|This|That|There)$/.test(m.groups.who!)) return [sentence];
  const { who, first, rest } = m.groups as { who: string; first: string; rest: string };
  return [`${who} ${first}.`, `${who} is now ${rest}`];
}

/** The sentence with its lead clause replaced by the person it names, or the sentence itself. */
export function statementBehindLead(sentence: string): string {
  // "it's codeine I react to": a cleft said plainly first (cleft-statements.ts); "Halvorsen moved HQ to Oslo and Erik
  // relocated with it": the person's own move (moved-with.ts).
  // "Best way to reach Marta is by email", "text me instead": a contact preference (contact-preferences.ts).
  // "Kemi's first day at Monzo is Wednesday": a start (first-days.ts).
  // "I live in Munich, can you suggest a hike?": the statement before a request (request-frames.ts).
  // "After the reorg I report to Dev": the opening phrase set off by its comma (lead-phrases.ts).
  const s = allergyOutgrown(allergyDenied(firstDayAsStart(contactPreference(movedWithEmployer(cleftAsStatement(commaAfterLeadPhrase(statementBeforeRequest(sentence.trim()))))))));
  const patient = patientOfPrescriber(s);
  if (patient) return patient;
  // "Talked to ...": the verb opens the sentence with its capital.
  // "News: she's joined Canva" opens with a word, not a person: "News from Li Wei: ..." names the person after "from".
  const colon = LEAD_FROM.exec(s) ?? LEAD_COLON.exec(s);
  const m = LEAD_SUBJECT.exec(s) ?? LEAD_OBJECT.exec(s.charAt(0).toLowerCase() + s.slice(1)) ?? (colon?.groups && !isLabelWord(colon.groups.who!.split(/\s+/)[0]!) ? colon : null);
  if (m?.groups) {
    const { who, pro, aux, rest } = m.groups as { who: string; pro: string; aux?: string; rest: string };
    // "they" after a single named person is someone else (or the person with others): not resolved here.
    if (pro === 'they' && !/\s(?:and|&)\s/.test(who)) return s;
    const verb = rest
      .split(/\s+/)[0]!
      .replace(/[^\p{L}]/gu, '')
      .toLowerCase();
    // "she's engaged", "he's retired": a state, not a past action.
    const state = /^(?:engaged|married|retired|divorced|separated|widowed|qualified|employed|unemployed|based|settled|pregnant)$/.test(verb);
    const participle = !state && (IRREGULAR_PAST.has(verb) || isRegularPast(verb) || /^(?:been|gone|done|seen|taken|given|become|begun|grown|known)$/.test(verb));
    const contracted = aux ? (/^['’]s$/.test(aux) ? (participle ? ' has' : ' is') : /^['’]d$/.test(aux) ? ' had' : /^['’]re$/.test(aux) ? ' are' : ' have') : '';
    return capitalise(`${who}${contracted} ${rest}`);
  }
  const bare = LEAD_COLON_BARE.exec(s);
  // Only a person: a word that may be a name ("Edith", "Kofi"), not a note's label ("Team notes:", "Status update:").
  // The lead is a clause of the person's ("reviewed by SALT today", "has news", "seen by the GP"), not a label's word.
  const leadVerb = bare?.groups
    ? /^(?:has|had|is|was|just|got)$/.test(bare.groups.verb!) || IRREGULAR_PAST.has(bare.groups.verb!) || isRegularPast(bare.groups.verb!) || /^(?:seen|taken|given|told|been)$/.test(bare.groups.verb!)
    : false;
  if (bare?.groups && leadVerb && !/^(?:My|Our)\b/.test(bare.groups.who!) && mayBeName(bare.groups.who!.split(/\s+/)[0]!) && !isLabelWord(bare.groups.who!.split(/\s+/)[0]!)) {
    const { who, rest, head } = bare.groups as { who: string; rest: string; head: string };
    return capitalise(`${who}${/^(?:back|now|on|off|at|in)$/.test(head) ? ' is' : ''} ${rest}`);
  }
  const me = ENDED_ME.exec(s);
  if (me?.groups && mayBeName(me.groups.who!.split('-')[0]!)) {
    const who = capitalise(me.groups.who!);
    const verb = me.groups.verb!.toLowerCase();
    return `${/divorced/.test(verb) ? `I divorced ${who}` : verb === 'separated' ? `I separated from ${who}` : `I broke up with ${who}`}${me.groups.rest}`;
  }
  const e = ENDED.exec(s);
  if (e?.groups) {
    const { who, verb, rest } = e.groups as { who: string; verb: string; rest: string };
    // "split" reads as a present too: the past is said unambiguously.
    const said = /divorced/.test(verb) ? `I divorced ${who}` : /^(?:separated)$/.test(verb) ? `I separated from ${who}` : `I broke up with ${who}`;
    return capitalise(`${said}${rest}`);
  }
  return s;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
