import type { MemoryRecord } from '../core/types.js';
import type { RankedMemory } from './rank-move.js';
import { moveUp } from './rank-move.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, statedLater, subjectOf, type SubjectKey } from './memory-ranking.js';

/** A move that names no place: "The user and others relocated over Easter.", "We moved last month." */
const MOVED = /\b(?:relocated|moved)\b/i;
/** A place named after "in", "to", "from" or "based in": "a new job at Deloitte in Manchester". */
const NAMES_PLACE = /\b(?:in|to|from)\s+\p{Lu}\p{L}+/u;
/** A move done, told without being filed as the home: "have arrived in Toronto", "Since relocating to Bristol in May". */
const ARRIVED = /\b(?:(?:arrived|moved|relocated|settled)\s+(?:in|to)|[Ss]ince\s+(?:relocating|moving)\s+to)\s+(\p{Lu}\p{L}+)/u;
/** A stay, not a home: "arrived in Rome for the conference". */
const STAY = /\b(?:trip|holiday|vacation|visit(?:ing)?|conference|weekend|for\s+(?:a|the)\s+(?:week|night|day)s?|back\s+home)\b/i;

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
 *
 * A move done but not filed as the home ("We've arrived in Toronto", "Since relocating to Bristol in May I cycle
 * everywhere") ranked under the home it left ("The user lives in Manchester.", 0.996 over 0.217). Now such a fact of
 * the asked person (or of no one), stated later and in another document, goes just above the home; a stay ("arrived
 * in Rome for the conference") does not.
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
    if (j < 0 && isResidence(m) && about(m) > 0) {
      j = out.findIndex((h, k) => k > i && !moved.has(h.memory.id) && arrivedSince(h.memory, m, about, subjectKey));
    }
    if (j < 0) continue;
    moved.add(moveUp(out, j, i).memory.id);
  }
  return out;
}

function arrivedSince(m: MemoryRecord, home: MemoryRecord, about: (m: MemoryRecord) => number, subjectKey: SubjectKey): boolean {
  const place = m.attribute === null && !STAY.test(m.memory) ? ARRIVED.exec(m.memory)?.[1] : undefined;
  if (!place) return false;
  // "Since relocating to Bristol in May." has no subject: the capitalised word its subject is read from is the place.
  const noOne = m.subject === null && subjectOf(m, subjectKey) === subjectKey(place);
  if (!noOne && about(m) < 0) return false;
  return !m.documentIds.some((d) => home.documentIds.includes(d)) && statedLater(m, home);
}

function bareMove(m: MemoryRecord): boolean {
  return MOVED.test(m.memory) && !NAMES_PLACE.test(m.memory) && (m.attribute === null || isResidence(m));
}

function isResidence(m: MemoryRecord): boolean {
  return attributeSpec(canonicalAttribute(m.attribute))?.id === 'residence';
}
