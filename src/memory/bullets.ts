import { attributeKey } from './attributes.js';
import { resolveDates } from './temporal-expressions.js';
import { USER } from './conversation.js';
import type { ExtractedFact } from './types.js';
import { PROFILE_TITLE } from './note-lines.js';
import { PROFESSIONS, RELATIVE_WORDS } from './attribute-patterns.js';
import { isCommonWord, isKnownName, isOrganisation, isPlaceName } from './lexicon.js';
import { kindOnly, withoutHeadingDate } from './heading-dates.js';

/**
 * Facts from "label: value" lines of notes (`- Budget: $40k`, `* **Deadline:** March 3`, `Lead: Priya`), about the
 * heading above them, the document's title, or "the project". Only labels with a catalogue attribute count: a line
 * like "Note: bring slides" is left to the sentence reader. The lines are returned so they are not read twice.
 */

const LABELS: Record<string, { id: string; noun: string }> = {
  budget: { id: 'budget', noun: 'budget' },
  'total budget': { id: 'budget', noun: 'budget' },
  cost: { id: 'budget', noun: 'cost' },
  deadline: { id: 'deadline', noun: 'deadline' },
  due: { id: 'deadline', noun: 'due date' },
  'due date': { id: 'deadline', noun: 'due date' },
  'launch date': { id: 'deadline', noun: 'launch date' },
  launch: { id: 'deadline', noun: 'launch date' },
  'go-live': { id: 'deadline', noun: 'go-live date' },
  'start date': { id: 'deadline', noun: 'start date' },
  'end date': { id: 'deadline', noun: 'end date' },
  lead: { id: 'lead', noun: 'lead' },
  'project lead': { id: 'lead', noun: 'lead' },
  'tech lead': { id: 'lead', noun: 'tech lead' },
  owner: { id: 'lead', noun: 'owner' },
  manager: { id: 'lead', noun: 'manager' },
  pm: { id: 'lead', noun: 'project manager' },
  'project manager': { id: 'lead', noun: 'project manager' },
};

/** Labels of a personal note ("## Health notes", "## About me"): facts about the user, one per listed item. */
const PERSONAL: Record<string, { id: string; noun: string; keyed?: 'item' | 'label' }> = {
  allergies: { id: 'allergy', noun: 'allergic to', keyed: 'item' },
  allergy: { id: 'allergy', noun: 'allergic to', keyed: 'item' },
  'allergic to': { id: 'allergy', noun: 'allergic to', keyed: 'item' },
  medication: { id: 'medication', noun: 'takes', keyed: 'item' },
  medications: { id: 'medication', noun: 'takes', keyed: 'item' },
  meds: { id: 'medication', noun: 'takes', keyed: 'item' },
  'blood type': { id: 'health', noun: 'blood type', keyed: 'label' },
  conditions: { id: 'health', noun: 'has', keyed: 'item' },
  gp: { id: 'health', noun: 'GP (family doctor)', keyed: 'label' },
  doctor: { id: 'health', noun: 'doctor', keyed: 'label' },
  'family doctor': { id: 'health', noun: 'family doctor', keyed: 'label' },
  dentist: { id: 'health', noun: 'dentist', keyed: 'label' },
  therapist: { id: 'health', noun: 'therapist', keyed: 'label' },
  diet: { id: 'diet', noun: 'diet' },
  email: { id: 'contact', noun: 'email', keyed: 'label' },
  phone: { id: 'contact', noun: 'phone number', keyed: 'label' },
  address: { id: 'contact', noun: 'address', keyed: 'label' },
  birthday: { id: 'birthday', noun: 'birthday' },
};
const PERSONAL_HEADING = /^(?:(?:my|personal|private)\b|about me\b|(?:health|medical)\b)/i;

