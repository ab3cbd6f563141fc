/**
 * Issue 26 (speed): the ranking rules read each candidate once per question (memory-ranking.ts factView), not once per
 * pair and rule. A record is read again when it is ranked with another subject key, so the same records ranked for
 * two questions each answer for their own question's subjects.
 */
import { describe, expect, it } from 'vitest';
import { currentFactsFirst, type SubjectKey } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';

const order = (hits: readonly { memory: { id: string } }[]) => hits.map((h) => h.memory.id);

describe('memory ranking reads each candidate once per question', () => {
  const older = memoryRecord({ memory: 'Luis lives in Boston.', subject: 'Luis', isStatic: true, createdAt: '2026-01-01T00:00:00.000Z' });
  const newer = memoryRecord({ memory: 'Luis Ortega lives in Seattle.', subject: 'Luis Ortega', isStatic: true, createdAt: '2026-02-01T00:00:00.000Z' });
  const hits = [
    { memory: older, similarity: 0.8 },
    { memory: newer, similarity: 0.79 },
  ];
  // One question's candidates name one Luis (memory-subjects.ts: a first name stands for the one full name it begins).
  const oneLuis: SubjectKey = (s) => (s ? (s.toLowerCase().startsWith('luis') ? 'luis ortega' : s.toLowerCase()) : null);

  it('ranks the same records by the subject key of each ranking, in any order of the rankings', () => {
    // Two people: each keeps its own score.
    expect(order(currentFactsFirst(hits))).toEqual([older.id, newer.id]);
    // One person: the fact stated later goes first on a near tie.
    expect(order(currentFactsFirst(hits, oneLuis))).toEqual([newer.id, older.id]);
    expect(order(currentFactsFirst(hits))).toEqual([older.id, newer.id]);
    expect(order(currentFactsFirst(hits, oneLuis))).toEqual([newer.id, older.id]);
  });

  it('gives the same ranking to a record and to a copy of it', () => {
    const copies = hits.map((h) => ({ ...h, memory: { ...h.memory } }));
    expect(order(currentFactsFirst(copies, oneLuis))).toEqual(order(currentFactsFirst(hits, oneLuis)));
  });
});
