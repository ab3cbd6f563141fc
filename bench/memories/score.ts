/**
 * Scoring of the memory evaluation: pure functions over what the API returned (memory texts in rank order, the
 * profile lists, the memories of a tag), unit-tested in test/unit/bench/memory-score.test.ts.
 *
 * Phrases match case-insensitively as substrings of a memory's text (so "translat" matches "translator"); subjects
 * of gold facts match as whole words ("Tom" does not match "Tomorrow").
 */
import type { Checks, ExpectedProfile, GoldFact, Phrase, Question } from './scenarios.js';

const alternatives = (p: Phrase): string[] => (Array.isArray(p) ? p : [p]);
const norm = (s: string) => s.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');

/** Whether `text` contains any alternative of the phrase (case-insensitive; curly apostrophes count as straight). */
export function containsPhrase(text: string, phrase: Phrase): boolean {
  const t = norm(text);
  return alternatives(phrase).some((a) => t.includes(norm(a)));
}

/** Whether `text` names the subject as a whole word (any alternative). */
export function namesSubject(text: string, subject: Phrase): boolean {
  const t = norm(text);
  return alternatives(subject).some((a) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(norm(a))}($|[^\\p{L}\\p{N}])`, 'u').test(t));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface QuestionScore {
  q: string;
  /** The first result holds the current answer and no stale phrase. */
  top1Current: boolean;
  /** A result with the stale answer (and not the current one) ranks above the first current one, or alone. */
  staleAboveCurrent: boolean;
  /** 1-based rank of the first result holding the current answer and no stale phrase (null: none). */
  currentRank: number | null;
  /** 1-based rank of the first result holding a stale phrase and not the current answer (null: none). */
  staleRank: number | null;
  /** What came first, for the report. */
  top: string | null;
}

/** Scores one question against memory texts in rank order (best first). */
export function scoreQuestion(question: Question, ranked: readonly string[]): QuestionScore {
  const isStale = (t: string) => question.stale !== undefined && containsPhrase(t, question.stale);
  const isCurrent = (t: string) => containsPhrase(t, question.current) && !isStale(t);
  const staleOnly = (t: string) => isStale(t) && !containsPhrase(t, question.current);
  const currentIdx = ranked.findIndex(isCurrent);
  const staleIdx = ranked.findIndex(staleOnly);
  const currentRank = currentIdx < 0 ? null : currentIdx + 1;
  const staleRank = staleIdx < 0 ? null : staleIdx + 1;
  return {
    q: question.q,
    top1Current: currentRank === 1,
    staleAboveCurrent: staleRank !== null && (currentRank === null || staleRank < currentRank),
    currentRank,
    staleRank,
    top: ranked[0] ?? null,
  };
}

export interface ProfileScore {
  correct: boolean;
  /** Each failed check, readable: `static must contain "Seattle"`, `dynamic must not contain "Boston": "…"`. */
  failures: string[];
}

export function scoreProfile(expected: ExpectedProfile, profile: { static: readonly string[]; dynamic: readonly string[] }): ProfileScore {
  const failures: string[] = [];
  if (expected.empty) {
    for (const [name, list] of [
      ['static', profile.static],
      ['dynamic', profile.dynamic],
    ] as const) {
      if (list.length > 0) failures.push(`${name} must be empty: ${quote(list[0]!)}${list.length > 1 ? ` (+${list.length - 1})` : ''}`);
    }
  }
  checkList('static', expected.static, profile.static, failures);
  checkList('dynamic', expected.dynamic, profile.dynamic, failures);
  return { correct: failures.length === 0, failures };
}

function checkList(name: string, checks: Checks, entries: readonly string[], failures: string[]): void {
  for (const p of checks.mustContain) {
    if (!entries.some((e) => containsPhrase(e, p))) failures.push(`${name} must contain ${quote(alternatives(p).join(' | '))}`);
  }
  for (const p of checks.mustNotContain) {
    const hit = entries.find((e) => containsPhrase(e, p));
    if (hit !== undefined) failures.push(`${name} must not contain ${quote(alternatives(p).join(' | '))}: ${quote(hit)}`);
  }
}

const quote = (s: string) => JSON.stringify(s.length > 120 ? `${s.slice(0, 117)}...` : s);

/** Whether a memory states a gold fact: it names the subject and holds every key-word group. */
export function matchesGold(memory: string, gold: GoldFact): boolean {
  return namesSubject(memory, gold.subject) && gold.keywords.every((k) => containsPhrase(memory, k));
}

export interface ExtractionScore {
  /** Memories the document produced. */
  produced: number;
  /** Produced memories that match at least one gold fact. */
  correct: number;
  gold: number;
  /** Gold facts matched by at least one produced memory. */
  found: number;
  /** Memories that match no gold fact, and gold facts no memory matched (for the report). */
  wrong: string[];
  missed: GoldFact[];
}

export function scoreExtraction(memories: readonly string[], gold: readonly GoldFact[]): ExtractionScore {
  const wrong = memories.filter((m) => !gold.some((g) => matchesGold(m, g)));
  const missed = gold.filter((g) => !memories.some((m) => matchesGold(m, g)));
  return { produced: memories.length, correct: memories.length - wrong.length, gold: gold.length, found: gold.length - missed.length, wrong, missed };
}

/** Precision and recall over many documents (micro-averaged: every memory and every gold fact counts once). */
export function extractionTotals(scores: readonly ExtractionScore[]) {
  const sum = (f: (s: ExtractionScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const produced = sum((s) => s.produced);
  const correct = sum((s) => s.correct);
  const gold = sum((s) => s.gold);
  const found = sum((s) => s.found);
  return {
    documents: scores.length,
    produced,
    correct,
    gold,
    found,
    precision: produced === 0 ? null : correct / produced,
    recall: gold === 0 ? null : found / gold,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Aggregation over scenarios
// ---------------------------------------------------------------------------------------------------------------

/** What one scenario run observed, scored. */
export interface ScenarioScore {
  id: string;
  family: string;
  split: string;
  /** Set when the scenario could not run (e.g. POST /v4/conversations missing): left out of every rate. */
  unsupported?: string;
  /** Set when a step failed (a 4xx/5xx, a document that failed): the scenario counts as failed everywhere. */
  error?: string;
  questions: QuestionScore[];
  profile: ProfileScore;
  /** Memories in the tag afterwards (counted for small talk). */
  memories: number;
  expectNoMemories: boolean;
}

export interface Rates {
  scenarios: number;
  questions: number;
  /** Share of questions whose first result is current (null when there is no question). */
  top1Current: number | null;
  staleAboveCurrent: number | null;
  /** Share of scenarios whose profile passes every check. */
  profileCorrect: number | null;
  /** Memories left by scenarios that must leave none (small talk). */
  smallTalkMemories: number;
  smallTalkScenarios: number;
  errors: number;
}

export function rates(scores: readonly ScenarioScore[]): Rates {
  const run = scores.filter((s) => !s.unsupported);
  const questions = run.flatMap((s) => (s.error ? s.questions.map(() => null) : s.questions));
  const share = (n: number, d: number) => (d === 0 ? null : n / d);
  const smallTalk = run.filter((s) => s.expectNoMemories);
  return {
    scenarios: run.length,
    questions: questions.length,
    top1Current: share(questions.filter((q) => q?.top1Current === true).length, questions.length),
    // A failed scenario cannot show a stale answer above the current one: it counts against top-1 only.
    staleAboveCurrent: share(questions.filter((q) => q?.staleAboveCurrent === true).length, questions.length),
    profileCorrect: share(run.filter((s) => !s.error && s.profile.correct).length, run.length),
    smallTalkMemories: smallTalk.reduce((a, s) => a + s.memories, 0),
    smallTalkScenarios: smallTalk.length,
    errors: run.filter((s) => s.error).length,
  };
}

/** Rates overall, per family (in the given family order), and per split. */
export function breakdownRates(scores: readonly (ScenarioScore & { file?: string })[], families: readonly string[]) {
  const by = (key: (s: ScenarioScore & { file?: string }) => string, order: readonly string[]) =>
    Object.fromEntries(
      order
        .map((k) => [k, scores.filter((s) => key(s) === k)] as const)
        .filter(([, list]) => list.length > 0)
        .map(([k, list]) => [k, rates(list)]),
    );
  return {
    overall: rates(scores),
    byFamily: by((s) => s.family, families),
    bySplit: by(
      (s) => s.split,
      ['dev', 'holdout', ...new Set(scores.map((s) => s.split))].filter((v, i, a) => a.indexOf(v) === i),
    ),
    byFile: by((s) => s.file ?? '', [...new Set(scores.map((s) => s.file ?? ''))]),
    unsupported: scores.filter((s) => s.unsupported).map((s) => ({ id: s.id, reason: s.unsupported! })),
  };
}
