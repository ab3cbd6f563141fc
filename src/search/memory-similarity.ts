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
 * Weights fitted by scripts/fit-memory-calibration.ts per embedding model: LoCoMo dev observations of half the
 * conversations and the attribute cases, relevant and off-topic weighted alike, with the attribute weight held at
 * 2.5; the bias set so that at most 10% of the fitted off-topic pairs and 2% of questions nothing answers (general
 * questions asked of every group) reach 0.5. Held-out, share of relevant / off-topic memories at or above 0.5:
 * all-MiniLM-L6-v2 LoCoMo 84.2% / 16.3%, attribute cases 83.3% / 2.5%, unrelated questions 1.5%;
 * bge-small-en-v1.5 (q8, its default; cosines over its query background, calibrate.ts) 72.7% / 7.3%, 83.3% / 2.5%,
 * 2.3%. Another model gets the MiniLM weights (its cosines still enter
 * as deviations above its own background); re-fit for it with the script and add it here.
 */
export const MEMORY_SIMILARITY_BY_MODEL: Readonly<Record<string, MemorySimilarityWeights>> = {
  'sentence-transformers/all-MiniLM-L6-v2': { zWeight: 0.521, keywordWeight: 4.936, gapWeight: 0.219, attributeWeight: 2.5, bias: -3.238 },
  'BAAI/bge-small-en-v1.5': { zWeight: 0.621, keywordWeight: 4.89, gapWeight: 0.361, attributeWeight: 2.5, bias: -2.552 },
};

export const DEFAULT_MEMORY_SIMILARITY: MemorySimilarityWeights = MEMORY_SIMILARITY_BY_MODEL['sentence-transformers/all-MiniLM-L6-v2']!;

/** The weights for an embedder (its id names the model: "local:BAAI/bge-small-en-v1.5", "openai:..."). */
export function memorySimilarityWeights(embedderId: string): MemorySimilarityWeights {
  const model = Object.keys(MEMORY_SIMILARITY_BY_MODEL).find((m) => embedderId.includes(m));
  return model ? MEMORY_SIMILARITY_BY_MODEL[model]! : DEFAULT_MEMORY_SIMILARITY;
}

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

/**
 * How much of a memory's score comes from its sources. A memory is one fact of a document; the document's best chunk
 * for the same question (chunk search: vector and keyword evidence over the whole passage, with its date and
 * speaker) says whether the conversation where the fact was stated is about what is asked, which a one-line fact
 * often cannot ("When did Caroline go to the support group?" against "Caroline found the group very supportive.").
 * LoCoMo dev recall@10 of memories mode by this weight: bench/README "Round 6 (ranking)".
 */
export const SOURCE_EVIDENCE_WEIGHT = 0.75;

/**
 * The best similarity among a memory's source documents; the lowest similarity the chunk search returned (`floor`)
 * when none of them is among its results (the source is at most that relevant); null for a memory without source
 * documents (a direct write), which ranks on its own text.
 */
export function sourceSimilarity(documentIds: readonly string[], sources: ReadonlyMap<string, number>, floor: number): number | null {
  if (documentIds.length === 0) return null;
  let best: number | null = null;
  for (const id of documentIds) {
    const s = sources.get(id);
    if (s !== undefined) best = Math.max(best ?? 0, s);
  }
  return best ?? floor;
}

/**
 * A memory's similarity with its sources' evidence: the weighted mean of its own calibrated similarity and its best
 * source passage's (both in [0, 1] with 0.5 meaning "answers", so the mean keeps the threshold's meaning). Without
 * source evidence (null) the memory's own similarity stands.
 */
export function withSourceEvidence(similarity: number, source: number | null, weight = SOURCE_EVIDENCE_WEIGHT): number {
  return source === null ? similarity : (1 - weight) * similarity + weight * source;
}
