import { isPlaceName } from './lexicon.js';
import { renamesPerson } from './renamed-people.js';
import { escapeRe } from '../text/regex-escape.js';
import { sameSubject, subjectNames } from './subjects.js';
import type { ExtractedFact, RelationCandidate } from './types.js';

/**
 * Corrections that name no attribute, only the value meant and the value rejected: "it's Braga, not Porto", "To be
 * clear, it's tree nuts I'm allergic to, not shellfish", "she's in Antwerp, not Ghent", "I said Tuesday earlier but
 * the class is on Thursdays". What they correct is the memory that holds the rejected value, which only the tag
 * knows: the extractor marks the fact (`corrects`), and the memory step finds the memory holding the rejected value
 * and writes its next version with the value meant (remember.ts).
 */

export interface ValueCorrection {
  /** The value meant ("Braga"). */
  meant: string;
  /** The value it replaces ("Porto"). */
  rejected: string;
  /** The statement to read facts from: the sentence, without an "I said X earlier" lead. */
  statement: string;
  /** A person's name was wrong ("her name is Astrid, not Ingrid"): every memory of the name is renamed (renamed-people.ts). */
  renames?: boolean;
}

/** What a fact carries of a correction for the memory step. */
export function correctsOf(fix: ValueCorrection): NonNullable<ExtractedFact['corrects']> {
  return { meant: fix.meant, rejected: fix.rejected, ...(fix.renames ? { renames: true } : {}) };
}

/** A value: up to five words, no clause punctuation (a time's colon is no clause break: "the 7:40"). */
const VALUE = String.raw`(?:[^,;:.!?()"]|(?<=\d)[:.](?=\d)){1,40}?`;
/** "…, not Porto", "… - not Ghent": a rejected value set off after the clause ("I'm not vegan" denies, it rejects no value). */
const NOT_VALUE = new RegExp(
  String.raw`^(?<before>.*?\S)\s*(?:,|\s+-|\s+—|\s+–)\s+(?:and\s+)?not\s+(?:an?\s+|the\s+)?(?<rejected>${VALUE})\s*(?=$|[,;.!?(]|\s+[-—–]\s|\s+(?:as|like|which|because|since|sorry|lol|haha)\b)`,
  'iu',
);
/** "I said Tuesday earlier but …", "I wrote Ghent last time, …": the rejected value named as what was said. */
const SAID_EARLIER = new RegExp(
  String.raw`^(?<lead>.*?)\b(?:I|i)\s+(?:(?:must have|might have|think I|probably)\s+)?(?:said|wrote|put|typed|told you|mentioned|put down|gave you)\s+(?:an?\s+|the\s+)?(?<rejected>${VALUE})\s+(?:earlier|before|last time|above|previously|the other day|by mistake)\s*(?:,|\s+but|;|\s+-|\s+—)\s*(?:but\s+|actually\s+|it's\s+actually\s+)?(?<statement>\S.*)$`,
  'u',
);
/**
 * "it's Tuesday not Thursday", "I meant KPMG not Deloitte", "comes on Fridays not Mondays": a value and its rejected
 * like with no comma between them. Without the comma "not" is as often a plain denial ("I'm not vegan", "Sam not
 * coming"), so both sides must be values of one kind: two weekdays, two numbers, or two capitalised names.
 */
const NAME_RUN = String.raw`\p{Lu}[\p{L}\d'’&.-]*(?:\s+\p{Lu}[\p{L}\d'’&.-]*){0,2}`;
const NUMBER = String.raw`\d[\d:.,]*(?:\s*(?:am|pm))?`;
const BARE_NOT = new RegExp(String.raw`^(?<before>.*?)(?<meant>${NAME_RUN}|${NUMBER})\s+not\s+(?:an?\s+|the\s+|on\s+)?(?<rejected>${NAME_RUN}|${NUMBER})(?<rest>(?=$|[\s,;.!?]).*)$`, 'u');
const WEEKDAY_VALUE = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/i;
const NOT_A_NAME_VALUE = /^(?:I|I'm|I’m|It|It's|It’s|The|A|An|My|Our|We|He|She|They|You|Not|No|Yes|Sorry|Oops|Actually|Correction|Turns|Scratch|Wait)$/;

/**
 * "wait no sorry, edinburgh not glasgow": chat typed in lower case names its values in lower case too. Read only where
 * the caller found a correction cue, and only as a bare pair of single words that are no function word or mood.
 */
