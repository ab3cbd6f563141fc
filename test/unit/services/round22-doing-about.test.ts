/**
 * Issue 26, round 22 (judge24, blind23's knee): "what is X doing about Y?" is answered by what the source says is done,
 * not by its statement of Y's trouble, which only repeats the question's words.
 */
import { describe, expect, it } from 'vitest';
import { askedTrouble } from '../../../src/services/doing-about.js';
import { searchFacts } from './memory-ranking-fixture.js';

const told = (memory: string, documentId: string, subject = 'the user') => ({ memory, subject, attribute: null, date: '2026-04-10', record: { documentIds: [documentId], isStatic: false } });

describe('what someone is doing about a thing', () => {
  it('ranks the treatment above the trouble said with it', async () => {
    const facts = [told("The user's left knee has been acting up.", 'chat-2'), told('The user has physio sessions twice a week now.', 'chat-2'), told('The user ran the Lisbon half marathon.', 'chat-1')];
    const ranked = await searchFacts(facts, 'What is the user doing about their knee?');
    expect(ranked[0]).toBe('The user has physio sessions twice a week now.');
  });

  it('keeps the trouble first when its source says nothing is done', async () => {
    const facts = [told("The user's left knee has been acting up.", 'chat-2'), told('The user has physio sessions twice a week now.', 'chat-3', 'Tom')];
    const ranked = await searchFacts(facts, 'What is the user doing about their knee?');
    expect(ranked[0]).toBe("The user's left knee has been acting up.");
  });

  it('reads the thing asked about', () => {
    expect(askedTrouble("What's Maya doing for her back?")).toBe('back');
    expect(askedTrouble('What is the user doing about their knee?')).toBe('knee');
    expect(askedTrouble('What is the user doing this weekend?')).toBeNull();
  });
});
