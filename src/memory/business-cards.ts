import { PROFESSION } from './attribute-words.js';
import { isKnownName, isPlaceName } from './lexicon.js';

/**
 * A business card as a scanner or a contacts app gives it (issue 26, round 23): short unlabelled lines with a
 * person's name, a title, an organisation and contact details, no sentence among them ("ACME LOGISTICS AB\n\nSofia
 * Lindqvist\nHead of Operations\n\nsofia.l@acmelog.se\n+46 70 123 45 67"). The card states who the person is:
 * "Sofia Lindqvist works as Head of Operations at Acme Logistics AB.", with the email and phone as theirs. Null for
 * anything else: a sentence, a labelled line, more than one name, no title, or no contact detail.
 */

const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const PHONE = /^(?:(?:tel|phone|mob|mobile|cell|t|m)\.?:?\s*)?\+?\d[\d\s().-]{6,}\d$/i;
const NAME = /^(\p{Lu}\p{Ll}+)(?:\s+\p{Lu}\.)?(?:\s+(?:van|von|de|da|del|der|den|di|le|la|bin|al)\b)?(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}$/u;
const TITLE_WORD = new RegExp(
  String.raw`\b(?:${PROFESSION}|head|director|manager|officer|lead|founder|co-founder|partner|president|vice president|VP|CEO|CTO|CFO|COO|CMO|owner|principal|chair|consultant|specialist|coordinator|associate|executive)\b`,
  'iu',
);
const FIRM_WORD = /\b(?:AB|AG|AS|ASA|BV|GmbH|Inc|Ltd|LLC|LLP|plc|PLC|SA|SAS|SpA|Oy|KK|Pty|Co|Corp|Group|Holdings|Logistics|Consulting|Partners|Labs|Studio|Agency|Bank|Technologies|Systems|Solutions)\b\.?/;
const WEB = /^(?:https?:\/\/|www\.)\S+$/i;

/** The card's statements, or null when the content is not a business card. */
export function businessCardStatements(content: string): string | null {
  const lines = content
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length < 3 || lines.length > 10 || lines.some((l) => l.length > 60 || /[.!?]$/.test(l.replace(/\b(?:Inc|Ltd|Co|Corp|St|Rd)\.$/, '')) || /:\s/.test(l))) return null;
  const email = lines.find((l) => EMAIL.test(l));
  const phone = lines.find((l) => PHONE.test(l));
  if (!email && !phone) return null;
  const names = lines.filter((l) => NAME.test(l) && isKnownName(NAME.exec(l)![1]!) && !isPlaceName(l) && !TITLE_WORD.test(l));
  if (names.length !== 1) return null;
  const name = names[0]!;
  const rest = lines.filter((l) => l !== name && l !== email && l !== phone && !WEB.test(l));
  const title = rest.find((l) => TITLE_WORD.test(l) && !FIRM_WORD.test(l) && !/\d/.test(l));
  if (!title) return null;
  // The organisation: a line in capitals or with a firm's word, not the title, not a town or an address.
  const org = rest.find((l) => l !== title && !/\d/.test(l) && !/,/.test(l) && !isPlaceName(l) && (FIRM_WORD.test(l) || /^[\p{Lu}\d&' .-]{3,}$/u.test(l)));
  const out = [`${name} works as ${title}${org ? ` at ${asName(org)}` : ''}.`];
  if (email) out.push(`${name}'s email is ${email}.`);
  if (phone) out.push(`${name}'s phone number is ${phone.replace(/^(?:tel|phone|mob|mobile|cell|t|m)\.?:?\s*/i, '')}.`);
  return out.join('\n');
}

/** "ACME LOGISTICS AB" → "Acme Logistics AB": words in capitals written as names, short ones (AB, LLC) kept. */
function asName(line: string): string {
  if (!/^[^\p{Ll}]+$/u.test(line)) return line;
  return line
    .split(/\s+/)
    .map((w) => (w.length <= 3 || (FIRM_WORD.test(w) && w.length <= 4) ? w : w[0] + w.slice(1).toLowerCase()))
    .join(' ');
}
