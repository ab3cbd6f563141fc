import { describe, expect, it } from 'vitest';
import { judgeRelation, TOPIC_SIMILARITY } from '../../../src/memory/heuristic-judge.js';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, RelationCandidate } from '../../../src/memory/types.js';

/**
 * Rule 5 of the heuristic judge: a change whose attribute the catalogue cannot name ("other") still supersedes the
 * older fact about the same thing, and never merges two preferences, two topics or two people. Sentences written for
 * this test, none from the scenario sets.
 */
const extractor = createOfflineExtractor();

async function only(content: string): Promise<ExtractedFact> {
  const { facts } = await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null });
  expect(facts, content).toHaveLength(1);
  return facts[0]!;
}

const as = (id: string, f: ExtractedFact, similarity: number): RelationCandidate => ({ id, text: f.text, subject: f.subject, attribute: f.attribute, isStatic: f.isStatic, similarity });
const plain = (text: string, subject: string | null, attribute: string | null = null): ExtractedFact => ({ text, isStatic: true, eventDate: null, forgetAfter: null, subject, attribute, speaker: null });
const close = TOPIC_SIMILARITY + 0.1;

describe('supersession when the attribute is unknown (rule 5)', () => {
  it('a cued change about the same noun updates the older fact', async () => {
    const pairs: [string, string][] = [
      ['I swim laps at the community pool twice a week.', 'I switched to the pool at my office, it is closer.'],
      ['I drink oat milk in my coffee.', "I'm back to regular milk, the oat milk upset my stomach."],
      ['I knit scarves for the church bazaar every winter.', 'I stopped knitting for the bazaar this year.'],
    ];
    for (const [before, after] of pairs) {
      const old = await only(before);
      const now = await only(after);
      expect(judgeRelation(now, [as('m-old', old, close)]), `${before} -> ${after}`).toEqual({ relation: 'updates', targetId: 'm-old' });
    }
  });

  it('a flipped polarity about the same thing updates it, with a subject-less chat line read as the author', async () => {
    const old = await only('I commute by ferry every morning.');
    const now = await only("Haven't used the ferry since the schedule got cut.");
    expect(now.subject).toBe('the user');
    expect(judgeRelation(now, [as('m-ferry', old, close)])).toEqual({ relation: 'updates', targetId: 'm-ferry' });
  });

  it('two preferences or two habits with other objects stay side by side', async () => {
    const pairs: [string, string][] = [
      ['I drink black tea every afternoon.', 'I now drink a smoothie after the gym.'],
      ['I read detective novels on the train.', 'I started reading poetry at night.'],
      ['I bake sourdough on weekends.', 'I now play padel on weekends.'],
    ];
    for (const [before, after] of pairs) {
      const old = await only(before);
      const now = await only(after);
      expect(judgeRelation(now, [as('m-old', old, close)]).relation, `${before} -> ${after}`).not.toBe('updates');
    }
  });

  it('never across two people, however alike the facts', () => {
    const ines = plain('Ines swims laps at the community pool.', 'Ines');
    const noor = plain('Noor stopped swimming at the community pool.', 'Noor');
    expect(judgeRelation(noor, [as('m-ines', ines, 0.95)]).relation).toBe('new');
  });

  it("the subject's own name is no shared topic", () => {
    const old = plain('Farah Ahmed sings with a jazz quartet.', 'Farah Ahmed');
    const now = plain('Farah Ahmed now volunteers at an animal shelter.', 'Farah Ahmed');
    expect(judgeRelation(now, [as('m-old', old, close)]).relation).toBe('new');
  });

  it('not below the similarity floor, nor without a cue', () => {
    const old = plain('Farah sings with a jazz quartet on Fridays.', 'Farah');
    expect(judgeRelation(plain('Farah now rehearses the quartet program alone.', 'Farah'), [as('m-old', old, TOPIC_SIMILARITY - 0.05)]).relation).toBe('new');
    expect(judgeRelation(plain('Farah writes the arrangements for the quartet.', 'Farah'), [as('m-old', old, close)]).relation).not.toBe('updates');
  });
});
