import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, loadScenarios } from '../../../bench/memories/scenarios.js';

describe('ask17 scenario split', () => {
  it("holds round 16's proxy of question forms no split used (written before round 16 changed anything): yes/no, old values named, typos, 'at the moment'", () => {
    const ask17 = loadScenarios(FIXTURES_DIR).scenarios.filter((s) => s.split === 'ask17');
    expect(ask17.length).toBeGreaterThanOrEqual(30);
    const questions = ask17.flatMap((s) => s.questions).map((q) => q.q);
    // Yes/no questions in the present, whose right answer is the fact that replaced the value they name.
    expect(questions.filter((q) => /^(?:is|are|does|do)\b/i.test(q)).length).toBeGreaterThanOrEqual(8);
    for (const form of [/\bstill\b/i, /\bthese days\b/i, /\bat the moment\b/i, /\blatest\b/i, /\bhow long\b/i, /\bthe user's\b/i])
      expect(
        questions.some((q) => form.test(q)),
        String(form),
      ).toBe(true);
    // Profiles checked after a move, a job change, a breakup, a diet change and a stay that ended.
    expect(ask17.filter((s) => s.profile.static.mustContain.length + s.profile.static.mustNotContain.length + s.profile.dynamic.mustNotContain.length > 0).length).toBeGreaterThanOrEqual(12);
  });
});
