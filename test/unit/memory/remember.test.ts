import { describe, expect, it } from 'vitest';
import type { ExtractedFact } from '../../../src/memory/types.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { rememberFacts, retractDocument } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

const fact = (text: string, over: Partial<ExtractedFact> = {}): ExtractedFact => ({
  text, isStatic: true, eventDate: null, forgetAfter: null, subject: 'Dana', attribute: null, speaker: null, ...over,
});

describe('rememberFacts', () => {
  it('finds the memory a fact updates by subject and attribute even when many closer-worded memories exist', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const ctx = (documentId: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now: new Date().toISOString() });
    const first = await rememberFacts(deps, ctx('d0'), [fact('Dana resides in a flat near the Seine in Paris.', { attribute: 'home city' })]);
    // Thirty facts about Dana that share more words with the update than the Paris fact does.
    await rememberFacts(deps, ctx('d1'), Array.from({ length: 30 }, (_, i) => fact(`Dana moved the sofa number ${i} to the new room.`, { isStatic: false })));
    const update = await rememberFacts(deps, ctx('d2'), [fact('Dana moved to Berlin.', { attribute: 'home city' })]);
    expect(update.updated).toHaveLength(1);
    const berlin = await store.memories.getMemory('org', update.updated[0]!);
    expect(berlin).toMatchObject({ version: 2, parentMemoryId: first.created[0], relation: 'updates', isLatest: true });
    expect(await store.memories.getMemory('org', first.created[0]!)).toMatchObject({ isLatest: false });

    // Retracting the document that made the update brings the previous version back.
    expect(await retractDocument(store.memories, 'org', 'd2', new Date().toISOString())).toBe(1);
    expect(await store.memories.getMemory('org', first.created[0]!)).toMatchObject({ isLatest: true, isForgotten: false });
    expect(await store.memories.getMemory('org', berlin!.id)).toMatchObject({ isForgotten: true, forgetReason: 'retracted' });
    await store.close();
  });

  it('a duplicate adds its document as a source; retracting one of two sources keeps the memory', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const now = new Date().toISOString();
    const a = await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: 'a', now }, [fact('Dana is allergic to peanuts.')]);
    const b = await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: 'b', now }, [fact('Dana is allergic to peanuts.')]);
    expect(b.duplicates).toEqual(a.created);
    expect(await store.memories.getMemory('org', a.created[0]!)).toMatchObject({ documentIds: ['a', 'b'], sourceCount: 2 });
    expect(await retractDocument(store.memories, 'org', 'a', now)).toBe(0);
    expect(await store.memories.getMemory('org', a.created[0]!)).toMatchObject({ documentIds: ['b'], sourceCount: 1, isForgotten: false });
    await store.close();
  });
});
