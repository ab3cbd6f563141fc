import { describe, expect, it } from 'vitest';
import { asFormerPartner } from '../../../src/memory/ended-partners.js';
import { authorsSlot } from '../../../src/memory/slot-statements.js';
import { factsReader, latestMemories, latestTexts } from './memory-fixture.js';

/**
 * Round 15 (issue 26): a breakup names the partner as former in every memory, homes said with "we" or "near",
 * "eats meat again", recurring slots said with no person, and a car model driven. Sentences written for this test.
 */
const read = factsReader('2026-05-01');

describe('a breakup, then a new partner', () => {
  it('every memory calling him the partner names him as the former one', async () => {
    const texts = await latestTexts(['My boyfriend Anselm is a sous-chef in Bath.', '2026-01-05'], ['Anselm and I broke up last week.', '2026-04-02'], ["I've started seeing a woman called Philippa.", '2026-07-01']);
    expect(texts.some((t) => /boyfriend Anselm/.test(t))).toBe(false);
    expect(texts.some((t) => /Anselm, the user's ex-boyfriend, is a sous-chef/.test(t))).toBe(true);
  });

  it('the breakup statement itself does not call her the girlfriend', async () => {
    const texts = await latestTexts(['My girlfriend Rosalind and I split up in March.', '2026-04-01']);
    expect(texts.some((t) => /girlfriend Rosalind/.test(t))).toBe(false);
  });

  it('rewrites "<subject>\'s <partner word> <name>" only for that name', () => {
    expect(asFormerPartner("The user's wife Thea and the user own a bakery.", 'the user', 'Thea')).toBe("Thea, the user's ex-wife, and the user own a bakery.");
    expect(asFormerPartner("The user's sister Thea owns a bakery.", 'the user', 'Thea')).toBeNull();
  });

  it('"started seeing" someone is the partner, and replaces the breakup', async () => {
    const latest = await latestMemories(['Anselm and I broke up last week.', '2026-04-02'], ["I've started seeing a woman called Philippa.", '2026-07-01']);
    expect(latest.filter((m) => m.attribute === 'partner').map((m) => m.memory)).toEqual([expect.stringMatching(/Philippa/)]);
  });
});

describe('homes, diets and cars said another way', () => {
  it('"we\'re in Exeter now" replaces "we live in Truro"', async () => {
    const texts = await latestTexts(['We live in Truro, close to the river.', '2026-01-01'], ["We're in Exeter now, the commute was killing me.", '2026-06-01']);
    expect(texts.some((t) => /Truro/.test(t))).toBe(false);
    expect(texts.some((t) => /Exeter/.test(t))).toBe(true);
  });

  it('a short answer "Just outside Perth." to "where are you based?" is the residence', () => {
    const facts = read('assistant: Where are you based at the moment?\nuser: Just outside Perth.\nassistant: Lovely.');
    expect(facts.find((f) => f.attribute === 'residence')?.text).toMatch(/Perth/);
  });

  it('"I eat meat again" replaces "I\'m vegetarian"', async () => {
    const texts = await latestTexts(["I'm vegetarian, have been since uni.", '2026-01-01'], ['I eat meat again since the marathon training started.', '2026-05-01']);
    expect(texts.some((t) => /vegetarian/.test(t))).toBe(false);
  });

  it('"drives a silver Octavia" is the vehicle, whatever the model, and replaces "drives a red Corsa"', async () => {
    expect(read('I drive a silver Octavia.').map((f) => f.attribute)).toEqual(['vehicle']);
    const latest = await latestMemories(['I drive a red Corsa, it is ancient.', '2026-01-01'], ['Wait, I drive a silver Octavia - the Corsa was my old car.', '2026-01-02']);
    expect(latest.filter((m) => m.attribute === 'vehicle').map((m) => m.memory)).toEqual(['The user drives a silver Octavia.']);
  });
});

describe('recurring slots said with no person', () => {
  it("reads the slot as the author's, and only a recurring one", () => {
    expect(authorsSlot('the choir practice moved to Thursdays at 7')).toBe('My choir practice is on Thursdays at 7');
    expect(authorsSlot('Quiz night is every other Friday.')).toBe('My quiz night is every other Friday.');
    expect(authorsSlot('The interview is on Tuesday.')).toBeNull();
    expect(authorsSlot('Mum is on Tuesdays.')).toBeNull();
  });

  it('"the choir practice moved to Thursdays" replaces "our weekly choir practice is every Tuesday"', async () => {
    const texts = await latestTexts(['Our choir practice is every Tuesday at 7.', '2026-02-02'], ['the choir practice moved to Thursdays from this week', '2026-03-02']);
    expect(texts.some((t) => /Tuesday/.test(t))).toBe(false);
    expect(texts.some((t) => /Thursdays/.test(t))).toBe(true);
  });

  it('"Quiz moved to Thursdays from next month" replaces "Pub quiz is every other Tuesday" (a slot with its start is no plan)', async () => {
    const latest = await latestMemories(['Pub quiz is every other Tuesday at the Crown.', '2026-02-02'], ['Quiz moved to Thursdays from next month.', '2026-03-02']);
    expect(latest.map((m) => m.memory)).toEqual([expect.stringMatching(/Thursdays/)]);
    expect(latest[0]!.isStatic).toBe(true);
  });

  it('"Zumba is on Wednesdays now" replaces the habit "does zumba every Monday night"', async () => {
    const texts = await latestTexts(['I do zumba every Monday night at the leisure centre.', '2026-01-12'], ['Zumba is on Wednesdays now, the instructor changed.', '2026-02-12']);
    expect(texts.some((t) => /Monday/.test(t))).toBe(false);
  });

  it('an event of no one moved to another date replaces its first date', async () => {
    const texts = await latestTexts(['The school fete is on 20 June on the playing field.', '2026-05-01'], ['The school fete got postponed to 27 June because of the forecast.', '2026-05-10']);
    expect(texts.some((t) => /20 June|2026-06-20/.test(t))).toBe(false);
  });

  it('"the third Saturday of the month" stays a weekday of the month, not a date', () => {
    const facts = read('Our litter pick is on the third Saturday of every month.');
    expect(facts.some((f) => /third Saturday of every month/.test(f.text))).toBe(true);
  });
});

describe('fragments answering the assistant', () => {
  it('"Occupational therapist, in a hospice." answers "what do you do for a living?"', () => {
    const facts = read('assistant: What do you do for a living?\nuser: Occupational therapist, in a hospice.\nassistant: Rewarding work.');
    expect(facts.find((f) => f.attribute === 'role')?.text).toMatch(/occupational therapist/i);
  });

  it('"A tabby called Marmalade." answers "what kind of cat?"', () => {
    const facts = read('assistant: Any pets?\nuser: Yes, a cat.\nassistant: What kind of cat?\nuser: A tabby called Marmalade.');
    expect(facts.some((f) => f.attribute === 'pet:cat' && /Marmalade/.test(f.text))).toBe(true);
  });
});