/** Words that qualify a label without changing what it names: "Approved budget", "New deadline", "Target launch". */
const LABEL_MODIFIERS = /^(?:new|updated|revised|current|approved|total|final|target|planned|estimated|expected|projected|initial|original|overall|agreed|proposed|confirmed)\s+/i;
/** Other names of the catalogue's labels. */
const LABEL_SYNONYMS: Record<string, string> = {
  eta: 'deadline',
  'release date': 'launch date',
  release: 'launch date',
  'ship date': 'launch date',
  'shipping date': 'launch date',
  'delivery date': 'due date',
  'due by': 'due date',
  'go live': 'go-live',
  'go live date': 'go-live',
  'go-live date': 'go-live',
  dri: 'lead',
  'point of contact': 'owner',
  poc: 'owner',
  'led by': 'lead',
  'owned by': 'owner',
  'where i live': 'lives in',
  'where i work': 'works at',
  residence: 'city',
  'home city': 'city',
  'home town': 'hometown',
  workplace: 'employer',
  'day job': 'job',
};

/** A label as the catalogue names it: lower case, without qualifiers or a remark ("Approved budget (Q3)" → "budget"). */
export function canonicalLabel(label: string): string {
  let l = label
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  for (let i = 0; i < 2 && LABEL_MODIFIERS.test(l); i++) l = l.replace(LABEL_MODIFIERS, '');
  // "Lead now: Tomás": the label is "lead".
  l = l.replace(/\s+now$/, '') || l;
  return LABEL_SYNONYMS[l] ?? l;
}

// What a heading adds to its subject's name: "Project Apollo kickoff", "Apollo update" → "Project Apollo", "Apollo".
// "Kestrel status, week 30", "Apollo update - sprint 12", "Atlas notes, Q3": a period after it is noise too.
const HEADING_NOISE =
  /(?:\s*[-–—:|,]\s*|\s+)(?:(?:week|wk|sprint|iteration|day|month|quarter|q)\s*#?\d{1,3}(?:\s+\d{4})?|q[1-4](?:\s+\d{4})?|kick-?off|update|updates|notes|meeting|meeting notes|sync|status|status update|recap|minutes|review|retro|retrospective|summary|overview|check-in|standup|brief|planning|weekly|monthly|changes|changelog|latest|news)(?:\s+(?:notes|\d[\d/.-]*))?\s*$/i;
// "- Budget raised to $150,000", "- Deadline moved to 15 August": a label that changes to a value.
const CHANGE =
  /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z -]{1,24}?)(?:\*\*|__)?\s+(?:(?:was|is|has been|got)\s+)?(?:raised|increased|cut|reduced|lowered|moved|pushed(?:\s+back)?|pulled\s+in|changed|extended|updated|revised|bumped|slipped|now|set|reset|adjusted|shifted)\s+(?:up\s+|down\s+|back\s+|out\s+)?(?:to|is|at)\s+(.{1,200}?)\s*$/;
// "- Owner is now Amara Okafor", "- Lead now: Tomás": a label whose value is now another.
const NOW_VALUE = /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z -]{1,24}?)(?:\*\*|__)?\s+(?:(?:is|are)\s+now|now\s*:|now\s+(?:is|are))\s+(.{1,200}?)\s*$/;
// "Amara Okafor (Sofia moved to the growth team)": a remark of three or more words in brackets after the value is no part of it.
const TRAILING_REMARK = /\s*\((?:[^()\s]+\s+){2,}[^()]*\)\s*$/;

/** A heading as a subject: without "kickoff", "update", "notes" and the like. */
export function headingSubject(heading: string): string {
  const undated = withoutHeadingDate(heading.trim());
  let h = undated;
  for (let i = 0; i < 2 && HEADING_NOISE.test(h); i++) h = h.replace(HEADING_NOISE, '').trim();
  return h && !kindOnly(h) ? h : undated;
}

/** The key of what a note is about: "Project Apollo" and "Apollo" are one project. */
function subjectKey(subject: string): string {
  return subject.replace(/^(?:the\s+)?(?:project|projekt|initiative|program|programme)\s+(?=\S)/i, '').trim() || subject;
}

// "Budget: $40k", "**Budget:** $40k", and with a dash between label and value ("Budget — $40k", "Budget - $40k").
const LINE = /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z -]{1,24}?)(?:\*\*|__)?(?:\s*:|\s+[—–-](?=\s))\s*(?:\*\*|__)?\s*(.{1,200}?)\s*$/;
const HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*$|(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$)/;

