import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 19 (issue 26): sentence shapes the offline reader missed in ask16 / ask17 / swap17 and fresh19, written anew
 * for these tests: clefts, a person who moves with their employer, first days and starts said with a day, a title
 * said with "now", labels that are not people, a lead that names its person before a colon, addresses with "live at".
 */
const read = factsReader('2026-05-20');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute] as const);

describe('clefts said plainly', () => {
  it('"it\'s X I react to" is an allergy of the speaker, and "it was X that Mum reacted to" of the person named', () => {
    expect(rows("Allergy clinic results are in. Turns out it's naproxen I react to, the other one was fine.")).toContainEqual(['the user', 'allergy:naproxen']);
    expect(rows('Rang the surgery: it was codeine that Mum reacted to, paracetamol is fine for her.')).toContainEqual(["the user's mother", 'allergy:codein']);
  });

  it('a subject cleft loses its frame ("it\'s Dana who manages me now")', () => {
    expect(read("it's Dana Reyes who manages me now").map((f) => f.text)).toContainEqual(expect.stringMatching(/^Dana Reyes manages the user now/));
  });

  it('"it\'s been ages" and "it\'s time I ..." are no clefts', () => {
    expect(read("It's been ages since I went to Galway.").some((f) => /allerg/.test(f.attribute ?? ''))).toBe(false);
    expect(read("it's time I went to bed").some((f) => /^Time\b/.test(f.text))).toBe(false);
  });
});

describe('a person who moves with their employer', () => {
  it('the organisation\'s move is the person\'s new home ("... and Ruth relocated with it")', () => {
    expect(rows('Tallis Robotics moved its office to Dundee in March and Ruth relocated with it.')).toEqual([['Ruth', 'residence']]);
    expect(read('Brennan & Co moved the whole team to Exeter, so I have moved there too.').map((f) => [f.subject, f.attribute, f.text])).toContainEqual(['the user', 'residence', 'The user has moved to Exeter.']);
  });

  it('replaces the home said before', async () => {
    const texts = await latestTexts(['Ruth lives in Perth.', '2026-01-10'], ['Tallis Robotics moved its office to Dundee and Ruth moved with them.', '2026-04-02']);
    expect(texts.some((t) => /Dundee/.test(t))).toBe(true);
    expect(texts.some((t) => /Perth/.test(t))).toBe(false);
  });

  it('someone staying behind moves nowhere', () => {
    expect(read('Tallis Robotics moved its office to Dundee and Ruth stayed in Perth.').some((f) => /Ruth moved to Dundee/.test(f.text))).toBe(false);
  });
});

describe('starts said with a day, titles said with "now"', () => {
  it('"<Name>\'s first day at <Org> is Thursday" is the person\'s new employer', () => {
    expect(rows("Chidi's first day at Arup is this Thursday.")).toEqual([['Chidi', 'employer']]);
  });

  it('"starting at <Org> on friday" without "I" is the author\'s', () => {
    expect(rows('starting at Octopus Energy on friday, nervous!')).toContainEqual(['the user', 'employer']);
  });

  it('"principal engineer now" alone is the author\'s title', () => {
    expect(rows('user: promotion came through!! principal engineer now')).toContainEqual(['the user', 'role']);
  });
});

describe('labels that are not people', () => {
  it('a line labelled with a verb or a label noun is the author\'s, not a person called "Restructure"', () => {
    const facts = read('Restructure: I report to Wen Li now.');
    expect(facts.map((f) => [f.subject, f.attribute])).toEqual([['the user', 'manager']]);
  });

  it('a name the lexicon knows as a word still speaks ("Maya: ...")', () => {
    expect(read('Maya: I work at Dovetail.').map((f) => f.subject)).toEqual(['Maya']);
  });

  it('"News from <Name>: she ..." is the named person\'s', () => {
    expect(rows("News from Ifeoma: she's joined Ocado as a data analyst.")).toEqual([
      ['Ifeoma', 'employer'],
      ['Ifeoma', 'role'],
    ]);
  });

  it('"<Name> reviewed today: back on ..." is a state of the person', () => {
    expect(rows('Walter seen by the dietitian today: back on a normal diet.')).toEqual([['Walter', 'diet']]);
    expect(read('Status update: back in the office.').some((f) => f.subject === 'Status')).toBe(false);
  });
});

describe('addresses', () => {
  it('"we live at <number> <Street>, <Town>" is the residence a later address replaces', async () => {
    expect(rows('We live at 8 Quarry Lane, Malton.')).toEqual([['the user', 'residence']]);
    const texts = await latestTexts(['We live at 8 Quarry Lane, Malton.', '2026-01-10'], ['We moved to 21 Ropewalk Street, Pickering last month.', '2026-04-02']);
    expect(texts.some((t) => /Quarry Lane/.test(t))).toBe(false);
  });
});
