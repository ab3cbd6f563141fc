import { describe, expect, it } from 'vitest';
import { attributeEvidence, canonicalAttribute, CHANGE_MARGIN, currentFactsFirst, newerTwinsFirst, questionFocus, RECENCY_TIE, supersessionKey, TWIN_MARGIN } from '../../../src/services/memory-ranking.js';
import { mergeDistinct } from '../../../src/services/recall.js';
import { memoryRecord } from '../../helpers/memories.js';

describe('memory ranking', () => {
  it('reads catalogue attributes as they are and older free-text ones by the catalogue words they use', () => {
    expect(canonicalAttribute('residence')).toBe('residence');
    expect(canonicalAttribute('allergy:peanut')).toBe('allergy:peanut');
    expect(canonicalAttribute('home city')).toBe('residence');
    expect(canonicalAttribute('employer_name')).toBe('employer');
    expect(canonicalAttribute('favourite colour')).toBe('favorite');
    expect(canonicalAttribute('mood of the day')).toBeNull();
    expect(canonicalAttribute(null)).toBeNull();
  });

  it('keys supersession by subject and single-valued attribute (keyed ones with their object), never by "other"', () => {
    expect(supersessionKey({ subject: 'Dana', attribute: 'residence' })).toBe(supersessionKey({ subject: 'dana ', attribute: 'home city' }));
    expect(supersessionKey({ subject: 'Dana', attribute: 'allergy:peanut' })).not.toBe(supersessionKey({ subject: 'Dana', attribute: 'allergy:shellfish' }));
    expect(supersessionKey({ subject: 'Dana', attribute: 'allergy' })).toBeNull();
    expect(supersessionKey({ subject: 'Dana', attribute: 'other' })).toBeNull();
    expect(supersessionKey({ subject: null, attribute: 'residence' })).toBeNull();
    expect(supersessionKey({ subject: 'Lena', attribute: 'residence' })).not.toBe(supersessionKey({ subject: 'Dana', attribute: 'residence' }));
  });

  it('scores attribute evidence: the attribute asked about, another one, or unknown', () => {
    expect(attributeEvidence(['residence', 'location'], { attribute: 'residence' })).toBe(1);
    expect(attributeEvidence(['residence', 'location'], { attribute: 'name' })).toBe(-1);
    expect(attributeEvidence(['residence'], { attribute: 'other' })).toBe(0);
    expect(attributeEvidence(['residence'], { attribute: null })).toBe(0);
    expect(attributeEvidence([], { attribute: 'name' })).toBe(0);
  });

  it('puts the current fact of a subject and attribute first, and every older one below it', () => {
    const old = memoryRecord({ memory: 'Dana lives in Boston.', subject: 'Dana', attribute: 'residence', createdAt: '2026-01-01T00:00:00.000Z' });
    const now = memoryRecord({ memory: 'Dana moved to Seattle.', subject: 'Dana', attribute: 'residence', createdAt: '2026-03-01T00:00:00.000Z' });
    const job = memoryRecord({ memory: 'Dana is a nurse.', subject: 'Dana', attribute: 'role', createdAt: '2025-01-01T00:00:00.000Z' });
    const lena = memoryRecord({ memory: 'Lena lives in Rome.', subject: 'Lena', attribute: 'residence', createdAt: '2024-01-01T00:00:00.000Z' });
    const ranked = currentFactsFirst([
      { memory: old, similarity: 0.9 },
      { memory: job, similarity: 0.6 },
      { memory: now, similarity: 0.4 },
      { memory: lena, similarity: 0.8 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['Dana moved to Seattle.', 'Dana lives in Boston.', 'Lena lives in Rome.', 'Dana is a nurse.']);
    expect(ranked[0]!.similarity).toBe(0.9);
    expect(ranked[1]!.similarity).toBeLessThan(0.9);
    // Within a version chain the latest version is current (a retraction can make an older one latest again).
    const v1 = memoryRecord({ memory: 'v1', createdAt: '2026-01-01T00:00:00.000Z' });
    const v2 = memoryRecord({ memory: 'v2', rootMemoryId: v1.id, version: 2, isLatest: false, isForgotten: true, createdAt: '2026-02-01T00:00:00.000Z' });
    expect(
      currentFactsFirst([
        { memory: v2, similarity: 0.9 },
        { memory: v1, similarity: 0.5 },
      ]).map((h) => h.memory.memory),
    ).toEqual(['v1', 'v2']);
  });

  it('on a near tie between facts of one subject, the one stated later comes first', () => {
    // Lasting facts, as the offline engine files both (isStatic): two episodes keep their order (memory-recency-runs).
    const smokes = memoryRecord({ memory: 'The user smokes about half a pack a day.', subject: 'the user', isStatic: true, createdAt: '2026-01-02T00:00:00.000Z' });
    const quit = memoryRecord({ memory: 'The user quit smoking in January.', subject: 'The user', isStatic: true, createdAt: '2026-03-15T00:00:00.000Z' });
    const lena = memoryRecord({ memory: 'Lena quit smoking.', subject: 'Lena', createdAt: '2026-05-01T00:00:00.000Z' });
    const ranked = currentFactsFirst([
      { memory: smokes, similarity: 0.996 },
      { memory: quit, similarity: 0.982 },
      { memory: lena, similarity: 0.975 },
    ]);
    expect(ranked.map((h) => [h.memory.memory, h.similarity])).toEqual([
      ['The user quit smoking in January.', 0.996],
      ['The user smokes about half a pack a day.', 0.982],
      ['Lena quit smoking.', 0.975],
    ]);
    // Beyond the tie, similarity decides.
    expect(
      currentFactsFirst([
        { memory: smokes, similarity: 0.9 },
        { memory: quit, similarity: 0.9 - RECENCY_TIE },
      ]).map((h) => h.memory.id),
    ).toEqual([smokes.id, quit.id]);
  });

  it('on a near tie, a later fact of another attribute does not overtake the one asked about (employer vs role)', () => {
    const employer = memoryRecord({ memory: 'Omar works at Brightwater & Cole.', subject: 'Omar', attribute: 'employer', createdAt: '2026-01-03T00:00:00.000Z' });
    const role = memoryRecord({ memory: 'Omar works as a partner.', subject: 'Omar', attribute: 'role', createdAt: '2026-04-02T00:00:00.000Z' });
    const ranked = currentFactsFirst([
      { memory: employer, similarity: 0.995 },
      { memory: role, similarity: 0.99 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['Omar works at Brightwater & Cole.', 'Omar works as a partner.']);
  });

  it('scores a role question on what it asks, without the organisation it names', () => {
    expect(questionFocus("What is Maya's position at Baker & Lowe?")).toBe("What is Maya's position?");
    expect(questionFocus("What's Omar's rank at the firm now?")).toBe("What's Omar's rank now?");
    // Questions about the employer, or about both, keep the organisation.
    expect(questionFocus('Does Maya still work at Baker & Lowe?')).toBe('Does Maya still work at Baker & Lowe?');
    expect(questionFocus("What's Maya's job at Baker & Lowe?")).toBe("What's Maya's job at Baker & Lowe?");
  });

  it('merges memory and chunk results into one ranking with each text once, the memory kept', () => {
    const merged = mergeDistinct(
      [
        { kind: 'memory' as const, similarity: 0.6, text: 'Dana keeps bees.', id: 'm1' },
        { kind: 'memory' as const, similarity: 0.5, text: 'dana keeps  bees', id: 'm2' },
      ],
      [
        { kind: 'chunk' as const, similarity: 0.8, text: 'Dana keeps bees.', id: 'c1' },
        { kind: 'chunk' as const, similarity: 0.7, text: 'Other text.', id: 'c2' },
      ],
    );
    expect(merged.map((r) => [r.id, r.similarity])).toEqual([
      ['m1', 0.8],
      ['c2', 0.7],
    ]);
  });

  it('keeps the incoming order of results of one kind with equal similarity, a memory before a chunk at a tie', () => {
    const memories = ['m1', 'm2', 'm3', 'm4'].map((id) => ({ kind: 'memory' as const, similarity: 0.7, text: `fact ${id}`, id }));
    const chunks = ['c1', 'c2'].map((id) => ({ kind: 'chunk' as const, similarity: 0.7, text: `passage ${id}`, id }));
    expect(mergeDistinct(memories, chunks).map((r) => r.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'c1', 'c2']);
    expect(mergeDistinct([...memories].reverse(), chunks).map((r) => r.id)).toEqual(['m4', 'm3', 'm2', 'm1', 'c1', 'c2']);
  });

  describe('a change the engine did not link (statements of one topic about one subject)', () => {
    const at = (d: string) => `2026-${d}T00:00:00.000Z`;
    it('puts the later statement first when it scores within the margin, and keeps the older one just below', () => {
      const boston = memoryRecord({ memory: 'Maya rents an apartment in Boston near the harbor.', subject: 'Maya', attribute: 'other', createdAt: at('01-05') });
      const seattle = memoryRecord({ memory: 'Maya rents an apartment in Seattle now.', subject: 'Maya', attribute: null, createdAt: at('03-01') });
      const pet = memoryRecord({ memory: 'Maya has a cat named Miso.', subject: 'Maya', attribute: 'pet:cat', createdAt: at('02-01') });
      const ranked = currentFactsFirst([
        { memory: boston, similarity: 0.8 },
        { memory: pet, similarity: 0.75 },
        { memory: seattle, similarity: 0.8 - TWIN_MARGIN + 0.01 },
      ]);
      expect(ranked.map((h) => h.memory.memory)).toEqual(['Maya rents an apartment in Seattle now.', 'Maya rents an apartment in Boston near the harbor.', 'Maya has a cat named Miso.']);
      expect(ranked.map((h) => h.similarity)).toEqual([...ranked.map((h) => h.similarity)].sort((a, b) => b - a));
      expect(ranked[0]!.similarity).toBe(0.8);
      // Beyond the margin, similarity decides (for a statement that does not announce a change: "now" widens it).
      const plain = { ...seattle, memory: 'Maya rents an apartment in Seattle.' };
      expect(
        currentFactsFirst([
          { memory: boston, similarity: 0.8 },
          { memory: plain, similarity: 0.8 - TWIN_MARGIN - 0.01 },
        ]).map((h) => h.memory.id),
      ).toEqual([boston.id, seattle.id]);
      expect(
        currentFactsFirst([
          { memory: boston, similarity: 0.8 },
          { memory: seattle, similarity: 0.8 - CHANGE_MARGIN - 0.01 },
        ]).map((h) => h.memory.id),
      ).toEqual([boston.id, seattle.id]);
    });

    it('orders three unlinked statements of one topic newest first', () => {
      // Lasting statements, as the offline engine files them (static; two episodes are never twins: memory-recency-runs).
      const first = memoryRecord({ memory: 'Maya rents an apartment in Boston.', subject: 'Maya', attribute: 'other', isStatic: true, createdAt: at('01-01') });
      const second = memoryRecord({ memory: 'Maya rents an apartment in Denver.', subject: 'Maya', attribute: 'other', isStatic: true, createdAt: at('02-01') });
      const third = memoryRecord({ memory: 'Maya rents an apartment in Seattle.', subject: 'Maya', attribute: 'other', isStatic: true, createdAt: at('03-01') });
      const ranked = newerTwinsFirst([
        { memory: first, similarity: 0.8 },
        { memory: second, similarity: 0.75 },
        { memory: third, similarity: 0.72 },
      ]);
      expect(ranked.map((h) => h.memory.id)).toEqual([third.id, second.id, first.id]);
    });

    it('never reorders two preferences, two keyed facts about different objects, or two people', () => {
      const sushi = memoryRecord({ memory: 'Maya likes sushi.', subject: 'Maya', attribute: 'other', createdAt: at('01-01') });
      const hiking = memoryRecord({ memory: 'Maya likes hiking.', subject: 'Maya', attribute: 'other', createdAt: at('02-01') });
      const peanut = memoryRecord({ memory: 'Maya has a severe allergy to peanuts since childhood.', subject: 'Maya', attribute: 'allergy:peanut', createdAt: at('01-01') });
      const shellfish = memoryRecord({ memory: 'Maya has a severe allergy to shellfish since childhood.', subject: 'Maya', attribute: 'allergy:shellfish', createdAt: at('02-01') });
      const mayaFlat = memoryRecord({ memory: 'Maya rents an apartment in Boston.', subject: 'Maya', attribute: 'other', createdAt: at('01-01') });
      const lenaFlat = memoryRecord({ memory: 'Lena rents an apartment in Denver.', subject: 'Lena', attribute: 'other', createdAt: at('02-01') });
      const job = memoryRecord({ memory: 'Maya works as a nurse at St Mary hospital.', subject: 'Maya', attribute: 'role', createdAt: at('01-01') });
      const employer = memoryRecord({ memory: 'Maya works at St Mary hospital nights.', subject: 'Maya', attribute: 'employer', createdAt: at('02-01') });
      for (const [older, newer] of [
        [sushi, hiking],
        [peanut, shellfish],
        [mayaFlat, lenaFlat],
        [job, employer],
      ] as const) {
        const order = newerTwinsFirst([
          { memory: older, similarity: 0.7 },
          { memory: newer, similarity: 0.65 },
        ]).map((h) => h.memory.id);
        expect(order).toEqual([older.id, newer.id]);
      }
    });
  });
});
