import { describe, expect, it } from 'vitest';
import { orderByMemoryContext } from '../../../src/search/memory-turn-context.js';
import { OWN_MEMORY_RANK, OWN_MEMORY_SLOTS, OWN_MEMORY_SIMILARITY, ownMemoriesLendingContext } from '../../../src/search/result-fusion.js';

const own = (id: string, similarity: number, sources: string[]) => ({ id, similarity, sources });
/** `n` chunks of documents d1..dn, best first. */
const chunks = (n: number) => Array.from({ length: n }, (_, i) => ({ sources: [`d${i + 1}`] }));

describe('own-word memories that lend their source turns context (ownMemoriesLendingContext)', () => {
  it('takes the own memories whose sources are not among the first chunks: those that will take ranks 9-10', () => {
    const list = [own('sunset', 0.9, ['d40']), own('horse', 0.7, ['d41'])];
    expect(ownMemoriesLendingContext(list, chunks(30)).map((m) => m.id)).toEqual(['sunset', 'horse']);
  });

  it('leaves out a memory whose source is among the first OWN_MEMORY_RANK chunks, one below OWN_MEMORY_SIMILARITY, and one without a source', () => {
    expect(OWN_MEMORY_RANK).toBe(8);
    expect(ownMemoriesLendingContext([own('shown', 0.9, ['d8'])], chunks(30))).toEqual([]);
    // Below the head a source does not count as shown.
    expect(ownMemoriesLendingContext([own('ninth', 0.9, ['d9'])], chunks(30)).map((m) => m.id)).toEqual(['ninth']);
    expect(ownMemoriesLendingContext([own('weak', OWN_MEMORY_SIMILARITY - 0.01, ['d40'])], chunks(30))).toEqual([]);
    expect(ownMemoriesLendingContext([own('direct', 0.9, [])], chunks(30))).toEqual([]);
  });

  it('reads only the first OWN_MEMORY_SLOTS own memories', () => {
    const list = [own('a', 0.9, ['d3']), own('b', 0.8, ['d40']), own('c', 0.95, ['d41'])];
    expect(OWN_MEMORY_SLOTS).toBe(2);
    expect(ownMemoriesLendingContext(list, chunks(30)).map((m) => m.id)).toEqual(['b']);
  });

  it("lifts the reply beside such a memory's turn over chunks that outranked it on their own words", () => {
    // Twelve turns that share the question's words, then the photo turn of the fact (d13) and the reply (d14).
    const turns = Array.from({ length: 14 }, (_, i) => ({ id: `d${i + 1}`, documentId: `d${i + 1}`, similarity: 0.8 - i * 0.03, turn: true }));
    const neighbours = new Map([['d13', ['d11', 'd12', 'd14']]]);
    const lending = ownMemoriesLendingContext(
      [own('sunset', 0.9, ['d13'])],
      turns.map((t) => ({ sources: [t.documentId] })),
    );
    const order = orderByMemoryContext(turns, lending, neighbours).map((t) => t.id);
    expect(order.indexOf('d14')).toBeLessThan(order.indexOf('d10'));
    // Re-ordered, not re-scored: the similarities stay the input's, descending.
    expect(orderByMemoryContext(turns, lending, neighbours).map((t) => t.similarity)).toEqual(turns.map((t) => t.similarity));
  });
});
