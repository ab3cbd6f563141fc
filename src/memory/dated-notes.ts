/**
 * CRM and meeting notes whose lines open with a dated label ("Call 3 Feb:", "Meeting 2026-05-02 -", "Visit on
 * 12/4:"): the label says when the line was written, not who speaks, so it leaves the line and the rest is read as a
 * statement of the note.
 */
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const DATE = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}(?:\s+\d{4})?|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?)`;
const DATED_LABEL = new RegExp(
  String.raw`^(\s*(?:[-*•]\s+)?)(?:(?:phone\s+|video\s+|intro\s+|follow-up\s+|follow up\s+)?(?:call|meeting|mtg|visit|note|update|email|chat|check-in|demo)\s+(?:on\s+)?${DATE})\s*(?::|\s[-–—])\s*`,
  'gimu',
);

export function withoutDatedLabels(content: string): string {
  return content.replace(DATED_LABEL, '$1');
}
