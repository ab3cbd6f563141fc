/**
 * Issue 26, round 9: whom a question asks about weighs by what it asks. Another person's fact ranks below (half its
 * similarity, no passage evidence) for the asked person's own attribute ("where does Tom live?"), not for an event
 * two people share ("when did Caroline go to the support group?", told in Melanie's turn), nor when the fact names
 * the asked person.
 */
import { describe, expect, it } from 'vitest';
import { asksAboutEvent, subjectsOf } from '../../../src/services/memory-subjects.js';
import { memoryRecord } from '../../helpers/memories.js';
import { searchHits } from './memory-ranking-fixture.js';

describe('what a question asks about a person', () => {
  it('tells an event, an activity or a time from a lasting attribute', () => {
    expect(asksAboutEvent('When did Caroline go to the LGBTQ support group?')).toBe(true);
    expect(asksAboutEvent('What did Melanie paint recently?')).toBe(true);
    expect(asksAboutEvent('What activities does Melanie partake in?')).toBe(true);
    expect(asksAboutEvent('How long has Caroline had her current group of friends for?')).toBe(true);
    expect(asksAboutEvent('where does Tom live?')).toBe(false);
    expect(asksAboutEvent("What is Caroline's relationship status?")).toBe(false);
    expect(asksAboutEvent('who do I work for?')).toBe(false);
  });

  it("reads whether a memory's text names the asked person", () => {
    const facts = [
      memoryRecord({ memory: 'Caroline went to a support group.', subject: 'Caroline' }),
      memoryRecord({ memory: 'Melanie asked Caroline how the support group went.', subject: 'Melanie' }),
      memoryRecord({ memory: 'Melanie paints sunsets.', subject: 'Melanie' }),
    ];
    const subjects = subjectsOf('When did Caroline go to the support group?', facts);
    expect(subjects.match(facts[1]!)).toBe(-1);
    expect(subjects.mentionsAsked(facts[1]!)).toBe(true);
    expect(subjects.mentionsAsked(facts[2]!)).toBe(false);
    expect(subjectsOf('what is the capital of France?', facts).mentionsAsked(facts[1]!)).toBe(false);
  });
});

describe('memories search: another person by what is asked', () => {
  async function searchWith(texts: { memory: string; subject: string; attribute?: string; documentId: string }[], q: string, sourceScores: Record<string, number>) {
    const memories = texts.map((t) => memoryRecord({ orgId: 'org', containerTags: ['u'], memory: t.memory, subject: t.subject, attribute: t.attribute ?? null, documentIds: [t.documentId] }));
    const hits = await searchHits(memories, q, { sources: new Map(Object.entries(sourceScores)) });
    return new Map(hits.map((h) => [h.memory.memory, h.similarity]));
  }

  it("an event question ranks the other speaker's fact from the passage that answers by that passage", async () => {
    const texts = [
      { memory: 'Caroline loves hiking in the mountains.', subject: 'Caroline', documentId: 'd-hike' },
      { memory: 'Melanie was glad the group went well.', subject: 'Melanie', documentId: 'd-group' },
    ];
    // The passage of Melanie's turn answers the question; Caroline's hiking turn does not.
    const sims = await searchWith(texts, 'When did Caroline go to the support group?', { 'd-group': 0.95, 'd-hike': 0.2 });
    expect(sims.get('Melanie was glad the group went well.')!).toBeGreaterThan(sims.get('Caroline loves hiking in the mountains.')!);
    expect(sims.get('Melanie was glad the group went well.')!).toBeGreaterThan(0.6);
  });

  it("another person's fact that names the asked person keeps its passage evidence for an attribute question", async () => {
    const texts = [
      { memory: 'Caroline loves hiking in the mountains.', subject: 'Caroline', documentId: 'd-hike' },
      { memory: 'Melanie is happy that Caroline is single and dating again.', subject: 'Melanie', documentId: 'd-dating' },
    ];
    const sims = await searchWith(texts, "What is Caroline's relationship status?", { 'd-dating': 0.95, 'd-hike': 0.2 });
    expect(sims.get('Melanie is happy that Caroline is single and dating again.')!).toBeGreaterThan(sims.get('Caroline loves hiking in the mountains.')!);
  });

  it("a question about a person's own attribute still ranks another person's fact at half, without its passage", async () => {
    const texts = [
      { memory: 'Tom lives in Bristol.', subject: 'Tom', attribute: 'residence', documentId: 'd-tom' },
      { memory: 'Hannah lives in Leeds.', subject: 'Hannah', attribute: 'residence', documentId: 'd-hannah' },
    ];
    const sims = await searchWith(texts, 'where does Tom live?', { 'd-hannah': 0.95, 'd-tom': 0.6 });
    expect(sims.get('Tom lives in Bristol.')!).toBeGreaterThan(sims.get('Hannah lives in Leeds.')!);
    expect(sims.get('Hannah lives in Leeds.')!).toBeLessThan(0.5);
  });
});
