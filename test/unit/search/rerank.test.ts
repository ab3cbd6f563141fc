import { describe, expect, it } from 'vitest';
import {
  EXPANDED_SHARE,
  FIRST_PAGE,
  focusScore,
  keepFirstPage,
  KEYWORD_WEIGHT,
  LEXICAL_WEIGHT,
  ORDER_WEIGHT,
  phraseScore,
  proximityScore,
  rerank,
  secondStage,
  standardise,
  type RerankCandidate,
} from '../../../src/search/rerank.js';
import { indexTerms, queryTerms } from '../../../src/text/tokenize.js';

describe('proximityScore', () => {
  it('is 1 when all query terms appear next to each other', () => {
    expect(proximityScore(['a', 'b'], ['x', 'a', 'b', 'y'])).toBe(1);
    expect(proximityScore(['a', 'b'], ['b', 'a'])).toBe(1);
  });

  it('discounts by the size of the smallest window holding the terms', () => {
    // window a x b = 3 for 2 terms: 0.5 + 0.5 * 2/3
    expect(proximityScore(['a', 'b'], ['a', 'x', 'b'])).toBeCloseTo(0.5 + 0.5 * (2 / 3), 12);
    // the closest pair wins over an earlier, wider one
    expect(proximityScore(['a', 'b'], ['a', 'x', 'x', 'x', 'b', 'a'])).toBe(1);
    expect(proximityScore(['a', 'b'], ['a', ...Array<string>(98).fill('x'), 'b'])).toBeCloseTo(0.5 + 0.5 * (2 / 100), 12);
  });

  it('scales by the share of query terms present', () => {
    expect(proximityScore(['a', 'b', 'c', 'd'], ['a', 'b'])).toBe(0.5);
    expect(proximityScore(['a', 'b'], ['a', 'x'])).toBe(0.5);
  });

  it('is 0 with no query terms or none present', () => {
    expect(proximityScore([], ['a'])).toBe(0);
    expect(proximityScore(['a'], [])).toBe(0);
    expect(proximityScore(['a'], ['b', 'c'])).toBe(0);
  });

  it('counts a repeated query term once', () => {
    expect(proximityScore(['a', 'a', 'b'], ['a', 'b'])).toBe(1);
  });

  it('rewards closer terms', () => {
    const q = ['red', 'car'];
    expect(proximityScore(q, ['red', 'car', 'x', 'x'])).toBeGreaterThan(proximityScore(q, ['red', 'x', 'x', 'car']));
  });
});

describe('phraseScore', () => {
  it('is the share of adjacent query pairs found adjacent and in order', () => {
    expect(phraseScore(['new', 'york', 'citi'], ['i', 'love', 'new', 'york', 'citi'])).toBe(1);
    expect(phraseScore(['new', 'york', 'citi'], ['new', 'york', 'is', 'a', 'citi'])).toBe(0.5);
    expect(phraseScore(['new', 'york'], ['york', 'new'])).toBe(0);
    expect(phraseScore(['new', 'york'], ['new', 'big', 'york'])).toBe(0);
  });

  it('is 0 for a query of fewer than two terms', () => {
    expect(phraseScore([], ['a', 'b'])).toBe(0);
    expect(phraseScore(['a'], ['a'])).toBe(0);
  });
});

describe('focusScore', () => {
  it('is the share of query terms held by the best single sentence', () => {
    const q = queryTerms('reset password login');
    expect(focusScore(q, 'Reset your password. Then log in.')).toBeCloseTo(2 / 3, 12);
    expect(focusScore(q, 'You can reset the password from the login page.')).toBe(1);
    expect(focusScore(q, 'Nothing here.')).toBe(0);
    expect(focusScore([], 'anything')).toBe(0);
  });
});

describe('secondStage', () => {
  it('equals proximity, phrase and focus computed on the full index terms (the unstemmed shortcut changes nothing)', () => {
    const texts = [
      'The studies of happiness: happy people study less. Studying happily is what they studied.',
      "O'Neil's octopuses changed colours; an octopus changes its colour. Colour-changing octopi!",
      'Running runners ran a run in 2024, running 3rd. The runner’s run ended at mile 26.2.',
      'Nothing in common here at all.',
      '',
    ];
    const queries = ['happy studies', "octopus colour change o'neil", 'runner running 2024 3rd', 'a', 'the of and'];
    for (const text of texts) {
      for (const q of queries) {
        const qt = queryTerms(q);
        const terms = indexTerms(text);
        const expected = 0.5 * proximityScore(qt, terms) + 0.25 * phraseScore(qt, terms) + 0.25 * focusScore(qt, text);
        expect(secondStage(qt, text), `${q} | ${text}`).toBeCloseTo(expected, 12);
      }
    }
  });
});

describe('standardise', () => {
  it('returns z-scores over the values themselves', () => {
    const z = standardise([1, 2, 3]);
    expect(z[0]).toBeCloseTo(-Math.sqrt(1.5), 12);
    expect(z[1]).toBe(0);
    expect(z[2]).toBeCloseTo(Math.sqrt(1.5), 12);
  });

  it('is all 0 for values that do not vary, and empty for none', () => {
    expect(standardise([0.4, 0.4, 0.4])).toEqual([0, 0, 0]);
    expect(standardise([])).toEqual([]);
  });
});

