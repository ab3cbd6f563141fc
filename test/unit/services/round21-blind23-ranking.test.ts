/**
 * Round 21 (issue 26, blind23 leftovers): the fact stored for what is asked ranks above a wrong one when a note's
 * field is asked by name, a relative is asked by another word than the fact's, another person's home sits beside the
 * user's whereabouts, and a place of study is told as news. Facts stored as the engine files them; sentences written
 * for these tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/providers/embedder.js';
import { localEmbedder } from '../../helpers/local-embedder.js';
import { fieldEvidence } from '../../../src/services/field-evidence.js';
import { locationReadsAsHome } from '../../../src/services/home-locations.js';
import { attributeEvidence } from '../../../src/services/memory-ranking.js';
import { subjectsOf } from '../../../src/services/memory-subjects.js';
import { searchFacts } from './memory-ranking-fixture.js';

let embedder: Embedder;
beforeAll(async () => {
  embedder = await localEmbedder();
}, 120_000);
afterAll(async () => {
  await embedder?.close?.();
});

describe("a note's field asked by name", () => {
  it('counts only when every word of the field beyond its subject is asked', () => {
    expect(fieldEvidence('Who is the release owner?', { attribute: 'field:relea owner week', subject: 'Weekly sync', memory: 'The release owner of Weekly sync is Chiara Esposito from now on.' })).toBe(1);
    expect(fieldEvidence('Who is the release owner?', { attribute: 'field:freez date week', subject: 'Weekly sync', memory: 'The freeze date of Weekly sync is 20 March.' })).toBeNull();
    expect(fieldEvidence('Who is the release owner?', { attribute: 'residence', subject: 'the user', memory: 'The user lives in Leeds.' })).toBeNull();
    // The user's own field (a relation a later unfiled fact may replace) keeps the catalogue's evidence.
    expect(fieldEvidence("who's my GP now?", { attribute: 'field:gp', subject: 'the user', memory: "The user's GP is Dr Harris." })).toBeNull();
    // Another person's field said as news is no note's field.
    expect(fieldEvidence('which phone network am I on?', { attribute: 'field:phone network', subject: 'Kate', memory: 'Kate moved her phone contract to Three.' })).toBeNull();
  });
});

describe('a relative asked by another word', () => {
  const facts = [
    { memory: "The user's brother is called Piotr.", subject: 'the user', attribute: 'family:brother', date: '2026-03-01' },
    { memory: "The user's mum is called Halina.", subject: 'the user', attribute: 'family:mother', date: '2026-03-01' },
    { memory: "Piotr is bringing a cake for mum's retirement.", subject: 'Piotr', attribute: null, date: '2026-03-20' },
  ];

  it("the kinship fact answers the relative's name", async () => {
    const hits = await searchFacts(facts, "What is the user's mother called?");
    expect(hits[0]).toBe("The user's mum is called Halina.");
  });

  it('"dad" in a fact names the father asked about', () => {
    const s = subjectsOf("Where does the user's father work?", [{ memory: "Ewa is flying in for dad's party.", subject: 'Ewa', attribute: null }]);
    expect(s.mentionsAsked({ memory: "Ewa is flying in for dad's party." })).toBe(true);
    expect(s.mentionsAsked({ memory: 'Ewa is flying in for the party.' })).toBe(false);
  });
});

describe("another person's home beside the user's whereabouts", () => {
  it("the user's relative is not asked about by the question's 'the'", () => {
    const mum = { memory: "The user's mum lives in Cork.", subject: "the user's mother", attribute: 'residence' };
    const s = subjectsOf('Where does the user live?', [mum, { memory: 'The user is in Galway.', subject: 'the user', attribute: 'location' }]);
    expect(s.match(mum)).toBe(-1);
  });

  it("the user's place answers where the user lives, not the mother's home", async () => {
    const hits = await searchFacts(
      [
        { memory: "The user's mother lives in Tralee.", subject: "the user's mother", attribute: 'residence', date: '2026-03-07' },
        { memory: 'The user is in Sligo.', subject: 'the user', attribute: 'location', date: '2026-03-07' },
      ],
      'Where does the user live?',
    );
    expect(hits[0]).toBe('The user is in Sligo.');
  });

  it('a trip keeps a location a location', () => {
    expect(locationReadsAsHome('The user is in Galway.')).toBe(true);
    expect(locationReadsAsHome('The user is in Lisbon for a conference.')).toBe(false);
    expect(locationReadsAsHome('The user is in Rome this week.')).toBe(false);
    expect(attributeEvidence(['residence'], { attribute: 'location', memory: 'The user is in Galway.' })).toBe(0);
    expect(attributeEvidence(['residence'], { attribute: 'location', memory: 'The user is in Lisbon for a conference.' })).toBe(-1);
  });
});

describe('a place of study told as news', () => {
  it('the news of the school answers where the person will study, above when they start (the local model)', async () => {
    const hits = await searchFacts(
      [
        { memory: "Tomas's son Jan just got into law school in Brno.", subject: 'Jan', attribute: null, date: '2024-05-02' },
        { memory: 'Jan starts in October 2024.', subject: 'Jan', attribute: null, date: '2024-05-02' },
        { memory: 'Tomas is already planning the move.', subject: 'Tomas', attribute: null, date: '2024-05-02' },
      ],
      'Where is Jan going to study?',
      embedder,
    );
    expect(hits[0]).toContain('law school in Brno');
  });

  it('states the education asked about', () => {
    expect(attributeEvidence(['location', 'education'], { attribute: null, memory: "Tomas's son Jan just got into law school in Brno." })).toBe(1);
    expect(attributeEvidence(['location', 'education'], { attribute: null, memory: 'Jan starts in October 2024.' })).toBe(0);
  });
});
