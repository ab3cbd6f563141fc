/**
 * A word held inside a longer one. Index terms are stems, and the stemmer keeps a compound or a derived word apart
 * from its parts: the user's "iPhone" (`iphon`) is not "my phone" (`phone`), "smartwatch" not "watch",
 * "photographer" (`photograph`) not "photography" (`photographi`). Two terms match when the longer one
 * - ends with the other (the head of a compound: iphone, smartphone, headphones for "phone"; smartwatch for "watch"), or
 * - starts with it, the shorter being a word of its own (photograph / photography, guitar / guitarist).
 * Used where one thing the question names is looked for in a passage (query-intent.ts `owned`). As keyword coverage
 * (a query term held inside a longer word counted at a share of its weight) it was replayed and not kept: LoCoMo
 * recall@10 75.15 at shares 0.25-1 (R@5 66.25-66.55), the SciFact slice's hybrid nDCG@10 0.907 -> 0.902 at 0.5.
 * Short stems are left alone ("port" in "support", "ring" in "bring"): the head must have SUFFIX_MIN letters, a
 * shared start PREFIX_MIN. Stems are compared without a final "e" (the stemmer drops it from longer words only:
 * `phone` but `iphon`).
 */

/** Letters a compound's head must have (its stem) to be matched at the end of a longer term. */
export const SUFFIX_MIN = 5;
/** Letters the shorter of two terms must have to be matched at the start of the other. */
export const PREFIX_MIN = 6;

function core(stem: string): string {
  return stem.length > 1 && stem.endsWith('e') ? stem.slice(0, -1) : stem;
}

/** Whether `textTerm` holds `queryTerm` as the head of a compound or as a shared start (never for equal terms). */
export function subwordMatch(queryTerm: string, textTerm: string): boolean {
  if (queryTerm === textTerm || /\d/.test(queryTerm) || /\d/.test(textTerm)) return false;
  const q = core(queryTerm);
  const t = core(textTerm);
  if (q === t) return true;
  if (queryTerm.length >= SUFFIX_MIN && t.length > q.length && t.endsWith(q)) return true;
  const shorter = q.length <= t.length ? q : t;
  const longer = shorter === q ? t : q;
  return shorter.length >= PREFIX_MIN && longer.startsWith(shorter);
}
