import type { MemoryRecord } from '../core/types.js';
import type { MemoryStore } from '../storage/memories.js';

/** Keyword hits read per lookup (a bounded read: one per fact of the shapes that need it). */
const LIMIT = 20;
const ROWS = 200;

/** The tag's memories that hold any of the terms (forgotten and earlier versions included: callers filter). */
export async function memoriesWithTerms(memories: MemoryStore, scope: { orgId: string; containerTags: readonly string[] }, terms: readonly string[]): Promise<MemoryRecord[]> {
  if (terms.length === 0) return [];
  const found = await memories.memoryKeywordSearch(scope.orgId, { containerTags: scope.containerTags, terms, limit: LIMIT, rowBudget: ROWS });
  if (found.length === 0) return [];
  return memories.getMemoriesByIds(
    scope.orgId,
    found.map((c) => c.memoryId),
  );
}
