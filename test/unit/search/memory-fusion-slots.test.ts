import { describe, expect, it } from 'vitest';
import { fuseRanked, memoriesWithSlots, monotoneSimilarities } from '../../../src/search/result-fusion.js';
import { FIRST_PAGE, withNewTurnMemories } from '../../../src/search/memory-fusion-slots.js';

const memory = (id: string, similarity: number, sources: string[], text = `memory ${id}`) => ({ kind: 'memory' as const, id, similarity, text, key: text.toLowerCase(), sources });
const chunk = (id: string, similarity: number, doc: string, text = `chunk ${id}`) => ({ kind: 'chunk' as const, id, similarity, text, key: text.toLowerCase(), sources: [doc] });

/** 30 chunk hits of turns t1..t30, best first (a hybrid request for 20 asks each side for 30). */
const chunks = Array.from({ length: 30 }, (_, i) => chunk(`c${i + 1}`, 0.8 - i * 0.01, `t${i + 1}`));
/** The hybrid steps of recall.ts after the memory turn context: slots, fusion, new-turn slots, monotone scores. */
const page = (memories: ReturnType<typeof memory>[]) =>
  monotoneSimilarities(withNewTurnMemories(fuseRanked(memoriesWithSlots(memories, chunks), chunks), memories))
    .slice(0, FIRST_PAGE)
    .map((r) => r.id);

describe('first-page slots for memories of turns the page lacks', () => {
  it("gives the memory ranking's own find, a confident memory of a turn no chunk hit holds, a slot of the first page", () => {
    // m3 ranks third among the memories: by reciprocal rank (0.3 / 4) it scores below the 10th chunk (1 / 11) and the
    // fusion leaves it on the second page.
    const memories = [memory('m1', 0.95, ['t1']), memory('m2', 0.9, ['t2']), memory('m3', 0.86, ['t77'])];
    const fused = fuseRanked(memoriesWithSlots(memories, chunks), chunks)
      .slice(0, FIRST_PAGE)
      .map((r) => r.id);
    expect(fused).not.toContain('m3');
    const served = page(memories);
    expect(served).toContain('m3');
    expect(served.indexOf('m3')).toBe(FIRST_PAGE - 2);
    // Its slot is the page's last chunk's: the first eight results keep their places.
    expect(served.slice(0, 8)).toEqual(fused.slice(0, 8));
    expect(served).not.toContain(fused.at(-1));
  });

  it('leaves the page alone for a memory below the slot floor, deep in the memory ranking, or of a turn the page shows', () => {
    const weak = [memory('m1', 0.95, ['t1']), memory('m2', 0.7, ['t77'])];
    const deep = [...Array.from({ length: 5 }, (_, i) => memory(`m${i + 1}`, 0.95 - i * 0.01, [`t${i + 1}`])), memory('m6', 0.88, ['t77'])];
    const shown = [memory('m1', 0.95, ['t1']), memory('m2', 0.9, ['t3'])];
    for (const memories of [weak, deep, shown]) {
      expect(page(memories)).toEqual(
        fuseRanked(memoriesWithSlots(memories, chunks), chunks)
          .slice(0, FIRST_PAGE)
          .map((r) => r.id),
      );
    }
  });

  it('takes at most two slots, one memory per turn, and drops a later result of a turn it now stands for', () => {
    const memories = [memory('m1', 0.9, ['t77']), memory('m2', 0.89, ['t77'], 'another fact of t77'), memory('m3', 0.88, ['t78']), memory('m4', 0.87, ['t79'])];
    const out = withNewTurnMemories(
      chunks.slice(0, 12).map((c, i) => (i === 9 ? chunk('c77', 0.5, 't77') : c)),
      memories,
    ).map((r) => r.id);
    expect(out.slice(8, 10)).toEqual(['m1', 'm3']);
    expect(out).not.toContain('m2');
    expect(out).not.toContain('m4');
    // The chunk of t77 that followed is the memory's turn: shown once, as the memory.
    expect(out).not.toContain('c77');
    expect(out).toHaveLength(12 + 2 - 1);
  });

  it('keeps a direct write (a memory without sources) where the fusion put it', () => {
    const direct = memory('w1', 0.99, []);
    const fused = [...chunks.slice(0, 9), direct, ...chunks.slice(9, 12)];
    const out = withNewTurnMemories(fused, [direct, memory('m1', 0.9, ['t77'])]).map((r) => r.id);
    expect(out.slice(8, 10)).toEqual(['m1', 'c9']);
    expect(out).toContain('w1');
  });
});
