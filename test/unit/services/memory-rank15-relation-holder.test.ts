/**
 * Issue 26, round 14 (rank15): the holder of a relation changes ("a new dentist, Dr Achebe", "a different accountant,
 * Gareth Lim", "Mrs Okafor retired, so Maisie has piano with Mr Tanaka now") and the newer fact goes above the older
 * holder whatever attribute the engine filed either under, and when the older fact is the holder's own ("Sunita Rao
 * ... is the user's accountant"); a trade-in ends the car it names.
 */
import { describe, expect, it } from 'vitest';
import { fact, order } from './memory-ranking-fixture.js';

describe('a new holder of a relation, under any attribute or subject', () => {
  it('puts "moved to a new dentist, Dr Achebe" (filed as a residence) above "the user\'s dentist is Dr Kovacs"', () => {
    const kovacs = fact("The user's dentist is Dr Kovacs.", 'the user', 'field:dentist', '2026-03-04');
    const achebe = fact('The user has moved to a new dentist, Dr Achebe, closer to work.', 'the user', 'residence', '2026-08-17');
    expect(
      order([
        { memory: kovacs, similarity: 0.985 },
        { memory: achebe, similarity: 0.6 },
      ]),
    ).toEqual([achebe.memory, kovacs.memory]);
  });

  it('puts "hired a different accountant, Gareth Lim" above the former accountant\'s own fact', () => {
    const sunita = fact("Sunita Rao does the user's tax returns, she's the user's accountant.", 'Sunita Rao', null, '2026-01-22');
    const gareth = fact('The user hired a different accountant in 2026, Gareth Lim.', 'the user', null, '2026-11-02');
    expect(
      order([
        { memory: sunita, similarity: 0.984 },
        { memory: gareth, similarity: 0.7 },
      ]),
    ).toEqual([gareth.memory, sunita.memory]);
  });

  it('puts "Mrs Okafor retired, so Maisie has piano with Mr Tanaka now" above "Maisie\'s piano teacher is Mrs Okafor"', () => {
    const okafor = fact("Maisie's piano teacher is Mrs Okafor.", 'Maisie', 'field:piano teacher', '2026-02-12');
    const retired = fact('Mrs Okafor retired, so Maisie has piano with Mr Tanaka now.', 'Mrs Okafor', 'employer', '2026-09-01');
    expect(
      order([
        { memory: okafor, similarity: 0.893 },
        { memory: retired, similarity: 0.5 },
      ]),
    ).toEqual([retired.memory, okafor.memory]);
  });

  it('puts "traded the Focus in for a Skoda Octavia" above "drives a Ford Focus"', () => {
    const focus = fact("The user's dad drives a Ford Focus.", "the user's father", 'vehicle', '2026-01-25');
    const traded = fact("The user's dad traded the Focus in for a Skoda Octavia.", "the user's father", null, '2026-04-02');
    expect(
      order([
        { memory: focus, similarity: 1 },
        { memory: traded, similarity: 0.3 },
      ]),
    ).toEqual([traded.memory, focus.memory]);
  });

  it("leaves the older fact first for another person's relation, another person retiring, or an older change", () => {
    const sunita = fact("Sunita Rao is Hana's accountant.", 'Sunita Rao', null, '2026-01-22');
    const gareth = fact('The user hired a different accountant in 2026, Gareth Lim.', 'the user', null, '2026-11-02');
    const okafor = fact("Maisie's piano teacher is Mrs Okafor.", 'Maisie', 'field:piano teacher', '2026-02-12');
    const other = fact('Mrs Patel retired last summer.', 'Mrs Patel', null, '2026-09-01');
    const early = fact('Mrs Okafor retired from the orchestra.', 'Mrs Okafor', null, '2025-06-01');
    const byName = fact('Okafor Ltd closed its shop.', 'Okafor Ltd', null, '2026-09-01');
    for (const [older, newer] of [
      [sunita, gareth],
      [okafor, other],
      [okafor, early],
      [okafor, byName],
    ] as const)
      expect(
        order([
          { memory: older, similarity: 0.9 },
          { memory: newer, similarity: 0.5 },
        ])[0],
      ).toBe(older.memory);
  });
});

describe('a replacement said with "instead" beside the ending it follows', () => {
  it('puts "joined Gymbox instead" above "cancelled PureGym" of the same note, however far below', () => {
    const cancelled = fact('The user cancelled PureGym.', 'the user', null, '2026-09-12');
    const joined = fact('The user joined Gymbox instead.', 'the user', 'employer', '2026-09-12');
    expect(
      order([
        { memory: cancelled, similarity: 0.282 },
        { memory: joined, similarity: 0.007 },
      ]),
    ).toEqual([joined.memory, cancelled.memory]);
  });

  it('leaves the ending first for another person or an older "instead"', () => {
    const cancelled = fact('The user cancelled PureGym.', 'the user', null, '2026-09-12');
    const lucia = fact('Lucia joined Gymbox instead.', 'Lucia', null, '2026-09-12');
    const older = fact('The user joined Gymbox instead.', 'the user', null, '2026-03-01');
    for (const [first, second] of [
      [cancelled, lucia],
      [cancelled, older],
    ] as const)
      expect(
        order([
          { memory: first, similarity: 0.282 },
          { memory: second, similarity: 0.007 },
        ])[0],
      ).toBe(first.memory);
  });
});
