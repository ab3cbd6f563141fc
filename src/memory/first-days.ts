/**
 * A new job said as its first day: "Kemi's first day at Monzo is this Wednesday", "My brother's first week at Arup
 * was Monday" → "Kemi starts at Monzo this Wednesday", "My brother started at Arup on Monday", so the employer
 * reader files it under the person (the author's own "my first day at X" is read in statements.ts).
 */
const WHO = String.raw`(?<who>(?:[Mm]y|[Oo]ur)\s+\p{Ll}+(?:\s+\p{Lu}\p{L}+)?|\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?)`;
const ORG = String.raw`(?<org>\p{Lu}[\p{L}'&.-]*(?:\s+(?:\p{Lu}[\p{L}'&.-]*|of|&))*)`;
const FIRST_DAY_OF = new RegExp(String.raw`^${WHO}['’]s\s+first\s+(?:day|week|shift)\s+(?:at|with)\s+${ORG}\s+(?<be>is|was|will be)\s+(?<when>[^,;.!?]+)(?<rest>.*)$`, 'u');

export function firstDayAsStart(sentence: string): string {
  const m = FIRST_DAY_OF.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const { who, org, be, when, rest } = m.groups as Record<string, string>;
  if (/^(?:My|Our)$/.test(who!)) return sentence;
  const on = /^(?:on|in|at|this|next|last|tomorrow|today)\b/i.test(when!) ? '' : 'on ';
  return `${who} ${be === 'was' ? 'started' : 'starts'} at ${org} ${on}${when}${rest}`;
}
