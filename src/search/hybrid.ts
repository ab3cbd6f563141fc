/** Per-chunk evidence from the two retrievers, each already calibrated to [0, 1]. */
export interface HybridEvidence {
  id: string;
  vector?: number;
  keyword?: number;
  /** Raw keyword rank score (higher is better), used only to break ties. */
  keywordRaw?: number;
}

export interface HybridWeights {
  vector: number;
  keyword: number;
}

export interface FusedHit {
  id: string;
  similarity: number;
  vector: number;
  keyword: number;
}

/**
 * Fuses calibrated vector and keyword evidence with a weighted noisy-OR: either signal alone can make a hit
 * relevant, and agreement between them raises it further, while the result stays in [0, 1].
 */
export function fuse(evidence: readonly HybridEvidence[], weights: HybridWeights): FusedHit[] {
  const byId = new Map<string, HybridEvidence>();
  for (const e of evidence) {
    const prev = byId.get(e.id);
    byId.set(e.id, prev ? merge(prev, e) : e);
  }
  const hits = [...byId.values()].map((e) => {
    const v = clamp01(e.vector ?? 0);
    const k = clamp01(e.keyword ?? 0);
    const similarity = 1 - (1 - weights.vector * v) * (1 - weights.keyword * k);
    return { id: e.id, similarity, vector: v, keyword: k, tie: e.keywordRaw ?? 0 };
  });
  hits.sort((a, b) => b.similarity - a.similarity || b.tie - a.tie || (a.id < b.id ? -1 : 1));
  return hits.map(({ tie: _tie, ...hit }) => hit);
}

function merge(a: HybridEvidence, b: HybridEvidence): HybridEvidence {
  return {
    id: a.id,
    vector: Math.max(a.vector ?? 0, b.vector ?? 0),
    keyword: Math.max(a.keyword ?? 0, b.keyword ?? 0),
    keywordRaw: Math.max(a.keywordRaw ?? 0, b.keywordRaw ?? 0),
  };
}

export function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
