/**
 * A turn that opens by echoing a name as a question ("PureGym? not anymore, cancelled the membership in March",
 * "Spotify? cancelled it last month", "The Civic? Sold it in May") is about that name: the "it" or "the <thing>" the
 * answer changes is the name's, so the change can find the fact that names it. Pure.
 */
const ECHO = /^\s*((?:[Tt]he\s+)?\p{Lu}[\p{L}\d&'.-]*(?:\s+\p{Lu}[\p{L}\d&'.-]*){0,2})\?\s+(?=\p{L})/u;
// The answer changes something of the speaker's: a past verb (or "have/'ve" + participle) before "it" or "the <thing>".
const CHANGED = /\b((?:[\p{L}]+ed|sold|quit|left|gave up|got rid of|dropped|cancell?ed|stopped|switched)\s+(?:off\s+|out\s+of\s+)?)(?:(it)\b|(the|my|our)\s+(\p{Ll}[\p{Ll}-]+)\b)/u;

/** The body with a leading "<Name>?" folded into what the answer changes; the body unchanged when it is no such turn. */
export function foldTopicEcho(body: string): string {
  const echo = ECHO.exec(body);
  if (!echo) return body;
  const name = echo[1]!.replace(/^The\s/, 'the ');
  const rest = body.slice(echo[0].length);
  const changed = CHANGED.exec(rest);
  if (!changed || changed.index > 40) return body;
  const object = changed[2] ? name : `${changed[3]} ${name.replace(/^the\s+/, '')} ${changed[4]}`;
  return rest.slice(0, changed.index) + changed[1] + object + rest.slice(changed.index + changed[0].length);
}
