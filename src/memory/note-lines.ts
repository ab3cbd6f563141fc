import { infinitive, isKnownName, isOrganisation, isPlaceName, isVerbForm } from './lexicon.js';
import { capitalise } from './sentence-facts.js';
import { RELATIVE_WORDS } from './attribute-patterns.js';
import { plainNoteMarkdown } from './markdown-inline.js';

/**
 * Notes as statements: the shapes a note takes (a table of fields, a checklist, a title line over a list, a heading
 * that names a person over bullets that do not repeat the name) rewritten into the plain lines and sentences the
 * rest of the reader already files, so each row, field and bullet becomes one fact of the note's subject:
 * - a two-column table (`| City | Valencia |`) is one "City: Valencia" line per row (its header row dropped);
 * - a checked item (`- [x] ...`) is its text; an unchecked one is a to-do and states nothing;
 * - a short title line over a list or over label lines ("Personal details", "Project Heron", "Meds",
 *   "Onboarding profile for Sam Ortiz:") is the heading it stands for;
 * - under a heading naming a person ("# My sister Hana", "**Lena Novak**", "Client notes - Ines Duarte (June)"), a
 *   bullet that opens with a verb ("Lives in Leeds") is that person's statement, and a field the catalogue knows
 *   ("Car: Honda Jazz", "Phone: ...") is the sentence written about them ("Lena Novak drives a Honda Jazz.");
 * - a field named for a relative or a person whose value opens with a verb ("Dad: lives in Galway") is theirs.
 * A heading over a list named for a personal field ("Meds") is the author's own list ("My meds").
 */

const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$/;
const CHECKED = /^(\s*(?:[-*+•]\s+)?)\[[xX✓✔]\]\s+/;
const UNCHECKED = /^\s*(?:[-*+•]\s+)?\[\s\]\s+/;
const BULLET = /^\s*(?:[-*+•]|\d{1,2}[.)])\s+/;
const MD_HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*$|(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$)/;
const LABEL_LINE = /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z -]{0,24}?)(?:\*\*|__)?\s*:\s*\S/;
/** Fields of a personal list whose heading alone says whose it is. */
const LIST_LABELS = /^(?:meds|medications?|allergies|prescriptions|supplements)$/i;
const PERSONAL_TITLE = /^(?:(?:my|personal|private)\b|about me\b|(?:health|medical)\b)/i;
/** Under "# About me", "- Live in Lisbon" is the author's "I live in Lisbon" (a to-do list has no such heading). */
const OWN_BASE_VERB = /^(?:live|work|speak|drive|own|have|play|love|like|hate|prefer|teach|study)\s+\S/i;
/** Headings of the author's own note, over fields and bullets that are theirs. */
export const PROFILE_TITLE = /^(?:(?:my|personal|private)\b|about me\b|(?:health|medical)\b|(?:profile|bio|me|basics|notes?|info|details|status|current|life|updates?|contact)\s*$)/i;
const NOT_A_PERSON = /^(?:project|team|meeting|minutes|notes?|agenda|todo|to-do|update|summary|status|budget|plan|plans|ideas|goals|list|checklist|the)$/i;

// Words of a heading that make two capitalised words something other than a person's full name.
const NOT_A_NAME_WORD =
  /^(?:about|notes?|meeting|call|trip|visit|profile|client|contact|with|for|corp|inc|ltd|llc|co|group|team|labs?|studio|partners|holdings|bank|university|college|school|hospital|clinic|foundation|agency|capital|ventures|systems|solutions|technologies|tech|media|health|project|planning|review|update|offsite|kickoff|sync|weekly|daily|monthly|q[1-4])$/i;

