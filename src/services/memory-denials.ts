import { allergyWithdrawn } from './profile-allergies.js';
import { subjectOf, type SubjectKey } from './memory-ranking.js';
import { moveUp, type RankedMemory } from './rank-move.js';

/**
 * "What am I allergic to?" asks what holds (issue 26, round 19): "The user is not allergic to penicillin." shares every
 * word of the question and ranked above "The user is allergic to codeine.". For a question about allergies that names
 * no allergen in a yes/no form ("am I allergic to penicillin?" is answered by the denial), a denial or withdrawn allergy
 * goes just below the best-ranked allergy its subject has, when it has one among the candidates.
 */
const YES_NO = /^\s*(?:am|is|are|was|were|do|does|did|can|could|should|has|have)\b/i;

export function allergiesAboveDenials<T extends RankedMemory>(ranked: readonly T[], question: string, asked: readonly string[], subjectKey: SubjectKey): T[] {
  if (!asked.includes('allergy') || YES_NO.test(question)) return [...ranked];
  const out = [...ranked];
  // An allergy held: said so, or filed as one however worded ("The user reacts to ibuprofen.", allergy:ibuprofen).
  const held = (h: T) => (/\ballergic\b|\ballergy\b|\ballergies\b/i.test(h.memory.memory) || h.memory.attribute?.startsWith('allergy:') === true) && !allergyWithdrawn(h.memory);
  for (let i = 0; i < out.length; i++) {
    const denial = out[i]!;
    if (!allergyWithdrawn(denial.memory)) continue;
    const who = subjectOf(denial.memory, subjectKey);
    const j = out.findIndex((h, k) => k > i && held(h) && subjectOf(h.memory, subjectKey) === who);
    if (j < 0) continue;
    moveUp(out, j, i);
  }
  return out;
}
