import { describe, expect, it } from 'vitest';
import { rememberFacts } from '../../../src/memory/remember.js';
import type { ExtractedFact, RelationJudge } from '../../../src/memory/types.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { factsReader, latestMemories as latestAfter } from './memory-fixture.js';

/**
 * Round 11 (issue 26): corrections that name only the values ("it's Linz, not Graz"), in a later document, a cleft,
 * an "I said X before but", a confirmed question; and a new version the extractor could not file takes the kind of
 * what it replaces. Sentences written for this test.
 */
const read = factsReader('2026-04-01');

describe('corrections that name only the values', () => {
  it('a later note\'s "it\'s Linz, not Graz" replaces the memory holding Graz, filed as it was', async () => {
    const latest = await latestAfter(['We live in Graz now, close to the university.', '2026-03-01'], ["Small fix to yesterday's note: it's Linz, not Graz.", '2026-03-02']);
    expect(latest.some((m) => /Graz/.test(m.memory))).toBe(false);
    const linz = latest.find((m) => /Linz/.test(m.memory));
    expect(linz).toMatchObject({ attribute: 'residence', isStatic: true, subject: 'the user' });
  });

  it('a cleft ("it\'s mango I\'m allergic to, not kiwi") corrects the allergy', async () => {
    const latest = await latestAfter(["I'm allergic to kiwi.", '2026-02-01'], ["Just to be clear, it's mango I'm allergic to, not kiwi.", '2026-02-10']);
    expect(latest.some((m) => /kiwi/i.test(m.memory))).toBe(false);
    expect(latest.some((m) => /allergic to mango/.test(m.memory))).toBe(true);
  });

  it('"I wrote Leeds last time, he\'s in York" corrects the memory holding Leeds, whoever it is about', async () => {
    const latest = await latestAfter(
      ['My uncle Rob lives in Leeds with his dogs.', '2026-05-04'],
      ["user: planning a visit\nassistant: Nice!\nuser: I wrote Leeds last time, he's in York, not Leeds\nassistant: Noted.", '2026-05-05'],
    );
    expect(latest.some((m) => /Leeds/.test(m.memory))).toBe(false);
    expect(latest.find((m) => /York/.test(m.memory))).toMatchObject({ subject: 'Rob', attribute: 'residence' });
  });

  it('a confirmed "Just to confirm, you work at KPMG, not Deloitte?" replaces the employer', async () => {
    const latest = await latestAfter(['I do accounting at Deloitte.', '2026-01-05'], ['user: I named the wrong firm\nassistant: Just to confirm, you work at KPMG, not Deloitte?\nuser: yes', '2026-01-06']);
    expect(latest.some((m) => /Deloitte/.test(m.memory) && !/not Deloitte/.test(m.memory))).toBe(false);
    expect(latest.some((m) => /KPMG/.test(m.memory))).toBe(true);
  });

  it('a bare value is not taken for the user\'s name ("it\'s Linz, not Graz" names nobody)', () => {
    const facts = read("Quick correction: it's Linz, not Graz.");
    expect(facts.every((f) => f.subject === 'the user' && f.attribute !== 'name')).toBe(true);
    expect(facts[0]?.corrects).toEqual({ meant: 'Linz', rejected: 'Graz' });
  });

  it('denials and remarks are no value corrections', () => {
    expect(read("I'm not vegan actually, just vegetarian.").some((f) => f.corrects)).toBe(false);
    expect(read("it's fine, not a big deal")).toEqual([]);
  });
});

describe('a new version the extractor could not file', () => {
  it('takes the attribute and the kind of the memory it replaces', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    // Whatever decides the relation (a model, the heuristic), the update of a filed memory is filed the same way.
    const judge: RelationJudge = { kind: 'llm', judge: async (_f, candidates) => (candidates[0] ? { relation: 'updates', targetId: candidates[0].id } : { relation: 'new' }) };
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge };
    const ctx = (documentId: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now: '2026-06-01T10:00:00.000Z' });
    const fact = (text: string, over: Partial<ExtractedFact>): ExtractedFact => ({ text, isStatic: true, eventDate: null, forgetAfter: null, subject: 'the user', attribute: null, speaker: null, ...over });
    await rememberFacts(deps, ctx('d0'), [fact('The user drives a Fiat Panda.', { attribute: 'vehicle' })]);
    const out = await rememberFacts(deps, ctx('d1'), [fact('The user sold the Panda and got an e-bike instead.', { isStatic: false })]);
    expect(await store.memories.getMemory('org', out.updated[0]!)).toMatchObject({ attribute: 'vehicle', isStatic: true });
    await store.close();
  });
});
