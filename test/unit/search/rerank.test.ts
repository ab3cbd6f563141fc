import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { phraseScore, proximityScore, rerank, type RerankCandidate } from '../../../src/search/rerank.js';
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

describe('rerank', () => {
  it('without an embedder, mixes first-stage similarity, proximity and phrase order with fixed weights', async () => {
    const q = queryTerms('database index');
    const candidates: RerankCandidate[] = [
      { id: 'exact', text: 'A database index speeds up lookups.', similarity: 0.4 },
      { id: 'none', text: 'Tomatoes need plenty of sun.', similarity: 0.4 },
    ];
    const scores = await rerank('database index', q, candidates, null);
    const terms = indexTerms(candidates[0]!.text);
    const second = 0.6 * 0.4 + 0.25 * proximityScore(q, terms) + 0.15 * phraseScore(q, terms);
    expect(scores.get('exact')).toBeCloseTo(0.5 * 0.4 + 0.5 * second, 12);
    expect(scores.get('exact')).toBeCloseTo(0.5 * 0.4 + 0.5 * (0.24 + 0.25 + 0.15), 12);
    expect(scores.get('none')).toBeCloseTo(0.8 * 0.4, 12);
  });

  it('returns a score in [0, 1] for every candidate and nothing else', async () => {
    const embedder = createHashEmbedder();
    const candidates: RerankCandidate[] = [
      { id: 'a', text: 'Octopuses change the colour of their skin.', similarity: 1 },
      { id: 'b', text: '', similarity: 0 },
      { id: 'c', text: 'Plain words. More words! And more?', similarity: 0.3 },
    ];
    const scores = await rerank('octopus skin colour', queryTerms('octopus skin colour'), candidates, embedder);
    expect([...scores.keys()].sort()).toEqual(['a', 'b', 'c']);
    for (const s of scores.values()) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });

  it('returns an empty map for no candidates', async () => {
    expect((await rerank('q', ['q'], [], createHashEmbedder())).size).toBe(0);
  });

  it('scores a long chunk by its best sentence: one matching sentence lifts it as high as that sentence alone', async () => {
    const embedder = createHashEmbedder();
    const query = 'how do I reset my password';
    const sentence = 'You can reset your password from the login page.';
    const filler = 'The museum exhibits paintings from the Dutch golden age. The hikers reached the summit before sunrise.';
    const candidates: RerankCandidate[] = [
      { id: 'unrelated', text: `${filler} The orchestra performed a symphony by Sibelius.`, similarity: 0.5 },
      { id: 'long', text: `${filler} ${sentence}`, similarity: 0.5 },
      { id: 'alone', text: sentence, similarity: 0.5 },
    ];
    // No query terms: proximity and phrase are 0, so only the sentence embeddings separate the candidates.
    const scores = await rerank(query, [], candidates, embedder);
    expect(scores.get('long')!).toBeGreaterThan(scores.get('unrelated')! + 0.1);
    expect(scores.get('long')).toBeCloseTo(scores.get('alone')!, 12);
  });

  it('prefers the query words in order and close together over the same words scattered', async () => {
    const embedder = createHashEmbedder();
    const query = 'machine learning pipeline';
    const candidates: RerankCandidate[] = [
      { id: 'scattered', text: 'Learning to cook takes time; a pipeline leak flooded the machine room.', similarity: 0.5 },
      { id: 'phrase', text: 'We built a machine learning pipeline for the ranking team.', similarity: 0.5 },
    ];
    const scores = await rerank(query, queryTerms(query), candidates, embedder);
    expect(scores.get('phrase')!).toBeGreaterThan(scores.get('scattered')!);
  });

  it('keeps the first-stage similarity as half of the final score', async () => {
    const embedder = createHashEmbedder();
    const text = 'Vaccines train the immune system.';
    const [hi, lo] = await Promise.all(
      [0.9, 0.1].map((similarity) => rerank('immune system', queryTerms('immune system'), [{ id: 'x', text, similarity }], embedder)),
    );
    expect(hi!.get('x')! - lo!.get('x')!).toBeCloseTo(0.5 * 0.8, 12);
  });
});
