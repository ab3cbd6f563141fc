import type { MemoryRecord } from '../core/types.js';
import { statedLater, subjectOf, type RankedMemory, type SubjectKey } from './memory-ranking.js';
import { moveUp } from './rank-move.js';

/**
 * Questions that name a value to check it still holds (issue 26, round 16): "does Tom still live in Leeds?", "is Maya
 * at Figma?", "does the user still live in Leeds?". The old value is the better match by words: the version that
 * stated it is superseded (no retriever returns it), and the facts that still name it ("Tom loves Leeds and says he'll
 * never leave Leeds") outrank the fact that replaced it ("Tom moved to Sheffield"). So the search reads the earlier
 * versions of its candidates for such questions: the latest version answers for what its chain said before, and a
 * fact naming a value its subject's chain replaced ranks below the replacement.
 */

/** A question in the present that checks a value: yes/no in the present, or "still" / "anymore" / "no longer". */
const YES_NO = /^\s*(?:is|isn't|are|aren't|am|does|doesn't|do|don't|has|hasn't|have|haven't)\b/i;
const STILL = /\b(?:still|anymore|any more|no longer)\b/i;

export function checksValue(question: string): boolean {
  return YES_NO.test(question) || STILL.test(question);
}

/** The capitalised words of a text after its first word, lower-case ("Leeds", "Roundhay", "Park"). */
function capitalised(text: string): Set<string> {
  return new Set((text.match(/(?<!^)\b\p{Lu}[\p{L}\p{N}'-]+/gu) ?? []).map((w) => w.toLowerCase().replace(/'s$/, '')));
}

/**
 * The values a chain's latest version replaced: capitalised words of its earlier versions that the latest one does
 * not say, beyond its subject's name ("leeds", "roundhay", "park" for "Tom moved to Sheffield" after "Tom lives in
 * Leeds, near Roundhay Park").
 */
export function replacedValues(head: Pick<MemoryRecord, 'memory' | 'subject'>, earlier: readonly Pick<MemoryRecord, 'memory' | 'subject'>[]): string[] {
  const kept = capitalised(head.memory);
  // "Maya Chen" of an earlier version is still Maya.
  const subject = new Set([head, ...earlier].flatMap((m) => (m.subject ?? '').toLowerCase().split(/\s+/)));
  const out = new Set<string>();
  for (const v of earlier) for (const w of capitalised(v.memory)) if (!kept.has(w) && !subject.has(w) && w !== 'user') out.add(w);
  return [...out];
}

function names(text: string, values: readonly string[]): boolean {
  const said = new Set((text.match(/\b[\p{L}\p{N}'-]+/gu) ?? []).map((w) => w.toLowerCase().replace(/'s$/, '')));
  return values.some((v) => said.has(v));
}

/**
 * Puts each chain's latest version above the facts of its subject, stated no later than it and outside its chain, that
 * name a value it replaced (`replaced`: head id → values): the head takes the first such fact's place and score, the
 * facts between keep their order just below it. Scores stay non-increasing.
 */
export function replacedValuesBelow<T extends RankedMemory>(sorted: readonly T[], replaced: ReadonlyMap<string, readonly string[]>, subjectKey: SubjectKey): T[] {
  const out = [...sorted];
  if (replaced.size === 0) return out;
  for (let j = 1; j < out.length; j++) {
    const head = out[j]!;
    const values = replaced.get(head.memory.id);
    if (!values || values.length === 0) continue;
    const subject = subjectOf(head.memory, subjectKey);
    if (subject === null) continue;
    const chain = head.memory.rootMemoryId ?? head.memory.id;
    const i = out.findIndex(
      (h, k) =>
        k < j &&
        (h.memory.rootMemoryId ?? h.memory.id) !== chain &&
        subjectOf(h.memory, subjectKey) === subject &&
        !statedLater(h.memory, head.memory) &&
        names(h.memory.memory, values) &&
        !names(h.memory.memory, [...capitalised(head.memory.memory)]),
    );
    if (i < 0) continue;
    moveUp(out, j, i);
  }
  return out;
}
