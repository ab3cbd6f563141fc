/**
 * The quality part of bench:memories: every scenario and every labelled document through the official client
 * against one service, scored (score.ts), with the failures kept for the report.
 */
import { createHash } from 'node:crypto';
import Supermemory from 'supermemory';
import { round } from '../lib.js';
import { DEFAULT_RUN, mapLimit, runLabelled, runScenario, type RunOptions, scoreScenario } from './run-scenario.js';
import { FAMILIES, type LabelledDocument, type LoadedScenarios } from './scenarios.js';
import { breakdownRates, extractionTotals, type ScenarioScore } from './score.js';

export interface QualityOptions {
  baseUrl: string;
  apiKey: string;
  concurrency: number;
  run?: Partial<RunOptions>;
  onProgress?: (done: number, total: number) => void;
}

export function officialClient(baseUrl: string, apiKey: string): Supermemory {
  return new Supermemory({ apiKey, baseURL: baseUrl, maxRetries: 2, timeout: 120_000 });
}

export async function evaluateScenarios(loaded: LoadedScenarios, o: QualityOptions) {
  const client = officialClient(o.baseUrl, o.apiKey);
  const run = { ...DEFAULT_RUN, ...o.run };
  const t0 = performance.now();
  let done = 0;
  const observed = await mapLimit(loaded.scenarios, o.concurrency, async (s) => {
    const obs = await runScenario(client, s, run);
    o.onProgress?.(++done, loaded.scenarios.length);
    return obs;
  });
  const scores: (ScenarioScore & { file: string })[] = loaded.scenarios.map((s, i) => redactHeldOut({ ...scoreScenario(s, observed[i]!), file: s.file }));
  const rates = breakdownRates(scores, FAMILIES);
  return {
    files: loaded.files,
    seconds: round((performance.now() - t0) / 1000, 1),
    ...rates,
    /** Every scenario that missed something: what came first, what the profile lacked, what small talk left. */
    failures: scores
      .map((s, i) => ({ s, obs: observed[i]! }))
      .filter(({ s }) => !s.unsupported && (s.error || !s.profile.correct || s.questions.some((q) => !q.top1Current) || (s.expectNoMemories && s.memories > 0)))
      .map(({ s, obs }) => ({
        id: s.id,
        family: s.family,
        split: s.split,
        ...(s.error ? { error: s.error } : {}),
        questions: s.questions.filter((q) => !q.top1Current).map((q) => ({ q: q.q, top: q.top, currentRank: q.currentRank, staleRank: q.staleRank })),
        profile: s.profile.failures,
        ...(s.expectNoMemories && s.memories > 0 ? { smallTalkMemories: obs.memories } : {}),
      })),
    scenarios: scores.map((s, i) => ({ ...s, seconds: observed[i]!.seconds })),
  };
}
/**
 * The held-out split is measured, never read: its scenarios keep their family, ranks and outcomes, but no text
 * (question, first result, profile check) and no descriptive id reaches the result file or the report.
 */
export function redactHeldOut<T extends ScenarioScore>(s: T): T {
  if (s.split !== 'holdout') return s;
  const id = `holdout-${createHash('sha256').update(s.id).digest('hex').slice(0, 8)}`;
  return {
    ...s,
    id,
    questions: s.questions.map((q, i) => ({ ...q, q: `question ${i + 1}`, top: q.top === null ? null : '(held-out text not shown)' })),
    profile: { correct: s.profile.correct, failures: s.profile.failures.map(() => '(held-out check not shown)') },
    ...(s.error ? { error: '(held-out error not shown)' } : {}),
  };
}

export type ScenarioResult = Awaited<ReturnType<typeof evaluateScenarios>>;

export async function evaluatePrecision(documents: readonly LabelledDocument[], o: QualityOptions) {
  const client = officialClient(o.baseUrl, o.apiKey);
  const run = { ...DEFAULT_RUN, ...o.run };
  const t0 = performance.now();
  const scores = await mapLimit(documents, o.concurrency, (d) => runLabelled(client, d, run));
  const totals = extractionTotals(scores);
  return {
    seconds: round((performance.now() - t0) / 1000, 1),
    ...totals,
    precision: totals.precision === null ? null : round(totals.precision, 4),
    recall: totals.recall === null ? null : round(totals.recall, 4),
    errors: scores.filter((s) => s.error).map((s) => ({ id: s.id, error: s.error! })),
    /** Memories that match no gold fact, and gold facts no memory states, per document. */
    wrong: scores.filter((s) => s.wrong.length > 0).map((s) => ({ id: s.id, memories: s.wrong })),
    missed: scores.filter((s) => s.missed.length > 0).map((s) => ({ id: s.id, facts: s.missed })),
  };
}
export type PrecisionResult = Awaited<ReturnType<typeof evaluatePrecision>>;
