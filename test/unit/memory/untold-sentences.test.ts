import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** A chat turn's news that its facts leave out (memory/untold-sentences.ts); turns written for this test, LoCoMo-style. */
const extractor = createOfflineExtractor();
const texts = async (content: string) => (await extractor.extract({ content, title: null, type: 'text', documentDate: '2023-08-09T20:06:00.000Z', metadata: {}, entityContext: null })).facts.map((f) => f.text);

describe('untold sentences of a chat turn', () => {
  it('a sentence whose news no fact of the turn holds is kept as a dated event in the speaker words', async () => {
    const out = await texts(
      "[8:06 pm on 9 August, 2023] Priya: Hey Sam, what's been going on? I just wanted to check in. Last week was wild - I volunteered at the food bank and they gave me a medal! It was humbling and I'm really glad I could help.",
    );
    const event = out.find((t) => t.includes('medal'));
    expect(event).toMatch(/^Priya said on 9 August 2023: /);
    expect(event).toContain('they gave Priya a medal');
    expect(event).not.toMatch(/\bI\b|\bme\b/);
  });

  it('a sentence about a thing, with no pronoun, is news too ("The views were spectacular")', async () => {
    const out = await texts(
      '[3:36 pm on 11 November, 2023] Tomas: My wife and I were road tripping along the Norwegian fjords, and it was amazing! The views were spectacular, and the little fishing villages were charming.',
    );
    expect(out.some((t) => /road tripping/.test(t))).toBe(true);
    expect(out.find((t) => t.includes('spectacular'))).toMatch(/^Tomas said on 11 November 2023: The views were spectacular/);
  });

  it('thanks, questions, plans with the listener and remarks on their news stay out', async () => {
    const out = await texts(
      "[1:14 pm on 25 May, 2023] Lena: I adopted a puppy called Biscuit last week. Thanks so much for asking about her! That hike of yours sounds really great and relaxing. Let's have a pastry party sometime soon. Do you want to meet her next weekend?",
    );
    expect(out.some((t) => t.includes('Biscuit'))).toBe(true);
    expect(out.join(' ')).not.toMatch(/pastry|hike|Thanks|meet her/);
  });

  it('a turn whose facts already say its news gets no event beside them', async () => {
    const out = await texts('[1:56 pm on 8 May, 2023] Caroline: I went to a LGBTQ support group yesterday and it was so powerful.');
    expect(out.join(' ')).not.toMatch(/ said on /);
    expect(out.length).toBeGreaterThan(0);
  });

  it('a conversation with an assistant gets no quoted events', async () => {
    const out = await texts('user: I moved to Lisbon in March. The tram rides along the river are lovely and the bakeries are wonderful.\nassistant: That sounds lovely! Anything I can help with?');
    expect(out.join(' ')).not.toMatch(/ said on /);
  });
});
