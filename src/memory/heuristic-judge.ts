import { term, words } from '../text/tokenize.js';
import type { ExtractedFact, RelationCandidate, RelationDecision, RelationJudge } from './types.js';

/**
 * The heuristic relation judge (no model): how a new fact relates to the memories offered as candidates, from
 * their words, subjects and attributes. Per candidate, first match wins:
 *
 * 0. a fact that negates the candidate ("no longer", "doesn't") with the same subject and attribute, or most of its
 *    words, updates it; otherwise it is new;
 * 1. duplicate: the same text once normalised (case, punctuation, articles), or the new fact adds nothing: its words
 *    are (almost) all in the candidate, it names no other number or date, and the similarity is at least
 *    {@link DUPLICATE_SIMILARITY} or the candidate holds every one of its words;
 * 2. updates: same subject and same attribute (home city, employer, "opinion of jazz"...) but another value: the
 *    newest wins ("Dana moved to Berlin" updates "Dana lives in Paris");
 * 3. extends: same subject, no two different attributes, and the new fact holds (almost) all of the candidate's
 *    words, all of its content words (one may be missing from a long fact), numbers and dates, plus at least one
 *    more content word ("Dana has a dog named Rex" extends "Dana has a dog");
 * 4. otherwise new.
 *
 * Across candidates, duplicate beats updates beats extends; ties go to the most similar candidate, then the lowest
 * id, so the decision is a pure function of its inputs. `derives` (an inference from several memories) is never
 * returned: the offline engine makes no inferences.
 */

/** Similarity (0-1, calibrated) at which a fact whose words the candidate (almost) holds is the same fact. */
export const DUPLICATE_SIMILARITY = 0.95;
/** Share of one fact's words the other must hold to repeat it (duplicate) or contain it (extends). */
export const WORD_COVERAGE = 0.8;

const ARTICLES = new Set(['a', 'an', 'the']);
const NEGATION = /\b(?:not|no|never|nobody|none|nothing|neither|nor)\b|n['’]t\b/i;
const RANK: Record<string, number> = { duplicate: 3, updates: 2, extends: 1 };

interface Shape {
  normalised: string;
  /** Stemmed words, stopwords kept (articles dropped): "has" and "had" tell facts apart. */
  words: Set<string>;
  /** Stemmed words without stopwords. */
  content: Set<string>;
  numbers: Set<string>;
  negated: boolean;
}

function shapeOf(text: string): Shape {
  const ws = words(text).filter((w) => !ARTICLES.has(w));
  const content = new Set<string>();
  const all = new Set<string>();
  for (const w of ws) {
    const t = term(w);
    if (t) content.add(t);
    all.add(t ?? w);
  }
  return { normalised: ws.join(' '), words: all, content, numbers: new Set(text.match(/\d+(?:[-/:.]\d+)*/g) ?? []), negated: NEGATION.test(text) };
}

/** Share of `a`'s members that are in `b` (1 when `a` is empty). */
function coverage(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 1;
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / a.size;
}

const subset = (a: Set<string>, b: Set<string>) => [...a].every((x) => b.has(x));
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The relation of `fact` to one candidate, by the rules above. */
export function relationTo(fact: ExtractedFact, candidate: RelationCandidate): 'duplicate' | 'updates' | 'extends' | 'new' {
  const n = shapeOf(fact.text);
  const o = shapeOf(candidate.text);
  if (n.normalised === o.normalised) return 'duplicate';
  const newInOld = coverage(n.words, o.words);
  const oldInNew = coverage(o.words, n.words);
  const sameSubject = same(fact.subject, candidate.subject);
  // "Dana no longer lives in Paris" repeats the words of "Dana lives in Paris" and contradicts it.
  if (n.negated !== o.negated) {
    return sameSubject && (same(fact.attribute, candidate.attribute) || Math.max(newInOld, oldInNew) >= WORD_COVERAGE) ? 'updates' : 'new';
  }
  if (subset(n.numbers, o.numbers) && (newInOld === 1 || (newInOld >= WORD_COVERAGE && candidate.similarity >= DUPLICATE_SIMILARITY))) {
    return 'duplicate';
  }
  const extraContent = [...n.content].some((t) => !o.content.has(t));
  // Short facts differ in one slot ("allergic to peanuts" / "to shellfish"): all their content words must be kept.
  const missing = [...o.content].filter((t) => !n.content.has(t)).length;
  const contains = oldInNew >= WORD_COVERAGE && missing <= (o.content.size >= 5 ? 1 : 0) && subset(o.numbers, n.numbers) && extraContent;
  if (sameSubject && same(fact.attribute, candidate.attribute)) return contains && oldInNew === 1 ? 'extends' : 'updates';
  // Two different attributes ("allergy to peanut", "allergy to shellfish") are two facts.
  if (fact.attribute !== null && candidate.attribute !== null) return 'new';
  if (sameSubject && contains) return 'extends';
  return 'new';
}

/** Picks the relation of `fact` to its candidates: duplicate > updates > extends > new. */
export function judgeRelation(fact: ExtractedFact, candidates: readonly RelationCandidate[]): RelationDecision {
  let best: { relation: 'duplicate' | 'updates' | 'extends'; candidate: RelationCandidate } | null = null;
  for (const candidate of candidates) {
    const relation = relationTo(fact, candidate);
    if (relation === 'new') continue;
    const better =
      !best ||
      RANK[relation]! > RANK[best.relation]! ||
      (RANK[relation] === RANK[best.relation] &&
        (candidate.similarity > best.candidate.similarity || (candidate.similarity === best.candidate.similarity && candidate.id < best.candidate.id)));
    if (better) best = { relation, candidate };
  }
  return best ? { relation: best.relation, targetId: best.candidate.id } : { relation: 'new' };
}

/** The heuristic relation judge. */
export function createHeuristicJudge(): RelationJudge {
  return { kind: 'heuristic', judge: async (fact, candidates) => judgeRelation(fact, candidates) };
}
