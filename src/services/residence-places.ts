import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';
import { moveUp } from './rank-move.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, subjectOf, type SubjectKey } from './memory-ranking.js';

/** A move that names no place: "The user and others relocated over Easter.", "We moved last month." */
const MOVED = /\b(?:relocated|moved)\b/i;
/** A place named after "in", "to", "from" or "based in": "a new job at Deloitte in Manchester". */
const NAMES_PLACE = /\b(?:in|to|from)\s+\p{Lu}\p{L}+/u;

/**
 * "Where do I live?" (issue 26, round 22). Two cases where the first answer did not say where the asked person lives.
 *
 * A move that names no place ("relocated over Easter", said beside "Got a new job at Deloitte in Manchester") led.
 * The asked person's older fact naming a place ("works as an accountant in Leeds") then came before the new
 * place. Now the fact of the same person and document that names a place goes just above such a move.
 *
 * Another person's home led ("The user's sister Hannah lives in Leeds." for "where does Tom live?", 0.120), above the
 * asked person's fact that names a place under another attribute ("Tom teaches maths in Manchester.", 0.084). Now the
 * first such fact of the asked person (`about` > 0) goes just above each home of another person (`about` < 0), when no home of the asked
 * person is among the hits.
 */
export function placeAboveBareMove<T extends RankedMemory>(ranked: readonly T[], asked: readonly string[], subjectKey: SubjectKey, about: (m: MemoryRecord) => number): T[] {
  if (!asked.includes('residence')) return [...ranked];
  const out = [...ranked];
  const moved = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!.memory;
    if (moved.has(m.id)) continue;
    let j = -1;
    if (bareMove(m)) {
      const who = subjectOf(m, subjectKey);
      j = out.findIndex((h, k) => k > i && !moved.has(h.memory.id) && NAMES_PLACE.test(h.memory.memory) && subjectOf(h.memory, subjectKey) === who && h.memory.documentIds.some((d) => m.documentIds.includes(d)));
    } else if (isResidence(m) && about(m) < 0 && !out.some((h) => isResidence(h.memory) && about(h.memory) > 0)) {
      j = out.findIndex((h, k) => k > i && !moved.has(h.memory.id) && about(h.memory) > 0 && NAMES_PLACE.test(h.memory.memory));
    }
    if (j < 0) continue;
    moved.add(moveUp(out, j, i).memory.id);
  }
  return out;
}

function bareMove(m: MemoryRecord): boolean {
  return MOVED.test(m.memory) && !NAMES_PLACE.test(m.memory) && (m.attribute === null || isResidence(m));
}

function isResidence(m: MemoryRecord): boolean {
  return attributeSpec(canonicalAttribute(m.attribute))?.id === 'residence';
}
