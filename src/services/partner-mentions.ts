import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';
import { moveUp } from './rank-move.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, statedLater, subjectOf, type SubjectKey } from './memory-ranking.js';

/** A partner named in passing: "Léa's boyfriend Hugo and Léa are looking for…", "her girlfriend Inès is gluten free". */
const NAMES_PARTNER = /\b(?:boyfriend|girlfriend|husband|wife|partner|fianc[ée]e?|spouse)\s+\p{Lu}/u;

/**
 * "Who is Léa's partner?" (issue 26, round 22): a partner is often named only in passing, in a fact filed under another
 * attribute or none ("Léa's boyfriend Hugo and Léa are looking for a two-bedroom in Nantes."), and an old mention then
 * outranked the newer one ("Léa's girlfriend Inès is gluten free.", 0.728 over 0.701). For a partner question, the
 * newest later fact of the same person that names a partner (in passing or filed as the partner) goes just above each
 * older mention in passing that ranks above it.
 */
export function newerPartnerFirst<T extends RankedMemory>(ranked: readonly T[], asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (!asked.includes('partner')) return [...ranked];
  const out = [...ranked];
  const moved = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const old = out[i]!.memory;
    if (moved.has(old.id) || !NAMES_PARTNER.test(old.memory)) continue;
    const who = subjectOf(old, subjectKey);
    if (who === null) continue;
    let j = -1;
    for (let k = i + 1; k < out.length; k++) {
      const m = out[k]!.memory;
      if (moved.has(m.id) || !namesPartnerOf(m, old, who, subjectKey)) continue;
      if (j < 0 || statedLater(m, out[j]!.memory)) j = k;
    }
    if (j < 0) continue;
    moved.add(moveUp(out, j, i).memory.id);
  }
  return out;
}

function namesPartnerOf(m: MemoryRecord, old: MemoryRecord, who: string, subjectKey: SubjectKey): boolean {
  if (!NAMES_PARTNER.test(m.memory) && attributeSpec(canonicalAttribute(m.attribute))?.id !== 'partner') return false;
  if (subjectOf(m, subjectKey) !== who || m.documentIds.some((d) => old.documentIds.includes(d))) return false;
  return statedLater(m, old);
}
