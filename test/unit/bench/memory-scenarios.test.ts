import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMILIES, FIXTURES_DIR, loadPrecision, loadScenarios, type Phrase, ScenarioFile } from '../../../bench/memories/scenarios.js';
import { scoreQuestion } from '../../../bench/memories/score.js';

const alternatives = (p: Phrase) => (Array.isArray(p) ? p : [p]);

describe('memory scenario fixtures', () => {
  const loaded = loadScenarios(FIXTURES_DIR);
  const all = loaded.scenarios;

  it('hold at least 80 scenarios, a quarter of them in the holdout file', () => {
    // Later rounds add their own proxy and regression splits beside these.
    expect(loaded.files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['dev.json', 'fresh.json', 'fresh2.json', 'fresh3.json', 'fresh4.json', 'fresh5.json', 'fresh6.json', 'holdout.json']));
    const devAndHoldout = all.filter((s) => s.split === 'dev' || s.split === 'holdout');
    expect(devAndHoldout.length).toBeGreaterThanOrEqual(80);
    const holdout = devAndHoldout.filter((s) => s.split === 'holdout').length / devAndHoldout.length;
    expect(holdout).toBeGreaterThanOrEqual(0.22);
    expect(holdout).toBeLessThanOrEqual(0.3);
  });

  it('hold a fresh proxy holdout of at least 30 scenarios (written before round 5 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh').length).toBeGreaterThanOrEqual(30);
  });

  it('hold a second proxy holdout of at least 30 scenarios (written before round 6 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh2').length).toBeGreaterThanOrEqual(30);
  });

  it('hold a third proxy holdout of at least 30 scenarios (written before round 7 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh3').length).toBeGreaterThanOrEqual(30);
  });

  it('hold a fourth proxy holdout of at least 30 scenarios (written before round 8 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh4').length).toBeGreaterThanOrEqual(30);
  });

  it('hold a fifth proxy holdout of at least 30 scenarios (written before round 9 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh5').length).toBeGreaterThanOrEqual(30);
  });

  it('hold a sixth proxy holdout of at least 30 scenarios (written before round 10 changed the engine)', () => {
    expect(all.filter((s) => s.split === 'fresh6').length).toBeGreaterThanOrEqual(30);
  });

  it("hold round 11's ranking proxy: at least 15 scenarios in the four families the held-out misses at rank 2", () => {
    const rank11 = all.filter((s) => s.split === 'rank11');
    expect(rank11.length).toBeGreaterThanOrEqual(15);
    for (const family of ['left', 'two-people', 'title-change', 'direct-write'] as const) expect(rank11.filter((s) => s.family === family).length, family).toBeGreaterThanOrEqual(3);
  });

  it("hold round 13's ranking proxy (written before round 13 changed the ranking): at least 20 scenarios in its three families", () => {
    const rank14 = all.filter((s) => s.split === 'rank14');
    expect(rank14.length).toBeGreaterThanOrEqual(20);
    for (const family of ['title-change', 'two-people', 'replacement'] as const) expect(rank14.filter((s) => s.family === family).length, family).toBeGreaterThanOrEqual(5);
  });

  it("hold round 12's profile proxy (written before round 12 changed the engine): at least 30 scenarios, 5 in each profile family", () => {
    const fresh8 = all.filter((s) => s.split === 'fresh8');
    expect(fresh8.length).toBeGreaterThanOrEqual(30);
    for (const family of ['negation', 'replacement', 'left', 'correction'] as const) expect(fresh8.filter((s) => s.family === family).length, family).toBeGreaterThanOrEqual(5);
  });

  it('cover every phrasing family in both splits', () => {
    for (const family of FAMILIES) {
      expect(all.filter((s) => s.family === family && s.split === 'dev').length, family).toBeGreaterThanOrEqual(3);
      expect(
        all.some((s) => s.family === family && s.split === 'holdout'),
        family,
      ).toBe(true);
    }
  });

  it('cover the required step kinds: documents, direct writes, PATCH, and conversations', () => {
    const kinds = new Set(all.flatMap((s) => s.steps.map((st) => st.kind)));
    expect([...kinds].sort()).toEqual(['conversation', 'document', 'memories', 'update']);
    expect(all.filter((s) => s.steps.some((st) => st.kind === 'document' && st.content.startsWith('[{'))).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((s) => s.steps.some((st) => st.kind === 'document' && /^\[\d{1,2}:\d{2} [ap]m on /m.test(st.content))).length).toBeGreaterThanOrEqual(3);
  });

  it('can pass: no stale phrase is part of a current one, and the current answer alone scores top-1', () => {
    for (const s of all) {
      for (const q of s.questions) {
        for (const c of alternatives(q.current)) {
          for (const st of q.stale ? alternatives(q.stale) : []) expect(c.toLowerCase().includes(st.toLowerCase()), `${s.id}: "${st}" in "${c}"`).toBe(false);
          expect(scoreQuestion(q, [`Fact: ${c}.`]).top1Current, `${s.id}: ${q.q}`).toBe(true);
        }
      }
      for (const list of [s.profile.static, s.profile.dynamic]) {
        for (const must of list.mustContain) {
          for (const c of alternatives(must)) {
            const clash = list.mustNotContain.flatMap(alternatives).find((n) => c.toLowerCase().includes(n.toLowerCase()));
            expect(clash, `${s.id}: profile "${c}" contains forbidden "${clash}"`).toBeUndefined();
          }
        }
      }
    }
  });

  it('the extraction sample holds about 40 labelled documents, small talk among them', () => {
    const p = loadPrecision(path.join(FIXTURES_DIR, 'precision-sample.json'));
    expect(p.documents.length).toBeGreaterThanOrEqual(40);
    expect(p.documents.reduce((a, d) => a + d.gold.length, 0)).toBeGreaterThanOrEqual(40);
    expect(p.documents.filter((d) => d.gold.length === 0).length).toBeGreaterThanOrEqual(5);
    expect(new Set(p.documents.map((d) => d.id)).size).toBe(p.documents.length);
  });
});