/** Third-person sentences of catalogue fields about a named person. */
const FIELDS: Record<string, (s: string, v: string) => string> = {
  city: (s, v) => `${s} lives in ${v}.`,
  home: (s, v) => `${s} lives in ${v}.`,
  location: (s, v) => `${s} lives in ${v}.`,
  'based in': (s, v) => `${s} lives in ${v}.`,
  'lives in': (s, v) => `${s} lives in ${v}.`,
  job: (s, v) => `${s} works as ${article(v)}.`,
  role: (s, v) => `${s} works as ${article(v)}.`,
  title: (s, v) => `${s} works as ${article(v)}.`,
  position: (s, v) => `${s} works as ${article(v)}.`,
  occupation: (s, v) => `${s} works as ${article(v)}.`,
  profession: (s, v) => `${s} works as ${article(v)}.`,
  company: (s, v) => `${s} works at ${v}.`,
  'works at': (s, v) => `${s} works at ${v}.`,
  employer: (s, v) => `${s} works at ${v}.`,
  car: (s, v) => `${s} drives ${article(v)}.`,
  vehicle: (s, v) => `${s} drives ${article(v)}.`,
  phone: (s, v) => `${possessive(s)} phone number is ${v}.`,
  'phone number': (s, v) => `${possessive(s)} phone number is ${v}.`,
  mobile: (s, v) => `${possessive(s)} phone number is ${v}.`,
  email: (s, v) => `${possessive(s)} email is ${v}.`,
  birthday: (s, v) => `${possessive(s)} birthday is ${v}.`,
  diet: (s, v) => `${s} is ${v}.`,
  allergies: (s, v) => `${s} is allergic to ${v}.`,
  allergy: (s, v) => `${s} is allergic to ${v}.`,
  languages: (s, v) => `${s} speaks ${v}.`,
  partner: (s, v) => `${possessive(s)} partner is ${v}.`,
  wife: (s, v) => `${possessive(s)} wife is ${v}.`,
  husband: (s, v) => `${possessive(s)} husband is ${v}.`,
  manager: (s, v) => `${possessive(s)} manager is ${v}.`,
  // "New signature: Head of Sourcing, Turkcell" in a contact's note: the title, and the employer after it.
  signature: (s, v) => {
    const [title, org] = v.split(/\s*[,|·•–—]\s*|\s+-\s+/);
    return org && /^\p{Lu}/u.test(org) && !/[@\d]/.test(org) ? `${s} works as ${article(title!)} at ${org}.` : `${s} works as ${article(title!)}.`;
  },
};
/** "New signature", "Updated title", "Current role": the field the qualifier is about. */
const FIELD_QUALIFIER = /^(?:new|updated|current|latest|revised)\s+/;

function article(v: string): string {
  return /^(?:an?|the|my|his|her|their)\s/i.test(v) ? v : `${/^[aeiou]/i.test(v) ? 'an' : 'a'} ${v}`;
}

function possessive(s: string): string {
  return /s$/.test(s) ? `${s}'` : `${s}'s`;
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** The person a heading names ("My sister Hana", "Lena Novak", "Hana - update", "Client notes - Ines Duarte"), or null. */
export function headingPerson(heading: string): string | null {
  const h = heading
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!h) return null;
  const rel = new RegExp(String.raw`^(?:my\s+)?(${RELATIVE_WORDS})(?:\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?))?(?:\s*$|\s+[-–—:|])`, 'iu').exec(h);
  if (rel) return rel[2] ? `My ${rel[1]!.toLowerCase()} ${rel[2]}` : `My ${rel[1]!.toLowerCase()}`;
  if (PERSONAL_TITLE.test(h)) return null;
  // The name may follow a label ("Client notes - Ines Duarte", "Onboarding profile for Sam Ortiz") or lead ("Hana - update").
  for (const m of h.matchAll(/(?:^|[-–—:|]\s*|\b(?:for|about|on|with)\s+)(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})(?=\s*$|\s+[-–—:|]|\s+(?:update|notes?|profile|card|details|info)\b)/gu)) {
    const name = m[1]!;
    const first = name.split(' ')[0]!;
    if (NOT_A_PERSON.test(first)) continue;
    // A first name the lexicon knows, or a full name ("Maya Chen") that is no place or organisation.
    if (!isKnownName(first) && !(name.includes(' ') && !isPlaceName(name) && !isOrganisation(name) && !isPlaceName(first) && !name.split(' ').some((w) => NOT_A_NAME_WORD.test(w)))) continue;
    return name;
  }
  return null;
}

