import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../bench/memories/scenarios.js';
import { FIXTURES_DIR, loadScenarios } from '../../../bench/memories/scenarios.js';
import { scenarioMapping, swapScenario, swapText } from '../../../bench/memories/swap-entities.js';

const scenario = (steps: string[], q: string, current: string, stale: string, mustContain: string[] = []): Scenario => ({
  id: 'swap-test',
  family: 'move',
  description: 'a test scenario',
  steps: steps.map((content, i) => ({ kind: 'document' as const, content, date: `2026-0${i + 1}-01` })),
  questions: [{ q, current, stale }],
  profile: { static: { mustContain, mustNotContain: [stale] }, dynamic: { mustContain: [], mustNotContain: [] }, empty: false },
  expectNoMemories: false,
});

const docs = (s: Scenario) => s.steps.map((st) => ('content' in st ? st.content : '')).join('\n');

describe('swap-entities', () => {
  const s = scenario(['Tom lives in Boston and works at Figma.', "user: tom's moved to seattle now, still at figma tho"], 'Where does Tom live?', 'Seattle', 'Boston', ['Seattle']);

  it('replaces each entity by one target everywhere: documents, questions, answers and profile, in the case of each occurrence', () => {
    const out = swapScenario(s, '17', 's17-');
    const map = scenarioMapping(s, '17');
    const tom = map.get('tom')!;
    const seattle = map.get('seattle')!;
    const boston = map.get('boston')!;
    const figma = map.get('figma')!;
    expect(new Set([tom, seattle, boston, figma]).size).toBe(4);
    expect(out.id).toBe('s17-swap-test');
    expect(docs(out)).toBe(`${tom} lives in ${boston} and works at ${figma}.\nuser: ${tom.toLowerCase()}'s moved to ${seattle.toLowerCase()} now, still at ${figma.toLowerCase()} tho`);
    expect(out.questions[0]).toEqual({ q: `Where does ${tom} live?`, current: seattle, stale: boston });
    expect(out.profile.static).toEqual({ mustContain: [seattle], mustNotContain: [boston] });
    // No source entity is left.
    expect(docs(out)).not.toMatch(/\b(tom|boston|seattle|figma)\b/i);
  });

  it('is seeded: the same seed gives the same rewrite, another seed another one', () => {
    expect(swapScenario(s, '17', '')).toEqual(swapScenario(s, '17', ''));
    const seeds = ['1', '2', '3', '4', '5'].map((seed) => scenarioMapping(s, seed).get('boston'));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('never picks a target that is already a word of the scenario, and leaves an English word that is also a name alone', () => {
    const t = scenario(['I met Hope in June. Mark my words, Mark is moving to Leeds.'], 'where is Mark moving?', 'Leeds', 'June');
    const map = scenarioMapping(t, '17');
    expect([...map.values()].map((v) => v.toLowerCase())).not.toContain('june');
    expect([...map.values()].map((v) => v.toLowerCase())).not.toContain('hope');
    expect(swapText('Mark my words, mark is a verb.', map)).toBe(`${map.get('mark')} my words, mark is a verb.`);
  });

  it('swap17: every current answer still occurs in its scenario as often as in the original', () => {
    const all = loadScenarios(FIXTURES_DIR).scenarios;
    const swapped = all.filter((x) => x.split === 'swap17');
    expect(swapped.length).toBeGreaterThanOrEqual(120);
    const byId = new Map(all.map((x) => [x.id, x]));
    const phrases = (p: string | string[]) => (Array.isArray(p) ? p : [p]);
    const holds = (x: Scenario, p: string | string[]) => phrases(p).some((a) => JSON.stringify(x.steps).toLowerCase().includes(a.toLowerCase()));
    for (const x of swapped) {
      const original = byId.get(x.id.replace(/^s17-/, ''))!;
      expect(original, x.id).toBeDefined();
      x.questions.forEach((q, i) => expect(holds(x, q.current), `${x.id}: ${q.q}`).toBe(holds(original, original.questions[i]!.current)));
    }
  });
});
