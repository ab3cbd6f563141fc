import { describe, expect, it } from 'vitest';
import { evidenceTurns } from '../../../bench/quality/locomo.js';
import { dedupeInOrder, mean, METRICS, ndcgAtK, rankingOf, recallAllAtK, recallAnyAtK, recallAtK, unitsInTop } from '../../../bench/quality/metrics.js';
import { MODES, usesMemories } from '../../../bench/quality/modes.js';
import { parseQrels } from '../../../bench/quality/scifact.js';
import { safeId, sample } from '../../../bench/quality/types.js';
import { coveredShare, resultUnits, type SearchResult } from '../../../bench/quality/units.js';

const rel = (...ids: string[]) => new Set(ids);
/** A ranking of single-unit slots (chunk results). */
const one = (...ids: string[]) => ids.map((id) => [id]);

describe('dedupeInOrder', () => {
  it('keeps each unit once, at the rank of its best chunk', () => {
    expect(dedupeInOrder(['s2', 's1', 's2', 's3', 's1'])).toEqual(['s2', 's1', 's3']);
  });
});

describe('recall', () => {
  it('is the share of relevant units in the top k', () => {
    const ranked = one('a', 'x', 'b', 'y', 'c');
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 1)).toBe(0.25);
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 3)).toBe(0.5);
    expect(recallAtK(ranked, rel('a', 'b', 'c', 'd'), 10)).toBe(0.75);
  });

  it('counts a repeated unit once and scores 0 without relevant units', () => {
    expect(recallAtK(one('a', 'a', 'a'), rel('a', 'b'), 3)).toBe(0.5);
    expect(recallAtK(one('a'), rel(), 5)).toBe(0);
  });

  it('any / all: at least one, or every, relevant unit in the top k', () => {
    const ranked = one('x', 'a', 'y', 'b');
    expect(recallAnyAtK(ranked, rel('a', 'b'), 1)).toBe(0);
    expect(recallAnyAtK(ranked, rel('a', 'b'), 2)).toBe(1);
    expect(recallAllAtK(ranked, rel('a', 'b'), 3)).toBe(0);
    expect(recallAllAtK(ranked, rel('a', 'b'), 4)).toBe(1);
    expect(recallAllAtK(ranked, rel(), 4)).toBe(0);
  });
});

describe('ndcgAtK', () => {
  it('matches a hand-computed binary example', () => {
    // DCG = 1 + 1/log2(4) = 1.5; IDCG (3 relevant) = 1 + 1/log2(3) + 1/log2(4)
    const expected = 1.5 / (1 + 1 / Math.log2(3) + 0.5);
    expect(
      ndcgAtK(
        one('a', 'x', 'b'),
        new Map([
          ['a', 1],
          ['b', 1],
          ['c', 1],
        ]),
        10,
      ),
    ).toBeCloseTo(expected, 10);
  });

  it('uses grades as gains and the best order as the ideal', () => {
    const grades = new Map([
      ['a', 2],
      ['b', 1],
    ]);
    expect(ndcgAtK(one('a', 'b'), grades, 10)).toBeCloseTo(1, 10);
    expect(ndcgAtK(one('b', 'a'), grades, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 10);
  });

  it('cuts at k (ideal too), ignores repeats and is 0 without relevant units', () => {
    expect(ndcgAtK(one('x', 'a'), new Map([['a', 1]]), 1)).toBe(0);
    // One slot: the ideal DCG@1 holds one relevant unit, so a relevant first hit is perfect.
    expect(
      ndcgAtK(
        one('a', 'b'),
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
        1,
      ),
    ).toBe(1);
    expect(
      ndcgAtK(
        one('a', 'a'),
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
        2,
      ),
    ).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 10);
    expect(ndcgAtK(one('a'), new Map(), 10)).toBe(0);
  });
});

