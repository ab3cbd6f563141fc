import { idf, keywordCoverage } from './keyword-score.js';
import type { VectorCalibration } from '../vector/calibrate.js';

/**
 * The similarity of a memory to a question, calibrated so that 0.5 separates memories that answer it from the
 * other memories of the same person (the search threshold's default). Memories are short sentences about a few
 * people: a question shares its subject's name and register with every one of them, so their cosines sit far above
 * the embedder's background of unrelated text, and the chunk scale (vector/calibrate.ts, fitted on passages)
 * reported 0.65-0.98 for memories that do not answer. Here the cosine, as standard deviations above the
 * embedder's background (its own VectorCalibration: the weights carry over between models), and the IDF-weighted
 * keyword coverage enter one logistic model fitted on dev data by scripts/fit-memory-calibration.ts.
 */
export interface MemorySimilarityWeights {
  /** Per standard deviation of cosine above the embedder's background. */
  zWeight: number;
  /** Per unit of keyword coverage (share of the question's IDF mass the memory contains). */
  keywordWeight: number;
  /** Per standard deviation below the best candidate's cosine (the gap is <= 0). */
  gapWeight: number;
  /** Per unit of attribute evidence: +1 the memory states what the question asks about, -1 something else, 0 unknown. */
  attributeWeight: number;
  bias: number;
}

/**
 * Fitted by scripts/fit-memory-calibration.ts (LoCoMo dev observations, half of the conversations, and the attribute
 * cases; class-balanced) with all-MiniLM-L6-v2. On the held-out conversations: see the script's output in the commit.
 */
export const DEFAULT_MEMORY_SIMILARITY: MemorySimilarityWeights = { zWeight: 0.233, keywordWeight: 5.755, gapWeight: 0.465, attributeWeight: 2.5, bias: -0.612 };

export interface MemoryFeatures {
  /** Cosine in standard deviations above the embedder's background. */
  z: number;
  /** Keyword coverage in [0, 1] (memoryTermWeights). */
  k: number;
  /** z minus the best candidate's z (<= 0): how far the memory is from the closest memory of the question's scope. */
  gap: number;
  /** +1: the memory's attribute is one the question asks about; -1: it states another attribute; 0: unknown. */
  attribute: number;
}

export function memoryFeatures(
  cosine: number,
  bestCosine: number,
  calibration: VectorCalibration,
  keyword: { queryTerms: readonly string[]; memoryTerms: ReadonlySet<string>; weights: ReadonlyMap<string, number> },
  attribute: number,
): MemoryFeatures {
  return {
    z: (cosine - calibration.mean) / calibration.std,
    k: keywordCoverage(keyword.queryTerms, keyword.memoryTerms, keyword.weights),
    gap: Math.min(0, (cosine - Math.max(cosine, bestCosine)) / calibration.std),
    attribute,
  };
}

/**
 * IDF weights of the question's terms among the memories searched. Unlike chunk search, a term no memory holds
 * weighs as a rare term: a question whose only matching word is the name every memory of the person carries
 * ("Does Dana have pets?") covers little of its weight in any of them.
 */
export function memoryTermWeights(queryTerms: readonly string[], docFrequencies: ReadonlyMap<string, number>, total: number): Map<string, number> {
  const n = Math.max(total, 1);
  return new Map(queryTerms.map((t) => [t, idf(docFrequencies.get(t) ?? 0, n)]));
}

/** Calibrated similarity in [0, 1]. */
export function memorySimilarity(f: MemoryFeatures, w: MemorySimilarityWeights = DEFAULT_MEMORY_SIMILARITY): number {
  return 1 / (1 + Math.exp(-(w.zWeight * f.z + w.keywordWeight * f.k + w.gapWeight * f.gap + w.attributeWeight * f.attribute + w.bias)));
}
