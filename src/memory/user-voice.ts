/** Text written about "the user" (by an agent, a profile page) read as the user's own words. */

const ADVERBS = String.raw`(?:(?:now|currently|still|also|just|recently|finally|actually|no longer|officially)\s+)*`;
const USER_SUBJECT = new RegExp(String.raw`^(?:the\s+)?user\s+(${ADVERBS})([\p{L}']+)\b`, 'iu');

/**
 * "The user lives in Edinburgh now" (how agents write memories) read as the user's own words ("I live in Edinburgh
 * now"), so the extractor finds the subject and attribute it finds in "I live in Glasgow" and the write versions it.
 */
export function asAuthorWrote(text: string): string {
  const marker = BULLET.exec(text)?.[0] ?? '';
  const own = text.slice(marker.length).replace(/^(?:the\s+)?user's\s+/iu, 'My ');
  const m = USER_SUBJECT.exec(own);
  const head = m ? `I ${m[1]}${baseForm(m[2]!)}${ownedByUser(own.slice(m[0].length))}` : own;
  // "... and the user has a dog": the user as the subject of a second clause, then as an object or owner.
  const clauses = head.replace(INNER_SUBJECT, (_, joiner: string, adverbs: string, verb: string) => `${joiner} I ${adverbs}${baseForm(verb)}`);
  return marker + clauses.replace(/\bthe user's\b/giu, 'my').replace(/\bthe user\b/giu, 'me');
}

/**
 * "The user has moved to Zed as their editor": agents write a singular "their" for the user they made the subject, so
 * it is "my" once the user speaks. Only in the user's own clause, before anyone else comes in ("with", "and", a plural):
 * "the user met Ana and their kids" keeps it.
 */
function ownedByUser(rest: string): string {
  const clause = /^[^.;!?]*/.exec(rest)![0];
  const at = clause.search(/\b(?:their|themselves)\b/i);
  if (at < 0 || OTHERS.test(clause.slice(0, at))) return rest;
  return rest.slice(0, at) + rest.slice(at).replace(/\b(their|themselves)\b/i, (w) => (w.toLowerCase() === 'their' ? 'my' : 'myself'));
}

const OTHERS = /\b(?:and|with|or|met|others|people|kids|children|parents|friends|family|team|colleagues|siblings|\p{Ll}{3,}ers)\b/iu;
const BULLET = /^\s*(?:[-*+•]\s+(?:\[[ xX]\]\s+)?|\d{1,2}[.)]\s+)/u;
const INNER_SUBJECT = new RegExp(String.raw`\b(and|but|so|because|while|when|since|although)\s+the\s+user\s+(${ADVERBS})([\p{L}']+)\b`, 'giu');

/** "lives" → "live", "studies" → "study", "is" → "am": the verb as "I" says it. */
function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  const irregular: Record<string, string> = { is: 'am', "'s": 'am', has: 'have', does: 'do', "doesn't": "don't", "isn't": 'am not', "hasn't": "haven't", was: 'was', "wasn't": "wasn't" };
  if (irregular[v]) return irregular[v];
  if (/[^aeiou]ies$/.test(v)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(v)) return verb.slice(0, -2);
  if (/[^s]s$/.test(v)) return verb.slice(0, -1);
  return verb;
}