/** A candidate with neutral evidence unless overridden. */
const cand = (id: string, over: Partial<RerankCandidate> = {}): RerankCandidate => ({ id, text: 'Nothing in common here.', similarity: 0.5, cosine: 0.5, keyword: 0.3, ...over });

describe('rerank', () => {
  it('orders the window by z(cosine) + 0.9 z(keyword, half first stage, half second pass) + 0.3 z(lexical) + z(position), standardised over the window', () => {
    const q = queryTerms('database index');
    const candidates = [
      cand('a', { cosine: 0.8, keyword: 0.2, expanded: 0.1, similarity: 0.9 }),
      cand('b', { cosine: 0.7, keyword: 0.9, expanded: 0.3, similarity: 0.8 }),
      cand('c', { cosine: 0.6, keyword: 0.5, expanded: 0.9, text: 'A database index speeds up lookups.', similarity: 0.7 }),
      cand('d', { cosine: 0.95, keyword: 0.9, similarity: 0.6 }),
    ];
    const zc = standardise(candidates.map((c) => c.cosine!));
    const zk = standardise(candidates.map((c) => c.keyword));
    const zx = standardise(candidates.map((c) => c.expanded ?? c.keyword));
    const zl = standardise(candidates.map((c) => secondStage(q, c.text)));
    const zp = standardise(candidates.map((_, i) => -i));
    const expected = candidates
      .map((c, i) => ({ id: c.id, s: zc[i]! + KEYWORD_WEIGHT * ((1 - EXPANDED_SHARE) * zk[i]! + EXPANDED_SHARE * zx[i]!) + LEXICAL_WEIGHT * zl[i]! + ORDER_WEIGHT * zp[i]! }))
      .sort((x, y) => y.s - x.s)
      .map((x) => x.id);
    const scores = rerank(q, candidates);
    const order = [...scores.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
    expect(order).toEqual(expected);
    // Not the order they came in: the candidate with the best cosine and keyword evidence rises.
    expect(order).not.toEqual(['a', 'b', 'c', 'd']);
  });

  it("gives the new order the window's first-stage similarities, highest first (scores stay calibrated)", () => {
    const candidates = [cand('a', { cosine: 0.2, keyword: 0, similarity: 0.9 }), cand('b', { cosine: 0.9, keyword: 0.9, similarity: 0.6 }), cand('c', { cosine: 0.6, keyword: 0.6, similarity: 0.3 })];
    const scores = rerank(queryTerms('anything'), candidates);
    expect(scores.get('b')).toBe(0.9);
    expect(scores.get('c')).toBe(0.6);
    expect(scores.get('a')).toBe(0.3);
  });

  it('ranks by the cosine within the shortlist, where calibrated scores are saturated alike', () => {
    // Equal fused scores and keyword evidence (what an on-topic shortlist looks like after calibration): the raw
    // cosine decides.
    // cosine decides, against a lead of a few places in the order the candidates arrive in.
    const candidates = Array.from({ length: 10 }, (_, i) => cand(`c${i}`, { cosine: i === 3 ? 0.86 : 0.81 }));
    const scores = rerank(queryTerms('anything'), candidates);
    expect([...scores.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id)[0]).toBe('c3');
  });

  it('refines the order it receives rather than replacing it: a small edge does not lift the last candidate to the top', () => {
    // Without the position signal the third candidate (cosine 0.51 against 0.50) would come first.
    const candidates = [cand('first', { cosine: 0.5 }), cand('second', { cosine: 0.5 }), cand('third', { cosine: 0.51 })];
    const scores = rerank(queryTerms('anything'), candidates);
    expect([...scores.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id)[0]).toBe('first');
  });

  it("weighs the second pass's expanded keyword coverage beside the first stage's", () => {
    // Equal in all but the expanded coverage, among a shortlist of ten: the one that holds the best hit's words rises.
    const candidates = Array.from({ length: 10 }, (_, i) => cand(`c${i}`, { expanded: i === 4 ? 0.9 : 0.3 }));
    const order = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order(rerank(queryTerms('anything'), candidates))[0]).toBe('c4');
    // Without it (no second pass), the order stays.
    expect(
      order(
        rerank(
          queryTerms('anything'),
          candidates.map(({ expanded: _e, ...c }) => c),
        ),
      )[0],
    ).toBe('c0');
  });

  it('works without vectors (no embedder): keyword and lexical evidence decide', () => {
    const q = queryTerms('reset password');
    const candidates = [
      cand('none', { cosine: undefined, keyword: 0, similarity: 0.6 }),
      cand('match', { cosine: undefined, keyword: 1, text: 'Reset your password here.', similarity: 0.5 }),
      ...Array.from({ length: 8 }, (_, i) => cand(`f${i}`, { cosine: undefined, keyword: 0, similarity: 0.4 })),
    ];
    for (const c of candidates) delete c.cosine;
    const scores = rerank(q, candidates);
    expect(scores.get('match')!).toBeGreaterThan(scores.get('none')!);
  });

  it('keeps the first-stage order on ties', () => {
    const candidates = [cand('x', { similarity: 0.7 }), cand('y', { similarity: 0.6 })];
    const scores = rerank(queryTerms('anything'), candidates);
    expect(scores.get('x')).toBe(0.7);
    expect(scores.get('y')).toBe(0.6);
  });

  it('returns an empty map for no candidates', () => {
    expect(rerank(['q'], []).size).toBe(0);
  });

  it('lifts a long chunk whose words stand in one sentence over one where they are scattered across sentences', () => {
    const query = 'reset password login page';
    const filler = 'The museum exhibits paintings from the Dutch golden age. The hikers reached the summit before sunrise.';
    const candidates = [
      cand('scattered', { similarity: 0.6, text: `Reset the router. ${filler} Choose a password. ${filler} The login page is blue.` }),
      cand('focused', { text: `${filler} You can reset your password from the login page. ${filler}` }),
      // A shortlist, as served: one place in it weighs little beside the lexical evidence.
      ...Array.from({ length: 8 }, (_, i) => cand(`f${i}`, { similarity: 0.4 })),
    ];
    const scores = rerank(queryTerms(query), candidates);
    expect(scores.get('focused')!).toBeGreaterThan(scores.get('scattered')!);
  });

  it('prefers the query words in order and close together over the same words scattered', () => {
    const query = 'machine learning pipeline';
    const candidates = [
      cand('scattered', { similarity: 0.6, text: 'Learning to cook takes time; a pipeline leak flooded the machine room.' }),
      cand('phrase', { text: 'We built a machine learning pipeline for the ranking team.' }),
      ...Array.from({ length: 8 }, (_, i) => cand(`f${i}`, { similarity: 0.4 })),
    ];
    const scores = rerank(queryTerms(query), candidates);
    expect(scores.get('phrase')!).toBeGreaterThan(scores.get('scattered')!);
  });
});

