import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** Two-word facts, hedges, coordinations without a second subject, renting as a residence (sentences written for this test). */
const extractor = createOfflineExtractor();
const facts = async (content: string) =>
  (await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts;
const pairs = async (content: string) => (await facts(content)).map((f) => [f.text, f.attribute]);

describe('short, hedged and coordinated facts', () => {
  it('a two-word copular fact about a catalogued attribute is kept', async () => {
    expect(await pairs("I'm pescatarian.")).toEqual([['The user is pescatarian.', 'diet']]);
    expect(await pairs("I'm divorced, it's fine.")).toContainEqual(['The user is divorced.', 'relationship']);
    expect(await pairs('Im 52!')).toEqual([['The user is 52.', 'age']]);
    expect(await pairs("I'm tired.")).toEqual([]);
  });

  it('a hedge before the statement is dropped', async () => {
    expect(await pairs("Dropped dairy last year, so I think I'm vegan now.")).toContainEqual(['The user is vegan now.', 'diet']);
  });

  it('"X and have never Y" gives two facts with the same subject', async () => {
    const out = await pairs("I'm 47 and have never been skiing.");
    expect(out[0]).toEqual(['The user is 47.', 'age']);
    expect(out[1]?.[0]).toBe('The user has never been skiing.');
  });

  it('renting a two-bedroom in a city is where the author lives', async () => {
    expect((await facts('We have been renting a three-bedroom in Omaha since 2019.'))[0]?.attribute).toBe('residence');
  });
});
