/**
 * "Now I'm at Superdrug, managing the pharmacy counter", "Now she's with Aviva": a "now" said first moves after the
 * organisation ("I'm at Superdrug now, ..."), where the reader of "is at X now" (the employer) looks for it. Only a
 * name that ends its clause: "Now I'm at Heathrow for a flight" is where the author is.
 */
const NOW_FIRST =
  /^(?:and\s+)?now,?\s+((?:I'm|I am|we're|we are|she's|she is|he's|he is|they're|they are|\p{Lu}\p{Ll}+(?:'s| is))\s+(?:at|with)\s+\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*)*)(?=\s*(?:$|[,;.!?]))/iu;

// "now I only work from home on Fridays": the "now" after the subject, as the statement readers expect it.
const NOW_I = /^(?:[Aa]nd\s+)?[Nn]ow,?\s+(I|we)\s+(?=(?:only|just|also|mostly|usually|\p{Ll}{2,})\b)(?!(?:am|was|were|are|have|had|will|would|can|could|do|did)\b)/u;

export function nowLast(clause: string): string {
  const i = NOW_I.exec(clause.trim());
  if (i) return `${i[1]} now ${clause.trim().slice(i[0].length)}`;
  const m = NOW_FIRST.exec(clause.trim());
  if (!m) return clause;
  return `${m[1]} now${clause.trim().slice(m[0].length)}`;
}
