/**
 * Memories and chunks of a hybrid search (`searchMode: "hybrid"`) in one ranking, by weighted reciprocal-rank fusion.
 *
 * The two sides' similarities are on different scales (a memory's calibrated fact similarity vs a chunk's fused
 * vector/keyword score), so sorting by raw similarity let weak memories take the slots of better chunks. Here each
 * side contributes by rank: a chunk at rank r (1-based) scores 1/(k + r), a memory w/(k + r) with w < 1, so a
 * memory needs a clearly better rank than a chunk to go above it; the chunk ranking keeps its order.
 *
 * A memory is evidence for the chunks of its source documents: its score is added to each of those chunks in the
 * list (boosting them) and, when the list holds all of them, it takes no slot of its own: it is shown in the place
 * of its best source chunk (holding it as `folded`, as for equal texts), or left out when another memory already is. Only a memory with a
 * source the chunk list lacks competes for a slot, at its own (weighted) score. Each text appears once: a memory
 * and a chunk with the same normalised text are one result, the memory, in the chunk's place holding it (`folded`).
 * LoCoMo dev (bench:memories, 883 questions): recall@10 72.5% vs 72.2% for chunks alone and 66.9% for the former
 * merge by raw similarity.
 */

export interface FusionOptions {
  /** Weight of a memory's reciprocal rank against a chunk's (1 = the two sides alike). */
  memoryWeight: number;
  /** Rank smoothing constant of reciprocal-rank fusion. */
  k: number;
}

export const DEFAULT_FUSION: FusionOptions = { memoryWeight: 0.3, k: 1 };

interface Side {
  similarity: number;
  /** Text compared for folding equal results (already normalised by the caller). */
  key: string;
  /** Documents the result stands for: a chunk's document, a memory's source documents. */
  sources: readonly string[];
}

export type FusedResult<M, C> = (M & { folded?: C; fusedScore: number }) | (C & { fusedScore: number });

/**
 * Both lists must be ranked best first. Returns the fused ranking, best first, every input result at most once
 * (memories absorbed into chunks of their sources are left out).
 */
export function fuseRanked<M extends Side & { kind: 'memory' }, C extends Side & { kind: 'chunk' }>(memories: readonly M[], chunks: readonly C[], opts: FusionOptions = DEFAULT_FUSION): FusedResult<M, C>[] {
  type Entry = { r: FusedResult<M, C>; score: number; order: number };
  const chunkEntries: Entry[] = [];
  const byKey = new Map<string, Entry>();
  const bySource = new Map<string, Entry[]>();
  chunks.forEach((c, i) => {
    if (byKey.has(c.key)) return;
    const e: Entry = { r: { ...c, fusedScore: 0 }, score: 1 / (opts.k + i + 1), order: 1 };
    chunkEntries.push(e);
    byKey.set(c.key, e);
    for (const s of c.sources) bySource.set(s, [...(bySource.get(s) ?? []), e]);
  });
  const memoryEntries: Entry[] = [];
  const memoryKeys = new Set<string>();
  memories.forEach((m, i) => {
    if (memoryKeys.has(m.key)) return;
    memoryKeys.add(m.key);
    const score = opts.memoryWeight / (opts.k + i + 1);
    const same = byKey.get(m.key);
    if (same && same.r.kind === 'chunk') {
      // The same text: one result, the memory, in the chunk's place with both sides' evidence.
      const chunk = same.r as C & { fusedScore: number };
      const { fusedScore: _f, ...plain } = chunk;
      same.r = { ...m, similarity: Math.max(m.similarity, chunk.similarity), folded: plain as unknown as C, fusedScore: 0 };
      same.score += score;
      return;
    }
    const holders = [...new Set(m.sources.flatMap((s) => bySource.get(s) ?? []))];
    for (const e of holders) e.score += score;
    const uncovered = m.sources.some((s) => !bySource.has(s));
    if (m.sources.length === 0 || uncovered) {
      memoryEntries.push({ r: { ...m, fusedScore: 0 }, score, order: 0 });
      return;
    }
    // Every source is in the list: the memory stands in the place of its best source chunk (the fact, naming the
    // chunk's document), unless another memory already does.
    const best = holders.reduce((a, b) => (b.score > a.score ? b : a));
    if (best.r.kind === 'chunk') {
      const { fusedScore: _f, ...plain } = best.r as C & { fusedScore: number };
      best.r = { ...m, similarity: Math.max(m.similarity, plain.similarity), folded: plain as unknown as C, fusedScore: 0 };
    }
  });
  const entries = [...chunkEntries, ...memoryEntries].sort((a, b) => b.score - a.score || b.order - a.order);

  const shown = new Set<string>();
  const out: FusedResult<M, C>[] = [];
  for (const e of entries) {
    const r = e.r;
    if (r.kind === 'memory' && !('folded' in r && r.folded) && r.sources.length > 0 && r.sources.every((s) => shown.has(s))) continue;
    for (const s of r.sources) shown.add(s);
    if ('folded' in r && r.folded) for (const s of r.folded.sources) shown.add(s);
    out.push({ ...r, fusedScore: e.score });
  }
  return out;
}

/**
 * The calibrated similarity (0.5 = "answers") a memory needs to take a slot of its own in the fusion when a source of
 * it is not among the chunks. Below it, the first memory of a new source holds less evidence than the chunk it pushes
 * off the first page: LoCoMo dev, 883 questions, evidence per question of that slot 0.40 below 0.85 (741 questions)
 * vs 1.02 for the 10th chunk (bench/memories/locomo-fusion-replay.ts). Served with 0.8: memories + chunks recall@10
 * 78.7 -> 79.1%, 6 questions better and none worse (0.7 / 0.9 replayed: less gain).
 */
