/**
 * Round 20 (issue 26): a home taken ("signed a lease in Ghent", "bought a house in Bath") is a move said as done, so it
 * answers "where do I live?" above the home said before; a lease wanted or a car bought is no move. Sentences written
 * for these tests.
 */
import { describe, expect, it } from 'vitest';
import { movedHome } from '../../../src/services/memory-moves.js';
import { currentFactsFirst } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';

describe('a home taken', () => {
  it('reads a lease signed and a house bought, not one wanted nor a car', () => {
    expect(movedHome('The user signed a lease on a flat in Ghent.', 'other')).toBe(true);
    expect(movedHome('Ana and Raf bought a house in Bath.', 'other')).toBe(true);
    expect(movedHome('The user wants to sign a lease in Ghent.', 'other')).toBe(false);
    expect(movedHome('The user bought a new car in Bath.', 'other')).toBe(false);
  });

  it('answers above the home said before', () => {
    const home = { memory: memoryRecord({ memory: 'The user lives in Antwerp.', subject: 'the user', attribute: 'residence', isStatic: true, createdAt: '2026-01-05T10:00:00.000Z' }), similarity: 0.99 };
    const lease = { memory: memoryRecord({ memory: 'The user signed a lease on a flat in Ghent.', subject: 'the user', createdAt: '2026-04-05T10:00:00.000Z' }), similarity: 0.7 };
    expect(currentFactsFirst([home, lease])[0]!.memory.memory).toBe('The user signed a lease on a flat in Ghent.');
  });
});
