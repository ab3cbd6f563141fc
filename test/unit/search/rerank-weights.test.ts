import { describe, expect, it } from 'vitest';
import { LONG_PASSAGE_COSINE, RERANK_WEIGHTS, rerank, shortlistRarity } from '../../../src/search/rerank.js';
import { indexTerms, queryTerms } from '../../../src/text/tokenize.js';

const order = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([id]) => id);

describe('shortlistRarity', () => {
  it('weighs a query term by how few candidates hold it, and a term none holds at 0', () => {
    const q = queryTerms('vitamin deficiency anaemia zinc');
    const cands = ['vitamin deficiency in children', 'vitamin deficiency and anaemia', 'vitamin intake', 'vitamin deficiency'].map((t) => [indexTerms(t)]);
    const w = shortlistRarity(q, cands);
    const [vitamin, deficiency, anaemia, zinc] = q.map((t) => w.get(t)!);
    expect(zinc).toBe(0);
    expect(anaemia).toBeGreaterThan(deficiency!);
    expect(deficiency).toBeGreaterThan(vitamin!);
    expect(vitamin).toBeCloseTo(Math.log(2));
  });
});

describe('rerank weights', () => {
  // Every candidate holds the common query term; one holds the term the others lack. Cosine and keyword coverage
  // (as the first stage saw them) favour the first candidate.
  const q = queryTerms('insulin resistance in obese mice');
  const texts = [
    'Insulin levels were measured in mice fed a high fat diet.',
    'Obese mice develop insulin resistance within weeks.',
    'Insulin signalling in mice liver cells.',
    'Insulin secretion of mice islets in culture.',
    'Mice lacking insulin receptors in muscle.',
  ];
  const cands = texts.map((text, i) => ({ id: `c${i}`, text, similarity: 0.9 - i * 0.01, keyword: i === 0 ? 0.7 : 0.6, cosine: i === 0 ? 0.8 : 0.78 }));

  it('are the served defaults when none are given', () => {
    expect(rerank(q, cands)).toEqual(rerank(q, cands, RERANK_WEIGHTS));
    expect(RERANK_WEIGHTS.rarity).toBe(0);
  });

  it('shortlist rarity lifts the candidate holding the terms the shortlist rarely holds', () => {
    const base = order(rerank(q, cands, { lexical: 0 }));
    expect(base[0]).toBe('c0');
    expect(order(rerank(q, cands, { lexical: 0, rarity: 3 }))[0]).toBe('c1');
    expect(order(rerank(q, cands, { lexical: 0, rareSentence: 3 }))[0]).toBe('c1');
  });

  it('hands out the same similarities whatever the weights', () => {
    const sims = (m: Map<string, number>) => [...m.values()].sort();
    expect(sims(rerank(q, cands, { rarity: 3, cosine: 0 }))).toEqual(sims(rerank(q, cands)));
  });
});

describe('rerank: the cosine over long passages', () => {
  // c0 comes first from the first stage, c1 has the better cosine; their words and keyword coverage are alike. The
  // padding makes the passages long without changing any signal but their length (no filler word is a query term).
  const q = queryTerms('statin therapy lowers stroke risk');
  const filler = ' The cohort was followed for several years in clinics across the region.'.repeat(8);
  const make = (pad: string) => [0.8, 0.83, 0.7, 0.72, 0.68].map((cosine, i) => ({ id: `c${i}`, text: `Report ${i} on statin therapy.${pad}`, similarity: 0.9 - i * 0.01, keyword: 0.5, cosine }));

  it('counts LONG_PASSAGE_COSINE times over long passages, once over sentence-length ones', () => {
    expect(LONG_PASSAGE_COSINE).toBeGreaterThan(1);
    expect(order(rerank(q, make('')))[0]).toBe('c0');
    expect(order(rerank(q, make(filler)))[0]).toBe('c1');
    expect(order(rerank(q, make(filler), { longCosine: 1 }))[0]).toBe('c0');
  });
});
