/**
 * Issue 26, round 17 (past19): questions about the past and about time. A clause after "before" ("before I became a
 * teacher"), a period ("last year", "last summer"), "did I ever ... <Value>"; of the facts stated before the
 * reference, the reference's own earlier versions and the facts stating what is asked come first.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../src/core/types.js';
import { pastQuestion, periodEnd, previousValueFirst } from '../../../src/services/memory-past.js';
import { askedAttributes, plainSubject } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';
import { fact, versionChain } from './memory-ranking-fixture.js';

const hit = (memory: MemoryRecord, similarity: number) => ({ memory, similarity });
const answer = (q: string, hits: { memory: MemoryRecord; similarity: number }[]): string => {
  const past = pastQuestion(q);
  if (!past) throw new Error(`not a past question: ${q}`);
  return previousValueFirst(hits, past, askedAttributes(q), plainSubject)[0]!.memory.memory;
};

describe('reading a question about the past', () => {
  it('reads the complement of a clause after "before", a period, and a value asked with "ever"', () => {
    expect(pastQuestion('what did I do before I became a teacher?')).toEqual({ reference: 'teacher', clause: true });
    expect(pastQuestion("what was Priya's title before she was promoted?")).toEqual({ reference: 'promoted', clause: true });
    expect(pastQuestion('where did we live before we moved to New York?')).toEqual({ reference: 'New York', clause: true });
    expect(pastQuestion('where was I living last year?')).toEqual({ reference: null, period: { last: 'year' } });
    expect(pastQuestion('where did we go on holiday last summer?')).toEqual({ reference: null, period: { last: 'summer' } });
    expect(pastQuestion('what car did I drive in 2023?')).toEqual({ reference: null, period: { year: 2023 } });
    expect(pastQuestion('did I ever live in Boston?')).toEqual({ reference: null, named: 'Boston' });
    expect(pastQuestion('have you ever worked at Google?')).toEqual({ reference: null, named: 'Google' });
    // Still a reference named after "before", and nothing for the present.
    expect(pastQuestion('where did I live before Cardiff?')).toEqual({ reference: 'Cardiff' });
    expect(pastQuestion('where do I live?')).toBeNull();
    expect(pastQuestion('have I got any allergies?')).toBeNull();
  });

  it('ends a period on its last day before now', () => {
    expect(periodEnd({ last: 'year' }, '2026-04-28')).toBe('2025-12-31');
    expect(periodEnd({ last: 'summer' }, '2026-02-10')).toBe('2025-08-31');
    expect(periodEnd({ last: 'summer' }, '2026-10-01')).toBe('2026-08-31');
    expect(periodEnd({ last: 'winter' }, '2026-03-05')).toBe('2026-02-28');
    expect(periodEnd({ last: 'month' }, '2026-01-15')).toBe('2025-12-31');
    expect(periodEnd({ year: 2023 }, '2026-01-15')).toBe('2023-12-31');
    expect(periodEnd({ yearsAgo: 2 }, '2026-01-15')).toBe('2024-12-31');
  });
});

describe('the fact that held before', () => {
  it('answers "before Cardiff" with the home, not a fact of another kind told between', () => {
    const [bristol, cardiff] = versionChain(
      [
        { memory: 'The user lives in Bristol.', date: '2025-01-05' },
        { memory: 'The user moved to Cardiff at the end of June.', date: '2025-07-01' },
      ],
      'the user',
      'residence',
    );
    const wrist = fact('The user broke the user’s wrist falling off the user’s bike.', 'the user', null, '2025-04-03');
    expect(answer('where did I live before Cardiff?', [hit(wrist, 0.994), hit(cardiff!, 0.993), hit(bristol!, 0.99)])).toBe('The user lives in Bristol.');
  });

  it('answers "before she was a solicitor" with the earlier title of the chain, not the employer told the same day', () => {
    const [paralegal, solicitor, left] = versionChain(
      [
        { memory: 'Anna works as a paralegal.', date: '2025-01-08' },
        { memory: 'Anna works as a solicitor.', date: '2025-06-02' },
        { memory: 'Anna left Harbour Law.', date: '2025-11-03' },
      ],
      'Anna',
      'role',
    );
    const employer = fact('Anna works at Harbour Law.', 'Anna', 'employer', '2025-01-08');
    expect(answer('what did Anna do before she was a solicitor?', [hit(employer, 0.987), hit(left!, 0.986), hit(solicitor!, 0.7), hit(paralegal!, 0.7)])).toBe('Anna works as a paralegal.');
    // "before she was promoted" names nothing a fact says: the first hit is the reference.
    const junior = fact('Priya works as a junior associate.', 'Priya', 'role', '2025-02-01');
    const senior = fact('Priya made senior associate in January 2026.', 'Priya', null, '2026-01-28');
    expect(answer("what was Priya's title before she was promoted?", [hit(senior, 0.959), hit(junior, 0.958)])).toBe('Priya works as a junior associate.');
  });

  it('answers "last summer" with the fact stated then, and leaves a list whose first fact is from then', () => {
    const crete = fact('The user spent two weeks in Crete in August 2025.', 'the user', null, '2025-08-25');
    const iceland = fact('The user booked Iceland for August 2026.', 'the user', null, '2026-02-10');
    expect(answer('where did we go on holiday last summer?', [hit(iceland, 0.43), hit(crete, 0.16)])).toBe(crete.memory);
    const [glasgow, dundee] = versionChain(
      [
        { memory: 'The user lives in Glasgow.', date: '2025-03-10' },
        { memory: 'The user relocated to Dundee in April 2026.', date: '2026-04-28' },
      ],
      'the user',
      'residence',
    );
    expect(answer('where was I living last year?', [hit(dundee!, 0.76), hit(glasgow!, 0.29)])).toBe('The user lives in Glasgow.');
    // Asked in 2027 about last year (2026): the Dundee fact held then.
    const later = fact('The user joined a choir.', 'the user', null, '2027-02-01');
    expect(answer('where was I living last year?', [hit(dundee!, 0.76), hit(glasgow!, 0.29), hit(later, 0.01)])).toBe(dundee!.memory);
  });

  it('answers "did I ever work at Google?" with the fact naming Google', () => {
    const meta = fact('The user works at Meta.', 'the user', 'employer', '2025-01-15');
    const google = fact('The user interned at Google in 2019.', 'the user', null, '2025-01-15');
    expect(answer('did I ever work at Google?', [hit(meta, 0.81), hit(google, 0.71)])).toBe(google.memory);
    expect(answer('did I ever work at Amazon?', [hit(meta, 0.81), hit(google, 0.71)])).toBe(meta.memory);
  });

  it('answers "my old dog" by the thing asked about, and "my old number" by the first hit when nothing came before the asked one', () => {
    const course = fact('The user finished the Spanish course, got a distinction.', 'the user', null, '2025-06-27');
    const skye = fact('The user adopted a rescue greyhound called Skye.', 'the user', 'pet:dog', '2025-11-08');
    const died = fact("The user's dog Barney passed away.", 'the user', null, '2025-05-14');
    const collie = fact("The user's dog Barney is a border collie.", 'the user', null, '2025-01-06');
    expect(answer('what was my old dog called?', [hit(course, 0.94), hit(skye, 0.939), hit(died, 0.43), hit(collie, 0.41)])).toBe(died.memory);
    const oldNumber = fact("The user's mobile number is 07700 900321.", 'the user', 'contact:phone', '2025-05-01');
    const newNumber = memoryRecord({ memory: 'Changed networks, new number is 07700 900654.', subject: null, attribute: null, createdAt: '2025-09-12T10:00:00.000Z', metadata: { date: '2025-09-12' } });
    expect(answer('what was my old phone number?', [hit(newNumber, 0.904), hit(oldNumber, 0.903)])).toBe(oldNumber.memory);
  });
});