/** A bullet's text that opens with a verb and no subject of its own ("Lives in Leeds", "Works as a midwife"). */
function verbFragment(text: string): boolean {
  // "Still prefers calls after 2pm": an adverb before the verb.
  const first = (/^(?:Still|Now|Also|Currently|Usually|Always|Mostly|Only|Recently|Just)\s+(\p{Ll}+)\b/u.exec(text) ?? /^(\p{Lu}\p{Ll}+)\b/u.exec(text))?.[1];
  if (!first || isKnownName(first)) return false;
  const lower = first.toLowerCase();
  if (/^(?:is|was|has|had|got|left|moved|works|lives|prefers|likes|loves|hates|plays|drives|owns|speaks|studies|teaches|started|joined|quit|retired|adopted|bought|sold)$/.test(lower)) return true;
  return /(?:s|ed)$/.test(lower) && (isVerbForm(lower) || isVerbForm(lower.replace(/e?s$/, '')) || isVerbForm(lower.replace(/ed$/, '')));
}

/** "Honda Jazz (sold the Yaris in August)" → the value, and the remark when it is a statement of its own. */
function valueAndRemark(value: string): { value: string; remark: string | null } {
  const m = /^(.*?)\s*\(([^()]{3,120})\)\s*$/.exec(value);
  if (!m || !m[1]) return { value, remark: null };
  const remark = m[2]!.trim();
  return { value: m[1].trim(), remark: /^\p{Ll}+(?:ed|d)\b/u.test(remark) || verbFragment(remark[0]!.toUpperCase() + remark.slice(1)) ? remark : null };
}

/** A row of a table whose first column names a person ("Me", "Ana") and whose other columns are catalogue fields. */
function tableRowSentences(columns: readonly string[], cells: readonly string[]): string[] {
  const who = cells[0]!.replace(/[*_`]/g, '').trim();
  const subject = /^(?:me|i|myself|self|you)$/i.test(who) ? 'I' : /^\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2}$/u.test(who) ? who : null;
  if (!subject) return [];
  const out: string[] = [];
  for (let j = 1; j < cells.length; j++) {
    const make = FIELDS[columns[j] ?? ''];
    const value = cells[j]!.replace(/[*_`]/g, '').trim();
    if (!make || !value || /^(?:-|–|n\/a|none|tbd|\?)$/i.test(value)) continue;
    out.push(subject === 'I' ? firstPerson(make('I', value)) : make(subject, value));
  }
  return out;
}