const LOWER_NOT = /^(?<before>.*?(?:^|[\s,;:]))(?<meant>\p{Ll}[\p{Ll}'’-]{2,})\s+not\s+(?<rejected>\p{Ll}[\p{Ll}'’-]{2,})(?<rest>(?=$|[\s,;.!?]).*)$/u;
const NOT_A_LOWER_VALUE =
  /^(?:the|and|but|yet|just|really|sure|you|him|her|them|that|this|there|here|now|then|too|very|quite|bad|good|great|fine|happy|sad|okay|one|two|sorry|wait|actually|mean|meant|said|was|were|are|is|did|does|will|would|can|could|should|have|has|had|going|coming|done|ready|yes|yeah|nope|lol|haha|today|tomorrow|yesterday|anymore|again|always|never|ever|much|many|more|less|all|any|some|every|each|other|another)$/;

function bareCorrection(s: string): ValueCorrection | null {
  const lower = BARE_NOT.exec(s) ? null : LOWER_NOT.exec(s);
  if (lower?.groups) {
    const [meant, rejected] = [lower.groups.meant!, lower.groups.rejected!];
    // "tired not grumpy": a word shaped like an adjective or a verb form is a mood, not a value (a place the lexicon
    // knows may end so: "sydney not perth").
    const moodLike = (w: string) => /(?:y|ed|ful|ous|ive|ish|less|able|ible|ing)$/.test(w) && !isPlaceName(w);
    if (NOT_A_LOWER_VALUE.test(meant) || NOT_A_LOWER_VALUE.test(rejected) || NOT_A_VALUE.test(meant) || NOT_A_VALUE.test(rejected) || moodLike(meant) || moodLike(rejected) || meant === rejected) return null;
    return { meant, rejected, statement: `${lower.groups.before}${meant}${lower.groups.rest}`.replace(/\s+,/g, ',') };
  }
  const m = BARE_NOT.exec(s);
  if (!m?.groups) return null;
  const [meant, rejected] = [m.groups.meant!.trim(), m.groups.rejected!.trim()];
  const kind = (v: string) => (WEEKDAY_VALUE.test(v) ? 'weekday' : /^\d/.test(v) ? 'number' : NOT_A_NAME_VALUE.test(v.split(/\s+/)[0]!) ? null : 'name');
  if (kind(meant) === null || kind(meant) !== kind(rejected) || meant.toLowerCase() === rejected.toLowerCase()) return null;
  const statement = `${m.groups.before}${meant}${m.groups.rest}`.replace(/\s+,/g, ',');
  return { meant, rejected, statement };
}

/** "I said Monzo but I meant Revolut", "I wrote 12 but meant 21": the rejected and the meant value in one breath. */
const SAID_MEANT = new RegExp(
  String.raw`^(?<lead>.*?)\b(?:I|i)\s+(?:said|wrote|typed|put|put down)\s+(?:an?\s+|the\s+)?(?<rejected>${VALUE})\s*,?\s+but\s+(?:I\s+|i\s+)?(?:meant|mean)\s+(?:an?\s+|the\s+)?(?<meant>${VALUE})(?<rest>(?=$|[,;.!?]).*)$`,
  'u',
);

/**
 * Where a value opens: after the copula or a preposition of place ("it's Braga", "she's in Antwerp"), "I meant", or a
 * name ("my wife's name is Astrid": Astrid, not "name").
 */
