/**
 * `bench:memories --parts quality --perturb <kinds|all>`: every tunable scenario perturbed by each kind
 * (perturb-scenarios.ts) and run against the same service as the unperturbed run; each kind's rates beside the rates
 * of the same scenarios unperturbed, and the flips (passing unperturbed, failing perturbed, and back). The held-out
 * split, and any split not written to be tuned on, is never perturbed, run, or listed.
 */
import { markdownTable } from '../lib.js';
import { evaluateScenarios, type QualityOptions, type ScenarioResult } from './quality.js';
import { type PerturbKind, perturbScenario } from './perturb-scenarios.js';
import { isTunableSplit } from './report.js';
import type { LoadedScenarios } from './scenarios.js';
import { rates, type Rates } from './score.js';

type Scored = ScenarioResult['scenarios'][number];

/** Passes every check: no error, every question top-1 current, the profile right, small talk empty. */
export function passes(s: Scored): boolean {
  return !s.unsupported && !s.error && s.profile.correct && s.questions.every((q) => q.top1Current) && !(s.expectNoMemories && s.memories > 0);
}

export interface PerturbFlip {
  id: string;
  family: string;
  split: string;
  description: string;
  questions: { q: string; top: string | null; currentRank: number | null; staleRank: number | null }[];
  profile: string[];
  error?: string;
}

export interface KindResult {
  kind: PerturbKind;
  scenarios: number;
  unperturbed: Rates;
  perturbed: Rates;
  /** Passing unperturbed, failing perturbed. */
  broke: PerturbFlip[];
  /** Failing unperturbed, passing perturbed. */
  fixed: number;
}

export async function evaluatePerturbations(loaded: LoadedScenarios, base: ScenarioResult, kinds: readonly PerturbKind[], seed: string, q: QualityOptions, log: (m: string) => void): Promise<KindResult[]> {
  const baseById = new Map(base.scenarios.map((s) => [s.id, s]));
  const open = loaded.scenarios.filter((s) => isTunableSplit(s.split));
  const out: KindResult[] = [];
  for (const kind of kinds) {
    const pairs = open.flatMap((s) => {
      const p = perturbScenario(kind, s, seed);
      const b = baseById.get(s.id);
      return p && b && !b.unsupported ? [{ p: { ...p, split: s.split, file: s.file }, b }] : [];
    });
    log(`perturb ${kind}: ${pairs.length} of ${open.length} scenarios`);
    const r = await evaluateScenarios({ files: loaded.files, split: loaded.split, scenarios: pairs.map((x) => x.p) }, { ...q, onProgress: undefined });
    const perturbed = r.scenarios;
    const broke = pairs.flatMap(({ p, b }, i) => {
      const s = perturbed[i]!;
      if (!passes(b) || passes(s)) return [];
      return [
        {
          id: s.id,
          family: s.family,
          split: s.split,
          description: p.description,
          questions: s.questions.filter((x) => !x.top1Current).map((x) => ({ q: x.q, top: x.top, currentRank: x.currentRank, staleRank: x.staleRank })),
          profile: s.profile.failures,
          ...(s.error ? { error: s.error } : {}),
        },
      ];
    });
    const fixed = pairs.filter(({ b }, i) => !passes(b) && passes(perturbed[i]!)).length;
    out.push({ kind, scenarios: pairs.length, unperturbed: rates(pairs.map((x) => x.b)), perturbed: rates(perturbed), broke, fixed });
    const k = out.at(-1)!;
    if (broke.length > 0) log(`perturb ${kind}: broke ${broke.map((f) => f.id).join(', ')}`);
    log(
      `perturb ${kind}: top-1 ${pct(k.unperturbed.top1Current)} -> ${pct(k.perturbed.top1Current)}, stale ${pct(k.unperturbed.staleAboveCurrent)} -> ${pct(k.perturbed.staleAboveCurrent)}, profile ${pct(k.unperturbed.profileCorrect)} -> ${pct(k.perturbed.profileCorrect)}; ${broke.length} broke, ${fixed} fixed`,
    );
  }
  return out;
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

/** The kinds side by side with their unperturbed rates, then the flips (tunable splits only). */
export function perturbTable(results: readonly KindResult[], maxFlips = 30): string {
  const rows = results.map((k) => [
    k.kind,
    k.scenarios,
    k.perturbed.questions,
    `${pct(k.unperturbed.top1Current)} → ${pct(k.perturbed.top1Current)}`,
    `${pct(k.unperturbed.staleAboveCurrent)} → ${pct(k.perturbed.staleAboveCurrent)}`,
    `${pct(k.unperturbed.profileCorrect)} → ${pct(k.perturbed.profileCorrect)}`,
    k.perturbed.errors,
    k.broke.length,
    k.fixed,
  ]);
  const out = [
    '### Perturbed scenarios (unperturbed → perturbed, same scenarios)',
    '',
    markdownTable(['kind', 'scenarios', 'questions', 'top-1 current', 'stale above current', 'profile correct', 'errors', 'broke', 'fixed'], rows),
  ];
  for (const k of results) {
    if (k.broke.length === 0) continue;
    out.push('', `#### ${k.kind}: ${k.broke.length} broke${k.broke.length > maxFlips ? ` (first ${maxFlips})` : ''}`, '');
    const flips = k.broke
      .slice(0, maxFlips)
      .map((f) => [f.id, f.error ?? f.questions.map((x) => `${x.q} → ${JSON.stringify((x.top ?? '(nothing)').slice(0, 70))}`).join('; '), f.profile.slice(0, 2).join('; ').slice(0, 160)]);
    out.push(markdownTable(['scenario', 'first result when not current', 'profile'], flips));
  }
  return out.join('\n');
}
