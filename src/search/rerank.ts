import { splitSentences } from '../text/chunking.js';
import type { Embedder } from '../providers/embedder.js';
import { calibrateCosine } from '../vector/calibrate.js';
import { dot } from '../vector/cosine.js';
import { indexTerms } from '../text/tokenize.js';

export interface RerankCandidate {
  id: string;
  text: string;
  /** First-stage calibrated similarity. */
  similarity: number;
}

const MAX_SENTENCES = 12;

/**
 * Second-stage scorer over the top candidates. Where the first stage compares the query with a whole chunk, this
 * compares it with each sentence (a long chunk with one highly relevant sentence rises) and adds term proximity
 * and query-phrase order, which bag-of-words retrieval ignores. Returns calibrated scores in [0, 1].
 */
export async function rerank(
  query: string,
  queryTerms: readonly string[],
  candidates: readonly RerankCandidate[],
  embedder: Embedder | null,
): Promise<Map<string, number>> {
  const sentenceScores = embedder ? await bestSentenceScores(query, candidates, embedder) : new Map<string, number>();
  const out = new Map<string, number>();
  for (const c of candidates) {
    const terms = indexTerms(c.text);
    const sem = sentenceScores.get(c.id) ?? c.similarity;
    const second = 0.6 * sem + 0.25 * proximityScore(queryTerms, terms) + 0.15 * phraseScore(queryTerms, terms);
    out.set(c.id, 0.5 * c.similarity + 0.5 * second);
  }
  return out;
}

async function bestSentenceScores(query: string, candidates: readonly RerankCandidate[], embedder: Embedder) {
  const q = await embedder.embedQuery(query);
  const owners: string[] = [];
  const sentences: string[] = [];
  for (const c of candidates) {
    for (const s of splitSentences(c.text).slice(0, MAX_SENTENCES)) {
      owners.push(c.id);
      sentences.push(s);
    }
  }
  const vectors = sentences.length > 0 ? await embedder.embedDocuments(sentences) : [];
  const best = new Map<string, number>();
  vectors.forEach((v, i) => {
    const score = calibrateCosine(dot(q, v), embedder.calibration);
    const id = owners[i]!;
    if (score > (best.get(id) ?? -1)) best.set(id, score);
  });
  return best;
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
