import { describe, expect, it } from 'vitest';
import { MEMORY_CONTEXT_SOURCES, orderByMemoryContext } from '../../../src/search/memory-turn-context.js';

const chunk = (documentId: string, similarity: number, turn = true) => ({ documentId, similarity, turn });
const memory = (similarity: number, ...sources: string[]) => ({ similarity, sources });

describe('turns beside the best memories source turns', () => {
  // d1..d5 are turns of one chat; the best memory was extracted from d2, and d3 (the reply) answers the question.
  const neighbours = new Map([['d2', ['d1', 'd3', 'd4']]]);

  it('lifts the turn beside a memory source above a slightly better unrelated turn, keeping the similarities descending', () => {
    const chunks = [chunk('d9', 0.8), chunk('d7', 0.6), chunk('d8', 0.58), chunk('d3', 0.55)];
    const out = orderByMemoryContext(chunks, [memory(0.9, 'd2')], neighbours);
    expect(out.map((c) => c.documentId)).toEqual(['d9', 'd3', 'd7', 'd8']);
    expect(out.map((c) => c.similarity)).toEqual([0.8, 0.6, 0.58, 0.55]);
  });

  it('keeps a lifted turn below the memory evidence that found it', () => {
    // Evidence 0.5 x 0.8 = 0.4: the turn at 0.3 may rise to at most 0.4, not past the chunk at 0.45.
    const chunks = [chunk('d9', 0.8), chunk('d7', 0.45), chunk('d3', 0.3)];
    const out = orderByMemoryContext(chunks, [memory(0.5, 'd2')], neighbours);
    expect(out.map((c) => c.documentId)).toEqual(['d9', 'd7', 'd3']);
  });

  it('does not lift a passage that is not a chat turn', () => {
    const chunks = [chunk('d9', 0.8), chunk('d7', 0.6), chunk('d3', 0.55, false)];
    expect(orderByMemoryContext(chunks, [memory(0.9, 'd2')], neighbours).map((c) => c.documentId)).toEqual(['d9', 'd7', 'd3']);
  });

  it('reads context from the first memories only, and leaves the chunks as they are without memories', () => {
    const chunks = [chunk('d9', 0.8), chunk('d7', 0.6), chunk('d3', 0.55)];
    const weaker = Array.from({ length: MEMORY_CONTEXT_SOURCES }, (_, i) => memory(0.95, `x${i}`));
    expect(orderByMemoryContext(chunks, [...weaker, memory(0.9, 'd2')], neighbours).map((c) => c.documentId)).toEqual(['d9', 'd7', 'd3']);
    expect(orderByMemoryContext(chunks, [], neighbours)).toEqual(chunks);
  });
});
