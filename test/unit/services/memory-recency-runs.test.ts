/**
 * Issue 26, round 12: recency decides between facts of one person that answer about equally well, measured on each
 * fact's own score. On LoCoMo a person has dozens of facts a little apart in score; swapping places (and scores) let
 * a later fact climb the whole run, so the answers were sorted by date ("How is Gina's store doing?" answered 14th).
 * And two episodes (neither static nor of a catalogue attribute) are two things that happened: recency does not
 * decide between them.
 */
import { describe, expect, it } from 'vitest';
import { currentFactsFirst, type RankedMemory } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';

const fact = (memory: string, subject: string | null, date: string, isStatic = true) => memoryRecord({ memory, subject, attribute: null, isStatic, createdAt: `${date}T10:00:00.000Z`, metadata: { date } });
const order = (hits: RankedMemory[]) => currentFactsFirst(hits).map((h) => h.memory.memory);

describe("near ties of one person, on the facts' own scores", () => {
  const run = [
    { memory: fact('Gina opened an online clothing store.', 'Gina', '2023-02-01'), similarity: 0.9 },
    { memory: fact('Gina loves dancing with friends.', 'Gina', '2023-03-01'), similarity: 0.89 },
    { memory: fact('Gina teamed up with a local artist.', 'Gina', '2023-04-01'), similarity: 0.88 },
    { memory: fact('Gina launched an ad campaign.', 'Gina', '2023-05-01'), similarity: 0.87 },
    { memory: fact('Gina acquired some unique pieces.', 'Gina', '2023-06-01'), similarity: 0.86 },
  ];

  it('does not let the newest fact climb a run of facts each a little above the next', () => {
    const out = order(run);
    expect(out[0]).not.toBe(run[4]!.memory.memory);
    expect(out.indexOf(run[0]!.memory.memory)).toBeLessThan(out.indexOf(run[4]!.memory.memory));
  });

  it('still puts the later of two facts within the tie first', () => {
    expect(order(run.slice(0, 2))).toEqual([run[1]!.memory.memory, run[0]!.memory.memory]);
  });
});

describe('episodes are not old and new values of one thing', () => {
  const vintage = (isStatic: boolean) => fact("Gina's online store sells vintage pieces from flea markets.", 'Gina', '2023-03-01', isStatic);
  const handmade = (isStatic: boolean) => fact("Gina's online store sells handmade pieces by a local artist.", 'Gina', '2023-08-01', isStatic);

  it('keeps the better of two episodes about the same thing first, however they are dated', () => {
    const older = vintage(false);
    const newer = handmade(false);
    expect(
      order([
        { memory: older, similarity: 0.9 },
        { memory: newer, similarity: 0.85 },
      ]),
    ).toEqual([older.memory, newer.memory]);
    expect(
      order([
        { memory: older, similarity: 0.9 },
        { memory: newer, similarity: 0.895 },
      ])[0],
    ).toBe(older.memory);
  });

  it('puts the later of two episodes first when it restates the other with one value changed', () => {
    const before = fact("The user's mom's birthday: March 3.", 'the user', '2026-01-02', false);
    const corrected = fact("The user's mom's birthday is March 13.", 'the user', '2026-01-05', false);
    expect(
      order([
        { memory: before, similarity: 0.9 },
        { memory: corrected, similarity: 0.89 },
      ])[0],
    ).toBe(corrected.memory);
  });

  it('beyond a near tie, keeps two episodes in score order even when they differ in one word', () => {
    const turtles = fact('Nate shared a photo of his two turtles.', 'Nate', '2022-04-01', false);
    const dog = fact('Nate shared a photo of his two dogs.', 'Nate', '2022-09-01', false);
    expect(
      order([
        { memory: turtles, similarity: 0.9 },
        { memory: dog, similarity: 0.85 },
      ])[0],
    ).toBe(turtles.memory);
  });

  it('still puts the later of two lasting statements of one topic first', () => {
    const older = vintage(true);
    const newer = handmade(true);
    expect(
      order([
        { memory: older, similarity: 0.9 },
        { memory: newer, similarity: 0.85 },
      ])[0],
    ).toBe(newer.memory);
  });
});
