import type { Candidate } from '../../core/types.js';

const K1 = 1.2;
const B = 0.75;

/** One organisation's keyword statistics: searchable chunks and their total length in tokens. */
export interface CorpusStats {
  chunks: number;
  totalLength: number;
}

export interface ScoredChunk {
  chunkId: string;
  documentId: string;
  /** Index terms in order, with repeats. */
  termText: string;
  /** Container-tag tokens stored beside the terms (count towards the length, as in the SQLite index). */
  tagCount: number;
}

/**
 * BM25 exactly as SQLite FTS5's bm25() computes it for the SQLite store's index (k1 = 1.2, b = 0.75, IDF clamped
 * to 1e-6, length = term tokens + tag tokens), so both stores rank and tie-break keyword candidates alike.
 * `docFrequencies` and `stats` must come from the organisation's own searchable chunks.
 */
export function bm25(queryTerms: readonly string[], candidates: readonly ScoredChunk[], docFrequencies: ReadonlyMap<string, number>, stats: CorpusStats): Candidate[] {
  const n = Math.max(stats.chunks, 1);
  const avgdl = Math.max(stats.totalLength, 1) / n;
  const idf = queryTerms.map((t) => {
    const hits = docFrequencies.get(t) ?? 0;
    const v = Math.log((n - hits + 0.5) / (hits + 0.5));
    return v <= 0 ? 1e-6 : v;
  });
  return candidates.map((c) => {
    const tf = new Map<string, number>();
    const tokens = c.termText === '' ? [] : c.termText.split(' ');
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    const norm = K1 * (1 - B + (B * (tokens.length + c.tagCount)) / avgdl);
    let score = 0;
    queryTerms.forEach((t, i) => {
      const f = tf.get(t) ?? 0;
      if (f > 0) score += (idf[i]! * (f * (K1 + 1))) / (f + norm);
    });
    return { chunkId: c.chunkId, documentId: c.documentId, score };
  });
}

/** Best first; equal scores by chunk id, so results are deterministic. */
export function topCandidates(candidates: Candidate[], limit: number): Candidate[] {
  return candidates.sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0)).slice(0, Math.max(limit, 0));
}
