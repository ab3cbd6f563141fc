import { describe, expect, it } from 'vitest';
import { resolveDates } from '../../../src/memory/temporal-expressions.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Issue 26, round 23 (profile25): the changes profile24's split says only in passing were never stored, and a past
 * clause's month was placed in the next year. Read end to end (offline extractor, heuristic judge, hash embedder).
 */
const read = factsReader('2026-06-03');
const rows = (content: string, date?: string) => read(content, date).map((f) => [f.subject, f.attribute, f.text]);

describe('a date in a clause that looks back is in the past', () => {
  it('places the month of a since-clause before the day it was said, whatever the main verb', () => {
    expect(resolveDates('Since relocating to Bristol in May I cycle everywhere.', '2026-06-03').dates).toEqual(['2026-05-01']);
    expect(resolveDates("Ever since I went vegan in January I can't wait for spring.", '2026-03-18').dates).toEqual(['2026-01-01']);
    expect(resolveDates('Since moving on Saturday I have no internet.', '2026-06-03').dates).toEqual(['2026-05-30']);
  });

  it('keeps a clause about the future in the future, and reads a scheduled clause forward inside a past sentence', () => {
    expect(resolveDates('After the wedding in June we move to Leeds.', '2026-03-03').dates).toEqual(['2026-06-01']);
    expect(resolveDates("After moving to Leeds in May I'll look for work.", '2026-03-03').dates).toEqual(['2026-05-01']);
    expect(resolveDates('I booked the flights, we fly out on Friday.', '2026-06-03').dates).toEqual(['2026-06-05']);
    expect(resolveDates('I signed the lease and we move in July.', '2026-06-03').dates).toEqual(['2026-07-01']);
    expect(resolveDates('We got married in June.', '2026-03-03').dates).toEqual(['2025-06-01']);
  });
});

describe('changes said in passing are stored as the change', () => {
  it('"Since relocating to Bristol in May …" is a move in May of this year that replaces Manchester', async () => {
    expect(rows('Since relocating to Bristol in May I cycle everywhere.')[0]).toEqual(['the user', 'residence', 'The user relocated to Bristol in May 2026.']);
    const latest = await latestTexts(['I live in Manchester, in Ancoats.', '2026-02-11'], ['Since relocating to Bristol in May I cycle everywhere.', '2026-06-03']);
    expect(latest.filter((t) => /Manchester|Ancoats/.test(t))).toEqual([]);
  });

  it('"ever since I went vegan in January, …" is the diet, and replaces vegetarian', async () => {
    const chat = 'user: ever since I went vegan in January, cheese is the thing I miss most\nassistant: Have you tried cashew cheese?';
    expect(rows(chat, '2026-03-18')[0]).toEqual(['the user', 'diet', 'The user went vegan in January 2026.']);
    const latest = await latestTexts(["I'm vegetarian, have been for ten years.", '2025-11-05'], [chat, '2026-03-18']);
    expect(latest.filter((t) => t.includes('vegetarian'))).toEqual([]);
  });

  it('"three weeks into the new role at Wise" is the employer', () => {
    const chat = 'user: three weeks into the new role at Wise and I already miss the old canteen\nassistant: New jobs take a while!';
    expect(rows(chat, '2026-04-20')[0]).toEqual(['the user', 'employer', 'The user started a new role at Wise around 2026-03-30.']);
  });

  it('"since Marco and I broke up …" ends Marco and "Theo, the guy I\'ve been seeing" is the partner', () => {
    const chat = "user: since Marco and I broke up I've had the flat to myself. Theo, the guy I've been seeing for a couple of months, thinks I should get a cat\nassistant: A cat could be great company!";
    const facts = rows(chat, '2026-06-10');
    expect(facts).toContainEqual(['the user', 'partner', 'The user broke up with Marco.']);
    expect(facts).toContainEqual(['the user', 'partner', 'The user has been seeing Theo for a couple of months.']);
  });

  it('"we called him Biscuit" names the puppy just got; a call to someone names nobody', () => {
    expect(rows('user: we finally got a puppy!! we called him Biscuit\nassistant: Congratulations!', '2026-05-09')).toEqual([['the user', 'pet:dog', 'The user and others finally got a puppy called Biscuit.']]);
    expect(rows('user: my brother is stressed, we called him Tuesday\nassistant: ok', '2026-05-09').map((r) => r[2])).not.toContainEqual(expect.stringContaining('called Tuesday'));
  });

  it('a habit started "this week" does not expire with the week; a stay "this week" does', () => {
    expect(read("I've started learning Italian on Duolingo this week.", '2026-06-01')[0]).toMatchObject({ attribute: 'language:italian', forgetAfter: null });
    expect(read("I'm in Rome this week.", '2026-06-01')[0]?.forgetAfter).toBe('2026-06-07T23:59:59.999Z');
  });
});
