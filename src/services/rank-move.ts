import type { MemoryRecord } from '../core/types.js';

/** A hit and its score, as the memory ranking rules (memory-ranking.ts and its helpers) order them. */
export interface RankedMemory {
  memory: MemoryRecord;
  similarity: number;
}

/**
 * Moves the hit at `from` up to `to` (to < from) with the score of the hit it displaces; the hits it passes keep the
 * ranking's scores non-increasing (each at most 0.999 of the one above). Returns the moved hit as it was.
 */
export function moveUp<T extends { similarity: number }>(out: T[], from: number, to: number): T {
  const [hit] = out.splice(from, 1) as [T];
  out.splice(to, 0, { ...hit, similarity: out[to]!.similarity });
  for (let k = to + 1; k <= from; k++) out[k] = { ...out[k]!, similarity: Math.min(out[k]!.similarity, out[k - 1]!.similarity * 0.999) };
  return hit;
}
