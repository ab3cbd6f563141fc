/**
 * Issue 26, round 13 (rank14): "a new coach", "my new therapist" names a new holder of a relation the subject has one
 * of at a time. When an older fact of the same subject names a person in that relation ("trains with a running coach,
 * Ellie Park"), the newer goes first whatever attribute the engine filed either under.
 */
import { describe, expect, it } from 'vitest';
import { fact, order } from './memory-ranking-fixture.js';

describe('a new holder of a relation an older fact names a person for', () => {
  it('puts "found a new coach, Tomasz" above "trains with a running coach, Ellie Park"', () => {
    const ellie = fact('The user trains with a running coach, Ellie Park, twice a week.', 'the user', 'schedule:train', '2026-03-02');
    const tomasz = fact('The user found a new coach, Tomasz, through the club.', 'the user', null, '2026-08-18');
    expect(
      order([
        { memory: ellie, similarity: 0.984 },
        { memory: tomasz, similarity: 0.502 },
      ]),
    ).toEqual([tomasz.memory, ellie.memory]);
  });

  it('reads "new personal trainer" and "new therapist" the same way', () => {
    const jo = fact('The user sees a therapist called Jo every other week.', 'the user', 'schedule:see', '2026-01-27');
    const next = fact('The user has a new therapist, Marguerite.', 'the user', null, '2026-05-11');
    expect(
      order([
        { memory: jo, similarity: 0.9 },
        { memory: next, similarity: 0.35 },
      ])[0],
    ).toBe(next.memory);
    const sam = fact("The user's personal trainer is Sam Reid.", 'the user', null, '2026-01-05');
    const newTrainer = fact('The user started with a new personal trainer at the gym.', 'the user', null, '2026-04-05');
    expect(
      order([
        { memory: sam, similarity: 0.9 },
        { memory: newTrainer, similarity: 0.35 },
      ])[0],
    ).toBe(newTrainer.memory);
  });

  it('leaves the older fact first when it names no person, the relation differs, the subject differs, or it is later', () => {
    const unnamed = fact('The user trains with a running coach twice a week.', 'the user', 'schedule:train', '2026-03-02');
    const tomasz = fact('The user found a new coach, Tomasz, through the club.', 'the user', null, '2026-08-18');
    expect(
      order([
        { memory: unnamed, similarity: 0.98 },
        { memory: tomasz, similarity: 0.5 },
      ])[0],
    ).toBe(unnamed.memory);

    const dentist = fact('The user sees Dr. Kaur, a dentist at Smile Studio.', 'the user', null, '2026-01-13');
    expect(
      order([
        { memory: dentist, similarity: 0.98 },
        { memory: tomasz, similarity: 0.5 },
      ])[0],
    ).toBe(dentist.memory);

    const leo = fact("Leo's teacher is Mrs Patel.", 'Leo', null, '2025-10-01');
    const userTeacher = fact('The user has a new teacher for the pottery class.', 'the user', null, '2026-09-07');
    expect(
      order([
        { memory: leo, similarity: 0.98 },
        { memory: userTeacher, similarity: 0.5 },
      ])[0],
    ).toBe(leo.memory);

    const earlier = fact('The user found a new coach, Ellie Park, through the club.', 'the user', null, '2025-01-01');
    const later = fact('The user trains with a running coach, Tomasz Nowak, twice a week.', 'the user', 'schedule:train', '2026-03-02');
    expect(
      order([
        { memory: later, similarity: 0.98 },
        { memory: earlier, similarity: 0.5 },
      ])[0],
    ).toBe(later.memory);
  });
});
