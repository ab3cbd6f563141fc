import type { MemoryRecord } from '../../../src/core/types.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import type { ExtractedFact } from '../../../src/memory/types.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/**
 * The offline engine end to end for the memory tests: the facts the extractor reads from a text document of a date,
 * and the memories left latest after a sequence of dated documents (hash embedder, heuristic judge, in-memory SQLite).
 */

/** A reader of documents dated `defaultDate` unless a date is given. */
export function factsReader(defaultDate = '2026-06-14'): (content: string, date?: string) => ExtractedFact[] {
  return (content, date = defaultDate) => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;
}

const read = factsReader();

/** The latest, not forgotten memories of one tag after the documents `[content, date]`, remembered in order. */
export async function latestMemories(...docs: [string, string][]): Promise<MemoryRecord[]> {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
  for (const [i, [content, date]] of docs.entries()) {
    await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, read(content, date));
  }
  const all = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories;
  await store.close();
  return all.filter((m) => m.isLatest && !m.isForgotten);
}

/** The texts of `latestMemories`. */
export async function latestTexts(...docs: [string, string][]): Promise<string[]> {
  return (await latestMemories(...docs)).map((m) => m.memory);
}
