import { describe, expect, it } from 'vitest';
import { redactHeldOut, type ScenarioResult } from '../../../bench/memories/quality.js';
import { scenarioTables } from '../../../bench/memories/report.js';

const rates = { scenarios: 1, questions: 1, top1Current: 0, staleAboveCurrent: 0, profileCorrect: 0, smallTalkScenarios: 0, smallTalkMemories: 0, errors: 0 };
const miss = (id: string, split: string, q: string) => ({ id, family: 'move', split, questions: [{ q, top: `top of ${q}`, currentRank: null, staleRank: null }], profile: [] });

describe('bench:memories scenario report', () => {
  it('prints the misses of the dev and fresh splits and only counts those of held-out (or unknown) splits', () => {
    const r = {
      overall: rates,
      bySplit: { dev: rates, holdout: rates },
      byFile: {},
      byFamily: { move: rates },
      unsupported: [],
      failures: [
        miss('dev-a', 'dev', 'DEV QUESTION'),
        miss('held-b', 'holdout', 'SECRET QUESTION'),
        miss('f6-c', 'fresh6', 'FRESH QUESTION'),
        miss('ext-d', 'external', 'OUTSIDE QUESTION'),
        miss('p15-e', 'profile15', 'PROFILE QUESTION'),
      ],
    } as unknown as ScenarioResult;
    const text = scenarioTables(r);
    expect(text).toContain('DEV QUESTION');
    expect(text).toContain('FRESH QUESTION');
    expect(text).toContain('PROFILE QUESTION');
    expect(text).not.toContain('SECRET QUESTION');
    expect(text).not.toContain('OUTSIDE QUESTION');
    expect(text).not.toContain('held-b');
    expect(text).toContain('2 scenario(s) with a miss in held-out splits');
  });

  it('keeps no held-out text or descriptive id in the result file, only outcomes', () => {
    const score = {
      id: 'move-secret-city',
      family: 'move',
      split: 'holdout',
      questions: [{ q: 'SECRET QUESTION', top1Current: false, staleAboveCurrent: true, currentRank: 2, staleRank: 1, top: 'SECRET TOP' }],
      profile: { correct: false, failures: ['static must contain "SECRET CITY"'] },
      memories: 3,
      expectNoMemories: false,
    };
    const redacted = redactHeldOut(score);
    const json = JSON.stringify(redacted);
    expect(json).not.toMatch(/SECRET|move-secret-city/);
    expect(redacted).toMatchObject({ family: 'move', split: 'holdout', memories: 3, profile: { correct: false } });
    expect(redacted.questions[0]).toMatchObject({ top1Current: false, staleAboveCurrent: true, currentRank: 2, staleRank: 1 });
    expect(redacted.id).toBe(redactHeldOut(score).id);
    const dev = { ...score, split: 'dev' };
    expect(redactHeldOut(dev)).toBe(dev);
  });
});
