import { gerundLooksBack } from './looking-back.js';
import { tenseOf } from './tense.js';

/**
 * Changes said as the background of something else, rewritten as the plain statement they imply (issue 26,
 * profile24: each gave no fact, or a subjectless one, so the old value stayed current):
 * - "Since relocating to Bristol in May I cycle everywhere" → "I relocated to Bristol in May; I cycle everywhere";
 *   "ever since I went vegan in January, cheese is …" → "I went vegan in January; cheese is …"; "since Marco and I
 *   broke up I've had the flat to myself" → "Marco and I broke up; I've had …" (the opening clause, past or an "-ing"
 *   verb of the speaker, is a statement of its own);
 * - "three weeks into the new role at Wise" → "I started a new role at Wise three weeks ago".
 * Anything else is returned unchanged.
 */

const PLACE = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}`;
// "(ever) since …": the opener; the clause runs to a comma or to the speaker's next clause ("… I've had", "… we cycle").
const SINCE = /^(?:(?:and|so|but|honestly|tbh|ngl)\s*,?\s+)?(?:ever\s+)?since\s+/iu;
const CLAUSE_END = /\s*,\s*|\s+(?=(?:I|I've|I'm|I'd|we|we've|we're)\s)/gu;
// Opening "-ing" verbs of the speaker's own changes, and their past forms.
const GERUNDS: Record<string, string> = {
  moving: 'moved',
  relocating: 'relocated',
  starting: 'started',
  joining: 'joined',
  leaving: 'left',
  quitting: 'quit',
  switching: 'switched',
  going: 'went',
  becoming: 'became',
  getting: 'got',
  retiring: 'retired',
  graduating: 'graduated',
  marrying: 'married',
  adopting: 'adopted',
  buying: 'bought',
  selling: 'sold',
  taking: 'took',
};
// Case matters for the employer's capital, so the count is checked on its own (COUNT).
const NEW_ROLE = new RegExp(String.raw`^(?<n>(?:[\p{L}\d]+\s+){1,3}?(?:days|weeks|months|week|month))\s+into\s+(?:the|my|a)\s+new\s+(?<j>role|job|position|gig|post)\s+(?:at|with)\s+(?<o>${PLACE})(?=\s|[,.!]|$)`, 'u');
const COUNT = /^(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|\d+)\s+(?:days|weeks|months)|a\s+(?:week|month))$/i;

/** The opening since-clause as a statement of the speaker's, or null when it is not one. */
function sinceClause(clause: string): string | null {
  const gerund = /^(?<g>\p{Ll}+ing)\b(?<tail>.*)$/u.exec(clause);
  const past = gerund ? GERUNDS[gerund.groups!.g!.toLowerCase()] : undefined;
  // "Since quitting is not an option": a gerund with a verb of its own is the clause's subject, not a change.
  if (past) return gerundLooksBack(clause) ? `I ${past}${gerund!.groups!.tail}` : null;
  // "I went vegan in January", "Marco and I broke up": a clause of the speaker's with a past verb.
  if (/^(?:I|we|(?:\p{Lu}[\p{L}'’-]+|my\s+\p{Ll}+)\s+and\s+I)\s/u.test(clause) && tenseOf(clause) === 'past' && !/\b(?:was|were|had)\b/i.test(clause)) return clause;
  return null;
}

/** The sentence with a change said as background stated plainly; unchanged when there is none. */
export function sinceStated(sentence: string): string {
  const since = SINCE.exec(sentence);
  if (since) {
    // The first end that leaves a statement before it ("Marco and | I broke up" is not one; "Marco and I broke up" is).
    const body = sentence.slice(since[0].length);
    for (const end of body.matchAll(CLAUSE_END)) {
      // An earlier step may have put a comma inside it ("Marco and, I broke up").
      const stated = sinceClause(body.slice(0, end.index).replace(/\s*,\s*/g, ' '));
      const rest = body.slice(end.index + end[0].length);
      if (stated && /\S/.test(rest)) return `${stated}; ${rest}`;
    }
  }
  const role = NEW_ROLE.exec(sentence);
  if (role && COUNT.test(role.groups!.n!)) {
    const rest = sentence.slice(role[0].length).replace(/^\s*,?\s*(?:and|but|so)?\s*/u, '');
    return `I started a new ${role.groups!.j!.toLowerCase()} at ${role.groups!.o} ${role.groups!.n!.toLowerCase()} ago${rest && !/^[.!?]/.test(rest) ? `; ${rest}` : rest}`;
  }
  return sentence;
}
