import { describe, expect, it } from 'vitest';
import { FEEDBACK_MEMORIES, expandedQuery, mergedByRank } from '../../../src/search/memory-feedback.js';

const hit = (id: string, similarity: number) => ({ id, similarity });

describe('a second chunk query expanded by the best memories', () => {
  it('appends the first memories to the question, best first', () => {
    const memories = ['Melanie painted a lake sunrise.', 'Melanie takes pottery classes.', 'Melanie runs.', 'Melanie has two kids.'];
    const q = expandedQuery('What did Melanie paint?', memories);
    expect(q.startsWith('What did Melanie paint?')).toBe(true);
    for (const m of memories.slice(0, FEEDBACK_MEMORIES)) expect(q).toContain(m);
    expect(q).not.toContain(memories[FEEDBACK_MEMORIES]!);
  });

  it('brings a turn both queries rank well above turns only the question ranks slightly higher', () => {
    // c5 is 5th for the question and 1st for the expanded query; c4 is 4th for the question and absent from the other.
    const own = [hit('c1', 0.9), hit('c2', 0.8), hit('c3', 0.7), hit('c4', 0.6), hit('c5', 0.55)];
    const expanded = [hit('c5', 0.95), hit('c1', 0.9)];
    const out = mergedByRank(own, expanded);
    expect(out.map((h) => h.id)).toEqual(['c1', 'c5', 'c2', 'c3', 'c4']);
    // Re-ordered, not re-scored: the question's similarities, descending.
    expect(out.map((h) => h.similarity)).toEqual([0.9, 0.8, 0.7, 0.6, 0.55]);
  });

  it('adds a turn only the expanded query found, below the question own first hits', () => {
    const own = [hit('c1', 0.9), hit('c2', 0.8), hit('c3', 0.7)];
    const expanded = [hit('c9', 0.85), hit('c1', 0.9)];
    const out = mergedByRank(own, expanded);
    expect(out.map((h) => h.id)).toEqual(['c1', 'c2', 'c3', 'c9']);
    expect(out.every((h, i) => i === 0 || out[i - 1]!.similarity >= h.similarity)).toBe(true);
  });

  it('keeps the question own list when the expanded query found nothing', () => {
    const own = [hit('c1', 0.9), hit('c2', 0.8)];
    expect(mergedByRank(own, [])).toEqual(own);
  });
});
