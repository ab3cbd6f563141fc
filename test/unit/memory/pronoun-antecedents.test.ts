import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** Who "she" and "he" are: a person, never the organisation or place a sentence names (sentences written for this test). */
const extractor = createOfflineExtractor();
const texts = async (content: string) => (await extractor.extract({ content, title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts.map((f) => f.text);

describe('pronoun antecedents', () => {
  it('"She" after a named subject the name lexicon does not know is that person, not the company she works at', async () => {
    expect(await texts('Maya lives in Boston. She works at Figma.')).toEqual(['Maya lives in Boston.', 'Maya works at Figma.']);
    expect(await texts('Maya works at Figma. She lives in Boston.')).toEqual(['Maya works at Figma.', 'Maya lives in Boston.']);
  });

  it('a pronoun with no person before it gives no fact, not one about the organisation in its own sentence', async () => {
    expect(await texts('She works at Figma.')).toEqual([]);
    expect((await texts('He moved to Denver and joined Stripe.')).join(' ')).not.toMatch(/^(?:Stripe|Denver)\b/);
  });

  it('a place or an organisation after "at", "in" or "from" is no antecedent, a person after "met" still is', async () => {
    expect(await texts('I met Priyanka yesterday. She works at Canva.')).toContain('Priyanka works at Canva.');
    const out = await texts('We had lunch at Nopa in Oakland. She loved the bread.');
    expect(out.some((t) => /^(?:Nopa|Oakland)\b/.test(t))).toBe(false);
  });
});
