import { moveUp, type RankedMemory } from './rank-move.js';
import { subjectOf, type SubjectKey } from './memory-ranking.js';

/**
 * "What is the user doing about their knee?" (issue 26, round 22, blind23): the fact that states the trouble ("The
 * user's left knee has been acting up.") repeats the question's words but is not what is being done; what the same
 * source says the person does ("has physio sessions twice a week now") answers. For a question asking what someone
 * does about a thing, the first fact of the same person and source that is not a statement of trouble goes just above
 * each statement of trouble of that thing ranked over it.
 */

/** "what is the user doing about their knee?", "what's Maya doing for her back?": the thing asked about. */
const DOING_ABOUT = /\bwhat(?:\s+(?:is|are|am|was|were)|'s|’s)\s+.+?\s+doing\s+(?:about|for|with)\s+(?:(?:my|his|her|their|your|our|the)\s+)?(?<t>[\p{L}-]+(?:\s+[\p{L}-]+)?)\s*\??\s*$/iu;
/** A thing in trouble: "has been acting up", "hurts", "is sore", "flared up", "giving me grief". */
const TROUBLE =
  /\b(?:acting\s+up|playing\s+up|hurts?|hurting|aches?|aching|(?:is|are|was|been|feels?)\s+(?:really\s+|so\s+)?(?:sore|swollen|painful|stiff|bad|worse|broken|injured|killing)|flared\s+up|flaring\s+up|giving\s+\S+\s+(?:grief|trouble|problems)|in\s+pain|injured|sprained|twisted|pulled)\b/i;

/** The thing a "what is X doing about Y?" question asks about, lower-cased (its last word), or null. */
export function askedTrouble(q: string): string | null {
  const t = DOING_ABOUT.exec(q.trim())?.groups?.t;
  return t ? t.toLowerCase().split(/\s+/).pop()! : null;
}

/** For "what is X doing about Y?", what the source says is done goes above its statement of Y's trouble. */
export function actionAboveTrouble<T extends RankedMemory>(ranked: readonly T[], q: string, subjectKey: SubjectKey): T[] {
  const thing = askedTrouble(q);
  if (!thing) return [...ranked];
  const says = new RegExp(String.raw`\b${thing}s?\b`, 'i');
  const out = [...ranked];
  const moved = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const trouble = out[i]!.memory;
    if (moved.has(trouble.id) || !says.test(trouble.memory) || !TROUBLE.test(trouble.memory)) continue;
    const who = subjectOf(trouble, subjectKey);
    const j = out.findIndex((h, k) => k > i && !moved.has(h.memory.id) && !TROUBLE.test(h.memory.memory) && subjectOf(h.memory, subjectKey) === who && h.memory.documentIds.some((d) => trouble.documentIds.includes(d)));
    if (j < 0) continue;
    moved.add(moveUp(out, j, i).memory.id);
  }
  return out;
}