describe('scenario schema', () => {
  const valid = {
    split: 'dev',
    scenarios: [
      {
        id: 'a-move',
        family: 'move',
        description: 'd',
        steps: [{ kind: 'document', content: 'I live in Boston.', date: '2026-01-02' }],
        questions: [{ q: 'Where?', current: 'Seattle', stale: ['Boston'] }],
        profile: {},
      },
    ],
  };
  const issues = (v: unknown) => {
    const r = ScenarioFile.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const withScenario = (over: Record<string, unknown>) => ({ ...valid, scenarios: [{ ...valid.scenarios[0], ...over }] });

  it('accepts a well-formed file and fills the profile defaults', () => {
    const r = ScenarioFile.parse(valid);
    expect(r.scenarios[0]!.profile).toEqual({ static: { mustContain: [], mustNotContain: [] }, dynamic: { mustContain: [], mustNotContain: [] }, empty: false });
  });

  it('rejects unknown families, missing answers, bad dates, unknown fields and an update with nothing before it', () => {
    expect(issues(withScenario({ family: 'moves' }))[0]).toMatch(/^scenarios\.0\.family/);
    expect(issues(withScenario({ questions: [{ q: 'Where?' }] }))[0]).toMatch(/^scenarios\.0\.questions\.0\.current/);
    expect(issues(withScenario({ steps: [{ kind: 'document', content: 'x', date: 'May 2026' }] }))[0]).toMatch(/date: an ISO date/);
    expect(issues(withScenario({ steps: [{ kind: 'document', content: 'x', when: '2026-01-01' }] }))).toHaveLength(1);
    expect(issues(withScenario({ steps: [{ kind: 'update', find: 'Boston', newContent: 'Seattle' }] }))).toContain('scenarios.0.steps.0: an update needs an earlier write to find');
  });

  it('rejects duplicate ids, small talk that may leave memories, and a scenario with nothing to check', () => {
    expect(issues({ ...valid, scenarios: [valid.scenarios[0], valid.scenarios[0]] })).toContain('scenarios.1.id: duplicate scenario id a-move');
    expect(issues(withScenario({ family: 'small-talk', questions: [] })).join()).toMatch(/small talk must expect no memories/);
    expect(issues(withScenario({ questions: [] })).join()).toMatch(/a scenario without questions must expect no memories/);
  });
});
