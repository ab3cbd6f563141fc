import { describe, expect, it } from 'vitest';
import { FEEDBACK_TERMS, FEEDBACK_WEIGHT, feedbackWeights, orderByFeedback, weightedCoverage } from '../../../src/search/feedback.js';

const set = (s: string) => new Set(s.split(' '));

describe("pseudo-relevance feedback: a second pass with the best hit's words", () => {
  it("weighs the best hit's terms the query lacks at a share of their IDF, the rarest first, at most FEEDBACK_TERMS", () => {
    const query = new Map([['research', 2]]);
    const idfs = new Map([
      ['adopt', 3],
      ['agenc', 4],
      ['research', 2],
      ['week', 0.5],
    ]);
    const w = feedbackWeights(query, ['research', 'week', 'adopt', 'agenc', 'unknown'], idfs);
    expect([...w.keys()]).toEqual(['agenc', 'adopt', 'week']);
    expect(w.get('agenc')).toBeCloseTo(FEEDBACK_WEIGHT * 4);
    const many = Array.from({ length: FEEDBACK_TERMS + 5 }, (_, i) => `t${i}`);
    expect(feedbackWeights(query, many, new Map(many.map((t, i) => [t, 1 + i]))).size).toBe(FEEDBACK_TERMS);
    expect(
      weightedCoverage(
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
        set('a c'),
      ),
    ).toBeCloseTo(0.75);
    expect(weightedCoverage(new Map(), set('a'))).toBe(0);
  });

  it("lifts a candidate that shares the best hit's rare words above one that shares none, without re-scoring", async () => {
    const terms: Record<string, Set<string>> = {
      top: set('caroline research adopt agenc counsel'),
      other: set('caroline dog'),
      evidence: set('caroline adopt agenc'),
    };
    const hits = [
      { id: 'top', similarity: 0.9, keyword: 1 },
      { id: 'other', similarity: 0.6, keyword: 0.5 },
      { id: 'evidence', similarity: 0.55, keyword: 0.5 },
    ];
    const asked: string[][] = [];
    const out = await orderByFeedback(hits, {
      queryWeights: new Map([
        ['caroline', 1],
        ['research', 3],
      ]),
      termsOf: (id) => terms[id]!,
      idfs: async (t) => {
        asked.push([...t]);
        return new Map(t.map((x) => [x, 3]));
      },
      // The fused similarity of the test: the keyword evidence alone.
      similarity: (_h, keyword) => keyword,
    });
    expect(out.map((h) => h.id)).toEqual(['top', 'evidence', 'other']);
    expect(out.map((h) => h.similarity)).toEqual([0.9, 0.6, 0.55]);
    expect(asked).toEqual([['adopt', 'agenc', 'counsel']]);
    // Each hit carries its coverage of the expanded terms (for the rerank): the query's weights 1 and 3 plus three
    // expansion terms at FEEDBACK_WEIGHT x 3; 'evidence' holds caroline, adopt and agenc.
    const total = 4 + 3 * FEEDBACK_WEIGHT * 3;
    expect(out.find((h) => h.id === 'evidence')!.expanded).toBeCloseTo((1 + 2 * FEEDBACK_WEIGHT * 3) / total);
    expect(out.find((h) => h.id === 'other')!.expanded).toBeCloseTo(1 / total);
  });

  it('leaves the hits as they are when the best hit adds no term, or there is one hit', async () => {
    const hits = [
      { id: 'a', similarity: 0.9 },
      { id: 'b', similarity: 0.5 },
    ];
    const input = {
      queryWeights: new Map([['x', 1]]),
      termsOf: (id: string) => (id === 'a' ? set('x') : set('y')),
      idfs: async () => new Map<string, number>(),
      similarity: () => 0,
    };
    expect(await orderByFeedback(hits, input)).toEqual(hits);
    expect(await orderByFeedback(hits.slice(0, 1), { ...input, termsOf: () => set('z') })).toEqual(hits.slice(0, 1));
  });
});
