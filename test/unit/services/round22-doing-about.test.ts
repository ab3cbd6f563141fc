/**
 * Issue 26, round 22 (judge24, blind23's knee): "what is X doing about Y?" is answered by what the source says is done,
 * not by its statement of Y's trouble, which only repeats the question's words.
 */
import { describe, expect, it } from 'vitest';
import { askedTrouble } from '../../../src/services/doing-about.js';
import { searchFacts, told } from './memory-ranking-fixture.js';

const said = (memory: string, documentId: string, subject = 'the user') => told(memory, subject, null, '2026-04-10', documentId);

describe('what someone is doing about a thing', () => {
  it('ranks the treatment above the trouble said with it', async () => {
    const facts = [said("The user's left knee has been acting up.", 'chat-2'), said('The user has physio sessions twice a week now.', 'chat-2'), said('The user ran the Lisbon half marathon.', 'chat-1')];
    const ranked = await searchFacts(facts, 'What is the user doing about their knee?');
    expect(ranked[0]).toBe('The user has physio sessions twice a week now.');
  });

  it('keeps the trouble first when its source says nothing is done', async () => {
    const facts = [said("The user's left knee has been acting up.", 'chat-2'), said('The user has physio sessions twice a week now.', 'chat-3', 'Tom')];
    const ranked = await searchFacts(facts, 'What is the user doing about their knee?');
    expect(ranked[0]).toBe("The user's left knee has been acting up.");
  });

  it('reads the thing asked about', () => {
    expect(askedTrouble("What's Maya doing for her back?")).toBe('back');
    expect(askedTrouble('What is the user doing about their knee?')).toBe('knee');
    expect(askedTrouble('What is the user doing this weekend?')).toBeNull();
  });
});
