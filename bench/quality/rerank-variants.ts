/**
 * Rerank variants measured by bench/quality-rerank-ab.ts beside the served rerank: weight settings of
 * src/search/rerank.ts (RerankWeights) over the same candidates.
 */
import { rerank, type RerankCandidate, type RerankWeights } from '../../src/search/rerank.js';

type RerankFn = (terms: readonly string[], candidates: readonly RerankCandidate[]) => Map<string, number>;

const withWeights =
  (w: Partial<RerankWeights>): RerankFn =>
  (t, c) =>
    rerank(t, c, w);

export const RERANK_VARIANTS: Record<string, RerankFn> = {};
for (const l of [1, 2]) RERANK_VARIANTS[`long cosine ${l}`] = withWeights({ longCosine: l });
for (const r of [0.3, 0.6, 1]) RERANK_VARIANTS[`rarity ${r}`] = withWeights({ rarity: r });
for (const r of [0.3, 0.6]) RERANK_VARIANTS[`rare sentence ${r}`] = withWeights({ rareSentence: r });
for (const c of [0.5, 1.5, 2]) RERANK_VARIANTS[`cosine ${c}`] = withWeights({ cosine: c });
for (const o of [0.5, 2]) RERANK_VARIANTS[`order ${o}`] = withWeights({ order: o });
for (const k of [0.5, 1.3]) RERANK_VARIANTS[`keyword ${k}`] = withWeights({ keyword: k });
for (const l of [0, 0.6]) RERANK_VARIANTS[`lexical ${l}`] = withWeights({ lexical: l });

/** A small grid for a fit on one half of the queries, checked on the other (bench/quality-rerank-ab.ts prints both). */
export const RERANK_GRID: Record<string, RerankFn> = {};
for (const rarity of [0, 0.3])
  for (const rareSentence of [0, 0.3, 0.6])
    for (const lexical of [0.3, 0.6]) for (const cosine of [0.75, 1]) RERANK_GRID[`grid r${rarity} s${rareSentence} l${lexical} c${cosine}`] = withWeights({ rarity, rareSentence, lexical, cosine });
