/**
 * "I'm starting as a nurse at Guy's next month", "she's joining as head of design at Canva": the title said before the
 * workplace (issue 26, round 23). The role reader took "starting" for the title ("works as a starting."), and the start
 * verb was lost, so a job that begins later replaced the current one at once. The workplace is put first ("is starting
 * at Guy's as a nurse next month"), the order the start-plan and employer readers expect.
 */
const TITLE_FIRST =
  /\b((?:I'm|I am|we're|we are|is|'s|am|are|will be|'ll be)\s+(?:(?:just|now|also|officially|finally)\s+)?(?:starting|beginning|joining))\s+(as\s+(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,4}?[\p{L}-]+)\s+(at|with)\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,3})/u;

// "I started there monday as a charge nurse": "there" is the workplace just named (its fact is already read); its title
// is the fact here, and an unresolved "there" dropped the sentence.
// The day, if any, goes after the title ("started as a charge nurse on Monday"), where the role reader expects it.
const THERE_AS =
  /\b(started|starting|start|starts|began|begun|work|works|working|worked)\s+there\s+(?:((?:on\s+|last\s+|this\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|\d{4}-\d{2}-\d{2}))\s+)?(as\s+[^.,;!?]+?)(?=\s+(?:instead|at|for|with|from)\b|\s*[.,;!?]|\s*$)/iu;

/** The sentence with the workplace before the title after a start verb, or the sentence itself. */
export function workplaceBeforeTitle(sentence: string): string {
  return sentence
    .replace(THERE_AS, (_, verb: string, when: string | undefined, title: string) => `${verb} ${title}${when ? ` ${/^on\s/i.test(when) || /^(?:last|this|today|yesterday)/i.test(when) ? when : `on ${when}`}` : ''}`)
    .replace(TITLE_FIRST, (_, verb: string, title: string, at: string, org: string) => `${verb} ${at} ${org} ${title}`);
}
