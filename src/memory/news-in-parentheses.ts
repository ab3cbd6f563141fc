/**
 * News said as a list of "new" things with their values in parentheses (round 20): "life update: new job (Stripe,
 * staff eng) + new flat (Hackney) 🎉", "new phone (Pixel 9) & new number". Each item becomes its own sentence with its
 * value said the way the statement rules read it: "new job at Stripe, staff eng.", "new flat in Hackney.", "new phone:
 * Pixel 9." (statements.ts reads "new job at X" as the author's job, "new flat in X" / "new phone: X" as theirs).
 */
const JOB = /\b([Nn]ew\s+(?:job|role|position|gig))\s*\(\s*([^()]{1,60}?)\s*\)/g;
const HOME = /\b([Nn]ew\s+(?:flat|house|place|apartment|home))\s*\(\s*([^()]{1,60}?)\s*\)/g;
const THING = /\b([Nn]ew\s+(?:car|phone|laptop|bike|manager|boss|doctor|dentist))\s*\(\s*([^()]{1,60}?)\s*\)/g;
/** "+", "&" or "and" between two "new ..." items. */
const BETWEEN = /\s*(?:\+|&|\band\b|,)\s*(?=[Nn]ew\s+\p{L})/gu;

/** The text with each parenthesised "new ..." item said as its own sentence; other text unchanged. */
export function newsInParentheses(text: string): string {
  if (!/\bnew\s+[\p{L}]+\s*\(/iu.test(text)) return text;
  const said = text
    .replace(JOB, (_, what: string, value: string) => `${what} at ${value}`)
    .replace(HOME, (_, what: string, value: string) => `${what} in ${value}`)
    .replace(THING, (_, what: string, value: string) => `${what}: ${value}`);
  if (said === text) return text;
  return said.replace(BETWEEN, '. ');
}
