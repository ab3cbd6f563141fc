/**
 * Questions about a value that held before (services/memory-past.ts): the search reads the earlier versions of its
 * candidates, and the fact stated just before the one the question names goes first.
 */
import { describe, expect, it } from 'vitest';
import { pastQuestion, previousValueFirst } from '../../../src/services/memory-past.js';
import { plainSubject } from '../../../src/services/memory-ranking.js';
import { fact, searchMemories, versionChain } from './memory-ranking-fixture.js';

const homes = versionChain(
  [
    { memory: 'The user lives in Bristol, in a flat above a bakery.', date: '2025-11-02' },
    { memory: 'The user moved to Cardiff for the new job.', date: '2026-03-15' },
    { memory: 'The user has bought a house in Newport.', date: '2026-09-01' },
  ],
  'the user',
  'residence',
);

describe('questions about a former value', () => {
  it('reads which value the question names as the later one', () => {
    expect(pastQuestion('where did I live before Cardiff?')).toEqual({ reference: 'Cardiff' });
    expect(pastQuestion('what did I do before the NHS?')).toEqual({ reference: 'NHS', occupation: true });
    expect(pastQuestion('where did Priya work before New Look?')).toEqual({ reference: 'New Look' });
    expect(pastQuestion('what was my old address?')).toEqual({ reference: null });
    expect(pastQuestion('where did I use to live?')).toEqual({ reference: null });
    // About now, or "before" in a question in the present.
    expect(pastQuestion('where do I live?')).toBeNull();
    expect(pastQuestion('what should I pack before the trip?')).toBeNull();
  });

  it('answers "where did I live before Cardiff?" with the superseded version before it', async () => {
    const results = await searchMemories(homes, 'where did I live before Cardiff?');
    expect(results[0]).toBe('The user lives in Bristol, in a flat above a bakery.');
  });

  it('answers "what was my old address?" with the version before the current one, and "where do I live?" as before', async () => {
    expect((await searchMemories(homes, 'what was my old address? where did I live'))[0]).toBe('The user moved to Cardiff for the new job.');
    expect((await searchMemories(homes, 'where do I live?'))[0]).toBe('The user has bought a house in Newport.');
  });

  it("leaves the order alone for another person's facts, another kind of value, or a reference no fact names", () => {
    const hits = [
      { memory: fact('The user works at Monzo.', 'the user', 'employer', '2026-02-16'), similarity: 0.9 },
      { memory: fact('Priya works at Google.', 'Priya', 'employer', '2026-01-10'), similarity: 0.8 },
      { memory: fact('The user lives in Leeds.', 'the user', 'residence', '2026-01-05'), similarity: 0.7 },
    ];
    const texts = (past: { reference: string | null }) => previousValueFirst(hits, past, ['employer'], plainSubject).map((h) => h.memory.memory);
    expect(texts({ reference: 'Monzo' })).toEqual(['The user works at Monzo.', 'Priya works at Google.', 'The user lives in Leeds.']);
    expect(texts({ reference: 'Stripe' })).toEqual(['The user works at Monzo.', 'Priya works at Google.', 'The user lives in Leeds.']);
    // The user's earlier employer, once there is one, goes first.
    const withPret = [...hits, { memory: fact('The user works at Pret.', 'the user', 'employer', '2025-09-08'), similarity: 0.3 }];
    expect(previousValueFirst(withPret, { reference: 'Monzo' }, ['employer'], plainSubject)[0]!.memory.memory).toBe('The user works at Pret.');
  });
});
