import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 19 (issue 26): names and places in chat typed all in lowercase, and pets named in passing. Sentences written
 * for these tests.
 */
const read = factsReader('2026-05-20');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute] as const);

describe('all-lowercase chat', () => {
  it("a relative's name and their town are read as a name and a town", () => {
    expect(read('user: my cousin priya lives in dundee').map((f) => [f.subject, f.attribute, f.text])).toEqual([['Priya', 'residence', "The user's cousin Priya lives in Dundee."]]);
    expect(rows('user: priya moved to aberdeen in march, new job at the port')).toContainEqual(['Priya', 'residence']);
  });

  it('the later move replaces the earlier home', async () => {
    const texts = await latestTexts(['user: my cousin priya lives in dundee', '2026-01-10'], ['user: priya moved to aberdeen in march', '2026-04-02']);
    expect(texts.some((t) => /Aberdeen/.test(t))).toBe(true);
    expect(texts.some((t) => /Dundee/.test(t))).toBe(false);
  });

  it('a correction between two lowercase two-word towns keeps both words of each', () => {
    const fix = read('user: oops i meant we live in market harborough not market rasen').find((f) => f.corrects);
    expect(fix?.corrects).toMatchObject({ meant: 'Market Harborough', rejected: 'Market Rasen' });
  });

  it("a child opening a sentence at a new school is the child's education", () => {
    expect(rows('user: ezra started at brookfield academy in april')).toEqual([['Ezra', 'education']]);
  });

  it('common words stay as typed ("came back negative", "finally", "atm")', () => {
    const texts = read("user: i'm not allergic after all, the test came back negative").map((f) => f.text);
    expect(texts.join(' ')).not.toMatch(/Negative/);
    expect(read('user: im based in derby atm, near the station').map((f) => f.text)).toEqual(['The user is based in Derby atm, near the station.']);
  });
});

describe('pets named in passing', () => {
  it('an apposition or a bracket beside a possessed pet word states the pet', () => {
    expect(rows('Running late, walking Biscuit, my whippet, round the park first.')).toContainEqual(['the user', 'pet:dog']);
    expect(rows('Apologies, Tofu (our new hamster) escaped again.')).toContainEqual(['the user', 'pet:hamster']);
    expect(read('Omar missed the quiz because his parrot, Kiwi, got out.').map((f) => [f.subject, f.attribute, f.text])).toContainEqual(['Omar', 'pet:parrot', "Omar's parrot is called Kiwi."]);
    expect(read('We adopted a rescue dog, Juniper!').map((f) => f.text)).toContainEqual(expect.stringMatching(/Juniper/));
  });

  it('a name that is no pet\'s stays out ("my dog, The ..." / a place)', () => {
    expect(read('Walked my dog, Leeds was freezing.').some((f) => /called Leeds/.test(f.text))).toBe(false);
  });
});
