/**
 * "Theo, the guy I've been seeing for a couple of months, thinks I should get a cat": a person named beside "the guy
 * / the woman I've been seeing" is who the speaker is seeing (issue 26, profile24: the name was read as a vocative and
 * dropped, and the partner fact with it). The statement comes first, then the rest said of the person by name.
 */
const SEEING =
  /^(?<n>\p{Lu}[\p{L}'’-]+),\s+(?:the|this|that)\s+(?:guy|girl|man|woman|person|bloke|lad|fella|one)\s+(?:I(?:'ve|’ve|\s+have)\s+been|I'm|I’m|I am)\s+(?<v>seeing|dating|going out with)(?<f>\s+for\s+[^,]+)?,\s+(?<rest>\p{Ll}.*)$/u;

/** The partner named in apposition as a statement of its own, then the rest of the sentence; the sentence alone otherwise. */
export function partnerInApposition(sentence: string): string[] {
  const m = SEEING.exec(sentence);
  if (!m?.groups) return [sentence];
  const { n, v, f, rest } = m.groups;
  return [`I've been ${v} ${n}${f ?? ''}.`, `${n} ${rest}`];
}