const VALUE_OPENS =
  /\b(?:meant|mean|it's|it’s|it is|it was|that's|that’s|that is|that was|'s|’s|is|are|am|was|'re|’re|'m|’m)\s+(?:(?:first\s+|last\s+|full\s+|sur)?name\s+(?:is|was)\s+|called\s+|named\s+|spelt\s+|spelled\s+)?(?:actually\s+|really\s+|now\s+|definitely\s+)?(?:(?:in|at|on|with|from|for)\s+)?(?:an?\s+|the\s+)?(?<value>.+)$/iu;
/** Words that end a value: a pronoun or a clause's verb after it ("tree nuts I'm allergic to"). */
const VALUE_ENDS = /\s+(?:I|I'm|I’m|i'm|we|we're|she|he|they|you|that|which|who|is|are|was|were|has|have|had)\b.*$/u;
/** Words a value cannot be (a correction of a sentence, not of a value: "not really", "not sure"). */
const NOT_A_VALUE =
  /^(?:wrong|actually|still|also|really|sure|much|quite|yet|anymore|any more|so|too|that|this|it|me|you|him|her|them|always|just|only|exactly|bad|great|good|far|long|now|again|ever|everything|all|at all|for long|a lot|one bit|in the slightest)\b/i;

/** Words that say a sentence corrects something said before; two weekdays either side of "not" do too. */
export const CORRECTION_CUE =
  /\b(?:correction|correcting|to clarify|clarification|to be clear|just to be clear|fix|typo|oops|whoops|sorry|my bad|my mistake|mistake|got (?:it|that) wrong|had (?:it|that) wrong|mixed (?:him|her|it|them|that|those)?\s*up|mixing (?:him|her|it|them)\s*up|I meant|actually|earlier|last time|previously|confirm|I said|I wrote|turns out|turned out|no wait|wait|scratch that|hang on|I mean|now,? not|autocorrect(?:ed)?|spelled|spelt|spelling|wrong name|(?:mon|tues|wednes|thurs|fri|satur|sun)days?,?\s+not\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/i;

/** The correction in a sentence (read in the text `around` it for what kind of correction it is), or null when it rejects no value. */
export function valueCorrection(sentence: string, around: string = sentence): ValueCorrection | null {
  const fix = readCorrection(sentence.trim());
  return fix && renamesPerson(sentence, fix.meant, fix.rejected, around) ? { ...fix, renames: true } : fix;
}

function readCorrection(s: string): ValueCorrection | null {
  const saidMeant = SAID_MEANT.exec(s);
  if (saidMeant?.groups) {
    const [rejected, meant] = [saidMeant.groups.rejected!.trim(), saidMeant.groups.meant!.trim()];
    if (isValue(rejected) && isValue(meant) && meant.toLowerCase() !== rejected.toLowerCase()) return { meant, rejected, statement: `I meant ${meant}${saidMeant.groups.rest}` };
  }
  const said = SAID_EARLIER.exec(s);
  if (said?.groups) {
    const rejected = said.groups.rejected!.trim();
    // "I wrote Ghent last time, she's in Antwerp, not Ghent": the statement without its own "not".
    const statement = said.groups.statement!.trim();
    const inner = NOT_VALUE.exec(statement);
    const meant = valueIn((inner ? inner.groups!.before! : statement).replace(/[.!?]+$/, ''));
    if (meant && isValue(rejected) && meant.toLowerCase() !== rejected.toLowerCase()) return { meant, rejected, statement };
    // "I wrote the wrong name before - the landlord is Gordon, not Graham": what was said names no value; the
    // statement's own "not" does.
    return inner ? readCorrection(statement) : null;
  }
  const m = NOT_VALUE.exec(s);
  if (!m?.groups) return bareCorrection(s);
  const rejected = m.groups.rejected!.trim();
  if (!isValue(rejected)) return null;
  const meant = valueIn(m.groups.before!);
  if (!meant || meant.toLowerCase() === rejected.toLowerCase()) return null;
  // The sentence is its own statement: "Ava lives in Ottawa, not Toronto" keeps what it rules out.
  return { meant, rejected, statement: s };
}

/** The value a clause states: after its copula or place preposition, else its closing capitalised words. */
function valueIn(clause: string): string | null {
  // "it's the premium plan actually": the adverb after a value is no part of it.
  const opened = VALUE_OPENS.exec(clause)
    ?.groups?.value?.replace(VALUE_ENDS, '')
    .replace(/(?:\s+(?:actually|really|then|though|now|instead))+\s*$/i, '')
    .trim();
  if (opened && opened.split(/\s+/).length <= 4 && isValue(opened)) return opened;
  const closing = /(?:^|\s)((?:\p{Lu}[\p{L}\d'’&.-]*\s*){1,4})$/u.exec(clause.trim())?.[1]?.trim();
  return closing && isValue(closing) ? closing : null;
}

function isValue(v: string): boolean {
  const words = v.split(/\s+/);
  return words.length >= 1 && words.length <= 5 && /\p{L}|\d/u.test(v) && !NOT_A_VALUE.test(v);
}

/** "Porto" in "settled in Porto last spring", as whole words, case-insensitively. */
function holds(text: string, value: string): RegExpExecArray | null {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(value)}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
}

/**
 * The memory a correcting fact corrects, and the fact to store as its next version. The candidate holds the rejected
 * value and not the meant one; one of the fact's own subject first, else one naming the fact's subject ("Biscuit is a
 * basset hound, not a beagle" corrects "The user's dog Biscuit is a beagle"), else the only one that holds it (what
 * "she's in Antwerp, not Ghent" says is about whoever was in Ghent). A fact that states its own catalogued attribute
 * about the same subject is stored as it is; otherwise the corrected memory's text with the value meant, filed as it
 * was (subject, attribute, lasting or not), so the profile and the attribute's questions find the new value.
 */
export function correctedMemory(fact: ExtractedFact, candidates: readonly RelationCandidate[]): { targetId: string; fact: ExtractedFact } | null {
  const c = fact.corrects;
  if (!c) return null;
  const holding = candidates.filter((m) => holds(m.text, c.rejected) && !holds(m.text, c.meant) && !holds(m.text, `not ${c.rejected}`));
  if (holding.length === 0) return null;
  const names = subjectNames(fact.subject, fact.aliases);
  const own = holding.find((m) => sameSubject(names, m.subject) === true);
  const named = own ?? holding.find((m) => fact.subject !== null && holds(m.text, fact.subject) !== null);
  const target = named ?? (holding.length === 1 ? holding[0]! : null);
  if (!target) return null;
  if (own && fact.attribute && !fact.attribute.startsWith('other')) return { targetId: target.id, fact };
  const at = holds(target.text, c.rejected)!;
  let after = target.text.slice(at.index + at[0].length);
  // "Hillcrest Primary" for "Riverside" in "started at Riverside Primary": the words both share are written once.
  const meantWords = c.meant.split(/\s+/);
  for (let k = meantWords.length - 1; k >= 1; k--) {
    const tail = ` ${meantWords.slice(k).join(' ')}`;
    if (after.toLowerCase().startsWith(tail.toLowerCase())) {
      after = after.slice(tail.length);
      break;
    }
  }
  // "Deepak, not Priya" over "manager is Priya Raman": the surname was Priya's.
  if (/^\p{Lu}\p{Ll}+$/u.test(c.meant) && /^\p{Lu}\p{Ll}+$/u.test(c.rejected)) after = after.replace(/^\s+\p{Lu}\p{Ll}+(?=$|[\s,.;!?])/u, '');
  // "Thursdays" for "Tuesday": the corrected memory's number.
  const meant = /day$/i.test(c.rejected) && /days$/i.test(c.meant) ? c.meant.slice(0, -1) : c.meant;
  let before = alignedBefore(target.text.slice(0, at.index), meantWords);
  // "8 March, not August" over "is on 3 August" (or "August 3rd"): the day written with the old month was part of it.
  if (MONTH.test(c.rejected) && DAY_AND_MONTH.test(c.meant)) {
    before = before.replace(/\b\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+$/i, '');
    after = after.replace(/^\s+\d{1,2}(?:st|nd|rd|th)?\b/i, '');
  }
  const text = before + meant + after;
  return { targetId: target.id, fact: { ...fact, text, subject: target.subject, aliases: [], attribute: target.attribute, isStatic: target.isStatic } };
}

const MONTH = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;
const DAY_AND_MONTH = /^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?\p{L}+|\p{L}+\s+\d{1,2}(?:st|nd|rd|th)?)$/iu;

/**
 * "2017 Ford Fiesta, not a Focus" over "drives a 2015 Ford Focus": the words before the rejected value that the meant
 * value restates in the same places (the same word, or a number for a number) are replaced with it, not kept twice.
 */
function alignedBefore(before: string, meantWords: readonly string[]): string {
  const lead = meantWords.slice(0, -1);
  if (lead.length === 0) return before;
  const m = new RegExp(String.raw`((?:\S+\s+){${lead.length}})$`, 'u').exec(before);
  if (!m) return before;
  const prior = m[1]!.trim().split(/\s+/);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase() || (/^\d+$/.test(a) && /^\d+$/.test(b));
  const aligned = prior.every((w, i) => same(w, lead[i]!)) && prior.some((w, i) => w.toLowerCase() === lead[i]!.toLowerCase());
  return aligned ? before.slice(0, m.index) : before;
}