export const MEMORY_SLOT_SIMILARITY = 0.8;

/**
 * The memories that enter the fusion (fuseRanked): those at or above `floor`, and those whose every source document
 * is among the chunks (they take no slot of their own: they raise and stand in for their source chunks). A memory
 * without a source (a direct write) has no passage to stand for and ranks on its own. Order kept.
 */
export function memoriesWithSlots<M extends Pick<Side, 'similarity' | 'sources'>>(memories: readonly M[], chunks: readonly Pick<Side, 'sources'>[], floor = MEMORY_SLOT_SIMILARITY): M[] {
  const listed = new Set(chunks.flatMap((c) => c.sources));
  return memories.filter((m) => m.similarity >= floor || m.sources.every((s) => listed.has(s)));
}

/** The page's similarities made non-increasing (each capped at the one above), so a fused page reads in order. */
export function monotoneSimilarities<T extends { similarity: number }>(results: readonly T[]): T[] {
  let cap = Infinity;
  return results.map((r) => {
    cap = Math.min(cap, r.similarity);
    return r.similarity === cap ? r : { ...r, similarity: cap };
  });
}

/**
 * Memories that answer on their own words keep a place on the first page of memories + chunks (issue 26, round 21).
 * A memory's similarity leans on its source passage's (memory-similarity.ts withSourceEvidence), so the memory list a
 * hybrid search fuses mostly re-ranks the passages the chunk search found; a fact whose turn the chunks rank low
 * ("Melanie shared a photo of a painting of a sunset over a lake." for "What has Melanie painted?") never reaches
 * the page. The best OWN_MEMORY_SLOTS memories by their own similarity (a memory search without source evidence)
 * take ranks OWN_MEMORY_RANK + 1 onwards when none of their sources is above them; the results they displace move
 * down. LoCoMo dev, replayed on round 20's lists (883 questions): recall@10 79.68 -> 80.12%, both halves and odd /
 * even up (bench/README, round 21).
 */
export const OWN_MEMORY_SLOTS = 2;
/** Results of the fused page kept above the own memories' places (0-based rank of the first such place). */
export const OWN_MEMORY_RANK = 8;
/** The calibrated similarity (0.5 = "answers") a memory needs on its own words to take such a place. */
export const OWN_MEMORY_SIMILARITY = 0.5;

type Placed = { kind: 'memory' | 'chunk'; key: string; sources: readonly string[]; folded?: { sources: readonly string[] } };

/**
 * `page`: a fused ranking (fuseRanked), best first; `own`: memories ranked on their own similarity, best first. Returns
 * the page with the first OWN_MEMORY_SLOTS of `own` at or above `floor` placed from rank `at` (each only when none of
 * its sources is among the results above it), a memory below them left out when it is one of them or its sources are
 * all shown already. Chunks are never dropped.
 */
export function withOwnMemories<R extends Placed, M extends Placed & { similarity: number }>(page: readonly R[], own: readonly M[], opts: { slots?: number; at?: number; floor?: number } = {}): (R | M)[] {
  const { slots = OWN_MEMORY_SLOTS, at = OWN_MEMORY_RANK, floor = OWN_MEMORY_SIMILARITY } = opts;
  const head = page.slice(0, at);
  const shown = new Set(head.flatMap((r) => [...r.sources, ...(r.folded?.sources ?? [])]));
  const keys = new Set(head.filter((r) => r.kind === 'memory').map((r) => r.key));
  const placed = own.slice(0, slots).filter((m) => m.similarity >= floor && m.sources.length > 0 && !keys.has(m.key) && m.sources.every((s) => !shown.has(s)));
  if (placed.length === 0) return [...page];
  for (const m of placed) {
    keys.add(m.key);
    for (const s of m.sources) shown.add(s);
  }
  const rest = page.slice(at).filter((r) => r.kind === 'chunk' || (!keys.has(r.key) && (r.folded || r.sources.some((s) => !shown.has(s)))));
  return [...head, ...placed, ...rest];
}

/**
 * The own-word memories (withOwnMemories' candidates) that lend their source turns' neighbours context as well
 * (recall.ts withMemoryContext, search/memory-turn-context.ts): the first `slots` of `own`, at or above `floor`, none
 * of whose sources is among the first `at` chunks, i.e. those likely to take a place of their own at ranks 9-10. A
 * list answer is often the turn beside such a fact's ("What fantasy movies does Tim like?"). LoCoMo dev, replayed on
 * the served stage inputs (883 questions): memories + chunks recall@10 80.12 -> 80.19%, 3 questions better, 1 worse
 * (bench/README, round 22).
 */
export function ownMemoriesLendingContext<M extends { similarity: number; sources: readonly string[] }>(
  own: readonly M[],
  chunks: readonly { sources: readonly string[] }[],
  opts: { slots?: number; at?: number; floor?: number } = {},
): M[] {
  const { slots = OWN_MEMORY_SLOTS, at = OWN_MEMORY_RANK, floor = OWN_MEMORY_SIMILARITY } = opts;
  const head = new Set(chunks.slice(0, at).flatMap((c) => c.sources));
  return own.slice(0, slots).filter((m) => m.similarity >= floor && m.sources.length > 0 && m.sources.every((s) => !head.has(s)));
}
