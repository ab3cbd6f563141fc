import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/core/actor.js';
import { silentLogger } from '../../../src/core/logger.js';
import type { Embedder, EmbedderHandle } from '../../../src/providers/embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { MemorySearch } from '../../../src/services/memory-search.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { memoryRecord } from '../../helpers/memories.js';

const actor: Actor = { orgId: 'org', keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };

describe('MemorySearch reads', () => {
  it("reads the keyword candidates' rows while the query is being embedded, and every candidate row once", async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const hash = createHashEmbedder();
    const texts = ['Dana adopted a greyhound named Pixel.', 'Dana walks the greyhound at dawn.', 'Eli plays the cello.', 'Eli lives in Lisbon.'];
    const vectors = await hash.embedDocuments(texts);
    const stored = texts.map((memory) => memoryRecord({ orgId: 'org', containerTags: ['u'], memory }));
    for (const [i, m] of stored.entries()) await store.memories.insertMemory(m, { model: hash.id, vector: vectors[i]! });

    // The query's embedding waits until released: what is read before that overlaps with it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let embedded = false;
    const slow: Embedder = {
      ...hash,
      embedQuery: async (text) => {
        await gate;
        embedded = true;
        return hash.embedQuery(text);
      },
    };
    const handle: EmbedderHandle = { get: async () => slow, status: () => ({ state: 'ready', provider: 'hash', model: hash.id, dimensions: hash.dimensions }) };
    const reads: { ids: string[]; afterEmbedding: boolean }[] = [];
    const byIds = store.memories.getMemoriesByIds.bind(store.memories);
    store.memories.getMemoriesByIds = async (orgId, ids) => {
      reads.push({ ids: [...ids], afterEmbedding: embedded });
      return byIds(orgId, ids);
    };

    const searching = new MemorySearch(store, handle, silentLogger).search(actor, { q: 'greyhound', containerTags: ['u'], limit: 10, threshold: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.afterEmbedding).toBe(false);
    expect(reads[0]!.ids.sort()).toEqual([stored[0]!.id, stored[1]!.id].sort());

    release();
    const hits = await searching;
    expect(hits.map((h) => h.memory.id)).toEqual(expect.arrayContaining([stored[0]!.id, stored[1]!.id]));
    const all = reads.flatMap((r) => r.ids);
    expect(new Set(all).size).toBe(all.length);
    expect(reads.slice(1).every((r) => r.afterEmbedding)).toBe(true);
    await store.close();
  });
});