describe('rankings of multi-unit slots (memory results)', () => {
  it('distinct-units: every new unit is a slot, in rank order, whichever result surfaced it', () => {
    expect(rankingOf([['a'], ['b', 'a', 'c'], ['a'], ['d']], 'distinct-units')).toEqual(one('a', 'b', 'c', 'd'));
  });

  it('results: every result is a slot crediting all its units, even when it adds nothing new', () => {
    const r = rankingOf([['a'], ['b', 'a', 'c', 'b'], ['a'], []], 'results');
    expect(r).toEqual([['a'], ['b', 'a', 'c'], ['a'], []]);
    expect(unitsInTop(r, 2)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('recall@k credits every relevant unit a slot stands for, and only the first k slots', () => {
    const r = rankingOf([['x'], ['a', 'b'], ['x'], ['c']], 'results');
    expect(recallAtK(r, rel('a', 'b', 'c', 'd'), 1)).toBe(0);
    expect(recallAtK(r, rel('a', 'b', 'c', 'd'), 2)).toBe(0.5);
    expect(recallAtK(r, rel('a', 'b', 'c', 'd'), 3)).toBe(0.5);
    expect(recallAtK(r, rel('a', 'b', 'c', 'd'), 4)).toBe(0.75);
    // Counting distinct units instead, a and b take two of the first three slots.
    expect(recallAtK(rankingOf([['x'], ['a', 'b'], ['x'], ['c']], 'distinct-units'), rel('a', 'b', 'c', 'd'), 3)).toBe(0.5);
    expect(recallAnyAtK(r, rel('b'), 2)).toBe(1);
    expect(recallAllAtK(r, rel('a', 'b'), 2)).toBe(1);
  });

  it('nDCG: a slot gains the grades of the relevant units it is first to show, capped at 1', () => {
    const grades = new Map([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    expect(ndcgAtK([['x'], ['a', 'b']], grades, 10)).toBeCloseTo(2 / Math.log2(3) / (1 + 1 / Math.log2(3) + 0.5), 10);
    expect(
      ndcgAtK(
        [['a'], ['a', 'b']],
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
        10,
      ),
    ).toBeCloseTo(1, 10);
    expect(
      ndcgAtK(
        [['a', 'b']],
        new Map([
          ['a', 1],
          ['b', 1],
        ]),
        10,
      ),
    ).toBe(1);
  });
});

describe('resultUnits', () => {
  const chunk = (turnId: string | undefined): SearchResult => ({ resultType: 'chunk', similarity: 0.5, chunk: 't', metadata: turnId ? { turnId } : {} });
  const memory = (...turnIds: (string | null)[]): SearchResult => ({
    resultType: 'memory',
    similarity: 0.5,
    memory: 'm',
    metadata: { turnId: 'not-a-source' },
    documents: turnIds.map((t, i) => ({ id: `doc${i}`, metadata: t === null ? null : { turnId: t } })),
  });

  it('maps a chunk to its document unit (results without a resultType are chunks)', () => {
    expect(resultUnits(chunk('D1:3'), 'turnId')).toEqual(['D1:3']);
    expect(resultUnits({ similarity: 1, chunk: 'x', metadata: { sessionId: 7 } }, 'sessionId')).toEqual(['7']);
    expect(resultUnits(chunk(undefined), 'turnId')).toEqual([]);
  });

  it("maps a memory to its source documents' units, each once, never to the memory's own metadata", () => {
    expect(resultUnits(memory('D1:3', 'D2:5', 'D1:3', null), 'turnId')).toEqual(['D1:3', 'D2:5']);
    expect(resultUnits({ ...memory(), documents: undefined }, 'turnId')).toEqual([]);
  });

  it('coveredShare: the share of relevant units with a memory, within the query tag', () => {
    const covered = new Set(['conv1 D1:3', 'conv2 D1:4']);
    expect(coveredShare(['D1:3', 'D1:4'], 'conv1', covered)).toBe(0.5);
    expect(coveredShare([], 'conv1', covered)).toBe(0);
  });
});

describe('search modes', () => {
  it('chunk modes ask for documents only and count distinct units; memory modes ask for memories or both', () => {
    for (const m of ['keyword', 'vector', 'hybrid', 'hybrid-rerank'] as const) {
      expect(MODES[m].searchMode).toBe('documents');
      expect(MODES[m].slots).toBe('distinct-units');
      expect(usesMemories(MODES[m])).toBe(false);
    }
    expect(MODES.memories.searchMode).toBe('memories');
    expect(MODES['hybrid-memories'].searchMode).toBe('hybrid');
    expect(MODES.memories.slots).toBe('results');
    expect(usesMemories(MODES['hybrid-memories'])).toBe(true);
  });
});

describe('metric specs', () => {
  it('name the cut-off and read grades as binary relevance for recall', () => {
    const relevant = new Map([
      ['a', 2],
      ['b', 1],
    ]);
    expect(METRICS.recall(1).name).toBe('recall@1');
    expect(METRICS.recall(1).score(one('a', 'b'), relevant)).toBe(0.5);
    expect(METRICS.ndcg(10).name).toBe('nDCG@10');
  });

  it('mean is NaN for no values, so an empty group shows', () => {
    expect(mean([0, 1, 0.5])).toBe(0.5);
    expect(mean([])).toBeNaN();
  });
});

describe('dataset quirks', () => {
  it('LoCoMo evidence: splits "D8:6; D9:17", trims, drops ids naming no turn', () => {
    const turns = new Set(['D8:6', 'D9:17', 'D1:1']);
    expect(evidenceTurns(['D8:6; D9:17', 'D1:1', 'D', 'D:11:26', 'D1:1'], turns)).toEqual({ valid: ['D8:6', 'D9:17', 'D1:1'], dropped: ['D', 'D:11:26'] });
  });

  it('BEIR qrels: skips the header and non-positive grades', () => {
    const q = parseQrels('query-id\tcorpus-id\tscore\n1\t10\t1\n1\t11\t0\n2\t20\t2\n');
    expect([...q.keys()]).toEqual(['1', '2']);
    expect(q.get('1')).toEqual(new Map([['10', 1]]));
    expect(q.get('2')).toEqual(new Map([['20', 2]]));
  });

  it('sample is evenly spaced and deterministic; safeId keeps the API character set', () => {
    expect(sample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([0, 3, 6]);
    expect(sample([1, 2], 0)).toEqual([1, 2]);
    expect(safeId('conv 26/D1:3')).toBe('conv_26_D1:3');
  });
});
