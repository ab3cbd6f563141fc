import { describe, expect, it } from 'vitest';
import { fuseRanked, MEMORY_SLOT_SIMILARITY, memoriesWithSlots, monotoneSimilarities } from '../../../src/search/result-fusion.js';
import { mergeDistinct } from '../../../src/services/recall.js';

const memory = (id: string, similarity: number, sources: string[], text = `memory ${id}`) => ({ kind: 'memory' as const, id, similarity, text, key: text.toLowerCase(), sources });
const chunk = (id: string, similarity: number, doc: string, text = `chunk ${id}`) => ({ kind: 'chunk' as const, id, similarity, text, key: text.toLowerCase(), sources: [doc] });

describe('hybrid fusion of memories and chunks', () => {
  it('keeps a relevant chunk above a weak memory whose similarity reads higher on its own scale', () => {
    // Memory similarities run higher than chunk scores: sorted by raw similarity, the weak memory m2 (rank 2 of
    // the memories) took the second slot from the second-best chunk c2.
    const memories = [memory('m1', 0.9, ['d9']), memory('m2', 0.8, ['d8'])];
    const chunks = [chunk('c1', 0.7, 'd1'), chunk('c2', 0.6, 'd2'), chunk('c3', 0.5, 'd3')];
    const before = mergeDistinct(memories, chunks)
      .slice(0, 3)
      .map((r) => r.id);
    expect(before).toEqual(['m1', 'm2', 'c1']);
    const after = fuseRanked(memories, chunks)
      .slice(0, 3)
      .map((r) => r.id);
    expect(after.slice(0, 2)).toEqual(['c1', 'c2']);
    expect(after).not.toContain('m2');
  });

  it('folds a memory into the chunk of its source document: it raises that chunk and stands in its place, no new slot', () => {
    const memories = [memory('m1', 0.9, ['d2']), memory('m2', 0.85, ['d2'])];
    const chunks = [chunk('c1', 0.7, 'd1'), chunk('c2', 0.69, 'd2'), chunk('c3', 0.5, 'd3')];
    const fused = fuseRanked(memories, chunks, { memoryWeight: 0.5, k: 1 });
    expect(fused.map((r) => r.id)).toEqual(['m1', 'c1', 'c3']);
    const first = fused[0]!;
    expect(first.kind === 'memory' && 'folded' in first ? first.folded?.id : null).toBe('c2');
  });

  it('lets a memory with a source the chunks lack take a slot of its own, and shows a shared text once as the memory', () => {
    const memories = [memory('m1', 0.9, ['d7']), memory('m2', 0.8, ['d1'], 'Dana keeps bees.')];
    const chunks = [chunk('c1', 0.7, 'd1', 'dana keeps bees.'), chunk('c2', 0.6, 'd2'), chunk('c3', 0.5, 'd3'), chunk('c4', 0.4, 'd4')];
    const fused = fuseRanked(memories, chunks);
    expect(fused.map((r) => r.id)).toEqual(['m2', 'c2', 'c3', 'c4', 'm1']);
    const first = fused[0]!;
    expect(first.kind === 'memory' && 'folded' in first ? first.folded?.id : null).toBe('c1');
    expect(first.similarity).toBe(0.8);
  });

  it('gives a weak memory of a passage the chunks lack no slot of its own: the chunk it would push off keeps the page', () => {
    // The best memory scores like the 3rd-4th chunk here: a weak one (0.6) of a document no chunk holds took the
    // last slot of a page of 4 from c4, and ahead of a confident memory of another new document.
    const weak = memory('m1', 0.6, ['d9']);
    const strong = memory('m2', 0.95, ['d8']);
    const chunks = [chunk('c1', 0.7, 'd1'), chunk('c2', 0.65, 'd2'), chunk('c3', 0.6, 'd3'), chunk('c4', 0.55, 'd4'), chunk('c5', 0.5, 'd5')];
    const page = (ms: readonly ReturnType<typeof memory>[]) =>
      fuseRanked(ms, chunks, { memoryWeight: 0.5, k: 1 })
        .slice(0, 4)
        .map((r) => r.id);
    expect(page([weak])).toEqual(['c1', 'c2', 'c3', 'm1']);
    expect(page(memoriesWithSlots([weak], chunks))).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(page([weak, strong])).toEqual(['c1', 'c2', 'c3', 'm1']);
    expect(page(memoriesWithSlots([weak, strong], chunks))).toEqual(['c1', 'c2', 'c3', 'm2']);
  });

  it('keeps a memory at or above the slot similarity, one whose sources the chunks hold, and a direct write', () => {
    const chunks = [chunk('c1', 0.7, 'd1'), chunk('c2', 0.6, 'd2')];
    const memories = [
      memory('weak-new', MEMORY_SLOT_SIMILARITY - 0.01, ['d9']),
      memory('strong-new', MEMORY_SLOT_SIMILARITY, ['d9']),
      memory('weak-listed', 0.3, ['d2', 'd1']),
      memory('weak-half-listed', 0.3, ['d1', 'd9']),
      memory('direct', 0.3, []),
    ];
    expect(memoriesWithSlots(memories, chunks).map((m) => m.id)).toEqual(['strong-new', 'weak-listed', 'direct']);
    expect(memoriesWithSlots(memories, chunks, 0.2).map((m) => m.id)).toEqual(memories.map((m) => m.id));
  });

  it('reads in order: similarities are capped by the result above', () => {
    expect(monotoneSimilarities([{ similarity: 0.5 }, { similarity: 0.9 }, { similarity: 0.2 }]).map((r) => r.similarity)).toEqual([0.5, 0.5, 0.2]);
  });
});
