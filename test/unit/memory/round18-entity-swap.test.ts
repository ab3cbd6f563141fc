import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 18 (issue 26): what the entity-swap split (swap17) showed the engine reading by its own word lists, plus the
 * engine gaps memory17 left. Sentences written for these tests, with names, places and employers no split uses.
 */
const read = factsReader('2026-05-20');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute, f.text] as const);

describe('people the lexicon does not know', () => {
  it('a name is a person by the life event it opens with, so "she" after it is that person', () => {
    const facts = read("Tendai resigned from the bank last week. She's training as a pilot now.");
    expect(facts.find((f) => /pilot/.test(f.text))?.subject).toBe('Tendai');
    expect(read('Oyelaran quit the choir!! He is a firefighter these days.').find((f) => /firefighter/.test(f.text))?.subject).toBe('Oyelaran');
  });

  it('a full name with lowercase particles is one subject', () => {
    expect(rows('Luis van den Bosch lives in Ghent.')).toEqual([['Luis van den Bosch', 'residence', 'Luis van den Bosch lives in Ghent.']]);
    expect(rows('Ana María de la Peña works at Cosentino.')[0]?.slice(0, 2)).toEqual(['Ana María de la Peña', 'employer']);
  });
});

describe("a person's label line", () => {
  it('"Name update: quit X. now at Y" is that person\'s, every subjectless sentence of the line', () => {
    const facts = read('Yusra update: quit Deloitte. now at Monzo, lending team.');
    expect(facts.map((f) => f.subject)).toEqual(['Yusra', 'Yusra']);
    // Round 20: the state after the ended job is the new job ("now works at"), not where she happens to be.
    expect(facts.some((f) => /^Yusra now works at Monzo/.test(f.text) && f.attribute === 'employer')).toBe(true);
  });

  it('"Name: now only wants ..." and "Name - lives in X, works at Y, 2 kids" are statements of the person, one per item', () => {
    expect(read('Grete Holm: now only wants calls after 4pm').map((f) => f.subject)).toEqual(['Grete Holm']);
    expect(rows('Dee - lives in Hull, works at Arla, 3 kids').map((r) => r.slice(0, 2))).toEqual([
      ['Dee', 'residence'],
      ['Dee', 'employer'],
      ['Dee', 'children'],
    ]);
  });

  it('a field label is no person ("Status: blocked on legal")', () => {
    expect(read('Status: blocked on legal').some((f) => f.subject === 'Status')).toBe(false);
  });

  it('a lead ending in a colon gives its pronoun to the person it opens with', () => {
    expect(rows('Jomo has big news: he moved to Kigali in March.')[0]?.slice(0, 2)).toEqual(['Jomo', 'residence']);
  });

  it("the person-labelled change replaces the person's older fact", async () => {
    const texts = await latestTexts(['Yusra works at Deloitte.', '2026-01-10'], ['Yusra update: quit Deloitte. now at Monzo, lending team.', '2026-05-02']);
    expect(texts.some((t) => /Monzo/.test(t))).toBe(true);
    expect(texts.some((t) => /^The user\b.*Monzo/.test(t))).toBe(false);
  });
});

describe('terse fields in prose', () => {
  it('"hamster: Peanut. rabbit: Clove (lop, 2)." is two pets of the author', () => {
    expect(rows('hamster: Peanut. rabbit: Clove (lop, 2).').map((r) => r.slice(0, 2))).toEqual([
      ['the user', 'pet:hamster'],
      ['the user', 'pet:rabbit'],
    ]);
  });

  it('"Contact: Name, title" is the contact\'s job', () => {
    expect(rows('Contact: Ingrid Solberg, finance director.')[0]?.slice(0, 2)).toEqual(['Ingrid Solberg', 'role']);
  });

  it('"- children: Ada 9, Theo 5" names the children with their ages', () => {
    expect(rows('- children: Ada 9, Theo 5')).toEqual([['the user', 'children', 'The user has two children, Ada (9) and Theo (5).']]);
  });

  it('a note of bulleted fields is the author\'s: "- work: X" is where they work', () => {
    expect(rows('- work: Kestrel Analytics, data team\n- commute: bike, 20 min')[0]?.slice(0, 2)).toEqual(['the user', 'employer']);
  });
});

describe('self-introductions, diets and schools', () => {
  it('"I\'m Femi btw, 41, pharmacist in Derby" is four facts', () => {
    expect(rows("I'm Femi btw, 41, pharmacist in Derby").map((r) => r[1])).toEqual(['name', 'age', 'role', 'residence']);
  });

  it('"I\'ll eat anything" is a diet with no restrictions, not a plan', () => {
    expect(rows("honestly I'll eat anything").map((r) => r.slice(0, 2))).toEqual([['the user', 'diet']]);
  });

  it('after "moved schools", a school typed in lowercase is where the child studies', () => {
    const facts = read("Amaru moved schools in January, he's at brookvale now.");
    expect(facts.find((f) => f.attribute === 'education')).toMatchObject({ subject: 'Amaru' });
    expect(facts.find((f) => f.attribute === 'education')?.text).toMatch(/Brookvale/);
    expect(read('Nia is at Larkspur Academy now.')[0]?.attribute).toBe('education');
  });
});
