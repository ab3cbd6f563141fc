/**
 * A note of a call or a meeting with someone, then what they said (issue 26, round 23): "Call with Kat today: she has
 * relocated to Toronto", "Lunch with Dev Patel — he's leaving Monzo in June". The lead named the person and the
 * statement only said "she"/"he", so the label's first word became the subject ("Call has relocated to Toronto").
 * The pronoun is the person the lead names: "Kat has relocated to Toronto".
 */
const MEETING = String.raw`(?:(?:phone|video|zoom|teams|quick|short|long|intro|first|weekly|monthly)\s+)?(?:call|chat|meeting|lunch|coffee|catch-up|catchup|catch up|1:1|one-on-one|sync|dinner|drinks|check-in|interview)`;
const WHEN = String.raw`(?:\s+(?:today|yesterday|this morning|this afternoon|this evening|earlier|last night|on\s+\p{Lu}\p{Ll}+day|(?:on\s+)?\d{4}-\d{2}-\d{2}))?`;
// The name must be capitalised, so the lead's words take either case on their own ("Call", "call").
const anyCase = (words: string) => words.replace(/(?<![\\\p{L}])([a-z])/gu, (c) => `[${c.toUpperCase()}${c}]`);
const LEAD = new RegExp(
  String.raw`^(?:(?:${anyCase('notes')}?\s+(?:from|on)\s+)?${anyCase('(?:my|a|the|our)')}\s+)?${anyCase(MEETING)}\s+with\s+(?<name>\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)${WHEN}\s*[:—–-]\s*(?<pro>she|he)(?<rest>'s|\s)`,
  'u',
);

/** The statement after a meeting lead, with its pronoun as the person met; or the sentence itself. */
export function meetingLeadResolved(sentence: string): string {
  const m = LEAD.exec(sentence.trim());
  if (!m) return sentence;
  const g = m.groups!;
  return `${g.name}${g.rest}${sentence.trim().slice(m[0].length)}`;
}
