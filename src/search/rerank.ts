import { splitSentences } from '../text/chunking.js';
import { indexTerms } from '../text/tokenize.js';

export interface RerankCandidate {
  id: string;
  text: string;
  /** First-stage calibrated similarity. */
  similarity: number;
}

/**
 * Weight of the second-stage evidence in the final score; the first stage keeps the rest. The parts of that
 * evidence: term proximity, query-phrase order, and the focus of the best single sentence.
 */
export const RERANK_WEIGHT = 0.2;
const PROXIMITY = 0.5;
const PHRASE = 0.25;
const FOCUS = 0.25;

/**
 * Second-stage scorer over the first stage's shortlist, with no model inference: the first stage already compared
 * the query with each candidate by meaning (its calibrated cosine) and by words (its coverage); this adds what
 * those bags of words ignore: how close together the query's terms stand (proximity), whether adjacent query terms
 * appear adjacent and in order (phrase), and whether one sentence holds them (focus: a long chunk with one
 * sentence answering the query rises over one where the words are scattered across sentences). The former design
 * embedded every sentence of the 40 candidates at query time: ~0.9 s a query with MiniLM, several times that with
 * bge-small, and no better than hybrid (bench/README.md); this one costs well under a millisecond per candidate.
 * Returns calibrated scores in [0, 1]. The last argument (the embedder) is accepted for the call site and unused.
 */
export async function rerank(
  _query: string,
  queryTerms: readonly string[],
  candidates: readonly RerankCandidate[],
  _embedder?: unknown,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const c of candidates) out.set(c.id, (1 - RERANK_WEIGHT) * c.similarity + RERANK_WEIGHT * secondStage(queryTerms, c.text));
  return out;
}

/** The second-stage evidence of one text, in [0, 1]. */
export function secondStage(queryTerms: readonly string[], text: string): number {
  const terms = indexTerms(text);
  return PROXIMITY * proximityScore(queryTerms, terms) + PHRASE * phraseScore(queryTerms, terms) + FOCUS * focusScore(queryTerms, text);
}

/** Share of the distinct query terms held by the text's best single sentence. */
export function focusScore(queryTerms: readonly string[], text: string): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  let best = 0;
  for (const sentence of splitSentences(text)) {
    let found = 0;
    for (const t of new Set(indexTerms(sentence))) if (wanted.has(t)) found++;
    best = Math.max(best, found);
  }
  return best / wanted.size;
}

/** Share of query terms found, discounted by how spread out the closest window holding them is. */
export function proximityScore(queryTerms: readonly string[], textTerms: readonly string[]): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  const present = new Set(textTerms.filter((t) => wanted.has(t)));
  if (present.size === 0) return 0;
  // Smallest window containing every present query term (two-pointer sweep).
  const counts = new Map<string, number>();
  let have = 0;
  let best = Infinity;
  let left = 0;
  for (let right = 0; right < textTerms.length; right++) {
    const t = textTerms[right]!;
    if (!present.has(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) have++;
    while (have === present.size) {
      best = Math.min(best, right - left + 1);
      const l = textTerms[left]!;
      if (present.has(l)) {
        counts.set(l, counts.get(l)! - 1);
        if (counts.get(l) === 0) have--;
      }
      left++;
    }
  }
  const coverage = present.size / wanted.size;
  const compactness = present.size / Math.max(best, present.size);
  return coverage * (0.5 + 0.5 * compactness);
}

/** Share of adjacent query-term pairs that appear adjacent, in order, in the text. */
export function phraseScore(queryTerms: readonly string[], textTerms: readonly string[]): number {
  if (queryTerms.length < 2) return 0;
  const bigrams = new Set<string>();
  for (let i = 1; i < textTerms.length; i++) bigrams.add(`${textTerms[i - 1]} ${textTerms[i]}`);
  let hits = 0;
  for (let i = 1; i < queryTerms.length; i++) if (bigrams.has(`${queryTerms[i - 1]} ${queryTerms[i]}`)) hits++;
  return hits / (queryTerms.length - 1);
}
