/**
 * "I'm starting as a nurse at Guy's next month", "she's joining as head of design at Canva": the title said before the
 * workplace (issue 26, round 23). The role reader took "starting" for the title ("works as a starting."), and the start
 * verb was lost, so a job that begins later replaced the current one at once. The workplace is put first ("is starting
 * at Guy's as a nurse next month"), the order the start-plan and employer readers expect.
 */
const TITLE_FIRST =
  /\b((?:I'm|I am|we're|we are|is|'s|am|are|will be|'ll be)\s+(?:(?:just|now|also|officially|finally)\s+)?(?:starting|beginning|joining))\s+(as\s+(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,4}?[\p{L}-]+)\s+(at|with)\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,3})/u;

/** The sentence with the workplace before the title after a start verb, or the sentence itself. */
export function workplaceBeforeTitle(sentence: string): string {
  return sentence.replace(TITLE_FIRST, (_, verb: string, title: string, at: string, org: string) => `${verb} ${at} ${org} ${title}`);
}