export interface BulletFacts {
  facts: ExtractedFact[];
  /** Line numbers the facts came from. */
  lines: Set<number>;
}

export function bulletFacts(content: string, title: string | null, documentDate: string): BulletFacts {
  const facts: ExtractedFact[] = [];
  const used = new Set<number>();
  let heading = title?.trim() || null;
  // A heading written in the note (not the document's title): only under one is an uncatalogued field a fact.
  let written = false;
  const lines = content.split(/\r\n?|\n/);
  const headings: number[] = [];
  for (const [i, raw] of lines.entries()) {
    const h = HEADING.exec(raw);
    if (h) {
      headings.push(i);
      heading = (h[1] ?? h[2] ?? '').replace(/[*_`]/g, '').trim() || heading;
      written = true;
      continue;
    }
    const line = LINE.exec(raw);
    const m = line ?? CHANGE.exec(raw) ?? NOW_VALUE.exec(raw);
    const labelText = m ? canonicalLabel(m[1]!) : '';
    if (!m) continue;
    const value = m[2]!
      .replace(/\*\*|__|`/g, '')
      .replace(FORMER_VALUE, '')
      .replace(TRAILING_REMARK, '')
      .replace(/[.;]+$/, '')
      .trim();
    if (!value) continue;
    const personal = heading !== null && PERSONAL_HEADING.test(heading) ? PERSONAL[labelText] : undefined;
    if (personal) {
      facts.push(...personalFacts(personal, labelText, value));
      used.add(i);
      continue;
    }
    const label = LABELS[labelText];
    if (!label) {
      const field = line && written && heading && !PROFILE_TITLE.test(heading) ? fieldFact(labelText, value, headingSubject(heading), m[1]!) : null;
      if (field) {
        facts.push(field);
        used.add(i);
      }
      continue;
    }
    const about = heading ? headingSubject(heading) : 'the project';
    const subject = subjectKey(about);
    const dates = label.id === 'deadline' ? resolveDates(value, documentDate) : { text: value, dates: [] as string[] };
    facts.push({
      text: `${capitalise(`the ${label.noun} of ${about}`)} is ${dates.text}.`,
      isStatic: label.id !== 'deadline',
      eventDate: dates.dates[0] ?? null,
      forgetAfter: null,
      subject,
      attribute: attributeKey(label.id, subject),
      speaker: null,
    });
    used.add(i);
  }
  // A heading over label lines names their subject; it states nothing itself.
  // A title ("# Moving update", "Call notes 3 March") is no statement either; one in the author's voice ("## I moved!") is.
  for (const i of headings) if (used.size > 0 || !/\b(?:I|I'm|I've|we|we're|my|our)\b/i.test(lines[i]!)) used.add(i);
  return { facts, lines: used };
}

// "$300k (was $250k)", "Dec 15 (moved from Nov 1)": the former value is history, not part of the current one.
const FORMER_VALUE = /\s*\((?:was|previously|formerly|originally|moved from|pushed from|changed from|up from|down from|old(?: value)?:?)\s[^()]*\)/gi;
function fullNameOfPerson(name: string): boolean {
  const parts = name.split(/\s+/);
  return parts.length <= 3 && !isPlaceName(name) && parts.every((w) => !isCommonWord(w) && !isPlaceName(w) && !isOrganisation(w));
}

/** Labels that name no property of the heading's subject: the line is a remark, a to-do or an address header. */
const RELATIVE = new RegExp(`^(?:${RELATIVE_WORDS})$`, 'i');
const NOT_A_FIELD =
  /^(?:correction|clarification|edit|edited|ps|notes?|todo|to do|to-do|next steps?|action items?|actions?|questions?|agenda|ideas?|misc|other|comments?|tbd|summary|context|background|tips?|warning|important|reminder|remember|nb|fyi|source|sources|links?|url|tags?|see|re|subject|from|to|cc|bcc|sent|q|a|answer|update|updates|note to self|pros|cons|risks?|blockers?|decisions?|outcome|result|results|status update)$/;

/**
 * "- Venue: Kew Gardens" under "## Wedding planning": a field of the heading's subject that the catalogue does not
 * name, filed under that subject and field, so a later note's "Venue: Hampton Court" replaces it.
 */
function fieldFact(label: string, value: string, about: string, written: string): ExtractedFact | null {
  // "Dana Whitfield: VP Sales": a person's line, not a field.
  // "Bartek Nowak: parental leave until May": a full name the lexicon does not know is a person too, when no word of it is
  // a common word, a place or an organisation ("Release owner", "Design Review", "Kraków Office" stay fields).
  const full = written.trim();
  if (/^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+$/u.test(full) && (isKnownName(full.split(/\s+/)[0]!) || fullNameOfPerson(full))) return null;
  // "- Tuesday: swimming": a weekday first is a slot said backwards, which the sentence reader files (slot-statements.ts).
  if (/^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/.test(label)) return null;
  if (!/^[a-z][a-z -]{0,30}$/.test(label) || label.split(' ').length > 3 || NOT_A_FIELD.test(label) || PROFILE[label] || PERSONAL[label] || RELATIVE.test(label)) return null;
  // "Maya: moved to Lyon" (a person's line), "Note: it is ...": statements, which the sentence reader files.
  if (isKnownName(label[0]!.toUpperCase() + label.slice(1)) || /\b(?:is|are|was|were|has|have|had|will|would)\b/i.test(value)) return null;
  // "Lisinopril: raised to 20mg": a change the sentence reader files under the item's own attribute.
  if (/^\p{Ll}+ed\s+(?:to|from|by|into)\b/u.test(value)) return null;
  // A value is a name, a date, an amount or a few words; a sentence ("I'm a freelance illustrator and ...") is not.
  if (value.length > 60 || /[.!?]\s+\S/.test(value) || value.split(/\s+/).length > 8 || /\b(?:I|I'm|I've|my|me|we|our|us|he|she|they|his|her|their)\b/i.test(value)) return null;
  if (about.toLowerCase() === label || about.toLowerCase().startsWith(`${label} `)) return null;
  const subject = subjectKey(about);
  return {
    text: `${capitalise(`the ${label} of ${about}`)} is ${value}.`,
    isStatic: !/\b(?:date|when|time|status|eta|next|milestone|phase|stage)\b/.test(label),
    eventDate: null,
    forgetAfter: null,
    subject,
    attribute: attributeKey('field', `${label} ${subject}`),
    speaker: null,
  };
}

/** "- Allergies: penicillin, latex" under "## Health notes" → one allergy fact per item, about the user. */
function personalFacts(label: { id: string; noun: string; keyed?: 'item' | 'label' }, labelText: string, value: string): ExtractedFact[] {
  const items = label.keyed === 'item' ? value.split(/\s*[,;]\s*|\s+and\s+/).filter(Boolean) : [value];
  return items.map((item) => ({
    text: label.keyed === 'item' ? `The user ${label.id === 'allergy' ? 'is allergic to' : label.noun} ${item}.` : `The user's ${label.noun} is ${item}.`,
    isStatic: true,
    eventDate: null,
    forgetAfter: null,
    subject: USER,
    attribute: label.keyed === 'item' ? attributeKey(label.id, label.id === 'medication' ? (/^[\p{L}-]+/u.exec(item)?.[0] ?? item) : item) : label.keyed === 'label' ? attributeKey(label.id, labelText) : label.id,
    speaker: null,
  }));
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "Ella 7, Max 4" → "I have two kids, Ella (7) and Max (4)."; "2 (8 and 5)" → "I have 2 (8 and 5)." as before. */
function kidsSentence(v: string, noun: string): string {
  const items = v.split(/\s*,\s*|\s+and\s+|\s*&\s*/).filter(Boolean);
  const named = items.map((i) => /^(\p{Lu}[\p{L}'’-]*)\s*\(?(\d{1,2})\)?$/u.exec(i.trim()));
  if (items.length === 0 || named.some((m) => m === null)) return `I have ${v}.`;
  const list = named.map((m) => `${m![1]} (${m![2]})`);
  const said = list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  return `I have ${NUMBER_WORDS[list.length] ?? list.length} ${list.length === 1 ? noun.replace(/ren$|s$/, '') : noun}, ${said}.`;
}

/** "label: value" lines of an about-me page, as the sentence the author would have written. */
const PROFILE: Record<string, (v: string) => string> = {
  name: (v) => `My name is ${v}.`,
  'full name': (v) => `My name is ${v}.`,
  'based in': (v) => `I live in ${v}.`,
  location: (v) => `I live in ${v}.`,
  city: (v) => `I live in ${v}.`,
  'lives in': (v) => `I live in ${v}.`,
  'living in': (v) => `I live in ${v}.`,
  home: (v) => `I live in ${v}.`,
  from: (v) => `I'm from ${v}.`,
  hometown: (v) => `I'm from ${v}.`,
  age: (v) => `I'm ${v}.`,
  job: (v) => `I work as ${article(v)}.`,
  role: (v) => `I work as ${article(v)}.`,
  title: (v) => `I work as ${article(v)}.`,
  'job title': (v) => `I work as ${article(v)}.`,
  position: (v) => `I work as ${article(v)}.`,
  occupation: (v) => `I work as ${article(v)}.`,
  profession: (v) => `I work as ${article(v)}.`,
  company: (v) => `I work at ${v}.`,
  employer: (v) => `I work at ${v}.`,
  'works at': (v) => `I work at ${v}.`,
  languages: (v) => `I speak ${v}.`,
  language: (v) => `I speak ${v}.`,
  pets: (v) => `I have ${namedPet(v)}.`,
  pet: (v) => `I have ${namedPet(v)}.`,
  kids: (v) => kidsSentence(v, 'kids'),
  children: (v) => kidsSentence(v, 'children'),
  partner: (v) => `My partner is ${v}.`,
  wife: (v) => `My wife is ${v}.`,
  husband: (v) => `My husband is ${v}.`,
  hobbies: (v) => `I like ${v}.`,
  interests: (v) => `I like ${v}.`,
  car: (v) => `I drive ${article(v)}.`,
  vehicle: (v) => `I drive ${article(v)}.`,
  gym: (v) => `My gym is ${v}.`,
  work: (v) => (/^(?:at|for)\s/i.test(v) ? `I work ${v}.` : `I work at ${v}.`),
  diet: (v) => (/^(?:vegan|vegetarian|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free|halal|kosher|flexitarian|plant[- ]based)\b/i.test(v) ? `I'm ${v}.` : `I'm on a ${v} diet.`),
  allergies: (v) => `I'm allergic to ${v}.`,
  allergy: (v) => `I'm allergic to ${v}.`,
  allergic: (v) => `I'm allergic to ${v}.`,
  'allergic to': (v) => `I'm allergic to ${v}.`,
  medications: (v) => `I take ${v}.`,
  medication: (v) => `I take ${v}.`,
  meds: (v) => `I take ${v}.`,
  birthday: (v) => `My birthday is ${v}.`,
  // "14 Kirkstall Lane, Leeds": an address ending in a known town says where the author lives.
  address: (v) => {
    const town = v
      .split(/\s*,\s*/)
      .at(-1)!
      .replace(/\s+[A-Z]{1,2}\d[\dA-Z]?\s*\d[A-Z]{2}$|\s+\d{5}(?:-\d{4})?$/, '')
      .trim();
    return v.includes(',') && /^\p{Lu}/u.test(town) && isPlaceName(town) ? `My address is ${v}. I live in ${town}.` : `My address is ${v}.`;
  },
};

/** "hamster, Biscuit" → "a hamster called Biscuit": a terse pet line names the animal after its kind. */
function namedPet(v: string): string {
  const m = /^(?:an?\s+)?(\p{Ll}[\p{Ll} -]{1,20}?),\s*(\p{Lu}\p{Ll}+)$/u.exec(v.trim());
  return m ? `${article(m[1]!)} called ${m[2]}` : v;
}

/**
 * Labels that say whose they are on their own: a note or a direct write of that one line ("Home: Cardiff.") is the
 * author's fact, where a lone "Title: Q3 report" is not.
 */
const SOLO = new Set(['kids', 'children', 'home', 'based in', 'lives in', 'living in', 'hometown', 'diet', 'allergies', 'allergy', 'allergic', 'allergic to', 'pets', 'pet', 'employer', 'works at']);

const PERSON_TITLE = new RegExp(String.raw`^\s*(?:[-*+•]|\d{1,2}[.)])\s+(\p{Lu}\p{Ll}+\s+\p{Lu}[\p{L}'’-]+)\s*[,:–—-]\s*((?:[\p{L}-]+\s+){0,3}?(?:${PROFESSIONS.join('|')}))\s*\.?\s*$`, 'iu');
/** "Health notes", "Update (fixed)": a short plain line over bullets, a heading written without markdown. */
const PLAIN_TITLE = /^\s*([A-Za-z][A-Za-z' -]{0,30}(?:\s*\([^()]{1,20}\))?)\s*:?\s*$/;
const BULLET = /^\s*(?:[-*+•]|\d{1,2}[.)])\s+\S/;

function article(v: string): string {
  return /^(?:an?|the|my)\s/i.test(v) ? v : `${/^[aeiou]/i.test(v) ? 'an' : 'a'} ${v}`;
}

/**
 * An about-me page or a terse personal note ("- Based in: Valencia", "car: 2015 Honda Civic"): its label lines are
 * rewritten as the author's first-person sentences, which the sentence reader then files like any statement (so a
 * later "I've joined Revolut" replaces "Job: developer at Glovo"). Only under a personal heading ("About me"), or in
 * a note without headings that has at least two such lines; other "label: value" lines are left as they are.
 */
export function profileLinesAsSentences(content: string): string {
  const lines = content.split(/\r\n?|\n/);
  let personal = false;
  let headed = false;
  let heading: string | null = null;
  let people = 0;
  const at: { i: number; sentence: string; personal: boolean }[] = [];
  for (const [i, raw] of lines.entries()) {
    const h = HEADING.exec(raw);
    const plain = h ? null : PLAIN_TITLE.exec(raw);
    if (h || (plain && plain[1]!.trim().split(/\s+/).length <= 4 && BULLET.test(lines[i + 1] ?? ''))) {
      headed = true;
      heading = (h ? (h[1] ?? h[2] ?? '') : plain![1]!).trim();
      personal = PROFILE_TITLE.test((h ? (h[1] ?? h[2] ?? '') : plain![1]!).replace(/[*_`]/g, '').trim());
      continue;
    }
    // "- Tom Baker, CFO" under "Contacts at Brightline:": a person's line with their title (and the heading's firm).
    const person = PERSON_TITLE.exec(raw);
    if (person && (isKnownName(person[1]!.split(/\s+/)[0]!) || /\b(?:contacts?|team|people|staff|attendees|who's who|stakeholders)\b/i.test(heading ?? ''))) {
      const firm = /\bat\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*)*)/u.exec(heading ?? '')?.[1];
      lines[i] = `${person[1]} works as ${article(person[2]!)}${firm ? ` at ${firm}` : ''}.`;
      people++;
      continue;
    }
    const m = LINE.exec(raw);
    const make = m ? PROFILE[canonicalLabel(m[1]!)] : undefined;
    const value = m?.[2]!
      .replace(/\*\*|__|`/g, '')
      .replace(/[.;]+$/, '')
      .trim();
    // "Where I live: Dresden" says whose it is in its own label.
    if (make && value) at.push({ i, sentence: make(value), personal: personal || /\b(?:I|my)\b/i.test(m![1]!) });
  }
  const solo = at.length === 1 && lines.filter((l) => l.trim()).length === 1 && SOLO.has(canonicalLabel(LINE.exec(lines[at[0]!.i]!)![1]!));
  // "- work: Ørsted, bridges team\n- commute: train, 40 min": a note made only of bulleted fields is the author's own,
  // even when one field alone is one the profile reads.
  const filled = lines.filter((l) => l.trim());
  const fieldsOnly = !headed && filled.length >= 2 && filled.every((l) => /^\s*[-*+•]\s/.test(l) && LINE.test(l));
  const use = at.filter((x) => x.personal || (!headed && at.length >= 2) || solo || fieldsOnly);
  if (use.length === 0 && people === 0) return content;
  for (const x of use) lines[x.i] = x.sentence;
  return lines.join('\n');
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
