/**
 * A short answer to the assistant's question, read with the question's subject and attribute carried into it:
 * - "Where are you living these days?" / "Still in Glasgow, but..." → "I live in Glasgow, but...";
 *   "How are things in Dublin?" / "Cork, actually." → "I live in Cork.";
 * - "Are you still at Deloitte?" / "nope, left in March" → "I left Deloitte in March"; "no, freelancing now" →
 *   "I no longer work at Deloitte. I'm freelancing now";
 * - "Still vegetarian?" / "no, I eat fish again" → "I'm no longer vegetarian. I eat fish again".
 * A turn that is not such an answer (a sentence with its own subject, a long reply) is returned unchanged.
 */

const PLACE = String.raw`(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})`;
/** Questions about where the user lives, with the place they assume when they name one. */
const WHERE_LIVE = new RegExp(
  String.raw`\b(?:where\s+(?:are\s+you|do\s+you)\s+(?:living|live|based|staying|located)|which\s+(?:city|town|country)|what\s+(?:city|town|country)|where(?:'s|\s+is)\s+home|how(?:'s|\s+is|\s+are)\s+(?:things|life|everything)\s+in\s+${PLACE}|(?:are\s+you\s+)?still\s+(?:living\s+)?in\s+${PLACE})\b`,
  'u',
);
const STILL_AT = new RegExp(String.raw`\b(?:are\s+you\s+)?still\s+(?:working\s+)?(?:at|with|for)\s+${PLACE}\s*\?`, 'u');
const STILL_IS = /\b(?:are\s+you\s+)?still\s+(vegetarian|vegan|pescatarian|keto|single|married|engaged|dating\s+\p{Lu}[\p{L}'-]*|smoking|drinking)\s*\?/iu;
const NO = /^(?:no|nope|nah|not anymore|not any more|no longer)\b[\s,.!-]*/i;
const YES = /^(?:yes|yep|yeah|yup|still am|i am|sure am)\b[\s,.!-]*/i;
const FIRST = /^[^.!?\n]*[.!?]?/u;

/** The user's turn with the question's frame carried into a short answer, or the turn itself. */
export function answerInFrame(question: string | null, answer: string): string {
  if (!question || !/\?/.test(question)) return answer;
  const line = question.slice(question.lastIndexOf('\n') + 1).trim();
  // The question's first word loses its capital; the places it names keep theirs.
  const q = line.charAt(0).toLowerCase() + line.slice(1);
  const a = answer.trim();
  const first = FIRST.exec(a)![0];
  const rest = a.slice(first.length).trim();
  const still = STILL_AT.exec(q);
  if (still && NO.test(first)) {
    const org = still[1]!;
    const after = first.replace(NO, '').trim();
    // "nope, left in March": the organisation is what was left.
    const left = /^(?:I\s+)?(left|quit)\b(.*)$/i.exec(after);
    if (left) return join(`I ${left[1]!.toLowerCase()} ${org}${left[2]!.replace(/[.!]*$/, '')}.`, rest);
    return join(`I no longer work at ${org}.`, after ? join(capital(after), rest) : rest);
  }
  const status = STILL_IS.exec(q);
  if (status && NO.test(first)) {
    const after = first.replace(NO, '').trim();
    return join(`I'm no longer ${status[1]!.toLowerCase()}.`, after ? join(capital(after), rest) : rest);
  }
  const where = WHERE_LIVE.exec(q);
  if (where && !YES.test(first)) {
    // "Cork, actually.", "Still in Glasgow, but we're moving", "Montreal, moved there in the fall": the place first.
    const m = new RegExp(String.raw`^(?:(?:[Ss]till|[Nn]ow|[Cc]urrently|[Aa]ctually)\s+)?(?:(?:[Ll]iving\s+|[Bb]ased\s+)?[Ii]n\s+)?${PLACE}(?=\s*(?:[,.!]|$))(?:\s*,\s*(?:actually|now|still)\b)?`, 'u').exec(first);
    if (m && !/^(?:I|We|My|Our|He|She|They|It|No|Yes)\b/.test(m[1]!)) {
      const tail = first
        .slice(m[0].length)
        .replace(/^\s*[,.!]\s*/, '')
        .trim();
      return join(`I live in ${m[1]}.`, join(tail ? capital(tail) : '', rest));
    }
  }
  return answer;
}

const join = (a: string, b: string) => (b ? `${a} ${b}` : a);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
