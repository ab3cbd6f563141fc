import { describe, expect, it } from 'vitest';
import { fuseRanked, OWN_MEMORY_RANK, OWN_MEMORY_SLOTS, withOwnMemories } from '../../../src/search/result-fusion.js';

const memory = (id: string, similarity: number, sources: string[], text = `memory ${id}`) => ({ kind: 'memory' as const, id, similarity, text, key: text.toLowerCase(), sources });
const chunk = (id: string, similarity: number, doc: string, text = `chunk ${id}`) => ({ kind: 'chunk' as const, id, similarity, text, key: text.toLowerCase(), sources: [doc] });
/** A fused page of `n` chunks of documents d1..dn, best first. */
const chunkPage = (n: number) =>
  fuseRanked(
    [],
    Array.from({ length: n }, (_, i) => chunk(`c${i + 1}`, 0.9 - i * 0.05, `d${i + 1}`)),
  );

describe('memories that answer on their own words keep a place on the first page (withOwnMemories)', () => {
  it('places the best own memories of turns the page lacks at ranks 9 and 10, moving the results they displace down', () => {
    const page = chunkPage(12);
    const own = [memory('sunset', 0.93, ['d40'], 'Melanie shared a photo of a painting of a sunset over a lake.'), memory('horse', 0.81, ['d41'])];
    const out = withOwnMemories(page, own).map((r) => r.id);
    expect(OWN_MEMORY_RANK).toBe(8);
    expect(out.slice(0, 10)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'sunset', 'horse']);
    // Chunks are never dropped: c9..c12 follow.
    expect(out.slice(10)).toEqual(['c9', 'c10', 'c11', 'c12']);
  });

  it('leaves the page as it is for a memory whose source is already shown above, or that does not answer (below 0.5)', () => {
    const page = chunkPage(10);
    const shown = memory('m1', 0.95, ['d3']);
    const weak = memory('m2', 0.42, ['d50']);
    expect(withOwnMemories(page, [shown, weak]).map((r) => r.id)).toEqual(page.map((r) => r.id));
  });

  it('reads only the first OWN_MEMORY_SLOTS own memories, and places each once', () => {
    const page = [...chunkPage(8), { ...memory('m3', 0.6, ['d60']), fusedScore: 0.01 }];
    const own = [memory('m3', 0.9, ['d60']), memory('m4', 0.8, ['d61']), memory('m5', 0.99, ['d62'])];
    const out = withOwnMemories(page, own).map((r) => r.id);
    expect(OWN_MEMORY_SLOTS).toBe(2);
    expect(out).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'm3', 'm4']);
  });

  it('fills a short page: a page of 5 gets the memory after its last result', () => {
    const out = withOwnMemories(chunkPage(5), [memory('m1', 0.7, ['d9'])]).map((r) => r.id);
    expect(out).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'm1']);
  });
});