describe('rerank: intent evidence', () => {
  it('lifts the candidate said by the person asked about, in standard deviations of the shortlist', () => {
    const cands = [0.9, 0.85, 0.8, 0.7, 0.6].map((cos, i) => ({ id: `c${i}`, text: `pottery note ${i}`, similarity: 0.99 - i * 0.01, keyword: 0.5, cosine: cos }));
    const order = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order(rerank(['potteri'], cands))[0]).toBe('c0');
    const withIntent = cands.map((c) => (c.id === 'c2' ? { ...c, intent: 0.3 } : c));
    expect(order(rerank(['potteri'], withIntent))[0]).toBe('c2');
    // Weight 0 ignores it.
    expect(order(rerank(['potteri'], withIntent, { intent: 0 }))[0]).toBe('c0');
  });
});

describe('keepFirstPage', () => {
  const hits = (ids: string[], top = 1) => ids.map((id, i) => ({ id, similarity: top - i * 0.1 }));

  it("keeps the first stage's first page in front, in the rerank's order, and the rest after it in the rerank's order", () => {
    const firstStage = hits(['a', 'b', 'c', 'd', 'e']);
    // The rerank pulled 'd' (first stage 4th) to the top and 'e' above 'c'; with a page of 3, 'd' and 'e' wait after a, b, c.
    const reranked = hits(['d', 'b', 'e', 'a', 'c']);
    const out = keepFirstPage(firstStage, reranked, 3);
    expect(out.map((h) => h.id)).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it('re-orders, not re-scores: the i-th hit gets the i-th similarity of the reranked list', () => {
    const firstStage = hits(['a', 'b', 'c']);
    const reranked = [
      { id: 'c', similarity: 0.9, text: 'x' },
      { id: 'a', similarity: 0.7, text: 'y' },
      { id: 'b', similarity: 0.4, text: 'z' },
    ];
    const out = keepFirstPage(firstStage, reranked, 2);
    expect(out).toEqual([
      { id: 'a', similarity: 0.9, text: 'y' },
      { id: 'b', similarity: 0.7, text: 'z' },
      { id: 'c', similarity: 0.4, text: 'x' },
    ]);
  });

  it('changes nothing when the rerank kept the page, and hits the first stage did not have go after the page', () => {
    const firstStage = hits(['a', 'b', 'c', 'd']);
    const reranked = hits(['b', 'a', 'new', 'd', 'c']);
    expect(keepFirstPage(firstStage, reranked, 2).map((h) => h.id)).toEqual(['b', 'a', 'new', 'd', 'c']);
    expect(keepFirstPage(firstStage, reranked, 4).map((h) => h.id)).toEqual(['b', 'a', 'd', 'c', 'new']);
  });

  it('defaults to the first page of FIRST_PAGE hits', () => {
    const ids = Array.from({ length: FIRST_PAGE + 4 }, (_, i) => `h${i}`);
    const out = keepFirstPage(hits(ids), hits([...ids].reverse()));
    expect(new Set(out.slice(0, FIRST_PAGE).map((h) => h.id))).toEqual(new Set(ids.slice(0, FIRST_PAGE)));
    expect(out[0]!.id).toBe(ids[FIRST_PAGE - 1]);
  });
});
