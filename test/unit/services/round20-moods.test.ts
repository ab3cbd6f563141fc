import { describe, expect, it } from 'vitest';
import { unasserted } from '../../../src/services/memory-moods.js';
import { currentFactsFirst } from '../../../src/services/memory-ranking.js';
import { memoryRecord } from '../../helpers/memories.js';

/**
 * Round 20 (issue 26): advice, conditions, wishes, choices being weighed and questions are remembered, but a plain
 * statement of the same person answers above them. Sentences written for these tests.
 */
const hit = (memory: string, similarity: number, subject = 'the user', at = '2026-03-01T10:00:00.000Z', attribute: string | null = null) => ({
  memory: memoryRecord({ memory, subject, createdAt: at, attribute, isStatic: attribute !== null }),
  similarity,
});
const first = (...hits: ReturnType<typeof hit>[]) => currentFactsFirst(hits)[0]!.memory.memory;

describe('facts in another mood', () => {
  it('reads advice, conditions, wishes, weighing and questions, not plain facts', () => {
    expect(unasserted("The user's physio says the user should switch to swimming.")).toBe(true);
    expect(unasserted('If the user gets into Edinburgh the user would move in August.')).toBe(true);
    expect(unasserted('The user wishes the user lived by the sea.')).toBe(true);
    expect(unasserted('The user is considering a move to Porto.')).toBe(true);
    expect(unasserted('The user might take the job at Arup.')).toBe(true);
    expect(unasserted('The user lives in Porto.')).toBe(false);
    expect(unasserted('The user moved to Leeds in May 2026.')).toBe(false);
    expect(unasserted('The user says the flat in Leeds is great.')).toBe(false);
  });

  it('advice from someone else ranks below the plain fact of the same person', () => {
    expect(
      first(
        hit("The user's physio says the user should switch to swimming.", 0.93, "the user's physio", '2026-05-01T10:00:00.000Z'),
        hit('The user runs three times a week.', 0.84, 'the user', '2026-01-01T10:00:00.000Z', 'hobby'),
      ),
    ).toBe('The user runs three times a week.');
  });

  it('a wish ranks below the plain fact; a plain fact far less relevant does not take its place', () => {
    expect(first(hit('The user wishes the user worked at the BBC.', 0.95), hit('The user works at ITV.', 0.9, 'the user', '2026-01-01T10:00:00.000Z', 'employer'))).toBe('The user works at ITV.');
    expect(first(hit('The user is considering a move to Porto.', 0.9), hit('The user works at ITV.', 0.2, 'the user', '2026-01-01T10:00:00.000Z', 'employer'))).toBe('The user is considering a move to Porto.');
  });

  it('an event of the same person does not take the place of a plan (an event says nothing of what the plan is about)', () => {
    expect(first(hit('The user is thinking of studying law next year.', 0.9), hit('The user went to an open day at Leeds on Saturday.', 0.8))).toBe('The user is thinking of studying law next year.');
  });

  it("another person's plain fact does not take the place of the user's plan", () => {
    expect(first(hit('The user might take the job at Arup.', 0.9), hit('Tom works at Arup.', 0.85, 'Tom', '2026-01-01T10:00:00.000Z', 'employer'))).toBe('The user might take the job at Arup.');
  });
});
