/**
 * An assistant's check opened by a clause of its own before a colon (round 20): "Just to check before I update your
 * plan: you moved to Utrecht in January?", "Quick question so I get the dates right: you're still at Arup?". The
 * clause says why the assistant asks (and speaks of "I", itself); what it asks is after the colon, about "you".
 */
const COLON_LEAD = /^[^:?]{1,80}:\s+(?=(?:(?:so|and|oh|ok|okay)\b[\s,]*)?you(?:r|'re|'ve|'d|'ll)?\b)/i;

/** The question without a lead clause before its colon, when what follows speaks to "you". */
export function withoutColonLead(question: string): string {
  return question.replace(COLON_LEAD, '');
}
