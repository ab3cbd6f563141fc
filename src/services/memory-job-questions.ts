import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';
import { canonicalAttribute, statedLater, subjectOf, type SubjectKey } from './memory-ranking.js';

/**
 * "What's my job?" asks what a person does (issue 26, round 19): the attribute catalogue reads it as employer and role
 * alike, so "The user works at Legal & General." answered above "The user works as a longevity underwriter." said in
 * the same message. When a question asks both and an employer fact ranks first, the best-ranked title of the same
 * person, stated with it or later, goes just above it (titles keep their order among themselves, so the current one
 * moves). "Where do I work?" and "who do I work for?" ask the employer alone and are left as they are.
 */
export function titleAboveEmployer<T extends RankedMemory>(ranked: readonly T[], asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (!asked.includes('employer') || !asked.includes('role')) return [...ranked];
  const out = [...ranked];
  const i = out.findIndex((h) => canonicalAttribute(h.memory.attribute) === 'role' || canonicalAttribute(h.memory.attribute) === 'employer');
  if (i < 0 || canonicalAttribute(out[i]!.memory.attribute) !== 'employer') return out;
  const employer = out[i]!.memory;
  const who = subjectOf(employer, subjectKey);
  const j = out.findIndex((h, k) => k > i && canonicalAttribute(h.memory.attribute) === 'role' && subjectOf(h.memory, subjectKey) === who && (sameSource(h.memory, employer) || !statedLater(employer, h.memory)));
  if (j < 0 || who === null) return out;
  const [title] = out.splice(j, 1) as [T];
  out.splice(i, 0, { ...title, similarity: out[i]!.similarity });
  return out;
}

function sameSource(a: MemoryRecord, b: MemoryRecord): boolean {
  return a.documentIds.some((d) => b.documentIds.includes(d));
}
