import { describe, expect, it } from 'vitest';
import { valueCorrection } from '../../../src/memory/rejected-values.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 14 (issue 26): corrections whose value meant was never stored: without a comma ("Aldi not Lidl"), "I said X
 * but I meant Y", "it's Y now, not X", a name after "'s name is", a time, and "scratch that" after a dash in one note.
 * Sentences written for this test.
 */
const read = factsReader('2026-05-01');

describe('corrections whose value meant is stored', () => {
  it('reads a value and its rejected like without a comma, only when both are of one kind', () => {
    expect(valueCorrection('sorry, I meant Aldi not Lidl')).toMatchObject({ meant: 'Aldi', rejected: 'Lidl' });
    expect(valueCorrection('turns out it is Wednesdays not Tuesdays')).toMatchObject({ meant: 'Wednesdays', rejected: 'Tuesdays' });
    expect(valueCorrection('Sam not coming tonight')).toBeNull();
    expect(valueCorrection("I'm not vegan")).toBeNull();
  });

  it('"I said Lidl but I meant Aldi" replaces the employer', async () => {
    const latest = await latestTexts(['I work at Lidl on the tills.', '2026-04-01'], ['hang on, I said Lidl but I meant Aldi, Lidl was years ago', '2026-04-02']);
    expect(latest.some((m) => /works at Aldi/.test(m))).toBe(true);
    expect(latest.some((m) => /works at Lidl/.test(m))).toBe(false);
  });

  it('"it\'s Harriet now, not Joan" replaces the manager, surname and all', async () => {
    const latest = await latestTexts(['My line manager is Joan Whitaker.', '2026-01-10'], ["It's Harriet now, not Joan, as my line manager - new structure.", '2026-03-10']);
    expect(latest).toContain("The user's line manager is Harriet.");
    expect(latest.some((m) => /Joan/.test(m))).toBe(false);
  });

  it('"Correction: my husband\'s name is Pavel, not Piotr" corrects the name, not the word "name"', () => {
    expect(valueCorrection("Correction: my husband's name is Pavel, not Piotr.")).toMatchObject({ meant: 'Pavel', rejected: 'Piotr' });
  });

  it('a time is a value: "I meant the 6:15, not the 5:45"', async () => {
    const latest = await latestTexts(['I get the 5:45 bus to the depot every morning.', '2026-02-01'], ['oops, I meant the 6:15, not the 5:45', '2026-02-01']);
    expect(latest).toContain('The user gets the 6:15 bus to the depot every morning.');
  });

  it('"- scratch that, it\'s Senior Designer" after a dash in the same note replaces the title', () => {
    const facts = read("My role is Junior Designer at Canva - scratch that, it's Senior Designer since April.");
    expect(facts.some((f) => /Senior Designer/.test(f.text))).toBe(true);
    expect(facts.some((f) => /Junior Designer/.test(f.text))).toBe(false);
  });
});
