/**
 * An email as the message its author wrote: header lines (From, To, Subject, Date) and quoted replies ("> ...",
 * "On Tue, Mar 3, 2026 at 9:14 AM HR wrote:") leave, so a quoted old address or title never speaks beside the new
 * one; "Sent from my iPhone" leaves; a "--" signature block becomes the sign-off signature.ts reads
 * ("Best,\nDana Whitfield\nSenior Accountant | Brightline LLP"), whose signer is the message's "I". A forwarded
 * message is someone else writing to the user, whose "your" is the user's ("your new monthly rent is $1,990" → "my
 * new monthly rent is $1,990"). Null when the content is not an email.
 */

const HEADER = /^(?:from|to|cc|bcc|subject|date|sent|reply-to|received):\s/i;
const QUOTE_INTRO = /^(?:on\s.{4,160}\bwrote:|le\s.{4,160}\ba écrit\s?:|am\s.{4,160}\bschrieb\b.*:|-{2,}\s*original message\s*-{2,}|_{5,})\s*$/i;
const FORWARDED = /^-{2,}\s*forwarded message\s*-{2,}$|^begin forwarded message:?$/i;
const DEVICE = /^(?:sent from my \w+(?:\s\w+)?|get outlook for \w+|sent from (?:outlook|mail) for \w+)\.?$/i;
const SIGN_OFF = /^(?:best|best wishes|best regards|kind regards|regards|many thanks|thanks|thank you|cheers|sincerely|warmly|all the best|talk soon)\s*[,!.]?$/i;

/** The author's own message of an email (possibly empty), or null when the content is not an email. */
export function emailMessage(content: string): string | null {
  const lines = content.split(/\r\n?|\n/);
  const headers = lines.slice(0, 8).filter((l) => HEADER.test(l.trim())).length;
  const quoted = lines.some((l) => QUOTE_INTRO.test(l.trim())) || lines.filter((l) => /^\s*>/.test(l)).length >= 2;
  const forwarded = lines.some((l) => FORWARDED.test(l.trim()));
  if (headers < 2 && !quoted && !forwarded) return null;
  const kept: string[] = [];
  for (const line of lines) {
    const l = line.trim();
    if (QUOTE_INTRO.test(l)) break; // the rest is the quoted thread
    if (/^>/.test(l) || DEVICE.test(l) || FORWARDED.test(l)) continue;
    if (!HEADER.test(l)) kept.push(line);
  }
  const body = signatureAsSignOff(kept).join('\n').trim();
  return forwarded ? body.replace(/\byour\b/g, 'my').replace(/\bYour\b/g, 'My') : body;
}

/** "Best,\nDana\n\n--\nDana Whitfield | Senior Accountant | Brightline LLP" → "Best,\nDana Whitfield\nSenior Accountant | Brightline LLP". */
function signatureAsSignOff(lines: string[]): string[] {
  const dash = lines.findLastIndex((l) => /^--\s*$/.test(l.trim()));
  if (dash < 0) return lines;
  const block = lines.slice(dash + 1).filter((l) => l.trim() !== '');
  if (block.length === 0 || block.length > 6) return lines.slice(0, dash);
  let before = lines.slice(0, dash);
  while (before.length > 0 && before.at(-1)!.trim() === '') before = before.slice(0, -1);
  // The informal sign-off above the delimiter ("Best,\nDana") gives way to the block's full name.
  const off = before.findLastIndex((l) => SIGN_OFF.test(l.trim()));
  if (off >= 0 && before.length - off <= 3) before = before.slice(0, off);
  const [first, ...rest] = block.map((l) => l.trim());
  const parts = first!.split(/\s*\|\s*/);
  const head = parts.length > 1 ? [parts[0]!, parts.slice(1).join(' | ')] : [first!];
  return [...before, '', 'Best,', ...head, ...rest];
}
