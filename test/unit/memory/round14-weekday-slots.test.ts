import { describe, expect, it } from 'vitest';
import { resolveDates } from '../../../src/memory/temporal-expressions.js';
import { factsReader, latestMemories } from './memory-fixture.js';

/**
 * Round 14 (issue 26): a weekday that names a recurring slot stays a weekday (not one date), is a lasting slot of its
 * subject, and a later correction of the day replaces it. One-off things on a weekday are still dates. Sentences
 * written for this test.
 */
const read = factsReader('2026-06-14');

describe('recurring weekday slots', () => {
  it('keeps the weekday of something that recurs, and dates a one-off', () => {
    expect(resolveDates('Our green bin collection is on Wednesday.', '2026-06-14').text).toBe('Our green bin collection is on Wednesday.');
    expect(resolveDates('The recycling gets collected on Monday.', '2026-06-14').text).toBe('The recycling gets collected on Monday.');
    expect(resolveDates('My dentist appointment is on Wednesday.', '2026-06-14').text).toBe('My dentist appointment is on 2026-06-17.');
  });

  it('keeps both weekdays of a correction: "Saturday, not Friday", "it\'s Monday not Sunday"', () => {
    expect(resolveDates('I meant Saturday, not Friday, for the market.', '2026-06-14').text).toBe('I meant Saturday, not Friday, for the market.');
    expect(resolveDates("it's Monday not Sunday", '2026-06-14').text).toBe("it's Monday not Sunday");
  });

  it('files "my <slot> is on <weekday>" as a lasting slot', () => {
    const [fact] = read('My cello lesson is on Tuesday evenings.');
    expect(fact).toMatchObject({ text: "The user's cello lesson is on Tuesday evenings.", isStatic: true, attribute: 'field:cello lesson' });
  });

  it('a later "it\'s Friday not Thursday" replaces the slot\'s day', async () => {
    const latest = await latestMemories(['My bin collection is on Thursday.', '2026-02-02'], ['ah, it is Friday not Thursday for the bins, the council changed it', '2026-02-20']);
    expect(latest.map((m) => m.memory)).toEqual(["The user's bin collection is on Friday."]);
    expect(latest[0]!.isStatic).toBe(true);
  });

  it('"sorry, I meant Sunday mornings, not Saturday" replaces the day and keeps the rest', async () => {
    const latest = await latestMemories(['My swimming class is on Saturday mornings at the lido.', '2026-03-02'], ['Sorry, I meant Sunday mornings, not Saturday, for swimming.', '2026-03-03']);
    expect(latest.map((m) => m.memory)).toEqual(["The user's swimming class is on Sunday mornings at the lido."]);
  });
});
