import { endedPetName, petKindNamed } from '../memory/pet-endings.js';
import { namesWord } from '../text/regex-escape.js';
import { subjectOf, type SubjectKey } from './memory-ranking.js';
import { moveUp, type RankedMemory } from './rank-move.js';

/**
 * "Rufus passed away" ends one dog of "two dogs, Rufus and Bean" (memory/set-member-endings.ts): the set's new version
 * ("The user and others have a dog, Bean.") is written from the ending's document. For a question that does not name
 * the pet ("what dog do I have now?"), that version answers, so it goes just above the ending; "did Rufus die?" still
 * gets the ending first.
 */
export function restOfSetAboveEnding<T extends RankedMemory>(ranked: readonly T[], question: string, subjectKey: SubjectKey): T[] {
  const out = [...ranked];
  for (let i = 0; i < out.length; i++) {
    const ending = out[i]!.memory;
    const name = endedPetName(ending.memory);
    if (!name || namesWord(question, name, true)) continue;
    const kind = petKindNamed(ending.memory, name);
    const who = subjectOf(ending, subjectKey);
    const j = out.findIndex(
      (h, k) =>
        k > i &&
        kind !== null &&
        h.memory.relation === 'updates' &&
        h.memory.documentIds.some((d) => ending.documentIds.includes(d)) &&
        subjectOf(h.memory, subjectKey) === who &&
        !h.memory.memory.includes(name) &&
        new RegExp(String.raw`\b${kind}`, 'i').test(h.memory.memory),
    );
    if (j < 0) continue;
    moveUp(out, j, i);
    i++;
  }
  return out;
}
