/**
 * The date a meeting note's heading carries ("Weekly sync, 2 March", "Standup 2026-03-16"): the same meeting's notes
 * are one subject whatever the day, so a field written in a later note ("Release owner: Chiara") replaces the earlier
 * note's (issue 26, blind23: each note was its own subject, so the old owner stayed current beside the new one).
 */
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const DATE = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}(?:\s+\d{4})?|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?)`;
const TRAILING_DATE = new RegExp(String.raw`(?:\s*[,–—:|(-]\s*|\s+)(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?${DATE}\)?\s*$`, 'i');
// What is left when the heading named only the kind of meeting ("Weekly sync"): kept whole.
const KIND_ONLY = /^(?:weekly|monthly|daily|team|the)$/i;

/** The heading without a trailing date; unchanged when it has none or would be left empty. */
export function withoutHeadingDate(heading: string): string {
  const h = heading.replace(TRAILING_DATE, '').trim();
  return h || heading;
}

/** Whether a heading reduced by the noise rules kept only the kind of meeting ("Weekly" of "Weekly sync"). */
export function kindOnly(subject: string): boolean {
  return KIND_ONLY.test(subject.trim());
}
