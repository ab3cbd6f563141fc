/**
 * Round 19 (issue 26, judge21): which of a person's current facts answers first. A job question answers with the
 * title said with the new employer; an open allergy question with an allergy, not a denial; "where do I live?" not
 * with the landlord's home. Facts stored as the engine files them; sentences written for these tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/providers/embedder.js';
import { localEmbedder } from '../../helpers/local-embedder.js';
import { subjectsOf } from '../../../src/services/memory-subjects.js';
import { searchFacts } from './memory-ranking-fixture.js';

describe('a job question', () => {
  const facts = [
    { memory: 'The user works as a pricing actuary.', subject: 'the user', attribute: 'role', date: '2025-04-14' },
    { memory: 'The user works at Aviva.', subject: 'the user', attribute: 'employer', date: '2025-04-14' },
    { memory: 'The user works at Legal & General.', subject: 'the user', attribute: 'employer', date: '2026-02-23' },
    { memory: 'The user works as a longevity underwriter.', subject: 'the user', attribute: 'role', date: '2026-02-23' },
  ];

  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await localEmbedder();
  }, 120_000);
  afterAll(async () => {
    await embedder?.close?.();
  });

  it('"what\'s my job?" answers with the current title, "where do I work?" with the current employer (the local model)', async () => {
    expect((await searchFacts(facts, "what's my job?", embedder))[0]).toBe('The user works as a longevity underwriter.');
    expect((await searchFacts(facts, 'where do I work?', embedder))[0]).toBe('The user works at Legal & General.');
  });
});

describe('an open allergy question', () => {
  const facts = [
    { memory: 'The user is not allergic to penicillin.', subject: 'the user', attribute: 'allergy:penicillin', date: '2026-03-01' },
    { memory: 'The user is allergic to codeine.', subject: 'the user', attribute: 'allergy:codeine', date: '2026-03-01' },
    { memory: "The user's dad is allergic to morphine.", subject: "the user's father", attribute: 'allergy:morphine', date: '2026-03-01' },
  ];

  it('answers with an allergy the person has before a denial; a yes/no question about the denied one gets the denial', async () => {
    expect((await searchFacts(facts, 'what am I allergic to?'))[0]).toBe('The user is allergic to codeine.');
    expect((await searchFacts(facts, 'any allergies I should know about?'))[0]).toBe('The user is allergic to codeine.');
    expect((await searchFacts(facts, 'am I allergic to penicillin?'))[0]).toBe('The user is not allergic to penicillin.');
  });
});

describe("another person's home filed under the user", () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await localEmbedder();
  }, 120_000);
  afterAll(async () => {
    await embedder?.close?.();
  });

  it('"where do I live?" answers with the user\'s home, not the landlord\'s (the local model)', async () => {
    const facts = [
      { memory: 'The user rents a flat in Glasgow.', subject: 'the user', attribute: 'residence', date: '2026-03-18' },
      { memory: "The user's landlord lives in Spain, so repairs take forever.", subject: 'the user', attribute: null, date: '2026-03-18' },
    ];
    expect((await searchFacts(facts, 'where do I live?', embedder))[0]).toBe('The user rents a flat in Glasgow.');
  });
});

describe('one pet of a set ended', () => {
  const facts = [
    { memory: 'The user and others have two dogs, Rufus and Bean.', subject: 'the user', attribute: 'count:dog have', date: '2026-01-04', record: { isLatest: false, documentIds: ['d1'] } },
    { memory: "The user's dog Rufus passed away on 2026-06-21, he was 14.", subject: 'the user', attribute: null, date: '2026-06-22', record: { documentIds: ['d2'] } },
    { memory: 'The user and others have a dog, Bean.', subject: 'the user', attribute: 'count:dog have', date: '2026-06-22', record: { version: 2, relation: 'updates' as const, documentIds: ['d1', 'd2'] } },
  ];

  it('"what dog do I have now?" answers with the dogs left; "did Rufus die?" with the ending', async () => {
    expect((await searchFacts(facts, 'What dog does the user have now?'))[0]).toBe('The user and others have a dog, Bean.');
    expect((await searchFacts(facts, 'did Rufus die?'))[0]).toMatch(/Rufus passed away/);
  });
});

describe('changes said without the usual verb', () => {
  it('"new flat is in Hackney" answers "where does the user live?" above "lives in Camden"', async () => {
    const facts = [
      { memory: 'The user lives in Camden.', subject: 'the user', attribute: 'residence', date: '2026-01-07' },
      { memory: "The user's new flat is in Hackney.", subject: 'the user', attribute: null, date: '2026-05-09' },
    ];
    expect((await searchFacts(facts, 'Where does the user live?'))[0]).toBe("The user's new flat is in Hackney.");
  });

  it('"handed in Ben\'s notice, starting at N26" answers "where does Ben work?" above "works at Revolut"', async () => {
    const facts = [
      { memory: 'Ben works at Revolut, compliance team.', subject: 'Ben', attribute: 'employer', date: '2026-01-16' },
      { memory: "Ben handed in Ben's notice, starting at N26 in April 2026.", subject: 'Ben', attribute: null, date: '2026-03-17' },
    ];
    expect((await searchFacts(facts, 'Where does Ben work?'))[0]).toMatch(/N26/);
  });
});

describe('a relation asked about now', () => {
  it('"who\'s my boss these days?" asks for the user\'s own manager, as "who\'s my boss?" does', () => {
    const memories = [
      { subject: 'the user', attribute: 'manager', memory: 'The user is reporting to Hamid Qureshi rather than Karen.' },
      { subject: 'Karen Doyle', attribute: null, memory: 'Karen Doyle will need to approve the budget.' },
    ];
    for (const q of ["who's my boss these days?", 'who is my manager at the moment?', "who's my boss?"]) {
      const s = subjectsOf(q, memories);
      expect(
        memories.map((m) => s.match(m)),
        q,
      ).toEqual([1, -1]);
    }
  });
});
