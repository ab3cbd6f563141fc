/**
 * "Now I'm at Superdrug, managing the pharmacy counter", "Now she's with Aviva": a "now" said first moves after the
 * organisation ("I'm at Superdrug now, ..."), where the reader of "is at X now" (the employer) looks for it. Only a
 * name that ends its clause: "Now I'm at Heathrow for a flight" is where the author is.
 */
const NOW_FIRST =
  /^(?:and\s+)?now,?\s+((?:I'm|I am|we're|we are|she's|she is|he's|he is|they're|they are|\p{Lu}\p{Ll}+(?:'s| is))\s+(?:at|with)\s+\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*)*)(?=\s*(?:$|[,;.!?]))/iu;

export function nowLast(clause: string): string {
  const m = NOW_FIRST.exec(clause.trim());
  if (!m) return clause;
  return `${m[1]} now${clause.trim().slice(m[0].length)}`;
}
