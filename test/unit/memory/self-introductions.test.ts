import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/memory/offline-extractor.js';

/** Self-introductions and about-me pages are lists of facts, each filed on its own (sentences written for this test). */
const read = (content: string) => extractFacts({ content, title: null, type: 'text', documentDate: '2026-03-01T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => [f.attribute, f.text]);

describe('a one-line self-introduction', () => {
  it('"I\'m <name>, <age>, <job> at <employer> in <city>, married with kids" gives name, age, role, employer, city, status', () => {
    expect(read("user: hi! I'm Oskar, 52, senior pharmacist at Apotek Hjärtat in Malmö, married with two kids\nassistant: Welcome, Oskar!")).toEqual([
      ['name', "The user's name is Oskar."],
      ['age', 'Oskar is 52.'],
      ['role', 'Oskar works as a senior pharmacist.'],
      ['employer', 'Oskar works at Apotek Hjärtat.'],
      ['residence', 'Oskar lives in Malmö.'],
      ['relationship', 'Oskar is married with two kids.'],
    ]);
  });

  it('who someone is, with a city, files the city apart, out of the job text ("I\'m an architect in Porto"); where they work does not', () => {
    expect(read("I'm an architect in Porto.")).toEqual([
      ['role', 'The user is an architect.'],
      ['residence', 'The user lives in Porto.'],
    ]);
    expect(read('I teach chemistry in Leeds.').map((f) => f[0])).toEqual(['role']);
  });

  it('an introduction after a lead-in ("quick intro: I\'m Ada, 31, ...") splits the same way', () => {
    expect(read("quick intro: I'm Ada, 31, nurse in Tartu").map((f) => f[0])).toEqual(['name', 'age', 'role', 'residence']);
  });
});

describe('an about-me page', () => {
  it('label lines under "About me" are the author\'s facts', () => {
    const facts = read('# About me\n- Name: Ines Duarte\n- Based in: Coimbra\n- Job: data engineer at Feedzai\n- Pets: a parrot called Kiwi');
    expect(facts.map((f) => f[0])).toEqual(['name', 'residence', 'role', 'employer', 'pet:parrot']);
    expect(facts[1]![1]).toContain('Coimbra');
  });

  it('a terse note with two or more profile labels is read the same way; a single "Location:" line in other text is not', () => {
    expect(read('car: 2019 Kia Niro\ncity: Ghent').map((f) => f[0])).toEqual(['vehicle', 'residence']);
    expect(read('Standup moved.\nLocation: Room 4B').map((f) => f[0])).not.toContain('residence');
  });
});
