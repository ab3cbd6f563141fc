import { describe, expect, it } from 'vitest';
import { focusScore, phraseScore, proximityScore, rerank, RERANK_WEIGHT, secondStage, type RerankCandidate } from '../../../src/search/rerank.js';
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

describe('rerank', () => {
  it('mixes the first-stage similarity with proximity, phrase order and sentence focus at fixed weights', async () => {
    const q = queryTerms('database index');
    const candidates: RerankCandidate[] = [
      { id: 'exact', text: 'A database index speeds up lookups.', similarity: 0.4 },
      { id: 'none', text: 'Tomatoes need plenty of sun.', similarity: 0.4 },
    ];
    const scores = await rerank('database index', q, candidates);
    const terms = indexTerms(candidates[0]!.text);
    expect(proximityScore(q, terms)).toBe(1);
    expect(phraseScore(q, terms)).toBe(1);
    expect(focusScore(q, candidates[0]!.text)).toBe(1);
    expect(scores.get('exact')).toBeCloseTo((1 - RERANK_WEIGHT) * 0.4 + RERANK_WEIGHT * 1, 12);
    expect(scores.get('none')).toBeCloseTo((1 - RERANK_WEIGHT) * 0.4, 12);
    expect(secondStage(q, candidates[1]!.text)).toBe(0);
  });

  it('returns a score in [0, 1] for every candidate and nothing else', async () => {
    const candidates: RerankCandidate[] = [
      { id: 'a', text: 'Octopuses change the colour of their skin.', similarity: 1 },
      { id: 'b', text: '', similarity: 0 },
      { id: 'c', text: 'Plain words. More words! And more?', similarity: 0.3 },
    ];
    const scores = await rerank('octopus skin colour', queryTerms('octopus skin colour'), candidates);
    expect([...scores.keys()].sort()).toEqual(['a', 'b', 'c']);
    for (const s of scores.values()) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });

  it('returns an empty map for no candidates', async () => {
    expect((await rerank('q', ['q'], [])).size).toBe(0);
  });

  it('lifts a long chunk whose words stand in one sentence over one where they are scattered across sentences', async () => {
    const query = 'reset password login page';
    const filler = 'The museum exhibits paintings from the Dutch golden age. The hikers reached the summit before sunrise.';
    const candidates: RerankCandidate[] = [
      { id: 'scattered', text: `Reset the router. ${filler} Choose a password. ${filler} The login page is blue.`, similarity: 0.5 },
      { id: 'focused', text: `${filler} You can reset your password from the login page. ${filler}`, similarity: 0.5 },
    ];
    const scores = await rerank(query, queryTerms(query), candidates);
    expect(scores.get('focused')!).toBeGreaterThan(scores.get('scattered')!);
  });

  it('prefers the query words in order and close together over the same words scattered', async () => {
    const query = 'machine learning pipeline';
    const candidates: RerankCandidate[] = [
      { id: 'scattered', text: 'Learning to cook takes time; a pipeline leak flooded the machine room.', similarity: 0.5 },
      { id: 'phrase', text: 'We built a machine learning pipeline for the ranking team.', similarity: 0.5 },
    ];
    const scores = await rerank(query, queryTerms(query), candidates);
    expect(scores.get('phrase')!).toBeGreaterThan(scores.get('scattered')!);
  });

  it('keeps the first-stage similarity as the larger part of the final score', async () => {
    const text = 'Vaccines train the immune system.';
    const [hi, lo] = await Promise.all([0.9, 0.1].map((similarity) => rerank('immune system', queryTerms('immune system'), [{ id: 'x', text, similarity }])));
    expect(hi!.get('x')! - lo!.get('x')!).toBeCloseTo((1 - RERANK_WEIGHT) * 0.8, 12);
  });

  it('costs no model inference: the embedder it is handed is never called', async () => {
    const embedder = {
      embedQuery: () => Promise.reject(new Error('called')),
      embedDocuments: () => Promise.reject(new Error('called')),
    };
    const scores = await rerank('immune system', queryTerms('immune system'), [{ id: 'x', text: 'Vaccines train the immune system.', similarity: 0.5 }], embedder);
    expect(scores.get('x')).toBeGreaterThan(0.5);
  });
});
