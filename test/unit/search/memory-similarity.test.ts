import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEMORY_SIMILARITY,
  MEMORY_SIMILARITY_BY_MODEL,
  memoryFeatures,
  memorySimilarity,
  memorySimilarityWeights,
  memoryTermWeights,
  SOURCE_EVIDENCE_WEIGHT,
  sourceSimilarity,
  withSourceEvidence,
} from '../../../src/search/memory-similarity.js';

describe('memory similarity', () => {
  const cal = { mean: 0.02, std: 0.07 };
  const keyword = (q: string[], m: string[], df: Record<string, number>, n: number) => ({
    queryTerms: q,
    memoryTerms: new Set(m),
    weights: memoryTermWeights(q, new Map(Object.entries(df)), n),
  });

  it('weighs a question word no memory holds as a rare word, so a shared name alone covers little', () => {
    const k = keyword(['dana', 'pet'], ['dana', 'dog', 'pixel'], { dana: 8 }, 8);
    expect(memoryFeatures(0.5, 0.5, cal, k, 0).k).toBeLessThan(0.05);
    expect(memoryFeatures(0.5, 0.5, cal, keyword(['dana', 'allerg'], ['dana', 'allerg', 'peanut'], { dana: 8, allerg: 1 }, 8), 0).k).toBe(1);
  });

  it('gives each known model its fitted weights and any other the default', () => {
    expect(memorySimilarityWeights('local:BAAI/bge-small-en-v1.5')).toBe(MEMORY_SIMILARITY_BY_MODEL['BAAI/bge-small-en-v1.5']);
    expect(memorySimilarityWeights('local:sentence-transformers/all-MiniLM-L6-v2')).toBe(MEMORY_SIMILARITY_BY_MODEL['sentence-transformers/all-MiniLM-L6-v2']);
    expect(memorySimilarityWeights('openai:text-embedding-3-small')).toBe(DEFAULT_MEMORY_SIMILARITY);
  });

  it('puts the answer above 0.5 and unrelated or other-attribute memories below, for every fitted model', () => {
    for (const w of Object.values(MEMORY_SIMILARITY_BY_MODEL)) {
      const answer = { z: 9, k: 1, gap: 0, attribute: 1 };
      const otherFact = { z: 6, k: 0.02, gap: -1.5, attribute: -1 };
      const unrelated = { z: 0.5, k: 0, gap: -0.5, attribute: 0 };
      expect(memorySimilarity(answer, w)).toBeGreaterThan(0.5);
      expect(memorySimilarity(otherFact, w)).toBeLessThan(0.5);
      expect(memorySimilarity(unrelated, w)).toBeLessThan(0.5);
      // Monotone in each piece of evidence.
      expect(memorySimilarity({ ...otherFact, k: 0.5 }, w)).toBeGreaterThan(memorySimilarity(otherFact, w));
      expect(memorySimilarity({ ...otherFact, attribute: 1 }, w)).toBeGreaterThan(memorySimilarity(otherFact, w));
    }
  });

  it("takes a memory's best source passage, the chunk floor for a source outside the chunk results, none for a direct write", () => {
    const sources = new Map([
      ['d1', 0.9],
      ['d2', 0.4],
    ]);
    expect(sourceSimilarity(['d2', 'd1'], sources, 0.1)).toBe(0.9);
    expect(sourceSimilarity(['d3'], sources, 0.1)).toBe(0.1);
    expect(sourceSimilarity([], sources, 0.1)).toBeNull();
  });

  it('mixes a memory with its source so that the fact of an answering passage outranks a better word match from elsewhere', () => {
    // "Caroline found it deeply moving." (from the support-group turn) vs "Caroline went to the support store." (a paint turn).
    const fromAnsweringTurn = withSourceEvidence(0.35, 0.9);
    const wordMatchElsewhere = withSourceEvidence(0.6, 0.2);
    expect(fromAnsweringTurn).toBeGreaterThan(wordMatchElsewhere);
    // Facts of one passage keep their own order; scores stay in [0, 1] with 0.5 still meaning "answers".
    expect(withSourceEvidence(0.8, 0.5)).toBeGreaterThan(withSourceEvidence(0.3, 0.5));
    expect(withSourceEvidence(0.9, 0.9)).toBeCloseTo(0.9);
    expect(withSourceEvidence(0.2, 0.2)).toBeCloseTo(0.2);
    expect(withSourceEvidence(1, 1)).toBe(1);
    expect(withSourceEvidence(0, 0)).toBe(0);
    // Without source evidence (a direct write) or with weight 0, the memory's own similarity stands.
    expect(withSourceEvidence(0.42, null)).toBe(0.42);
    expect(withSourceEvidence(0.42, 0.9, 0)).toBe(0.42);
    expect(SOURCE_EVIDENCE_WEIGHT).toBeGreaterThan(0);
  });
});
