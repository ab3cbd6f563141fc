import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts as latestAfter } from './memory-fixture.js';

/**
 * Round 13 (issue 26): agent summaries write a singular "their" for the user they made the subject ("The user has
 * switched to Obsidian as their notes app"). Read as the user's own words it is "my", so the statement is kept rather
 * than dropped as a pronoun with no antecedent. Sentences written for this test.
 */
const read = factsReader();

describe('a singular "their" of the user in a summary', () => {
  it.each([
    ['Summary: The user has switched from Firefox to Brave as their browser.', /switched to Brave/],
    ['The user now uses Obsidian for their notes.', /uses Obsidian/],
    ['The user has moved over to Fastmail as their email provider.', /Fastmail/],
  ])('"%s" keeps the new value', (content, kept) => {
    const facts = read(content);
    expect(facts.some((f) => f.subject === 'the user' && kept.test(f.text))).toBe(true);
    expect(facts.some((f) => /\btheir\b/.test(f.text))).toBe(false);
  });

  it('the new value is what is current after the old one', async () => {
    const latest = await latestAfter(['Session summary: The user browses with Firefox.', '2026-02-01'], ['Session summary: The user has switched from Firefox to Brave as their browser.', '2026-06-14']);
    expect(latest.some((m) => /Brave/.test(m))).toBe(true);
  });

  it('"their" after someone else comes into the clause is not the user\'s', () => {
    expect(read('The user met Ana and their kids in Leeds.').some((f) => /user's kids/.test(f.text))).toBe(false);
    expect(read('The user had dinner with the neighbours at their place.').some((f) => /user's place/.test(f.text))).toBe(false);
  });
});
