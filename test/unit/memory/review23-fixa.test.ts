import { describe, expect, it } from 'vitest';
import { resolveDates } from '../../../src/memory/temporal-expressions.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * review23 F1, F5 and F12's since-clause half: a gerund looks back only when its object or place follows it, never a
 * verb of its own ("quitting is not an option", "training starts on Saturday"), and after "after" / "following" only in
 * a past sentence. Written on Wednesday 2026-03-04, as in the review's probes.
 */
const read = factsReader('2026-03-04');
const texts = (content: string) => read(content).map((f) => f.text);
const dates = (content: string) => resolveDates(content, '2026-03-04').dates;

describe('a gerund that is the subject of its own clause is no change of the user (F1)', () => {
  it('"Since quitting is not an option …" keeps the job and the role', async () => {
    const latest = await latestTexts(['I work at Acme as a data analyst.', '2026-01-10'], ['Since quitting is not an option right now, I will stick with it.', '2026-03-04']);
    expect(latest).toEqual(expect.arrayContaining(['The user works at Acme.', 'The user works as a data analyst.']));
    expect(latest.filter((t) => /quit/.test(t) && !/^Since/.test(t))).toEqual([]);
  });

  it('states no past change for a causal since-clause', () => {
    expect(texts('Since leaving early is not allowed, I stay until 6.')).not.toContain('The user left early is not allowed.');
    expect(texts('Since moving is so expensive, we are staying in Leeds.')).not.toContain('The user moved is so expensive.');
    expect(texts('Since quitting is not an option right now, I will stick with it.').filter((t) => /quit is/.test(t))).toEqual([]);
  });

  it('still states the change a since-clause of the speaker says in passing', () => {
    expect(texts('Since relocating to Bristol in May I cycle everywhere.')[0]).toBe('The user relocated to Bristol in May 2025.');
    expect(texts("since moving to Porto I've been trying to learn Portuguese")[0]).toBe('The user moved to Porto.');
  });
});

describe('a plain future plan stays in the future (F5)', () => {
  it('does not put a plan with "after" + gerund in the past', () => {
    expect(dates('I am meeting Jo after climbing on Friday.')).toEqual(['2026-03-06']);
    expect(dates('I have a dentist appointment after shopping on Monday.')).toEqual(['2026-03-09']);
  });

  it('does not read a causal "since" + a noun or subject in "-ing" as looking back', () => {
    expect(dates('I will miss the party since training starts on Saturday.')).toEqual(['2026-03-07']);
    expect(dates('I am taking the day off since moving day is on Friday.')).toEqual(['2026-03-06']);
  });

  it('still places a looking-back clause in the past', () => {
    expect(dates('Since moving on Saturday I have no internet.')).toEqual(['2026-02-28']);
    expect(dates('Since relocating to Bristol in January I cycle everywhere.')).toEqual(['2026-01-01']);
    expect(dates('After moving here on Saturday, I unpacked everything.')).toEqual(['2026-02-28']);
    expect(dates("After moving to Leeds in May I'll look for work.")).toEqual(['2026-05-01']);
  });
});
