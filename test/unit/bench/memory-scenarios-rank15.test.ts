import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, loadScenarios } from '../../../bench/memories/scenarios.js';

describe('rank15 scenario split', () => {
  it("holds round 14's ranking proxy (written before round 14 changed the ranking): at least 20 scenarios in its four families", () => {
    const rank15 = loadScenarios(FIXTURES_DIR).scenarios.filter((s) => s.split === 'rank15');
    expect(rank15.length).toBeGreaterThanOrEqual(20);
    for (const family of ['title-change', 'two-people', 'left', 'replacement'] as const) expect(rank15.filter((s) => s.family === family).length, family).toBeGreaterThanOrEqual(3);
  });
});
