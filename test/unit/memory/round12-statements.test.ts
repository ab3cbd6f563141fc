import { describe, expect, it } from 'vitest';
import { factsReader, latestMemories as latestAfter } from './memory-fixture.js';

/**
 * Round 12 (issue 26): statements the offline extractor read wrongly or not at all — a change of what the author does
 * said without "I", a title the catalogue has no word for, corrections set off by a dash or closed by an adverb, a
 * corrected value that restates the words before it, and a list of languages. Sentences written for this test.
 */
const read = factsReader();

describe('statements read in full', () => {
  it('"Stopped seeing Dr. Lund in March" is the author\'s, in the past March, and ends the fact naming Dr. Lund', async () => {
    const [fact] = read('Stopped seeing Dr. Lund in March, sleeping much better.');
    expect(fact).toMatchObject({ subject: 'the user', text: expect.stringMatching(/^The user stopped seeing Dr\. Lund in March 2026/) });
    const latest = await latestAfter(['I see a physio, Dr. Lund, every Monday.', '2026-01-14'], ['Stopped seeing Dr. Lund in March, sleeping much better.', '2026-06-14']);
    expect(latest.some((m) => /sees a physio/.test(m.memory))).toBe(false);
  });

  it('a greeting that opens with a past verb and a gerund stays no statement', () => {
    expect(read('Loved seeing everyone at the party!').some((f) => /user (?:loved|stopped|started)/.test(f.text))).toBe(false);
  });

  it('"became matron at Leeds General" files a title the catalogue does not name, and replaces the old one', async () => {
    expect(read('Amir became matron at Leeds General this year.').map((f) => f.attribute)).toEqual(['role', 'employer']);
    expect(read('Amir became friends at Leeds General.').some((f) => f.attribute === 'role')).toBe(false);
    const latest = await latestAfter(['My cousin Amir is a staff nurse at Leeds General.', '2026-01-10'], ['Amir became matron at Leeds General this year.', '2026-06-10']);
    expect(latest.some((m) => /staff nurse/.test(m.memory))).toBe(false);
    expect(latest.some((m) => /matron/.test(m.memory))).toBe(true);
  });

  it('a list of languages names only languages ("learning Korean on Memrise, 90 day streak")', () => {
    const facts = read("I'm learning Korean on Memrise, 90 day streak!");
    expect(facts.filter((f) => f.attribute?.startsWith('language'))).toHaveLength(1);
    expect(read('I speak English, Welsh and French.').filter((f) => f.attribute?.startsWith('language'))).toHaveLength(3);
  });
});

describe('pasts and tools', () => {
  it('"Martin left the fire service in June" said in July is last June, whatever the clause after it', () => {
    expect(read("Martin left the fire service in June, he's training as a nurse.", '2026-07-30')[0]?.text).toMatch(/in June 2026/);
  });

  it('"moved from Atom to Zed as my editor" is a tool left behind, not a home', () => {
    const texts = read("I've moved from Atom to Zed as my editor.").map((f) => f.text);
    expect(texts).toContain('The user used to use Atom.');
    expect(texts.some((t) => /live in Atom/.test(t))).toBe(false);
  });
});

describe('two people in one sentence', () => {
  it('"I cheer for Celtic and my dad Carl cheers for Rangers" is one statement each, so a change of one keeps the other', async () => {
    expect(read('I cheer for Celtic and my dad Carl cheers for Rangers.').map((f) => f.subject)).toEqual(['the user', 'Carl']);
    const latest = await latestAfter(['I cheer for Celtic and my dad Carl cheers for Rangers.', '2026-01-28'], ['Carl has switched to Hearts, unbelievable.', '2026-08-28']);
    expect(latest.some((m) => /user cheers for Celtic/.test(m.memory))).toBe(true);
  });
});

describe('corrections', () => {
  it('"I meant X, not Y - ..." corrects the memory holding Y', async () => {
    const turn = 'user: sorry, I meant Weaving, not pottery - the pottery one was full\nassistant: Weaving it is.';
    expect(read(turn)[0]?.corrects).toEqual({ meant: 'Weaving', rejected: 'pottery' });
    const latest = await latestAfter(["I'm doing a night class in pottery at Morley College.", '2026-09-10'], [turn, '2026-09-11']);
    expect(latest.some((m) => /class in pottery/.test(m.memory))).toBe(false);
    expect(latest.some((m) => /class in Weaving/.test(m.memory))).toBe(true);
  });

  it('the value meant loses a closing adverb, and restated words before the rejected value are written once', async () => {
    expect(read("user: it's the family plan actually, not the basic one\nassistant: Noted.")[0]?.corrects).toMatchObject({ meant: 'family plan' });
    const latest = await latestAfter(
      ['Session summary: The user drives a 2012 Vauxhall Astra.', '2026-03-10'],
      ['Session summary: Correction from the user: the car is a 2014 Vauxhall Corsa, not an Astra.', '2026-03-17'],
    );
    expect(latest.find((m) => /Corsa/.test(m.memory))?.memory).toBe('The user drives a 2014 Vauxhall Corsa.');
  });
});
