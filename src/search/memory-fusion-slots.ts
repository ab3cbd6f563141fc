/**
 * Slots of the first page for memories whose source turns the page lacks (hybrid search, after
 * search/result-fusion.ts fuseRanked).
 *
 * In the fusion a memory is mostly evidence for its source chunk: when that chunk is among the chunk hits the memory
 * lifts it and takes no slot of its own, and a memory of a source the hits lack competes at a weighted reciprocal rank
 * that rarely beats the last chunks of the page. Since memories embed their turn context (memory/memory-context.ts),
 * the memory ranking finds evidence of its own: a turn the chunk list ranks below the page (or not at all) whose fact
 * the memories put among their first few. Here the last slots of the first page go to the best such memories that
 * reach the slot floor (the similarity at which a memory is trusted with a slot of its own); each displaces the last
 * result of the page, whose evidence is the page's weakest.
 * LoCoMo dev (883 questions, served through locomo-dump.ts on one ingestion of main a08784d): memories + chunks
 * recall@10 79.29 -> 79.49%, higher on both halves and on odd / even conversations (5 questions better, 3 worse);
 * without memory context vectors the same step lost 0.4 points in replay (bench/memories/locomo-slot-replay.ts).
 */

import { MEMORY_SLOT_SIMILARITY } from './result-fusion.js';

/** Results of the first page (the recall@10 a client reads first). */
export const FIRST_PAGE = 10;
/** How many of the first page's last slots memories of new source turns may take. */
export const NEW_TURN_SLOTS = 2;
/** How deep in the memory ranking such a memory may be (the memory list's first few are its own evidence). */
export const NEW_TURN_DEPTH = 5;

interface Result {
  kind: 'memory' | 'chunk';
  similarity: number;
  /** Normalised text: one result per text (result-fusion.ts). */
  key: string;
  /** Documents the result stands for. */
  sources: readonly string[];
  /** A chunk a memory holds in its place (result-fusion.ts). */
  folded?: { sources: readonly string[] } | undefined;
}

/**
 * `fused` (best first) with up to NEW_TURN_SLOTS memories of `memories` (best first; the first NEW_TURN_DEPTH read)
 * placed at the end of the first page: a memory with sources, at or above `floor`, none of whose sources the results
 * before those slots stand for. A later result standing only for such a memory's sources is left out (the memory
 * stands for it), and so is the memory's own later place. Returns `fused` unchanged when no memory qualifies.
 */
export function withNewTurnMemories<R extends Result, M extends Result>(fused: readonly R[], memories: readonly M[], floor = MEMORY_SLOT_SIMILARITY): (R | M)[] {
  const head = fused.slice(0, FIRST_PAGE - NEW_TURN_SLOTS);
  if (head.length < FIRST_PAGE - NEW_TURN_SLOTS) return [...fused];
  const shown = new Set(head.flatMap(sourcesOf));
  const keys = new Set(head.map((r) => r.key));
  const extra: M[] = [];
  const taken = new Set<string>();
  for (const m of memories.slice(0, NEW_TURN_DEPTH)) {
    if (extra.length === NEW_TURN_SLOTS) break;
    if (m.kind !== 'memory' || m.similarity < floor || m.sources.length === 0 || keys.has(m.key) || m.sources.some((s) => shown.has(s) || taken.has(s))) continue;
    extra.push(m);
    keys.add(m.key);
    for (const s of m.sources) taken.add(s);
  }
  if (extra.length === 0) return [...fused];
  const rest = fused.slice(FIRST_PAGE - NEW_TURN_SLOTS).filter((r) => !keys.has(r.key) && (r.sources.length === 0 || sourcesOf(r).some((s) => !taken.has(s))));
  return [...head, ...extra, ...rest];
}

function sourcesOf(r: Result): readonly string[] {
  return r.folded ? [...r.sources, ...r.folded.sources] : r.sources;
}
