import { describe, expect, it } from 'vitest';
import { scoreScenario, type ScenarioObservation } from '../../../bench/memories/run-scenario.js';
import { ExpectedProfile, Scenario } from '../../../bench/memories/scenarios.js';
import { breakdownRates, containsPhrase, extractionTotals, matchesGold, namesSubject, rates, type ScenarioScore, scoreExtraction, scoreProfile, scoreQuestion } from '../../../bench/memories/score.js';

const move = { q: 'Where does Maya live?', current: 'Seattle', stale: ['Boston', 'Cambridge'] };

describe('phrases', () => {
  it('match case-insensitively as substrings, any alternative, curly apostrophes as straight', () => {
    expect(containsPhrase('The user now lives in SEATTLE.', 'seattle')).toBe(true);
    expect(containsPhrase('Maya is a translator', 'translat')).toBe(true);
    expect(containsPhrase('Maya lives in Paris', ['Berlin', 'Paris'])).toBe(true);
    expect(containsPhrase('Maya lives in Paris', ['Berlin', 'Rome'])).toBe(false);
    expect(containsPhrase('Sam can’t stand coffee', "can't stand coffee")).toBe(true);
  });

  it('subjects match whole words only', () => {
    expect(namesSubject('Tom plays the cello.', 'Tom')).toBe(true);
    expect(namesSubject('Tomorrow the user plays the cello.', 'Tom')).toBe(false);
    expect(namesSubject("Lena's wedding was in Porto.", 'Lena')).toBe(true);
    expect(namesSubject('The user is allergic to cats.', ['Maya', 'user'])).toBe(true);
    expect(namesSubject('Users like cats.', 'user')).toBe(false);
  });
});

describe('scoreQuestion', () => {
  it('top-1 current when the first result holds the current answer and no stale phrase', () => {
    const s = scoreQuestion(move, ['Maya lives in Seattle now.', 'Maya lives in Boston.']);
    expect(s).toMatchObject({ top1Current: true, staleAboveCurrent: false, currentRank: 1, staleRank: 2 });
  });

  it('stale above current when the old fact ranks first', () => {
    const s = scoreQuestion(move, ['Maya works at Figma.', 'Maya lives in Boston.', 'Maya lives in Seattle.']);
    expect(s).toMatchObject({ top1Current: false, staleAboveCurrent: true, currentRank: 3, staleRank: 2, top: 'Maya works at Figma.' });
  });

  it('a stale answer alone counts as above the (missing) current one; nothing relevant counts as neither', () => {
    expect(scoreQuestion(move, ['Maya lives in Cambridge.'])).toMatchObject({ top1Current: false, staleAboveCurrent: true, currentRank: null, staleRank: 1 });
    expect(scoreQuestion(move, ['Maya likes tea.'])).toMatchObject({ top1Current: false, staleAboveCurrent: false, currentRank: null, staleRank: null, top: 'Maya likes tea.' });
    expect(scoreQuestion(move, [])).toMatchObject({ top1Current: false, staleAboveCurrent: false, top: null });
  });

  it('a result holding both answers is neither current nor stale', () => {
    const s = scoreQuestion(move, ['Maya moved from Boston to Seattle.', 'Maya lives in Seattle.']);
    expect(s).toMatchObject({ top1Current: false, staleAboveCurrent: false, currentRank: 2, staleRank: null });
  });

  it('without a stale answer only the current one counts', () => {
    expect(scoreQuestion({ q: 'Where was the wedding?', current: 'Porto' }, ['Lena got married in Porto.']).top1Current).toBe(true);
  });
});

describe('scoreProfile', () => {
  const expected = ExpectedProfile.parse({ static: { mustContain: ['Seattle', ['nurse', 'RN']], mustNotContain: ['Boston'] }, dynamic: { mustNotContain: ['moving to Seattle'] } });

  it('passes when every check holds', () => {
    expect(scoreProfile(expected, { static: ['Maya lives in Seattle.', 'Maya is an RN.'], dynamic: ['Maya went hiking.'] })).toEqual({ correct: true, failures: [] });
  });

  it('names every failed check', () => {
    const s = scoreProfile(expected, { static: ['Maya lives in Boston.'], dynamic: ['Maya is moving to Seattle in September.'] });
    expect(s.correct).toBe(false);
    expect(s.failures).toEqual([
      'static must contain "Seattle"',
      'static must contain "nurse | RN"',
      'static must not contain "Boston": "Maya lives in Boston."',
      'dynamic must not contain "moving to Seattle": "Maya is moving to Seattle in September."',
    ]);
  });

  it('an empty profile is required for small talk', () => {
    const empty = ExpectedProfile.parse({ empty: true });
    expect(scoreProfile(empty, { static: [], dynamic: [] }).correct).toBe(true);
    expect(scoreProfile(empty, { static: [], dynamic: ['The user just bored.'] }).failures).toEqual(['dynamic must be empty: "The user just bored."']);
  });
});

