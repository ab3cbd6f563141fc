/**
 * A period named beside a start says when something began, not when it ends (issue 26, profile24: "I've started
 * learning Italian on Duolingo this week" expired at the end of that week, so the habit left the profile a week
 * later). The present perfect of a start ("I've started", "she's taken up", "we have just begun") is an event that
 * holds on; its "this week", "this month", "this year" or "today" is when it began. Other statements are unchanged
 * ("I'm in Rome this week" ends with the week).
 */
const STARTED =
  /\b(?:I|we|you|they|he|she|\p{Lu}\p{Ll}+)(?:'ve|’ve|'s|’s|\s+have|\s+has)\s+(?:(?:just|finally|recently|also|officially|now)\s+)*(?:started|begun|taken\s+up|picked\s+up|got\s+into|gotten\s+into|signed\s+up\s+for)\s+(?!(?:a|an|the|my|our)\s+(?:course|treatment|round|dose)\b)/u;
const PERIOD = /\b(?:this|rest of the)\s+(?:week|month|year)\b|\btoday\b/gi;

/** `text` without the periods a started habit was begun in; unchanged when it says no such start. */
export function withoutStartPeriod(text: string): string {
  return STARTED.test(text) ? text.replace(PERIOD, ' ') : text;
}
