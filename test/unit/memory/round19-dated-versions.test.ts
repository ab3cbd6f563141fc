import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../src/core/types.js';
import { olderPlace } from '../../../src/memory/dated-versions.js';
import { ownDocumentDate } from '../../../src/memory/document-date.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import type { ExtractedFact, RelationJudge } from '../../../src/memory/types.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { memoryRecord } from '../../helpers/memories.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { factsReader } from './memory-fixture.js';

/** Issue 26, round 19: version chains follow the dates facts were stated on, not the order documents arrive in. */

const read = factsReader();

function version(id: string, v: number, parent: string | null, date: string | null, memory = id): MemoryRecord {
  return memoryRecord({
    id,
    orgId: 'org',
    containerTags: ['u'],
    memory,
    isStatic: true,
    isLatest: false,
    version: v,
    parentMemoryId: parent,
    rootMemoryId: 'a',
    relation: parent ? 'updates' : null,
    subject: 'the user',
    attribute: 'residence',
    metadata: date ? { date } : {},
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });
}

describe('olderPlace: where a fact stated before the latest version goes', () => {
  const a = version('a', 1, null, '2026-01-10');
  const b = version('b', 2, 'a', '2026-05-10');
  const c = { ...version('c', 3, 'b', '2026-09-10'), isLatest: true };
  const chain = [a, b, c];

  it('below every version stated after it, the later ones renumbered', () => {
    expect(olderPlace(chain, c, '2026-07-01', 'x')).toMatchObject({ above: { id: 'c' }, later: [{ id: 'c' }] });
    const early = olderPlace(chain, c, '2026-03-01', 'x');
    expect(early?.above.id).toBe('b');
    expect(early?.later.map((m) => m.id)).toEqual(['b', 'c']);
    expect(olderPlace(chain, c, '2025-12-01', 'x')?.above.id).toBe('a');
  });

  it('not older: a later or same day, or no date on either side (arrival order)', () => {
    expect(olderPlace(chain, c, '2026-09-10', 'x')).toBeNull();
    expect(olderPlace(chain, c, '2026-10-01', 'x')).toBeNull();
    expect(olderPlace(chain, c, null, 'x')).toBeNull();
    const undatedLatest = { ...c, metadata: {} };
    expect(olderPlace([a, b, undatedLatest], undatedLatest, '2026-01-01', 'x')).toBeNull();
  });

  it('an undated version keeps its place: the fact goes no lower than it', () => {
    const undated = { ...b, metadata: {} };
    expect(olderPlace([a, undated, c], c, '2025-12-01', 'x')?.above.id).toBe('c');
  });

  it('a version that already says the same is found (the fact is a further source of it)', () => {
    expect(olderPlace(chain, c, '2026-02-01', 'A.')?.sameAs?.id).toBe('a');
  });
});

describe('the date a document speaks from, read from its content', () => {
  const own = (content: string, metadata: Record<string, string | number> = {}) => ownDocumentDate({ content, metadata, createdAt: '2026-11-28T00:00:00.000Z' });

  it("an e-mail's Sent: line and an RFC 2822 Date: header inside its header block", () => {
    expect(own('Sent: Monday, September 7, 2026 9:12 AM\nSubject: new address\n\nI moved.')).toBe('2026-09-07T09:12:00.000Z');
    expect(own('From: Jo <jo@example.com>\nTo: Team <t@example.com>\nCc: Ana <a@example.com>\nReply-To: jo@example.com\nSubject: hi\nDate: Tue, 4 Aug 2026 10:14:00 +0000\n\nHello')).toBe('2026-08-04T10:14:00.000Z');
  });

  it('epoch milliseconds and a sentAt key in metadata; nothing for an undated document', () => {
    expect(own('I moved.', { date: 1788000000000 })?.slice(0, 10)).toBe('2026-08-29');
    expect(own('I moved.', { sentAt: '2026-07-30T11:00:00Z' })).toBe('2026-07-30T11:00:00.000Z');
    expect(own('I moved to Lyon. Sent from my phone')).toBeNull();
  });
});

describe('rememberFacts orders a chain by the dates facts were stated on', () => {
  async function chainAfter(judge: RelationJudge, docs: [string, string | null][]): Promise<{ latest: string[]; history: string[] }> {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge };
    for (const [i, [content, date]] of docs.entries()) {
      await rememberFacts(
        deps,
        { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), statedAt: date ? `${date}T00:00:00.000Z` : null },
        read(content, date ?? '2026-11-01'),
      );
    }
    const all = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories;
    const head = all.find((m) => m.isLatest && !m.isForgotten)!;
    const history = await store.memories.memoryHistory('org', head.rootMemoryId ?? head.id);
    await store.close();
    return { latest: all.filter((m) => m.isLatest && !m.isForgotten).map((m) => m.memory), history: history.map((m) => `${m.version}:${m.memory}`) };
  }

  it('three moves remembered in shuffled order: the newest by date is latest, the history is in date order', async () => {
    const { latest, history } = await chainAfter(createHeuristicJudge(), [
      ['I moved to Toronto in January.', '2026-01-20'],
      ['I moved to Montreal in July.', '2026-07-08'],
      ['I live in Chicago.', '2025-06-11'],
    ]);
    expect(latest).toEqual([expect.stringMatching(/Montreal/)]);
    expect(history.map((h) => /Chicago|Toronto|Montreal/.exec(h)?.[0])).toEqual(['Chicago', 'Toronto', 'Montreal']);
    expect(history.map((h) => h.split(':')[0])).toEqual(['1', '2', '3']);
  });

  it('an older correction does not win over a later move', async () => {
    const { latest } = await chainAfter(createHeuristicJudge(), [
      ['I live in Coimbra.', '2026-01-02'],
      ['We moved to Braga this month.', '2026-08-20'],
      ['Correction: I live in Porto, not Coimbra.', '2026-01-10'],
    ]);
    expect(latest.join(' ')).toMatch(/Braga/);
    expect(latest.join(' ')).not.toMatch(/Porto|Coimbra/);
  });

  it('the LLM path alike: whatever judge says "updates", an older fact becomes an earlier version', async () => {
    // A model's judge answers by the same contract: it relates the facts; the dates order them.
    const llmLike: RelationJudge = { kind: 'llm', judge: async (_f: ExtractedFact, candidates) => (candidates[0] ? { relation: 'updates', targetId: candidates[0].id } : { relation: 'new' }) };
    const { latest, history } = await chainAfter(llmLike, [
      ['I work at Stripe.', '2026-09-14'],
      ['I work at Figma.', '2026-01-20'],
    ]);
    expect(latest).toEqual([expect.stringMatching(/Stripe/)]);
    expect(history.map((h) => /Stripe|Figma/.exec(h)?.[0])).toEqual(['Figma', 'Stripe']);
  });

  it('undated facts keep arrival order', async () => {
    const { latest } = await chainAfter(createHeuristicJudge(), [
      ['I moved to Toronto in January.', null],
      ['I live in Chicago.', null],
    ]);
    expect(latest).toEqual([expect.stringMatching(/Chicago/)]);
  });
});