describe('extraction precision and recall', () => {
  const gold = [
    { subject: 'Lena', keywords: ['peanut'] },
    { subject: ['user', 'Maya'], keywords: ['cat'] },
  ];

  it('a memory is correct when it names a gold subject and holds all its key words', () => {
    expect(matchesGold("Maya's sister Lena is allergic to peanuts.", gold[0]!)).toBe(true);
    expect(matchesGold('Maya is allergic to peanuts.', gold[0]!)).toBe(false);
    expect(matchesGold('The user is allergic to cats.', gold[1]!)).toBe(true);
    expect(matchesGold('Lena is allergic.', { subject: 'Lena', keywords: ['allergic', 'peanut'] })).toBe(false);
  });

  it('counts correct memories over produced ones and found facts over gold ones', () => {
    const a = scoreExtraction(['Lena is allergic to peanuts.', 'Lots of news since Maya last talked.', 'Maya is allergic to peanuts.'], gold);
    expect(a).toMatchObject({ produced: 3, correct: 1, gold: 2, found: 1, wrong: ['Lots of news since Maya last talked.', 'Maya is allergic to peanuts.'] });
    expect(a.missed).toEqual([gold[1]]);
    const smallTalk = scoreExtraction(['The user just bored.'], []);
    expect(smallTalk).toMatchObject({ produced: 1, correct: 0, gold: 0, found: 0 });
    const t = extractionTotals([a, smallTalk, scoreExtraction(['The user loves cats.'], gold)]);
    expect(t).toMatchObject({ documents: 3, produced: 5, correct: 2, gold: 4, found: 2 });
    expect(t.precision).toBeCloseTo(0.4);
    expect(t.recall).toBeCloseTo(0.5);
    expect(extractionTotals([scoreExtraction([], [])])).toMatchObject({ precision: null, recall: null });
  });
});

describe('rates over scenarios', () => {
  const q = (top1: boolean, stale: boolean) => ({ q: 'q', top1Current: top1, staleAboveCurrent: stale, currentRank: top1 ? 1 : null, staleRank: stale ? 1 : null, top: null });
  const scenario = (over: Partial<ScenarioScore>): ScenarioScore => ({
    id: 'x',
    family: 'move',
    split: 'dev',
    questions: [],
    profile: { correct: true, failures: [] },
    memories: 0,
    expectNoMemories: false,
    ...over,
  });
  const scores = [
    scenario({ id: 'a', questions: [q(true, false), q(false, true)] }),
    scenario({ id: 'b', family: 'correction', questions: [q(true, false)], profile: { correct: false, failures: ['x'] } }),
    scenario({ id: 'c', family: 'small-talk', split: 'holdout', expectNoMemories: true, memories: 2, profile: { correct: false, failures: ['y'] } }),
    scenario({ id: 'd', family: 'correction', error: '500 boom', questions: [q(true, false)] }),
    scenario({ id: 'e', family: 'conversation', unsupported: 'POST /v4/conversations answered 404', questions: [q(true, false)] }),
  ];

  it('top-1, stale and profile shares; errors count as misses; unsupported scenarios are left out', () => {
    const r = rates(scores);
    expect(r).toMatchObject({ scenarios: 4, questions: 4, smallTalkMemories: 2, smallTalkScenarios: 1, errors: 1 });
    expect(r.top1Current).toBe(0.5);
    expect(r.staleAboveCurrent).toBe(0.25);
    expect(r.profileCorrect).toBe(0.25);
  });

  it('breaks down by family and split, and lists what did not run', () => {
    const b = breakdownRates(scores, ['move', 'correction', 'small-talk', 'conversation']);
    expect(Object.keys(b.byFamily)).toEqual(['move', 'correction', 'small-talk', 'conversation']);
    expect(b.byFamily.correction).toMatchObject({ scenarios: 2, questions: 2, top1Current: 0.5, profileCorrect: 0 });
    expect(b.byFamily.conversation).toMatchObject({ scenarios: 0, questions: 0, top1Current: null });
    expect(b.bySplit.holdout).toMatchObject({ scenarios: 1, questions: 0, top1Current: null, smallTalkMemories: 2 });
    expect(b.unsupported).toEqual([{ id: 'e', reason: 'POST /v4/conversations answered 404' }]);
  });
});

describe('scoreScenario', () => {
  const s = Scenario.parse({
    id: 'move-x',
    family: 'move',
    description: 'd',
    steps: [{ kind: 'document', content: 'I live in Boston.' }],
    questions: [move, { q: 'Where does Maya work?', current: 'Figma' }],
    profile: { static: { mustContain: ['Seattle'] } },
  });
  const obs = (over: Partial<ScenarioObservation>): ScenarioObservation => ({ id: s.id, tag: 't', answers: [], profile: { static: [], dynamic: [] }, memories: [], seconds: 1, ...over });

  it('scores each question from its own ranking and the profile from the observed lists', () => {
    const r = scoreScenario(
      s,
      obs({
        answers: [
          { q: move.q, ranked: ['Maya lives in Boston.'] },
          { q: 'Where does Maya work?', ranked: ['Maya works at Figma.'] },
        ],
        profile: { static: ['Maya lives in Seattle.'], dynamic: [] },
        memories: ['a', 'b'],
      }),
    );
    expect(r.questions.map((x) => [x.top1Current, x.staleAboveCurrent])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(r).toMatchObject({ split: 'dev', memories: 2, profile: { correct: true } });
  });

  it('a failed run fails the profile and answers nothing', () => {
    const r = scoreScenario(s, obs({ error: 'document d1 failed' }));
    expect(r.error).toBe('document d1 failed');
    expect(r.profile.correct).toBe(false);
    expect(r.questions.every((x) => !x.top1Current)).toBe(true);
  });
});
