import type { MemoryRecord } from '../core/types.js';
import { attributeSpec } from '../memory/attributes.js';
import { attributeEvidence, canonicalAttribute } from './memory-ranking.js';

/** A job's two halves: a question about the one is answered by a passage stating the other ("What does Joanna do?"). */
const WORK = new Set(['employer', 'role']);

/**
 * The source documents that answer the question through a fact since superseded (issue 26, round 21): "Aigerim Bekova
 * lives in Almaty." (now "moved to Astana") makes its note the best passage for "Where does Aigerim live?", and the
 * note's other facts ("speaks Kazakh, Russian, English", filed under no attribute) inherited that passage's evidence
 * (0.84 over the move's 0.62). A document holds such a fact when one of its earlier versions (not the latest, not
 * forgotten) states the asked attribute, employer and title counting as one job, of the person asked about or of an
 * unnamed one (`about` >= 0).
 */
export function stalePassages(superseded: readonly MemoryRecord[], asked: readonly string[], about: (m: MemoryRecord) => number): Set<string> {
  const out = new Set<string>();
  if (asked.length === 0) return out;
  const work = asked.some((a) => WORK.has(a));
  for (const m of superseded) {
    if (m.isLatest || m.isForgotten || about(m) < 0) continue;
    const id = attributeSpec(canonicalAttribute(m.attribute))?.id;
    if (attributeEvidence(asked, m) > 0 || (work && id !== undefined && WORK.has(id))) for (const d of m.documentIds) out.add(d);
  }
  return out;
}

/**
 * The source evidence a fact that does not state the asked attribute inherits: from its documents that do not answer
 * through a superseded fact; the chunk search's floor when none is left (they answered with the old value, not with it).
 */
export function freshSources(documentIds: readonly string[], stale: ReadonlySet<string>): readonly string[] {
  return stale.size === 0 ? documentIds : documentIds.filter((d) => !stale.has(d));
}
