import { attributeSpec, canonicalAttribute } from '../memory/attributes.js';
import { statedLater, subjectOf, type SubjectKey } from './memory-ranking.js';
import { moveUp, type RankedMemory } from './rank-move.js';
import { unfiledStatesAsked } from './unfiled-evidence.js';

/**
 * A value stated twice, once filed under its attribute and once under none (issue 26, round 23): "For the dinner party,
 * keep in mind the user is vegetarian." (no attribute) then "The user has gone fully vegan since February." (diet), or
 * "The user's rent is $1,850 a month." (rent) then "The user's new monthly rent is $1,990." (no attribute). The engine
 * links only facts of one attribute, so the older statement stays latest and, sharing more of the question's words,
 * ranked first. For a question about that attribute, the newer statement of the same subject goes just above the older
 * one: always when it is the filed one; when it is the unfiled one, only when it says the value changed ("new", "now").
 */

/** Words that say a value is new: the unfiled statement replaces the filed one. */
const CHANGED = /\b(?:new|now|no longer|any ?more|changed|switched|gone|went|since|instead|from now on|going forward|effective)\b/i;

/** Unfiled statements are read by their words for these attributes (unfiled-evidence.ts), plus what is paid. */
const RENT = /\brent\b/i;

function statesAsked(asked: readonly string[], m: RankedMemory['memory']): 'filed' | 'unfiled' | null {
  const id = attributeSpec(canonicalAttribute(m.attribute))?.id;
  if (id && id !== 'other') return asked.includes(id) ? 'filed' : null;
  return unfiledStatesAsked(asked, m.memory) || (asked.includes('rent') && RENT.test(m.memory)) ? 'unfiled' : null;
}

export function newerStatementFirst<T extends RankedMemory>(ranked: readonly T[], asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (asked.length === 0) return [...ranked];
  const out = [...ranked];
  for (let i = 0; i < out.length; i++) {
    const older = out[i]!.memory;
    const kind = statesAsked(asked, older);
    if (!kind) continue;
    const who = subjectOf(older, subjectKey);
    if (who === null) continue;
    // The newest statement below it of the other kind (one filed, one not), of the same subject, from another document.
    let j = -1;
    for (let k = i + 1; k < out.length; k++) {
      const m = out[k]!.memory;
      const other = statesAsked(asked, m);
      if (!other || other === kind || subjectOf(m, subjectKey) !== who || !statedLater(m, older)) continue;
      if (m.documentIds.some((d) => older.documentIds.includes(d))) continue;
      if (other === 'unfiled' && !CHANGED.test(m.memory)) continue;
      if (j < 0 || statedLater(m, out[j]!.memory)) j = k;
    }
    if (j > i) moveUp(out, j, i);
  }
  return out;
}