/** "I lives in Lisbon." → "I live in Lisbon.", "I's phone number" → "My phone number". */
function firstPerson(sentence: string): string {
  return sentence
    .replace(/^I's\b/, 'My')
    .replace(/^I (lives|works|drives|speaks|plays|owns|likes|loves|hates|prefers|teaches|studies|has)\b/, (_, v: string) => `I ${infinitive(v)}`)
    .replace(/^I is\b/, "I'm");
}

/** A person's name as a note's line names them: a known first name, or two or three capitalised words of no place or organisation. */
function personName(text: string): boolean {
  const words = text.split(/\s+/);
  if (words.length > 3 || !words.every((w) => /^\p{Lu}[\p{L}'-]+$/u.test(w))) return false;
  if (words.some((w) => NOT_A_NAME_WORD.test(w) || NOT_A_PERSON.test(w))) return false;
  if (isPlaceName(text) || isOrganisation(text)) return false;
  return isKnownName(words[0]!) || (words.length > 1 && !isPlaceName(words[0]!));
}

/**
 * A line of a people list: "Sister: Ana (lives in Porto, nurse)" is "My sister is Ana." and what the bracket says of
 * her; "Dana Whitfield — VP Sales at Acme, based in Austin" is "Dana Whitfield is VP Sales at Acme, based in Austin."
 */
function personLine(text: string): string | null {
  const kin = new RegExp(String.raw`^(?:\*\*|__)?(?:my\s+)?(${RELATIVE_WORDS})(?:\*\*|__)?\s*[:—–]\s*(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s*(?:\(([^()]{2,120})\))?\s*$`, 'iu').exec(text);
  // After "Sister:", one capitalised word that is no place is her name.
  if (kin && (personName(kin[2]!) || (!kin[2]!.includes(' ') && !isPlaceName(kin[2]!) && !isOrganisation(kin[2]!)))) {
    const name = kin[2]!;
    // "My sister Marta lives in Braga": the details keep the kinship, so a question about "my sister" finds them.
    const who = `My ${kin[1]!.toLowerCase()} ${name}`;
    const about = (kin[3] ?? '')
      .split(/\s*[,;]\s*/)
      .filter(Boolean)
      .map((part) => {
        if (verbFragment(capitalise(part))) return `${who} ${lowerFirst(part)}.`;
        if (/^\p{Lu}/u.test(part) && isPlaceName(part)) return `${who} lives in ${part}.`;
        if (/^\p{Ll}[\p{Ll} -]{1,30}$/u.test(part) && part.split(' ').length <= 3 && !/(?:ed|ing)\b/.test(part)) return `${who} is ${article(part)}.`;
        return '';
      })
      .filter(Boolean);
    return [`My ${kin[1]!.toLowerCase()} is ${name}.`, ...about].join(' ');
  }
  const person = /^(?:\*\*|__)?(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})(?:\*\*|__)?\s+[—–]\s+(.{3,160}?)\s*\.?$/u.exec(text);
  if (person && personName(person[1]!) && !verbFragment(person[2]!) && !/^\p{Ll}+(?:s|ed)\b/u.test(person[2]!)) return `${person[1]} is ${person[2]}.`;
  return null;
}

/** The note rewritten as described above; other content is returned unchanged. */
export function notesAsStatements(content: string): string {
  const lines = plainNoteMarkdown(content).split('\n');
  const out: string[] = [];
  // Tables and checkboxes first.
  let columns: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const row = TABLE_ROW.exec(raw);
    if (row && !TABLE_SEPARATOR.test(raw)) {
      const cells = row[1]!.split('|').map((c) => c.trim());
      const header = i + 1 < lines.length && TABLE_SEPARATOR.test(lines[i + 1]!);
      if (header) {
        i++;
        columns = cells.map((c) => c.replace(/[*_`]/g, '').trim().toLowerCase());
        if (cells.length === 2) continue;
        if (columns.slice(1).some((c) => FIELDS[c])) continue;
      }
      if (cells.length === 2 && cells[0] && cells[1]) {
        out.push(`- ${cells[0]}: ${cells[1]}`);
        continue;
      }
      // "| Person | City | Job |" over "| Me | Lisbon | designer |": each row's fields, about the person it names.
      const rowSentences = cells.length > 2 ? tableRowSentences(columns, cells) : [];
      if (rowSentences.length > 0) {
        out.push(...rowSentences.map((sentence) => `- ${sentence}`));
        continue;
      }
      out.push(raw);
      continue;
    }
    if (TABLE_SEPARATOR.test(raw)) continue;
    if (UNCHECKED.test(raw)) continue;
    out.push(raw.replace(CHECKED, '$1'));
  }
  // Title lines over lists become headings.
  const listy = (s: string | undefined) => s !== undefined && (BULLET.test(s) || LABEL_LINE.test(s));
  const nextContent = (i: number) => {
    for (let j = i + 1; j < out.length; j++) if (out[j]!.trim()) return out[j];
    return undefined;
  };
  for (let i = 0; i < out.length; i++) {
    const line = out[i]!.trim();
    // A title is written as one ("Project Heron"); "note to self" over fields is the author's own note, left as it is.
    if (!line || !/^[\p{Lu}\d]/u.test(line) || MD_HEADING.test(line) || BULLET.test(line) || line.length > 60) continue;
    const titled = /:$/.test(line) ? !line.slice(0, -1).includes(':') : !/[.!?:;,]/.test(line.replace(/\([^)]*\)/g, ''));
    if (!titled || !listy(nextContent(i))) continue;
    if (!/:$/.test(line) && LABEL_LINE.test(line)) continue;
    const title = line.replace(/:$/, '').trim();
    out[i] = `# ${LIST_LABELS.test(title) ? `My ${title.toLowerCase()}` : title}`;
    // "Meds" over "- Lisinopril 10mg daily": each item is a field of that name.
    if (LIST_LABELS.test(title)) for (let j = i + 1; j < out.length && BULLET.test(out[j]!) && !LABEL_LINE.test(out[j]!); j++) out[j] = `- ${title}: ${out[j]!.replace(BULLET, '').trim()}`;
  }
  // Bullets and fields under a heading naming a person; fields named for a relative or a person.
  let person: string | null = null;
  // The author's own lines: no heading yet, or a personal one ("About me", "Profile", "Notes").
  let own = true;
  let ownHeading = false;
  for (let i = 0; i < out.length; i++) {
    const raw = out[i]!;
    const heading = MD_HEADING.exec(raw);
    if (heading) {
      const title = (heading[1] ?? heading[2] ?? '').trim();
      person = headingPerson(title);
      own = person === null && PROFILE_TITLE.test(title.replace(/[*_`]/g, '').trim());
      ownHeading = own;
      // The heading names the subject of the lines below it, which now say it: it states nothing itself.
      if (person) out[i] = '';
      continue;
    }
    const text = raw.replace(BULLET, '').trim();
    const described = personLine(text);
    if (described) {
      out[i] = described;
      continue;
    }
    const field = /^(?:\*\*|__)?([A-Za-z][A-Za-z -]{0,24}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.{1,200}?)\s*$/.exec(text);
    if (field) {
      const label = field[1]!.trim();
      const { value, remark } = valueAndRemark(
        field[2]!
          .replace(/\*\*|__|`/g, '')
          .replace(/[.;]+$/, '')
          .trim(),
      );
      const make = FIELDS[label.toLowerCase()] ?? FIELDS[label.toLowerCase().replace(FIELD_QUALIFIER, '')];
      if (person && make && value) {
        out[i] = make(person, value) + (remark ? ` ${person} ${remark.replace(/[.;]+$/, '')}.` : '');
        continue;
      }
      const whose = new RegExp(`^(?:${RELATIVE_WORDS})$`, 'i').test(label) ? `My ${label.toLowerCase()}` : isKnownName(label) && /^\p{Lu}/u.test(label) ? label : null;
      if (whose && verbFragment(value)) out[i] = `${whose} ${lowerFirst(value)}.`;
      else if (whose && /^\p{Ll}/u.test(value) && verbFragment(value[0]!.toUpperCase() + value.slice(1))) out[i] = `${whose} ${value}.`;
      // Call notes: "- Dana: moving to Austin next month" is what Dana is doing.
      else if (whose && /^\p{Ll}{2,}ing\s+(?:to|at|in|on|into|from|for|as|with|a|an|the|back|over|up|out|off|home|abroad)\b/u.test(value)) out[i] = `${whose} is ${value}.`;
      continue;
    }
    if (person && BULLET.test(raw) && verbFragment(text)) out[i] = `${person} ${lowerFirst(text).replace(/[.;]*$/, '')}.`;
    // "- Lives in Lisbon", "+ works at Stripe" in the author's own note: the author's statements.
    else if (!person && own && BULLET.test(raw) && (verbFragment(capitalise(text)) || (ownHeading && OWN_BASE_VERB.test(text)))) out[i] = `${firstPerson(`I ${lowerFirst(text).replace(/[.;]*$/, '')}.`)}`;
  }
  return out.join('\n');
}
