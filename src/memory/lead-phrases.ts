/**
 * "After the reorg I report to Dev Patel", "Since March we live in Porto": an opening phrase of time or occasion
 * written without its comma. The reader takes a statement's subject from its start, so the phrase is set off with the
 * comma it would have in edited prose ("After the reorg, I report to Dev Patel"), which the rest of the reader already
 * reads. Only a short phrase with no pronoun of its own ("Since I moved I ..." is left as it is).
 */

const LEAD = /^(?<lead>(?:after|since|following|ever since|as of|from|post|before)\s+(?:[\p{L}\d'’-]+\s+){0,4}?[\p{L}\d'’-]+)\s+(?<rest>(?:I|we)\s+(?:(?:now|still|also|just|actually)\s+)?\p{Ll}{2,}\b.*)$/iu;
const PRONOUN = /\b(?:I|I'm|I've|we|we're|you|he|she|they|it|my|our)\b/iu;

/** The sentence with a comma after its opening phrase, or the sentence itself. */
export function commaAfterLeadPhrase(sentence: string): string {
  const m = LEAD.exec(sentence);
  if (!m?.groups) return sentence;
  const lead = m.groups.lead!;
  if (PRONOUN.test(lead.replace(/^\S+\s+/, ''))) return sentence;
  return `${lead}, ${m.groups.rest!}`;
}
