import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 17 (issue 26): facts ask16 showed never stored — a newcomer named in the next clause, a medication note
 * without a verb, a plan on a weekday after a past clause. Sentences written for this test.
 */
const read = factsReader('2026-06-17'); // a Wednesday

describe('a newcomer named after it is introduced', () => {
  it('"seeing someone new, her name is nadia" is a partner called Nadia, and what follows the naming stays a fact', () => {
    const facts = read('user: been seeing someone new, her name is nadia, shes a nurse\nassistant: How lovely!');
    expect(facts.find((f) => f.attribute === 'partner')?.text).toMatch(/someone new called Nadia/);
    expect(facts.find((f) => f.subject === 'Nadia' && f.attribute === 'role')?.text).toMatch(/nurse/);
    expect(read("user: I'm seeing someone new, his name is Marco\nassistant: Nice.").find((f) => f.attribute === 'partner')?.text).toMatch(/called Marco/);
  });

  it('"got a whippet!! her name is pepper" and "We got a kitten. It\'s called Dot." keep the pet\'s name', () => {
    expect(read('user: got a whippet from the shelter!! her name is pepper\nassistant: Aw.').find((f) => f.attribute?.startsWith('pet:'))?.text).toMatch(/whippet called Pepper/);
    expect(read('We got a kitten. It is called Dot.').find((f) => f.attribute?.startsWith('pet:'))?.text).toMatch(/kitten called Dot/);
  });

  it('"My aunt got a parrot. Her name is Rosa" names no parrot (her may be the aunt), "its name" does', () => {
    expect(read('My aunt got a parrot. Her name is Rosa.').some((f) => /parrot called Rosa/.test(f.text))).toBe(false);
    expect(read('My aunt got a parrot, its name is Rosa.').some((f) => /parrot called Rosa/.test(f.text))).toBe(true);
  });
});

describe('medication notes without a verb', () => {
  it('a labelled resident\'s dose, a raised dose and "now <dose>" after a possessive are one medication, the latest dose last', async () => {
    expect(read('Edna Hale (room 9): amlodipine 5mg each morning.')).toEqual([expect.objectContaining({ subject: 'Edna Hale', attribute: expect.stringMatching(/^medication:amlodipin/) })]);
    const facts = read("Review 03/05: Edna's BP still up, amlodipine now 10mg each morning.");
    expect(facts).toEqual([expect.objectContaining({ subject: 'Edna', attribute: expect.stringMatching(/^medication:amlodipin/), text: expect.stringMatching(/10mg/) })]);
    const texts = await latestTexts(["Edna's amlodipine increased to 5mg each morning.", '2026-02-01'], ["Review: Edna's BP still up, amlodipine now 10mg each morning.", '2026-05-01']);
    expect(texts).toContainEqual(expect.stringMatching(/Edna takes amlodipine 10mg/));
    expect(texts.some((t) => /5mg/.test(t))).toBe(false);
  });

  it('"Citalopram now 20mg." in the author\'s note is the author\'s, "Rent now £900." gains no medication', () => {
    expect(read('Citalopram now 20mg.')).toEqual([expect.objectContaining({ subject: 'the user', attribute: expect.stringMatching(/^medication:citalopram/) })]);
    expect(read('Rent now £900.').some((f) => f.attribute?.startsWith('medication:'))).toBe(false);
  });
});

describe('a plan on a weekday after a past clause', () => {
  it('"found a flat in bath, moving on friday" is the coming Friday; "had a meeting on Monday" and "running on Sunday was hard" stay past', () => {
    expect(read('user: found a flat in bath, moving on friday\nassistant: Exciting!')[0]?.text).toMatch(/2026-06-19/);
    expect(read('We had a meeting on Monday.')[0]?.text).toMatch(/2026-06-15/);
    expect(read('Went to the gym, running on Sunday was hard.')[0]?.text).toMatch(/2026-06-14/);
  });
});

describe('memory16 probes', () => {
  it('"an IT lead" is a title ("IT" in capitals is no pronoun), and "works in IT" stays a fact', () => {
    expect(read("I'm an IT lead at the council.").find((f) => f.attribute === 'role')?.text).toMatch(/IT lead/);
    expect(read('Bea is an IT manager.').find((f) => f.attribute === 'role')?.text).toMatch(/IT manager/);
    expect(read('user: I work in IT at a bank.\nassistant: ok')).toHaveLength(1);
  });

  it('"Promoted!! Head of design from June." and "Moved! Bristol is great." give the change its value', () => {
    expect(read('user: Promoted!! Head of design from June.\nassistant: Congrats!').find((f) => f.attribute === 'role')?.text).toMatch(/promoted to head of design/);
    expect(read("user: We've finally moved! Bristol is great so far.\nassistant: Enjoy!").find((f) => f.attribute === 'residence')?.text).toMatch(/moved to Bristol/);
    expect(read('user: Moved! The flat is tiny.\nassistant: Ha.').some((f) => f.attribute === 'residence')).toBe(false);
    expect(read('user: Promoted! Great day.\nassistant: Nice.').some((f) => f.attribute === 'role')).toBe(false);
  });
});
