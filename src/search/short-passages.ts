/**
 * Whether a search compares its query with short passages. A model whose queries carry an instruction (bge:
 * "Represent this sentence for searching relevant passages: ") is trained for short questions against longer
 * passages; against sentence-length passages (chat turns) the question is better compared as a passage itself.
 * Replayed on LoCoMo dev (turns of 12-68 words, bench/README "Round 10"), vector-only recall@10 61.4 -> 62.7 with
 * the question embedded as a passage; on the SciFact slice (chunks of 80-130 words) the instruction wins (vector
 * nDCG@10 0.916 vs 0.893), and there the rule leaves the query as it is.
 */

/** A passage of at most this many words (the median of the best candidates) counts as short. */
export const SHORT_PASSAGE_WORDS = 64;
/** How many of the best vector candidates decide. */
export const SHORT_PASSAGE_SAMPLE = 10;

/** Whether the median word count of `texts` (the best vector candidates' contents) is at most SHORT_PASSAGE_WORDS. */
export function shortPassages(texts: readonly string[]): boolean {
  const words = texts
    .slice(0, SHORT_PASSAGE_SAMPLE)
    .map(wordCount)
    .sort((a, b) => a - b);
  if (words.length === 0) return false;
  const median = (words[(words.length - 1) >> 1]! + words[words.length >> 1]!) / 2;
  return median <= SHORT_PASSAGE_WORDS;
}

function wordCount(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/\S+/g)) n++;
  return n;
}
