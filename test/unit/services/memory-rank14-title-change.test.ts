/**
 * Issue 26, round 13 (rank14): a later fact that gives a person another job title ("was promoted to ward sister",
 * "made partner", "went back to being a picker", "title at the BBC changed to assistant producer") goes above the
 * title it replaces however far below it scores: a promotion seldom repeats the words of the question or of the old
 * title, and the engine files it under no attribute.
 */
import { describe, expect, it } from 'vitest';
import { leadingName } from '../../../src/services/memory-ranking.js';
import { fact, order } from './memory-ranking-fixture.js';

describe('a later change of job title, beyond any margin', () => {
  it('puts "was promoted to ward sister" above "works as a nurse" at 0.71 against 0.99', () => {
    const nurse = fact('Priyanka works as a nurse.', 'Priyanka', 'role', '2026-01-10');
    const promoted = fact('Priyanka was promoted to ward sister in October 2026.', null, null, '2026-10-25');
    expect(
      order([
        { memory: nurse, similarity: 0.991 },
        { memory: promoted, similarity: 0.711 },
      ]),
    ).toEqual([promoted.memory, nurse.memory]);
  });

  it('reads "made partner", "title ... changed to" and "went back to being" after an opening clause', () => {
    const associate = fact('Hannah Okafor works as an associate.', 'Hannah Okafor', 'role', '2026-02-11');
    const partner = fact('Hannah Okafor made partner this spring.', 'Hannah Okafor', null, '2026-05-19');
    expect(
      order([
        { memory: associate, similarity: 0.9 },
        { memory: partner, similarity: 0.3 },
      ])[0],
    ).toBe(partner.memory);

    const researcher = fact('The user works as a researcher.', 'the user', 'role', '2026-01-15');
    const retitled = fact("The user's title at the BBC changed to assistant producer in July 2026.", 'the user', null, '2026-07-28');
    expect(
      order([
        { memory: researcher, similarity: 0.883 },
        { memory: retitled, similarity: 0.214 },
      ])[0],
    ).toBe(retitled.memory);

    const supervisor = fact('Marcus works as a shift supervisor.', 'Marcus', 'role', '2026-01-12');
    const picker = fact('After the restructure Marcus went back to being a picker at the Coventry warehouse.', null, null, '2026-06-30');
    expect(leadingName(picker.memory)).toBe('Marcus');
    expect(
      order([
        { memory: supervisor, similarity: 0.949 },
        { memory: picker, similarity: 0.597 },
      ])[0],
    ).toBe(picker.memory);
  });

  it('leaves the older fact first for an employer, another person, an older promotion, or a word that names no job', () => {
    const employer = fact("Priyanka works at Guy's.", 'Priyanka', 'employer', '2026-01-10');
    const promoted = fact('Priyanka was promoted to ward sister in October 2026.', null, null, '2026-10-25');
    expect(
      order([
        { memory: employer, similarity: 0.95 },
        { memory: promoted, similarity: 0.4 },
      ])[0],
    ).toBe(employer.memory);

    const nurse = fact('Priyanka works as a nurse.', 'Priyanka', 'role', '2026-01-10');
    const other = fact('Arjun was promoted to registrar in August 2026.', 'Arjun', null, '2026-08-20');
    expect(
      order([
        { memory: nurse, similarity: 0.95 },
        { memory: other, similarity: 0.4 },
      ])[0],
    ).toBe(nurse.memory);

    const older = fact('Priyanka was promoted to staff nurse in 2020.', 'Priyanka', null, '2020-05-01');
    expect(
      order([
        { memory: nurse, similarity: 0.95 },
        { memory: older, similarity: 0.4 },
      ])[0],
    ).toBe(nurse.memory);

    const mother = fact('Priyanka became a mother in June.', 'Priyanka', null, '2026-06-20');
    expect(
      order([
        { memory: nurse, similarity: 0.95 },
        { memory: mother, similarity: 0.4 },
      ])[0],
    ).toBe(nurse.memory);
  });

  it('reads a wish or another sense of the words as no new title', () => {
    const nurse = fact('Priyanka works as a nurse.', 'Priyanka', 'role', '2026-01-10');
    const wish = fact('Priyanka wants to become a midwife one day.', 'Priyanka', null, '2026-06-21');
    const charity = fact('Priyanka promoted her charity run on Instagram.', 'Priyanka', null, '2026-06-22');
    for (const later of [wish, charity])
      expect(
        order([
          { memory: nurse, similarity: 0.95 },
          { memory: later, similarity: 0.4 },
        ])[0],
      ).toBe(nurse.memory);
  });
});
