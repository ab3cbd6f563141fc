import type { MemoryRecord } from '../core/types.js';
import { attributeEvidence } from './memory-ranking.js';
import type { Subjects } from './memory-subjects.js';

interface Ranked {
  memory: MemoryRecord;
  similarity: number;
}

/**
 * A question about a person's own attribute ("who's my boss these days?", "where does Tom live?") is answered by that
 * person's fact stating it before another person's fact (issue 26, round 19): similarity weighs the other person's
 * fact down (memory-search.ts OTHER_SUBJECT_WEIGHT), but a long fact that states the attribute ("From 25 May the user is
 * reporting to Hamid Qureshi rather than Karen, ...", 0.08) still ranked below "Karen Doyle will need to approve the
 * budget ..." (0.30). When no fact of the asked person ranks above it, the asked person's best-ranked fact of the asked
 * attribute goes just above the first fact of another person that outranks it (facts naming the asked person count as
 * theirs).
 */
export function askedPersonFirst<T extends Ranked>(ranked: readonly T[], asked: readonly string[], subjects: Subjects): T[] {
  if (asked.length === 0) return [...ranked];
  const other = (m: MemoryRecord) => subjects.match(m) < 0 && !(subjects.mentionsAsked(m) && !subjects.resolvesRelative(m));
  const j = ranked.findIndex((h) => subjects.match(h.memory) > 0 && attributeEvidence(asked, h.memory) > 0);
  // Only when no fact of the asked person ranks above it: a change said without the attribute ("handed in his notice,
  // starting at N26") keeps its place above the older attribute fact.
  if (j <= 0 || ranked.slice(0, j).some((h) => subjects.match(h.memory) > 0)) return [...ranked];
  const i = ranked.findIndex((h, k) => k < j && other(h.memory));
  if (i < 0) return [...ranked];
  const out = [...ranked];
  const [own] = out.splice(j, 1) as [T];
  out.splice(i, 0, { ...own, similarity: out[i]!.similarity });
  for (let k = i + 1; k <= j; k++) out[k] = { ...out[k]!, similarity: Math.min(out[k]!.similarity, out[k - 1]!.similarity * 0.999) };
  return out;
}
