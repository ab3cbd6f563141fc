import { describe, expect, it } from 'vitest';
import { latestTexts } from './memory-fixture.js';

/**
 * Round 20 (issue 26, judge22): what a new memory updates or ends, read end to end (offline extractor, heuristic
 * judge, hash embedder). Sentences written for these tests, in the shapes of blind21's misses.
 */
describe('a planned move that happened', () => {
  it('"moving to Porto next month", then months later "I love my flat": the home is Porto, not Madrid; not before the plan\'s date', async () => {
    const latest = await latestTexts(
      [
        "[3:00 pm on 4 March, 2022] Joanna: I'm moving to Porto next month for the new job.\n[3:02 pm on 4 March, 2022] Nate: Big change!\n[3:05 pm on 4 March, 2022] Joanna: A bit scary, I've lived in Madrid my whole life.",
        '2022-03-04',
      ],
      ['[5:10 pm on 2 August, 2022] Joanna: Porto has been great so far, I love my flat by the river.\n[5:12 pm on 2 August, 2022] Nate: Glad you settled in!', '2022-08-02'],
    );
    expect(latest).toContain('Joanna lives in Porto.');
    expect(latest.filter((t) => /Madrid/.test(t))).toEqual([]);
    // A plan whose date has not come leaves the home alone.
    const early = await latestTexts(
      ["[3:00 pm on 4 March, 2022] Joanna: I'm moving to Porto in June for the new job.\n[3:05 pm on 4 March, 2022] Joanna: I've lived in Madrid my whole life.", '2022-03-04'],
      ['[5:10 pm on 20 March, 2022] Joanna: I love my flat, I will miss it.', '2022-03-20'],
    );
    expect(early.some((t) => /lives in Porto/.test(t))).toBe(false);
    expect(early.some((t) => /Madrid/.test(t))).toBe(true);
  });
});

describe('"sold X and got Y"', () => {
  it('"Sold the Vespa and got an e-bike" gives the e-bike as a fact of its own, not one fact naming both', async () => {
    const latest = await latestTexts(['I ride a Vespa to work every day.', '2026-02-16'], ['Sold the Vespa and got an e-bike, cheaper and greener.', '2026-06-28']);
    expect(latest.some((t) => /e-bike/.test(t) && !/Vespa/.test(t))).toBe(true);
    expect(latest.filter((t) => /rides a Vespa/.test(t))).toEqual([]);
  });
});
