import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, loadScenarios } from '../../../bench/memories/scenarios.js';

describe('ask16 scenario split', () => {
  it("holds round 15's proxy of unfamiliar styles (written before round 15 changed anything): at least 30 scenarios, questions about the past among them", () => {
    const ask16 = loadScenarios(FIXTURES_DIR).scenarios.filter((s) => s.split === 'ask16');
    expect(ask16.length).toBeGreaterThanOrEqual(30);
    // A question about the past names the successor as what must not rank above the older fact.
    expect(ask16.flatMap((s) => s.questions).filter((q) => /\bbefore\b/i.test(q.q)).length).toBeGreaterThanOrEqual(5);
    for (const family of ['move', 'employer-change', 'replacement', 'two-people', 'left'] as const) expect(ask16.filter((s) => s.family === family).length, family).toBeGreaterThanOrEqual(2);
  });
});
