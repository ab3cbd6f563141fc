import { describe, expect, it } from 'vitest';
import { CONTEXT_WEIGHT, contextScores, isTurn, orderByContext } from '../../../src/search/turn-context.js';

const hit = (id: string, similarity: number) => ({ id, similarity });

describe('turn context (issue 28, round 12)', () => {
  it('reads a passage as a chat turn only when it is one line said by a named speaker', () => {
    expect(isTurn('[1:56 pm on 8 May, 2023] Melanie: Yeah, I painted that lake sunrise last year!')).toBe(true);
    expect(isTurn('Tim: Try The Name of the Wind.')).toBe(true);
    expect(isTurn('Anna Lee: see you')).toBe(true);
    expect(isTurn('Tim: first line\nJohn: second line')).toBe(false);
    expect(isTurn('Protein folding in vitro. We measured the binding.')).toBe(false);
    expect(isTurn('user: lower-case roles are not named speakers')).toBe(false);
  });

  it("joins a share of the best source's similarity to a turn beside it, never above that source", () => {
    const hits = [hit('a', 0.9), hit('b', 0.8), hit('c', 0.7), hit('d', 0.6), hit('e', 0.2), hit('f', 0.85)];
    const neighbours = new Map([
      ['a', ['e', 'f']],
      ['b', ['e']],
      ['d', ['c']],
    ]);
    const scores = contextScores(hits, neighbours);
    expect(scores.get('e')).toBeCloseTo(1 - (1 - 0.2) * (1 - CONTEXT_WEIGHT * 0.9));
    // f would pass a (1 - 0.15 x 0.73 = 0.89 < 0.9 here, but 0.85 + context is capped at the source's 0.9 in any case).
    expect(scores.get('f')).toBeLessThanOrEqual(0.9);
    // d is not among the best hits (CONTEXT_SOURCES): it lends nothing.
    expect(scores.has('c')).toBe(false);
    expect(orderByContext([hit('x', 0.9), hit('y', 0.89)], new Map([['x', ['y']]])).map((h) => h.id)).toEqual(['x', 'y']);
  });

  it('re-orders without re-scoring: the reply beside the best hit rises, similarities stay descending', () => {
    const hits = [hit('question', 0.9), hit('other', 0.5), hit('unrelated', 0.45), hit('reply', 0.3)];
    const out = orderByContext(hits, new Map([['question', ['reply']]]));
    expect(out.map((h) => h.id)).toEqual(['question', 'other', 'reply', 'unrelated']);
    expect(out.map((h) => h.similarity)).toEqual([0.9, 0.5, 0.45, 0.3]);
    expect(orderByContext(hits, new Map()).map((h) => h.id)).toEqual(hits.map((h) => h.id));
  });
});
