import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 19 (issue 26): changes said the ways the proxies' misses said them (allergies taken back, shift patterns,
 * returns to a diet, a new place, a breakup typed in chat, an outcome after a dash, announcements, owned fields), and
 * the moment's logistics that are small talk. Sentences written for these tests.
 */
const read = factsReader('2026-05-20');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute] as const);

describe('allergies taken back', () => {
  it('"X was a false alarm" and "X is fine for him" deny the allergy of the speaker or the person', () => {
    expect(read('Turns out it is latex I react to, the plaster thing was nothing. Amoxicillin was a false alarm.').map((f) => f.text)).toContainEqual('The user is not allergic to amoxicillin.');
    expect(read('Asked the pharmacist: it was naproxen that Mum reacted to, codeine is fine for her.').map((f) => [f.subject, f.attribute, f.text])).toEqual([
      ["the user's mother", 'allergy:naproxen', "The user's mum reacted to naproxen."],
      ["the user's mother", 'allergy:codein', "The user's mother is not allergic to codeine."],
    ]);
  });

  it('the denial ends the allergy said before', async () => {
    const texts = await latestTexts(["I'm allergic to amoxicillin.", '2026-01-10'], ['Allergy test done: amoxicillin was a false alarm.', '2026-04-02']);
    expect(texts.some((t) => /is allergic to amoxicillin/.test(t))).toBe(false);
  });

  it('"Friday is fine for me" is no allergy', () => {
    expect(read('Friday is fine for me.').some((f) => /allerg/.test(f.text))).toBe(false);
  });
});

describe('changes said in other shapes', () => {
  it('a shift pattern is a schedule, not a home, and a return to it replaces the other', async () => {
    expect(rows('Anton moved to early shifts in January.')).toEqual([['Anton', 'schedule:shift']]);
    const texts = await latestTexts(['Anton moved to early shifts in January.', '2026-01-20'], ['Anton is back on nights since the rota changed.', '2026-04-02']);
    expect(texts.filter((t) => /Anton/.test(t))).toEqual([expect.stringMatching(/back on nights/)]);
    expect(rows('We moved to Days Inn for the week.').some(([, a]) => a === 'schedule:shift')).toBe(false);
  });

  it('"back on a normal diet" is a diet', () => {
    expect(rows('Mum is back on a normal diet after the op.')).toContainEqual(["the user's mother", 'diet']);
  });

  it('"got a place in <town>" is a new home', () => {
    expect(rows('user: we got a place in hexham, love it')).toContainEqual(['the user', 'residence']);
  });

  it('"me and <name> broke up" typed in chat ends the partner, an emoticon ending the first statement', () => {
    expect(rows('user: me and ravi broke up :( its ok, it was coming')).toEqual([['the user', 'partner']]);
  });

  it('an outcome after a dash is a statement of the person', () => {
    expect(read('Keiko switched teams - now a data engineer in Bristol.').map((f) => f.text)).toContainEqual('Keiko is a data engineer.');
  });

  it('"me: left X, started at Y" is the author\'s', () => {
    expect(rows('me: left Boots, started at Superdrug in May.')).toEqual([
      ['the user', 'employer'],
      ['the user', 'employer'],
    ]);
  });

  it('an announcement\'s opening is not the statement ("Quick note that ...")', () => {
    expect(read("Quick note that I'm reporting to Farah Ali from Monday.").map((f) => [f.subject, f.attribute])).toContainEqual(['the user', 'manager']);
  });

  it('an owned field as a label is a statement of it ("our new office address: ...")', () => {
    expect(read('Please note our new office address: 4 Mill Yard, Leeds LS1 4AB.').map((f) => [f.attribute, f.text])).toEqual([['contact:address', "The user's office address is 4 Mill Yard, Leeds LS1 4AB."]]);
  });
});

describe('small talk of the moment', () => {
  it('running late, on the way, stuck in traffic leave nothing', () => {
    expect(read('running 10 mins late, the bus never came')).toEqual([]);
    expect(read('stuck in traffic, be there at 6')).toEqual([]);
    expect(read("I'm on my way to becoming a midwife.").length).toBeGreaterThan(0);
  });
});
