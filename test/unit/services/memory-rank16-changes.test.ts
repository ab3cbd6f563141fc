/**
 * Issue 26, round 15 (rank16, ask16): advice on food to serve someone asks about that person's diet; a diet said to
 * hold now replaces the older one; the job taken after a notice handed in answers about the job, above the older job
 * and above the notice itself.
 */
import { describe, expect, it } from 'vitest';
import { askedAttributes } from '../../../src/services/memory-ranking.js';
import { fact, order, plainFact } from './memory-ranking-fixture.js';

describe('diets asked indirectly and said with "now"', () => {
  it('reads a question about food to serve someone as a question about their diet', () => {
    expect(askedAttributes('what should I cook for Tom?')).toContain('diet');
    expect(askedAttributes('what should I give Arthur for lunch?')).toContain('diet');
    expect(askedAttributes('what could I get Maya for dinner?')).toContain('diet');
    // Not: a question about a past meal, or about something else to get someone.
    expect(askedAttributes('what did Caroline cook last weekend?')).not.toContain('diet');
    expect(askedAttributes('what should I get Tom for his birthday?')).not.toContain('diet');
    expect(askedAttributes('what can I make for the school fair?')).not.toContain('diet');
  });

  it('puts "Tom is pescatarian these days" above "he\'s vegetarian"', () => {
    const vegetarian = plainFact("Tom's coming for dinner on 2026-01-23, he's vegetarian.", 'Tom', null, '2026-01-20');
    const pescatarian = plainFact('Tom is pescatarian these days.', 'Tom', null, '2026-10-02');
    expect(
      order([
        // Beyond the change margin: only the diet said to hold now moves it.
        { memory: vegetarian, similarity: 0.9 },
        { memory: pescatarian, similarity: 0.5 },
      ]),
    ).toEqual([pescatarian.memory, vegetarian.memory]);
  });

  it("leaves another person's diet, a 'now' with no diet word and an older diet alone", () => {
    const vegetarian = plainFact("Tom's coming for dinner, he's vegetarian.", 'Tom', null, '2026-01-20');
    const cases = [
      plainFact('Maya is vegan these days.', 'Maya', null, '2026-10-02'),
      plainFact('Tom is training for a marathon these days.', 'Tom', null, '2026-10-02'),
      plainFact('Tom was keto for a while, now vegetarian again.', 'Tom', null, '2025-06-01'),
    ];
    for (const other of cases)
      expect(
        order([
          { memory: vegetarian, similarity: 0.9 },
          { memory: other, similarity: 0.5 },
        ])[0],
      ).toBe(vegetarian.memory);
  });
});

describe('the job taken after the one left', () => {
  const dishoom = fact('The user works at Dishoom.', 'the user', 'employer', '2026-02-14');
  const notice = { ...plainFact("The user handed the user's notice in at Dishoom in July 2026.", 'the user', null, '2026-08-30'), documentIds: ['d2'] };
  const ember = { ...plainFact('The user has been head chef at a little place called Ember in Hackney since the start of August.', 'the user', null, '2026-08-30'), documentIds: ['d2'] };

  it('puts the new job above the older job that the notice ends', () => {
    expect(
      order([
        { memory: dishoom, similarity: 0.767 },
        { memory: notice, similarity: 0.419 },
        { memory: ember, similarity: 0.404 },
      ])[0],
    ).toBe(ember.memory);
  });

  it('puts the new job above the notice itself ("still at Dishoom?")', () => {
    expect(
      order([
        { memory: notice, similarity: 0.9 },
        { memory: dishoom, similarity: 0.764 },
        { memory: ember, similarity: 0.404 },
      ])[0],
    ).toBe(ember.memory);
  });

  it("leaves the notice first when no job follows it, or only another person's or an older one", () => {
    const maya = plainFact('Maya has been head chef at Ember since August.', 'Maya', null, '2026-09-01');
    const older = plainFact('The user has been a sous chef at Dishoom since 2024.', 'the user', null, '2026-01-01');
    for (const other of [maya, older])
      expect(
        order([
          { memory: notice, similarity: 0.9 },
          { memory: other, similarity: 0.4 },
        ])[0],
      ).toBe(notice.memory);
  });
});

describe('a switch away from the value an older fact names', () => {
  const barclays = fact('The user has banked with Barclays since uni.', 'the user', null, '2026-02-09');

  it('puts "switched my current account to monzo, barclays app was driving me mad" above "banked with Barclays"', () => {
    const monzo = plainFact("Finally switched the user's current account to monzo, barclays app was driving the user mad.", 'the user', null, '2026-07-13');
    expect(
      order([
        { memory: barclays, similarity: 0.983 },
        { memory: monzo, similarity: 0.479 },
      ]),
    ).toEqual([monzo.memory, barclays.memory]);
  });

  it("leaves it first for another person's switch, a switch naming another thing, or an older switch", () => {
    const cases = [
      plainFact('Maya switched her account from Barclays to Monzo.', 'Maya', null, '2026-07-13'),
      plainFact('The user switched gyms to PureGym.', 'the user', null, '2026-07-13'),
      plainFact('The user switched from Barclays to Lloyds years ago.', 'the user', null, '2025-01-01'),
    ];
    for (const other of cases)
      expect(
        order([
          { memory: barclays, similarity: 0.983 },
          { memory: other, similarity: 0.479 },
        ])[0],
      ).toBe(barclays.memory);
  });
});
