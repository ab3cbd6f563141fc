/**
 * Issue 26, round 21 (rank23): questions about the job before another. "Priya left Google." and "Priya now works at
 * Stripe." come from one message (the ending linked as the first version, or not linked at all); "what did I do before
 * the NHS?" asks the title where the employer's chain holds the earlier value.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../src/core/types.js';
import { pastQuestion, previousValueFirst } from '../../../src/services/memory-past.js';
import { askedAttributes, plainSubject } from '../../../src/services/memory-ranking.js';
import { fact, versionChain } from './memory-ranking-fixture.js';

const hit = (memory: MemoryRecord, similarity: number) => ({ memory, similarity });
const answer = (q: string, hits: { memory: MemoryRecord; similarity: number }[]): string => {
  const past = pastQuestion(q);
  if (!past) throw new Error(`not a past question: ${q}`);
  return previousValueFirst(hits, past, askedAttributes(q), plainSubject)[0]!.memory.memory;
};

describe('the job before another, told in one message', () => {
  it('answers with the ending linked as the first version of the chain', () => {
    const [left, stripe] = versionChain(
      [
        { memory: 'Priya left Google.', date: '2026-04-02' },
        { memory: 'Priya now works at Stripe, payments infra.', date: '2026-04-02' },
      ],
      'Priya',
      'employer',
    );
    const going = fact('Stripe going well, promoted to staff eng in August 2027.', null, null, '2026-09-15');
    expect(answer('where did Priya work before Stripe?', [hit(stripe!, 0.99), hit(going, 0.75), hit(left!, 0.74)])).toBe('Priya left Google.');
  });

  it('answers with an ending not linked to the new job, filed under no attribute', () => {
    const left = fact('Zsófia left Halden & Moss Surveyors.', 'Zsófia', null, '2026-04-02');
    const now = fact('Zsófia now works at Mercado Libre, payments infra.', 'Zsófia', 'employer', '2026-04-02');
    expect(answer('where did Zsófia work before Mercado Libre?', [hit(now, 0.99), hit(left, 0.74)])).toBe(left.memory);
  });

  it('answers "what did I do before the NHS?" with the title of the earlier job, not its employer', () => {
    const [school, nhs] = versionChain(
      [
        { memory: 'The user works at Hollins High School.', date: '2025-10-01' },
        { memory: 'The user works at the NHS.', date: '2026-04-20' },
      ],
      'the user',
      'employer',
    );
    const [teacher, analyst] = versionChain(
      [
        { memory: 'The user works as a maths teacher.', date: '2025-10-01' },
        { memory: 'The user works as a data analyst.', date: '2026-04-20' },
      ],
      'the user',
      'role',
    );
    const hits = [hit(school!, 0.982), hit(nhs!, 0.981), hit(analyst!, 0.738), hit(teacher!, 0.048)];
    expect(answer('what did I do before the NHS?', hits)).toBe('The user works as a maths teacher.');
    // Asked where, the employer before it answers.
    expect(answer('where did I work before the NHS?', hits)).toBe('The user works at Hollins High School.');
  });
});
