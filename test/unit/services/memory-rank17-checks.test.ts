/**
 * Issue 26, round 16 (rank17, ask17): a question that checks a value ("does Tom still live in Leeds?", "is Maya at
 * Figma?") names the old value, which the superseded version and other facts of the person still say. The chain's
 * latest version answers for what its earlier versions said, and a fact naming a value the chain replaced ranks below it.
 */
import { describe, expect, it } from 'vitest';
import { memoryRecord } from '../../helpers/memories.js';
import { checksValue, replacedValues } from '../../../src/services/memory-old-values.js';
import { searchMemories, versionChain } from './memory-ranking-fixture.js';

const opinion = (memory: string, subject: string, date: string) =>
  memoryRecord({ id: `o-${memory.length}`, orgId: 'org', containerTags: ['u'], memory, subject, attribute: 'goal:opinion', createdAt: `${date}T10:00:00.000Z`, metadata: { date } });

const tom = versionChain(
  [
    { memory: 'Tom lives in Leeds, near Roundhay Park.', date: '2026-01-05' },
    { memory: "Tom moved to Sheffield in May 2026 for his partner's job.", date: '2026-06-20' },
  ],
  'Tom',
  'residence',
);

describe('questions checking a value', () => {
  it('reads yes/no questions in the present and "still" / "anymore" as checks, not wh-questions', () => {
    expect(checksValue('does Tom still live in Leeds?')).toBe(true);
    expect(checksValue('is Maya at Figma?')).toBe(true);
    expect(checksValue('am I vegetarian anymore')).toBe(true);
    expect(checksValue('where does Tom live?')).toBe(false);
    expect(checksValue('what did Tom study?')).toBe(false);
  });

  it('knows the values a chain replaced, not the names of its subject', () => {
    expect(replacedValues(tom[1]!, [tom[0]!]).sort()).toEqual(['leeds', 'park', 'roundhay']);
    expect(replacedValues({ memory: 'Maya works at Canva.', subject: 'Maya' }, [{ memory: 'Maya Chen works at Figma.', subject: 'Maya Chen' }])).toEqual(['figma']);
  });

  it('answers "does Tom still live in Leeds?" with the move, above his older fact that names Leeds twice', async () => {
    const loves = opinion("Tom loves Leeds and always says he'll never leave Leeds.", 'Tom', '2026-01-05');
    const ranked = await searchMemories([...tom, loves], 'does Tom still live in Leeds?');
    expect(ranked[0]).toBe(tom[1]!.memory);
    expect(ranked).toContain(loves.memory);
    // Not a version: the superseded "lives in Leeds" is not returned.
    expect(ranked).not.toContain(tom[0]!.memory);
  });

  it("leaves another person's fact naming the old value, and a fact said after the change, where they score", async () => {
    const ana = opinion('Ana loves Leeds and lives there.', 'Ana', '2026-01-05');
    expect((await searchMemories([...tom, ana], 'does Ana still live in Leeds?'))[0]).toBe(ana.memory);
    const later = opinion('Tom still loves Leeds and visits Leeds every month.', 'Tom', '2026-09-01');
    expect((await searchMemories([...tom, later], 'does Tom still love Leeds?'))[0]).toBe(later.memory);
  });
});
