import { PROFESSIONS } from './attribute-patterns.js';

/**
 * An email's signature block as the statement it makes: "Best,\nHannah Okafor\nSenior Product Manager | Veridian
 * Health" says "Hannah Okafor works as Senior Product Manager at Veridian Health." (a role and an employer, which a later
 * signature with another title replaces). The block leaves the body; without a title line nothing is said.
 */

const SIGN_OFF =
  /^(?:best|best wishes|best regards|kind regards|warm regards|warmest regards|regards|many thanks|thanks|thank you|thanks again|thanks so much|cheers|sincerely|yours|yours truly|yours sincerely|warmly|all the best|talk soon|speak soon|-+|—)\s*[,!.]?$/i;
const NAME = /^(?:--\s*)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}\.?)?(?:\s+\p{Lu}[\p{L}'’-]+){1,2})\s*$/u;
const TITLE_WORD = new RegExp(String.raw`\b(?:${PROFESSIONS.join('|')}|director|head|vp|vice president|chief|officer|partner|founder|owner|lead)s?\b`, 'i');
/** "Title | Org", "Title, Org", "Title at Org", "Title - Org", or the title alone. */
const TITLE = /^([^|,@\n]{2,60}?)(?:\s*(?:\||,|\s-\s|\s–\s|\s—\s|\s+at\s+|\s+@\s+)\s*([^|,\n]{2,60}?))?\s*$/;
/** Lines after the name that are contact details, not a title. */
const CONTACT = /@|https?:|www\.|\+?\d[\d\s().-]{6,}/;

export function signatureStatement(content: string): { body: string; statement: string | null; signer?: string } {
  const lines = content.split(/\r\n?|\n/);
  let end = lines.length;
  while (end > 0 && !lines[end - 1]!.trim()) end--;
  // The sign-off is one of the last few lines, followed by the name and the title.
  for (let i = Math.max(0, end - 6); i < end - 2; i++) {
    if (!SIGN_OFF.test(lines[i]!.trim())) continue;
    const name = NAME.exec(lines[i + 1]!.trim());
    if (!name) continue;
    const titleLine = lines.slice(i + 2, end).find((l) => l.trim() && !CONTACT.test(l));
    const t = titleLine ? TITLE.exec(titleLine.trim()) : null;
    if (!t || !TITLE_WORD.test(t[1]!)) return { body: content, statement: null };
    const role = t[1]!.trim();
    const org = t[2]?.trim();
    const body = lines.slice(0, i).join('\n').trimEnd();
    return { body, signer: name[1]!, statement: `${name[1]} works as ${/^(?:the|a|an)\s/i.test(role) ? '' : /^[aeiou]/i.test(role) ? 'an ' : 'a '}${role}${org ? ` at ${org}` : ''}.` };
  }
  return { body: content, statement: null };
}
