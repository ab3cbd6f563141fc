import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 19 (issue 26): how a person wants to be contacted is one attribute (`contact:preference`), whatever the
 * shape it is said in, so the later preference replaces the earlier. Sentences written for these tests.
 */
const read = factsReader('2026-05-20');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute] as const);

describe('contact preferences', () => {
  it('reads the preference in its common shapes', () => {
    expect(rows('The best way to reach Gunnar is by text.')).toEqual([['Gunnar', 'contact:prefer']]);
    expect(rows('Please call me rather than emailing, I never read my inbox.')).toContainEqual(['the user', 'contact:prefer']);
    expect(rows('Ayesha asked us to phone rather than email from now on.')).toEqual([['Ayesha', 'contact:prefer']]);
    expect(rows('Bram Vos: now only wants Signal messages.')).toEqual([['Bram Vos', 'contact:prefer']]);
    expect(rows('Lucia prefers voice notes these days.')).toEqual([['Lucia', 'contact:prefer']]);
  });

  it("a subjectless preference after a contact line is the contact's", () => {
    expect(rows('Contact: Ines Okoro (Bluebell Farms). Prefers calls, afternoons.')).toContainEqual(['Ines Okoro', 'contact:prefer']);
  });

  it('is no preference: a name, a one-off request, a taste', () => {
    expect(read('Call me Bex, everyone does.').some((f) => f.attribute === 'contact:prefer')).toBe(false);
    expect(read('text me when you land').some((f) => f.attribute === 'contact:prefer')).toBe(false);
    expect(read('I prefer tea to coffee.').some((f) => f.attribute === 'contact:prefer')).toBe(false);
  });

  it('a later preference replaces the earlier one', async () => {
    const texts = await latestTexts(['The best way to reach Gunnar is by email.', '2026-01-10'], ['Gunnar asked us to text rather than email from now on.', '2026-04-02']);
    expect(texts.filter((t) => /Gunnar/.test(t))).toEqual([expect.stringMatching(/Gunnar prefers to be contacted by text/)]);
  });
});
