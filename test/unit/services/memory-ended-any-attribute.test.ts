/**
 * Issue 26, round 11: a later fact that ends what an older one states goes first, whatever attribute the engine filed
 * either under ("left The Lanterns" filed as employer after "plays bass in a band called The Lanterns" filed as a
 * schedule), with the ending words people use for memberships and roles ("dropped out of", "stepped down from",
 * "stopped", "gave up"); and facts the engine left without a subject compare by the name their text opens with.
 */
import { describe, expect, it } from 'vitest';
import { leadingName, subjectOf } from '../../../src/services/memory-ranking.js';
import { order, plainFact as fact } from './memory-ranking-fixture.js';

describe('a later fact that ends a named value, under any attribute', () => {
  it('puts "left The Lanterns" above "plays bass in a band called The Lanterns" though the two are filed under different attributes', () => {
    const band = fact('The user plays bass in a band called The Lanterns.', 'the user', 'schedule:bass', '2026-02-08');
    const left = fact('The user left The Lanterns after the last gig in May.', 'the user', 'employer', '2026-06-12');
    expect(
      order([
        { memory: band, similarity: 0.21 },
        { memory: left, similarity: 0.0 },
      ]),
    ).toEqual([left.memory, band.memory]);
  });

  it('reads "dropped out of", "stepped down from" and "stopped" as endings of a membership', () => {
    const club = fact('The user is a member of the Riverside book club.', 'the user', 'membership:book club', '2026-03-01');
    const dropped = fact('The user dropped out of the Riverside book club, no time anymore.', 'the user', 'schedule:out', '2026-08-20');
    expect(
      order([
        { memory: club, similarity: 1 },
        { memory: dropped, similarity: 0.11 },
      ]),
    ).toEqual([dropped.memory, club.memory]);
    const board = fact('The user is on the board of the Hackney food bank.', 'the user', null, '2026-01-21');
    const stepped = fact('The user stepped down from the Hackney food bank board in May.', 'the user', null, '2026-06-30');
    expect(
      order([
        { memory: board, similarity: 0.24 },
        { memory: stepped, similarity: 0.1 },
      ])[0],
    ).toBe(stepped.memory);
  });

  it('leaves an older fact first when the later one ends something else, or is older, or is about someone else', () => {
    const club = fact('The user is a member of the Riverside book club.', 'the user', 'membership:book club', '2026-03-01');
    const otherValue = fact('The user stopped going to the Hillside gym.', 'the user', null, '2026-08-20');
    const stoppedBy = fact('The user stopped by the Riverside library.', 'the user', null, '2026-08-21');
    const someoneElse = fact('Maya dropped out of the Riverside book club.', 'Maya', null, '2026-08-22');
    const earlier = fact('The user left the Riverside choir.', 'the user', null, '2025-01-01');
    for (const newer of [otherValue, stoppedBy, someoneElse, earlier])
      expect(
        order([
          { memory: club, similarity: 0.9 },
          { memory: newer, similarity: 0.5 },
        ])[0],
        newer.memory,
      ).toBe(club.memory);
    // A departure is no ending, and the subject's own name ("John's") is no value of the older fact (LoCoMo).
    const goal = fact("John's goal is to improve John's shooting percentage.", 'John', null, '2023-06-01');
    const trip = fact("John just left for John's European vacation.", 'John', null, '2023-07-01');
    const quitGoal = fact("John quit John's book club.", 'John', null, '2023-07-02');
    for (const newer of [trip, quitGoal])
      expect(
        order([
          { memory: goal, similarity: 0.9 },
          { memory: newer, similarity: 0.5 },
        ])[0],
        newer.memory,
      ).toBe(goal.memory);
  });
});

describe("a job's other half changed later", () => {
  it('puts a later new version of the title above the older employer fact when both answer about equally', () => {
    const employer = fact('Oksana works at Dishoom.', 'Oksana', 'employer', '2026-01-14');
    const title = { ...fact('Oksana became head chef in April.', 'Oksana', 'role', '2026-05-01'), relation: 'updates' as const, version: 2 };
    expect(
      order([
        { memory: employer, similarity: 0.99 },
        { memory: title, similarity: 0.937 },
      ]),
    ).toEqual([title.memory, employer.memory]);
    // Two halves of one statement (no change) keep their order, and so does a change far below.
    const plain = fact('Oksana works as a sous chef.', 'Oksana', 'role', '2026-05-01');
    expect(
      order([
        { memory: employer, similarity: 0.99 },
        { memory: plain, similarity: 0.937 },
      ])[0],
    ).toBe(employer.memory);
    expect(
      order([
        { memory: employer, similarity: 0.99 },
        { memory: title, similarity: 0.5 },
      ])[0],
    ).toBe(employer.memory);
  });
});

describe('a relationship that ends', () => {
  it('does not end another fact that names the same person ("broke up with Priya" is no answer about the dog)', () => {
    const dog = fact("The user's girlfriend Priya and the user adopted a dog in 2025, his name is Rufus.", 'the user', 'pet', '2026-01-10');
    const broke = fact('The user broke up with Priya in January 2026.', 'the user', 'partner', '2026-02-01');
    expect(
      order([
        { memory: dog, similarity: 0.9 },
        { memory: broke, similarity: 0.3 },
      ])[0],
    ).toBe(dog.memory);
  });
});

describe('facts without a stored subject', () => {
  it('compare by the name their text opens with', () => {
    expect(leadingName('Kofi was promoted to captain in June 2026.')).toBe('Kofi');
    expect(leadingName('Lucia Ferri is now head of marketing.')).toBe('Lucia Ferri');
    expect(leadingName("Kofi's team moved to the north station.")).toBe('Kofi');
    expect(leadingName('The grant proposal is due on December 4.')).toBeNull();
    // An opening clause of time before the name (round 13): the fact is still Kofi's; with no name after it, none.
    expect(leadingName('After the move Kofi settled in.')).toBe('Kofi');
    expect(leadingName('After the move the family settled in.')).toBeNull();
    expect(subjectOf({ subject: 'Maya', memory: 'Kofi is a lieutenant.' })).toBe('maya');
  });

  it('so a later change of a person the engine left unattributed goes above the older statement', () => {
    const lieutenant = fact('Kofi is a lieutenant in the city fire service.', null, null, '2026-02-11');
    const captain = fact('Kofi was promoted to captain in June 2026.', null, null, '2026-07-02');
    expect(
      order([
        { memory: lieutenant, similarity: 0.768 },
        { memory: captain, similarity: 0.761 },
      ]),
    ).toEqual([captain.memory, lieutenant.memory]);
    // Another person's later change does not move it.
    const other = fact('Ama was promoted to captain in June 2026.', null, null, '2026-07-02');
    expect(
      order([
        { memory: lieutenant, similarity: 0.768 },
        { memory: other, similarity: 0.761 },
      ])[0],
    ).toBe(lieutenant.memory);
  });
});
