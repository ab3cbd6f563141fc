import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, loadScenarios } from '../../../bench/memories/scenarios.js';

describe('past19 scenario split', () => {
  it("holds round 17's proxy of questions about the past and about time (written before round 17 changed anything), mixed with present questions, and long histories", () => {
    const past19 = loadScenarios(FIXTURES_DIR).scenarios.filter((s) => s.split === 'past19');
    expect(past19.length).toBeGreaterThanOrEqual(30);
    const questions = past19.flatMap((s) => s.questions).map((q) => q.q);
    // Questions whose right answer is an earlier version or a date.
    for (const form of [/\bbefore\b/i, /\b(?:old|used to)\b/i, /^when did\b/i, /^how long\b/i, /\bever\b/i, /\blast (?:year|summer)\b/i, /^since when\b/i])
      expect(
        questions.some((q) => form.test(q)),
        String(form),
      ).toBe(true);
    // The present asked beside the past in the same scenarios.
    expect(
      past19.filter((s) => s.questions.some((q) => /\bbefore\b|\bold\b|\bever\b/i.test(q.q)) && s.questions.some((q) => /^(?:where|what|who|which)(?:'s)? (?:do|does|is|am)\b|\bnow\b/i.test(q.q))).length,
    ).toBeGreaterThanOrEqual(12);
    // Profiles after long histories: at least 8 documents over most of a year.
    const long = past19.filter((s) => s.steps.length >= 7 && s.profile.static.mustNotContain.length > 0);
    expect(long.length).toBeGreaterThanOrEqual(4);
  });
});
