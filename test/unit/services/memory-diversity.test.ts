import { describe, expect, it } from 'vitest';
import { oneSlotPerSource, SAME_SOURCE_FACTOR } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';

/** One slot per source first (memories mode): the facts of one passage do not fill the first places. */
describe('oneSlotPerSource', () => {
  const fact = (memory: string, documentIds: string[], similarity: number) => ({ memory: memoryRecord({ memory, documentIds }), similarity });

  it("a passage's second fact goes below the next passage's first when it scores less than 1/factor above it", () => {
    const ranked = oneSlotPerSource([
      fact('Caroline went to a support group.', ['turn-1'], 0.9),
      fact('Caroline felt accepted.', ['turn-1'], 0.85),
      fact('Caroline shared a photo of a painting.', ['turn-1'], 0.8),
      fact('Caroline is researching adoption agencies.', ['turn-2'], 0.7),
      fact('Melanie ran a charity race.', ['turn-3'], 0.65),
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual([
      'Caroline went to a support group.',
      'Caroline is researching adoption agencies.',
      'Melanie ran a charity race.',
      'Caroline felt accepted.',
      'Caroline shared a photo of a painting.',
    ]);
    // Scores stay non-increasing, none raised.
    const sims = ranked.map((h) => h.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(sims[3]).toBeLessThanOrEqual(0.65);
  });

  it('a much better second fact keeps its place; direct writes (no source) and a limit', () => {
    const ranked = oneSlotPerSource([fact('A first.', ['d1'], 0.9), fact('A second.', ['d1'], 0.88), fact('Written directly.', [], 0.5), fact('B first.', ['d2'], 0.88 * SAME_SOURCE_FACTOR - 0.01)], 3);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['A first.', 'A second.', 'B first.']);
    // A direct write is never a repeat of anything.
    expect(oneSlotPerSource([fact('A first.', ['d1'], 0.9), fact('Written directly.', [], 0.5), fact('Also direct.', [], 0.45)]).map((h) => h.similarity)).toEqual([0.9, 0.5, 0.45]);
  });

  it('facts that all come from one document keep their order', () => {
    const hits = [fact('One.', ['d'], 0.9), fact('Two.', ['d'], 0.8), fact('Three.', ['d'], 0.7)];
    expect(oneSlotPerSource(hits).map((h) => h.memory.memory)).toEqual(['One.', 'Two.', 'Three.']);
  });
});
