/**
 * Issue 26, round 22 (rank25): two stale-first groups of the survey. A partner named in passing in an old message does
 * not outrank the newer one; for "where does X live?", a move that names no place does not hide the place its message
 * names, and another person's home does not outrank the asked person's fact naming a place.
 */
import { describe, expect, it } from 'vitest';
import { searchFacts, told } from './memory-ranking-fixture.js';

describe('a partner named in passing', () => {
  const hugo = told("Léa's boyfriend Hugo and Léa are looking for a two-bedroom in Nantes.", 'Léa', null, '2025-04-02', 'chat-1');
  const ines = told("Quick one, Léa's girlfriend Inès is gluten free.", 'Léa', null, '2026-02-14', 'chat-2');

  it('ranks the newer partner above the older one', async () => {
    const ranked = await searchFacts([hugo, ines], "Who is Léa's boyfriend or partner, is she still looking for a two-bedroom in Nantes?");
    expect(ranked[0]).toBe(ines.memory);
  });

  it('leaves an older mention first when the newer one names another person’s partner', async () => {
    const other = told("Quick one, Maud's girlfriend Inès is gluten free.", 'Maud', null, '2026-02-14', 'chat-2');
    const ranked = await searchFacts([hugo, other], "Who is Léa's boyfriend or partner, is she still looking for a two-bedroom in Nantes?");
    expect(ranked[0]).toBe(hugo.memory);
  });
});

describe('where someone lives', () => {
  it('puts the place of a move’s message above a move that names none', async () => {
    const facts = [
      told('The user works as an accountant in Leeds.', 'the user', 'role', '2026-01-20', 'doc-1'),
      told('The user got a new job at Deloitte in Manchester.', 'the user', 'employer', '2026-04-28', 'doc-2'),
      told('The user and others relocated over Easter.', 'the user', null, '2026-04-28', 'doc-2'),
    ];
    const ranked = await searchFacts(facts, 'where do I live now that the user and others relocated over Easter?');
    expect(ranked[0]).toBe('The user got a new job at Deloitte in Manchester.');
  });

  it('puts the asked person’s fact naming a place above another person’s home', async () => {
    const facts = [told("The user's sister Hannah lives in Leeds.", 'Hannah', 'residence', '2026-02-02', 'doc-1'), told("The user's brother Tom teaches maths in Manchester.", 'Tom', 'role', '2026-02-02', 'doc-1')];
    const ranked = await searchFacts(facts, 'where does Tom live, which city does he live in?');
    expect(ranked[0]).toBe("The user's brother Tom teaches maths in Manchester.");
  });

  it('keeps the asked person’s own home first', async () => {
    const facts = [
      told("The user's sister Hannah lives in Leeds.", 'Hannah', 'residence', '2026-02-02', 'doc-1'),
      told("The user's brother Tom teaches maths in Manchester.", 'Tom', 'role', '2026-02-02', 'doc-1'),
      told('Tom lives in Salford.', 'Tom', 'residence', '2026-02-02', 'doc-2'),
    ];
    const ranked = await searchFacts(facts, 'where does Tom live, which city does he live in?');
    expect(ranked[0]).toBe('Tom lives in Salford.');
  });

  it('puts a later arrival not filed as the home above the home it left', async () => {
    const facts = [
      told('The user lives in Manchester.', 'the user', 'residence', '2026-05-11', 'chat-1'),
      told('The user and others have arrived in Toronto, the flat is tiny but the neighbourhood is great.', 'the user', null, '2026-09-02', 'chat-2'),
    ];
    const ranked = await searchFacts(facts, 'where do I live? The user lives in Manchester.');
    expect(ranked[0]).toBe('The user and others have arrived in Toronto, the flat is tiny but the neighbourhood is great.');
  });

  it('keeps the home first above an arrival for a stay', async () => {
    const facts = [
      told('The user lives in Manchester.', 'the user', 'residence', '2026-05-11', 'chat-1'),
      told('The user has arrived in Rome for the conference, the hotel is tiny.', 'the user', null, '2026-09-02', 'chat-2'),
    ];
    const ranked = await searchFacts(facts, 'where do I live? The user lives in Manchester.');
    expect(ranked[0]).toBe('The user lives in Manchester.');
  });
});
