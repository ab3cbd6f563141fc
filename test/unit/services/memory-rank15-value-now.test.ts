/**
 * Issue 26, round 14 (rank15): a later fact that states a value of the older fact's kind as holding now ("is a
 * sergeant now", "is deputy head these days", "'s got a Toyota Yaris now") goes above the older value however far
 * below it scores, with no verb of change; and a fact the engine filed under the user that opens with a relative who
 * acts ("The user's mum's got ...") is that relative's.
 */
import { describe, expect, it } from 'vitest';
import { subjectsOf, textSubject } from '../../../src/services/memory-subjects.js';
import { fact, order, searchFacts } from './memory-ranking-fixture.js';

describe('a value said to hold now, beyond any margin', () => {
  it('puts "is a sergeant now" at 0.06 above "is a constable" at 0.98, and "deputy head these days" above a role', () => {
    const constable = fact('Callum is a constable with Police Scotland.', 'Callum', null, '2026-02-01');
    const sergeant = fact('Callum passed his exams and is a sergeant now.', 'Callum', null, '2026-09-12');
    expect(
      order([
        { memory: constable, similarity: 0.978 },
        { memory: sergeant, similarity: 0.061 },
      ]),
    ).toEqual([sergeant.memory, constable.memory]);

    const teacher = fact('Freya works as a teacher.', 'Freya', 'role', '2026-01-09');
    const deputy = fact('Freya is deputy head at her school these days.', 'Freya', null, '2026-10-01');
    expect(
      order([
        { memory: teacher, similarity: 0.9 },
        { memory: deputy, similarity: 0.2 },
      ])[0],
    ).toBe(deputy.memory);
  });

  it('puts a car said with "now" above the older car of the same person', () => {
    const jazz = fact("The user's mum drives a Honda Jazz.", "the user's mother", 'vehicle', '2026-01-25');
    const yaris = fact("The user's mum's got a Toyota Yaris now.", "the user's mother", null, '2026-08-30');
    expect(
      order([
        { memory: jazz, similarity: 0.996 },
        { memory: yaris, similarity: 0.2 },
      ]),
    ).toEqual([yaris.memory, jazz.memory]);
  });

  it('leaves the older fact first for another kind, another person, an older "now", or a value of no kind', () => {
    const constable = fact('Callum is a constable with Police Scotland.', 'Callum', null, '2026-02-01');
    const glasgow = fact('Callum is in Glasgow now.', 'Callum', null, '2026-09-12');
    const euan = fact('Euan is a sergeant now.', 'Euan', null, '2026-09-12');
    const older = fact('Callum is a sergeant now.', 'Callum', null, '2025-11-01');
    for (const other of [glasgow, euan, older])
      expect(
        order([
          { memory: constable, similarity: 0.978 },
          { memory: other, similarity: 0.061 },
        ])[0],
      ).toBe(constable.memory);

    const residence = fact('Callum lives in Leith.', 'Callum', 'residence', '2026-02-01');
    const sergeant = fact('Callum passed his exams and is a sergeant now.', 'Callum', null, '2026-09-12');
    expect(
      order([
        { memory: residence, similarity: 0.9 },
        { memory: sergeant, similarity: 0.1 },
      ])[0],
    ).toBe(residence.memory);

    const jazz = fact("The user's mum drives a Honda Jazz.", "the user's mother", 'vehicle', '2026-01-25');
    const garden = fact("The user's mum's got a new greenhouse now.", "the user's mother", null, '2026-08-30');
    expect(
      order([
        { memory: jazz, similarity: 0.996 },
        { memory: garden, similarity: 0.2 },
      ])[0],
    ).toBe(jazz.memory);
  });
});

describe('the relative a fact filed under the user opens with', () => {
  it('reads "The user\'s mum\'s got ..." and "The user\'s dad traded ..." as the relative\'s, and nothing else', () => {
    expect(textSubject({ subject: 'the user', memory: "The user's mum's got a Toyota Yaris now." })).toBe("the user's mother");
    expect(textSubject({ subject: 'the user', memory: "The user's dad traded the Focus in for a Skoda Octavia." })).toBe("the user's father");
    // A name follows (the engine files it under the name), "is" states the user's kinship, "and" two people.
    expect(textSubject({ subject: 'the user', memory: "The user's brother Euan lives in Aberdeen." })).toBe('the user');
    expect(textSubject({ subject: 'the user', memory: "The user's mother is called Grace." })).toBe('the user');
    expect(textSubject({ subject: 'the user', memory: "The user's partner and the user moved to Leeds." })).toBe('the user');
    expect(textSubject({ subject: 'Maisie', memory: "The user's sister's daughter Maisie plays piano." })).toBe('Maisie');
  });

  it('answers "what car does my mum drive?" with her new car, filed under the user', async () => {
    const texts = [
      { memory: "The user's mum drives a Honda Jazz.", subject: "the user's mother", attribute: 'vehicle', date: '2026-01-25' },
      { memory: 'The user drives a Kia Niro.', subject: 'the user', attribute: 'vehicle', date: '2026-02-01' },
      { memory: "The user's mum's got a Toyota Yaris now.", subject: 'the user', attribute: null, date: '2026-08-30' },
    ];
    const hits = await searchFacts(texts, 'what car does my mum drive?');
    expect(hits[0]).toBe(texts[2]!.memory);
  });
});

describe('a question about a relative the memories do not name', () => {
  it("counts the user's own fact as another person's, unless it names the relation", () => {
    const own = { memory: 'The user has relocated to Edinburgh.', subject: 'the user', attribute: 'residence' };
    const euan = { memory: 'Euan has moved to Inverness for the new job.', subject: 'Euan', attribute: 'residence' };
    const both = { memory: "The user lives with the user's brother in Leith.", subject: 'the user', attribute: 'residence' };
    const subjects = subjectsOf("where's my brother living these days?", [own, euan, both]);
    expect(subjects.match(own)).toBe(-1);
    expect(subjects.match(euan)).toBe(0);
    expect(subjects.mentionsAsked(both)).toBe(true);
    expect(subjects.mentionsAsked(own)).toBe(false);
    // About the user: unchanged.
    expect(subjectsOf('where do I live?', [own, euan]).match(own)).toBe(1);
  });
});
