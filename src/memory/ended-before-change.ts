import type { MemoryRecord } from '../core/types.js';
import type { MemoryStore } from '../storage/memories.js';
import { canonicalAttribute } from './attributes.js';
import { classifyFact } from './classify.js';
import { sameSubject, subjectNames } from './subjects.js';
import type { ExtractedFact, RelationCandidate } from './types.js';

/**
 * "Accepted a job at Spotify. Handed in my notice at Klarna." (issue 26, round 22): the job the same message replaced
 * ended between the two; the ending is news of the old job, not what holds now. Returns the new value's memory (a
 * change told by the same source) whose replaced value the fact ends, or null. The caller stores the ending as the
 * version between them, so it is in the history and neither the search nor the profile takes it for the job now.
 */
export async function changeAfterEnding(
  memories: Pick<MemoryStore, 'getMemory'>,
  orgId: string,
  fact: ExtractedFact,
  candidates: readonly RelationCandidate[],
  records: ReadonlyMap<string, MemoryRecord>,
): Promise<MemoryRecord | null> {
  const attribute = canonicalAttribute(fact.attribute);
  if (!attribute || attribute.includes(':') || attribute.startsWith('other')) return null;
  const ending = classifyFact(fact.text, fact.subject, 'present', false).facets.find((f) => f.attribute === attribute);
  if (!ending || !(ending.ended || ending.negated)) return null;
  for (const c of candidates) {
    const head = records.get(c.id);
    if (c.toldWith !== 'change' || canonicalAttribute(c.attribute) !== attribute || !head?.parentMemoryId) continue;
    if (sameSubject(subjectNames(fact.subject, fact.aliases), head.subject) !== true) continue;
    if (ending.value) {
      const replaced = await memories.getMemory(orgId, head.parentMemoryId);
      if (!replaced || !replaced.memory.toLowerCase().includes(ending.value.toLowerCase())) continue;
    }
    return head;
  }
  return null;
}
