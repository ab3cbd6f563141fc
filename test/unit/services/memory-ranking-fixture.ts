/**
 * The setup the memory-ranking tests share: dated facts as the engine stores them, the order currentFactsFirst gives
 * them, and a memories search over an in-memory SQLite store with the hash embedder.
 */
import type { Actor } from '../../../src/core/actor.js';
import { silentLogger } from '../../../src/core/logger.js';
import type { MemoryRecord } from '../../../src/core/types.js';
import type { Embedder, EmbedderHandle } from '../../../src/providers/embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { currentFactsFirst, type RankedMemory } from '../../../src/services/memory-ranking.js';
import { MemorySearch } from '../../../src/services/memory-search.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { memoryRecord } from '../../helpers/memories.js';

/** A fact stated on `date` (its document's date and when it was learned); lasting when it has an attribute. */
export const fact = (memory: string, subject: string | null, attribute: string | null, date: string): MemoryRecord =>
  memoryRecord({ memory, subject, attribute, isStatic: attribute !== null, createdAt: `${date}T10:00:00.000Z`, metadata: { date } });

/** The same, with the engine's default `isStatic` (false) whatever its attribute. */
export const plainFact = (memory: string, subject: string | null, attribute: string | null, date: string): MemoryRecord =>
  memoryRecord({ memory, subject, attribute, createdAt: `${date}T10:00:00.000Z`, metadata: { date } });

/** The texts in the order currentFactsFirst puts them. */
export const order = (hits: RankedMemory[]): string[] => currentFactsFirst(hits).map((h) => h.memory.memory);

export const actor: Actor = { orgId: 'org', keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };

/** Stored facts of one tag ("u"), each as the engine files it. */
export interface StoredFact {
  memory: string;
  subject: string | null;
  attribute?: string | null;
  date?: string;
  /** Anything else of the stored record (its version, relation, documents). */
  record?: Partial<MemoryRecord>;
}

/** A fact one document told: dated, lasting when it has an attribute. */
export const told = (memory: string, subject: string, attribute: string | null, date: string, documentId: string): StoredFact => ({
  memory,
  subject,
  attribute,
  date,
  record: { documentIds: [documentId], isStatic: attribute !== null },
});

/** A lasting memory of tag "u" stated on `date`, with anything else of the record given. */
export const stored = (over: Partial<MemoryRecord> & { memory: string; date: string }): MemoryRecord =>
  memoryRecord({ orgId: 'org', containerTags: ['u'], isStatic: true, createdAt: `${over.date}T10:00:00.000Z`, metadata: { date: over.date }, ...over });

/** What a search in these tests may add: a threshold, and each document's best-chunk similarity as the chunk search would give it. */
export interface SearchOptions {
  threshold?: number;
  sources?: ReadonlyMap<string, number>;
  embedder?: Embedder;
}

/**
 * Runs a memories search for `q` over memories stored as given (versions included) in an in-memory SQLite store with
 * hash-embedder vectors, and returns the hits best first.
 */
export async function searchHits(memories: readonly MemoryRecord[], q: string, opts: SearchOptions = {}): Promise<RankedMemory[]> {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  try {
    const hash = opts.embedder ?? createHashEmbedder();
    const vectors = await hash.embedDocuments(memories.map((m) => m.memory));
    for (const [i, m] of memories.entries()) await store.memories.insertMemory(m, { model: hash.id, vector: vectors[i]! });
    const handle: EmbedderHandle = { get: async () => hash, status: () => ({ state: 'ready', provider: 'hash', model: hash.id, dimensions: hash.dimensions }) };
    const sources = opts.sources ? { sources: { scores: Promise.resolve(opts.sources), weight: 0.75 } } : {};
    return await new MemorySearch(store, handle, silentLogger).search(actor, { q, containerTags: ['u'], limit: 10, threshold: opts.threshold ?? 0, ...sources });
  } finally {
    await store.close();
  }
}

/** Runs a memories search for `q` over the facts, stored in tag "u" as the engine files them, and returns the texts best first. */
export async function searchFacts(facts: readonly StoredFact[], q: string, embedder: Embedder = createHashEmbedder()): Promise<string[]> {
  const records = facts.map((t) => {
    const dated = t.date ? { createdAt: `${t.date}T10:00:00.000Z`, metadata: { date: t.date } } : {};
    return memoryRecord({ orgId: 'org', containerTags: ['u'], memory: t.memory, subject: t.subject, attribute: t.attribute === undefined ? 'residence' : t.attribute, isStatic: true, ...dated, ...t.record });
  });
  return (await searchHits(records, q, { embedder })).map((h) => h.memory.memory);
}

/** One chain of versions of a fact, oldest first, in tag "u": only the last is latest (and searchable). */
export function versionChain(texts: readonly { memory: string; date: string }[], subject: string, attribute: string): MemoryRecord[] {
  const out: MemoryRecord[] = [];
  for (const [i, t] of texts.entries()) {
    out.push(
      memoryRecord({
        id: `${attribute}-${i}`,
        orgId: 'org',
        containerTags: ['u'],
        memory: t.memory,
        subject,
        attribute,
        isStatic: true,
        isLatest: i === texts.length - 1,
        version: i + 1,
        parentMemoryId: i === 0 ? null : out[i - 1]!.id,
        rootMemoryId: `${attribute}-0`,
        relation: i === 0 ? null : 'updates',
        createdAt: `${t.date}T10:00:00.000Z`,
        metadata: { date: t.date },
      }),
    );
  }
  return out;
}

/** A memories search for `q` over memories stored as given (versions included), with hash-embedder vectors: texts best first. */
export async function searchMemories(memories: readonly MemoryRecord[], q: string, opts: SearchOptions = {}): Promise<string[]> {
  return (await searchHits(memories, q, opts)).map((h) => h.memory.memory);
}
