import { splitSentences } from '../text/chunking.js';
import { indexTerms, isStopword, term, words } from '../text/tokenize.js';

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
export async function rerank(_query: string, queryTerms: readonly string[], candidates: readonly RerankCandidate[], _embedder?: unknown): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const c of candidates) out.set(c.id, (1 - RERANK_WEIGHT) * c.similarity + RERANK_WEIGHT * secondStage(queryTerms, c.text));
  return out;
}

/** The second-stage evidence of one text, in [0, 1]. The text is tokenised once, sentence by sentence. */
export function secondStage(queryTerms: readonly string[], text: string): number {
  const prefixes = new Set(queryTerms.map((t) => t.slice(0, 2)));
  const sentences = splitSentences(text).map((s) => termsFor(s, prefixes));
  const terms = sentences.flat();
  return PROXIMITY * proximityScore(queryTerms, terms) + PHRASE * phraseScore(queryTerms, terms) + FOCUS * bestSentenceShare(queryTerms, sentences);
}

/**
 * indexTerms(text) as far as the query can tell: a word whose first two letters begin no query term cannot stem to
 * one (Porter2 rewrites endings only), so it stands in the sequence as '' without being stemmed; stopwords are
 * dropped as indexTerms drops them, so distances are the same. Stemming every word of 40 long candidates cost more
 * than the rest of the rerank.
 */
function termsFor(text: string, prefixes: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (isStopword(w)) continue;
    const bare = w.includes("'") ? w.replace(/'/g, '') : w;
    if (!prefixes.has(bare.slice(0, 2))) {
      out.push('');
      continue;
    }
    const t = term(w);
    if (t) out.push(t);
  }
  return out;
}

/** Share of the distinct query terms held by the text's best single sentence. */
export function focusScore(queryTerms: readonly string[], text: string): number {
  return bestSentenceShare(queryTerms, splitSentences(text).map(indexTerms));
}

function bestSentenceShare(queryTerms: readonly string[], sentences: readonly (readonly string[])[]): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  let best = 0;
  for (const terms of sentences) {
    const found = new Set<string>();
    for (const t of terms) if (wanted.has(t)) found.add(t);
    best = Math.max(best, found.size);
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
