import { describe, expect, it } from 'vitest';
import { factsReader, latestMemories, latestTexts } from './memory-fixture.js';

/**
 * Round 16 (issue 26): facts in terse notes and lowercase chat — a plain heading over bullets, a lone "Home:" line,
 * "hamster, Biscuit", an address ending in a town, a lowercase "x not y" correction, a diet said as a fragment, "no
 * dietary restrictions", a pet named after a comma. Sentences written for this test.
 */
const read = factsReader('2026-05-01');

describe('terse notes', () => {
  it('a plain heading over bullets makes "allergic: x" the author\'s allergy, and "x, NOT y (my mistake)" corrects it', async () => {
    const texts = await latestTexts(['Medical notes\n- allergic: ibuprofen\n- blood group A-', '2026-02-01'], ['Medical notes (edited)\n- allergic: naproxen, NOT ibuprofen (my mistake)', '2026-02-03']);
    expect(texts.some((t) => /allergic to naproxen/.test(t))).toBe(true);
    expect(texts.some((t) => /allergic to ibuprofen/.test(t))).toBe(false);
    expect(texts.some((t) => /allergic to not\b/i.test(t))).toBe(false);
  });

  it('a lone "Home: X" line, as a note or a direct write, is the residence and a second one replaces it', async () => {
    const latest = await latestMemories(['Home: Dundee.', '2026-01-10'], ['Home: Inverness (since March).', '2026-04-02']);
    expect(latest.filter((m) => m.attribute === 'residence').map((m) => m.memory)).toEqual([expect.stringMatching(/Inverness/)]);
  });

  it('a lone "Title: ..." line is no fact about the author', () => {
    expect(read('Title: Quarterly numbers').some((f) => f.attribute === 'role')).toBe(false);
  });

  it('"- pets: gerbil, Pickle" names the pet', () => {
    expect(read('- pets: gerbil, Pickle')).toEqual([expect.objectContaining({ attribute: 'pet:gerbil', text: expect.stringMatching(/gerbil called Pickle/) })]);
  });

  it('an address ending in a known town says where the author lives', () => {
    const facts = read('Update\n- new address: 3 Mill Row, Bristol\n- new phone soon');
    expect(facts.find((f) => f.attribute === 'residence')?.text).toMatch(/lives in Bristol/);
  });
});

describe('lowercase chat', () => {
  it('"wait no, cardiff not swansea" corrects the city said a turn before', async () => {
    const texts = await latestTexts(['user: my cousin lives in swansea, works in a bakery\nassistant: Nice.\nuser: wait no, cardiff not swansea. tired today\nassistant: Got it.', '2026-03-01']);
    expect(texts.some((t) => /cousin lives in cardiff/i.test(t))).toBe(true);
    expect(texts.some((t) => /swansea/i.test(t))).toBe(false);
  });

  it('a lowercase "not" between moods or function words corrects nothing', () => {
    expect(read('user: sorry, tired not grumpy lol\nassistant: Fair.').some((f) => f.corrects)).toBe(false);
  });

  it('"veggie since march" and "still veggie tho" are diets', () => {
    expect(read('user: veggie since march, feeling good\nassistant: Nice.').find((f) => f.attribute === 'diet')).toBeDefined();
    expect(
      read('user: not vegan now. still veggie tho\nassistant: ok')
        .filter((f) => f.attribute === 'diet')
        .map((f) => f.text),
    ).toContainEqual(expect.stringMatching(/still veggie/));
  });

  it('"no dietary restrictions" and "I eat everything" are a diet that a new diet replaces', async () => {
    const texts = await latestTexts(['No dietary restrictions, honestly.', '2026-01-01'], ["I'm vegetarian now, since the documentary.", '2026-04-01']);
    expect(texts.some((t) => /no dietary restrictions/.test(t))).toBe(false);
    expect(read('I eat everything except olives.').find((f) => f.attribute === 'diet')).toBeDefined();
  });

  it('"got a puppy, Rolo" keeps the name (no vocative)', () => {
    expect(read('got a puppy, Rolo').find((f) => f.attribute === 'pet:dog')?.text).toMatch(/Rolo/);
  });
});

describe('a relation in brackets', () => {
  it('"Kit (brother) is a plumber in Hull" is about the brother Kit', () => {
    const facts = read('Kit (brother) is a plumber in Hull.');
    expect(facts.find((f) => f.attribute === 'role')).toEqual(expect.objectContaining({ subject: 'Kit', text: expect.stringMatching(/brother Kit is a plumber/) }));
    expect(read('Wren (my niece) started uni in Bangor.').find((f) => f.attribute === 'education')?.subject).toBe('Wren');
  });
});
