/**
 * Issue 26, round 10: a chat turn quoted as an event ("Melanie said on 20 October 2023: ...") ranks at a share of its
 * similarity, below a fact that answers as well: it holds every sentence of its turn.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/core/actor.js';
import { silentLogger } from '../../../src/core/logger.js';
import type { Embedder, EmbedderHandle } from '../../../src/providers/embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { MemorySearch, quotedTurn } from '../../../src/services/memory-search.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { memoryRecord } from '../../helpers/memories.js';

const actor: Actor = { orgId: 'org', keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };

describe('quoted turns', () => {
  it('recognises the events turn-events.ts files, not facts that mention saying', () => {
    expect(quotedTurn({ memory: 'Melanie said on 20 October 2023: The kids loved the hike.', attribute: null })).toBe(true);
    expect(quotedTurn({ memory: 'Caroline asked on 15 July 2023: What other projects do you do, besides pottery?', attribute: null })).toBe(true);
    expect(quotedTurn({ memory: 'Jon said: The new studio is the coolest thing ever.', attribute: null })).toBe(true);
    expect(quotedTurn({ memory: 'The doctor said the injury is not serious.', attribute: null })).toBe(false);
    expect(quotedTurn({ memory: 'Maya said on 2 May 2026: Maya lives in Boston.', attribute: 'residence' })).toBe(false);
  });

  it('a quoted turn ranks at 0.95 of the same similarity as a fact', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const hash = createHashEmbedder();
    // One vector for every text: the two memories differ by what they are, not by meaning.
    const same = await hash.embedQuery('hiking at the lake');
    const flat: Embedder = { ...hash, embedQuery: async () => same, embedDocuments: async (xs) => xs.map(() => same) };
    const handle: EmbedderHandle = { get: async () => flat, status: () => ({ state: 'ready', provider: 'hash', model: hash.id, dimensions: hash.dimensions }) };
    const event = memoryRecord({ orgId: 'org', containerTags: ['u'], memory: 'Melanie said on 20 October 2023: Melanie went hiking at the lake.', subject: 'Melanie', attribute: null });
    const fact = memoryRecord({ orgId: 'org', containerTags: ['u'], memory: 'Melanie went hiking at the lake with the kids.', subject: 'Melanie', attribute: null });
    for (const m of [event, fact]) await store.memories.insertMemory(m, { model: hash.id, vector: same });
    const hits = await new MemorySearch(store, handle, silentLogger).search(actor, { q: 'hiking lake', containerTags: ['u'], limit: 10, threshold: 0 });
    expect(hits.map((h) => h.memory.id)).toEqual([fact.id, event.id]);
    expect(hits[1]!.similarity / hits[0]!.similarity).toBeCloseTo(0.95, 2);
    await store.close();
  });
});
