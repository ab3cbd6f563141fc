/**
 * "My supervisor, Prof. Weber, suggested I contact you", "My manager, Rita Gomes, is great": a person named beside
 * the author's relation to them says who holds that relation ("My supervisor is Prof. Weber."), whatever the rest of
 * the sentence says (issue 26, fresh21 f21-email-phd-supervisor: the sentence was dropped for its "you", and with it
 * who the supervisor is). The sentence itself is kept after the statement.
 */
const RELATION = String.raw`(?:(?:line\s+|new\s+|old\s+|current\s+|phd\s+|PhD\s+|thesis\s+|academic\s+)?(?:supervisor|manager|boss|advisor|adviser|mentor|landlord|landlady|GP|doctor|therapist|dentist|physio|trainer|coach|tutor|teacher|lawyer|accountant|team lead|tech lead))`;
const APPOSITIVE = new RegExp(
  String.raw`(?:^|[\s,;:])(?<owner>[Mm]y|[Oo]ur)\s+(?<rel>${RELATION})\s*,\s*(?<name>(?:(?:Prof|Professor|Dr|Mr|Mrs|Ms|Miss|Sir)\.?\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s*,\s+\p{Ll}`,
  'u',
);

/** The relation the sentence names in apposition as a statement of its own, then the sentence; the sentence alone otherwise. */
export function appositiveRelation(sentence: string): string[] {
  const m = APPOSITIVE.exec(sentence);
  if (!m?.groups) return [sentence];
  const owner = m.groups.owner!.charAt(0).toUpperCase() + m.groups.owner!.slice(1);
  return [`${owner} ${m.groups.rel!} is ${m.groups.name!}.`, sentence];
}
