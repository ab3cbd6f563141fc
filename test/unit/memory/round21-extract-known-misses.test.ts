import { describe, expect, it } from 'vitest';
import { factsReader, latestMemories, latestTexts } from './memory-fixture.js';

/**
 * Round 21 (issue 26): the offline reader's known misses from round 18's reports, each in the shape it was reported
 * in. Sentences written for these tests.
 */
const read = factsReader('2026-05-04');
const chat = (...turns: string[]) => turns.map((t, i) => `${i % 2 === 0 ? 'user' : 'assistant'}: ${t}`).join('\n');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute, f.text] as const);

describe('a statement with a tail', () => {
  it('"I use a Pixel 7, had it since 2023": the device is read, not dropped for its "it"', () => {
    expect(read('I use a Pixel 7, had it since 2023.').filter((f) => f.attribute === 'tool:phone')).toEqual([expect.objectContaining({ text: expect.stringContaining('Pixel 7') })]);
  });

  it('"I\'m in Lyon, looking for ...": where the user is, without the search (and "river" stays a river)', () => {
    expect(read(chat("I'm in Lyon, looking for somewhere to go for a week in June", 'Annecy is lovely then.')).map((f) => f.text)).toEqual(['The user is in Lyon.']);
    expect(read("I'm in Ghent, hoping to find a flat near the river.").some((f) => /driver/.test(f.text))).toBe(false);
  });

  it('"my 2012 Astra keeps failing its MOT, what should I get instead?": the car the user has', () => {
    expect(rows(chat('my 2012 Astra keeps failing its MOT, what should I get instead?', 'A Yaris hybrid is reliable.'))).toEqual([['the user', 'vehicle', expect.stringContaining('2012 Astra')]]);
  });
});

describe('named speakers and labels', () => {
  it("a named speaker's subjectless team move is their team, and replaces the team before", async () => {
    const first = "Noor: I'm on the billing team, ask me about invoices\nTheo: mobile here\nKate: hi both";
    const second = 'Noor: moving to the search team from Monday\nTheo: congrats!\nKate: we will miss you';
    expect(
      read(second)
        .filter((f) => f.subject === 'Noor')
        .map((f) => f.attribute),
    ).toEqual(['team']);
    const latest = (await latestMemories([first, '2026-01-10'], [second, '2026-04-20'])).filter((m) => m.memory.includes('team') && m.memory.startsWith('Noor'));
    expect(latest.map((m) => m.memory)).toEqual([expect.stringContaining('search team')]);
  });

  it('"Leo: sold the Mini. Drives a Kia now." is Leo\'s (a zodiac word as a name); "Car: sold the Mini" names no one', async () => {
    const texts = await latestTexts(['Leo drives a Mini.', '2025-11-02'], ['Leo: sold the Mini. Drives a Kia now.', '2026-03-01']);
    expect(texts.filter((t) => /drives/.test(t))).toEqual(['Leo drives a Kia now.']);
    expect(read('Car: sold the Mini.').some((f) => f.subject === 'Car')).toBe(false);
  });

  it('a headed note of person-labelled lines is a note: "Now in York" after a move is the home', () => {
    const facts = read('Team catch-up\nAmir: moved out of Glasgow. Now in York.\nBea: back from leave.');
    expect(facts.filter((f) => f.subject === 'Amir' && f.attribute === 'residence').map((f) => f.text)).toEqual(['Amir now lives in York.']);
  });

  it("a question typed without its mark is no statement of the asker's", () => {
    const texts = read('Ben: printer is jammed again\nKit: did you see the new Bond trailer').map((f) => f.text);
    expect(texts.some((t) => /Kit did/.test(t))).toBe(false);
  });
});

describe('newcomers, lists and workplaces', () => {
  it('"we got a kitten! a tabby called Pip": one pet fact with its name, no fragment', () => {
    expect(rows('we got a kitten! a tabby called Pip 🐱')).toEqual([['the user', 'pet:cat', expect.stringContaining('called Pip')]]);
  });

  it('"allergic to eggs and to aspirin" is two allergies, so one can end without the other', () => {
    expect(rows("I'm allergic to eggs and to aspirin.").map((r) => r[1])).toEqual(['allergy:egg', 'allergy:aspirin']);
  });

  it('the town of an unnamed workplace is not a home: "I live in Leeds, I\'m a nurse at a clinic in Headingley"', async () => {
    expect(
      read("I live in Leeds, I'm a nurse at a clinic in Headingley.")
        .filter((f) => f.attribute === 'residence')
        .map((f) => f.text),
    ).toEqual(['The user lives in Leeds.']);
    const texts = await latestTexts(["I live in Leeds, I'm a nurse at a clinic in Headingley.", '2026-02-01']);
    expect(texts).toContain('The user lives in Leeds.');
  });
});

describe('services and grumbles', () => {
  it('"Vodafone was a rip-off" is a grumble, no fact', () => {
    expect(read('Moved my phone contract to Lebara, Vodafone was a rip-off.').some((f) => /rip-off/.test(f.text))).toBe(false);
  });

  it('"cancelled Netflix and signed up for Disney+ instead" replaces the streaming service', async () => {
    expect(
      read('Cancelled Netflix and signed up for Disney+ instead.')
        .filter((f) => f.attribute === 'tool:stream')
        .map((f) => f.text),
    ).toEqual([expect.stringContaining('Disney+')]);
    const texts = await latestTexts(['We watch all our shows on Netflix.', '2025-09-01'], ['Cancelled Netflix and signed up for Disney+ instead.', '2026-02-01']);
    expect(texts.some((t) => /on Netflix/.test(t))).toBe(false);
  });
});
