import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../../src/core/types.js';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import type { Store } from '../../src/storage/store.js';
import type { TestRuntime } from './runtime.js';

/** A memory of the default organisation (what the root test key sees), latest and unforgotten unless told. */
export function memoryRecord(over: Partial<MemoryRecord> & { memory: string }): MemoryRecord {
  const id = over.id ?? randomUUID();
  const at = over.createdAt ?? new Date().toISOString();
  return {
    id,
    orgId: DEFAULT_ORG_ID,
    containerTags: ['user'],
    isStatic: false,
    isLatest: true,
    isForgotten: false,
    isInference: false,
    version: 1,
    parentMemoryId: null,
    rootMemoryId: id,
    relation: null,
    subject: null,
    attribute: null,
    eventDate: null,
    forgetAfter: null,
    forgetReason: null,
    forgottenAt: null,
    documentIds: [],
    sourceCount: 1,
    metadata: {},
    createdAt: at,
    updatedAt: over.updatedAt ?? at,
    ...over,
  };
}

/**
 * Writes memories straight into the store with the runtime's embedder (the memory engine is not involved, so tests
 * of ranking and profiles do not depend on how facts are extracted or related).
 */
export async function storeMemories(rt: Pick<TestRuntime, 'store' | 'embedder'>, memories: readonly MemoryRecord[]): Promise<MemoryRecord[]> {
  const embedder = await rt.embedder.get();
  const vectors = await embedder.embedDocuments(memories.map((m) => m.memory));
  for (const [i, m] of memories.entries()) await (rt.store as Store).memories.insertMemory(m, { model: embedder.id, vector: vectors[i]! });
  return [...memories];
}
