/**
 * Issue 26, round 8: a change the engine did not link leaves two current facts, and the older one must not answer.
 * Facts of one person compare by one subject key ("Luis Ortega" and "Luis", "the user" and the user's name), the
 * newer by its document's date (a chat backfilled later still tells older news), else when it was learned.
 */
import { describe, expect, it } from 'vitest';
import { currentFactsFirst, statedLater } from '../../../src/services/memory-ranking.js';
import { subjectsOf } from '../../../src/services/memory-subjects.js';
import { memoryRecord } from '../../helpers/memories.js';

const at = (d: string) => `${d}T10:00:00.000Z`;

describe('stale facts below current ones without a link', () => {
  it('orders two unlinked facts of one subject and attribute by their documents dates, not by when they were learned', () => {
    // The newer chat was ingested first (backfilled history): its fact was learned earlier but states the newer news.
    const seattle = memoryRecord({ memory: 'Maya lives in Seattle.', subject: 'Maya', attribute: 'residence', createdAt: at('2026-06-01'), metadata: { date: '2026-05-20' } });
    const boston = memoryRecord({ memory: 'Maya lives in Boston.', subject: 'Maya', attribute: 'residence', createdAt: at('2026-06-02'), metadata: { date: '2025-09-01' } });
    const ranked = currentFactsFirst([
      { memory: boston, similarity: 0.95 },
      { memory: seattle, similarity: 0.8 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['Maya lives in Seattle.', 'Maya lives in Boston.']);
    expect(ranked[0]!.similarity).toBeGreaterThan(ranked[1]!.similarity);
    expect(statedLater(seattle, boston)).toBe(true);
    // Without documents dates, the later learned.
    expect(statedLater({ ...seattle, metadata: {} }, { ...boston, metadata: {} })).toBe(false);
  });

  it("compares subjects by one key: a full name and its first name, the user and the user's name", () => {
    const facts = [
      memoryRecord({ memory: "The user's name is Priyanka.", subject: 'the user', attribute: 'name', createdAt: at('2026-01-01') }),
      memoryRecord({ memory: 'The user works at Canva.', subject: 'the user', attribute: 'employer', createdAt: at('2026-01-01') }),
      memoryRecord({ memory: 'Priyanka works at Atlassian.', subject: 'Priyanka', attribute: 'employer', createdAt: at('2026-09-01') }),
    ];
    const subjects = subjectsOf('who does Priyanka work for?', facts);
    expect(subjects.key('Priyanka')).toBe('the user');
    const luis = subjectsOf('what plan is Luis on?', [memoryRecord({ memory: "Luis is on the user's Pro plan.", subject: 'Luis Ortega' })]);
    expect(luis.key('Luis Ortega')).toBe(luis.key('luis'));
    const ranked = currentFactsFirst(
      [
        { memory: facts[1]!, similarity: 0.9 },
        { memory: facts[2]!, similarity: 0.7 },
      ],
      subjects.key,
    );
    expect(ranked[0]!.memory.memory).toBe('Priyanka works at Atlassian.');
    // Compared as written, "the user" and "Priyanka" are two people and the older fact stays first.
    expect(
      currentFactsFirst([
        { memory: facts[1]!, similarity: 0.9 },
        { memory: facts[2]!, similarity: 0.7 },
      ])[0]!.memory.memory,
    ).toBe('The user works at Canva.');
  });

  it('a later fact filed without an attribute that announces a change goes above the older single-valued fact', () => {
    const seoul = memoryRecord({ memory: "The user's brother Kai lives in Seoul.", subject: 'Kai', attribute: 'residence', createdAt: at('2026-01-07') });
    const tokyo = memoryRecord({ memory: "Kai called, he's settled in Tokyo now after the transfer.", subject: 'Kai', attribute: null, createdAt: at('2026-05-09') });
    const puppy = memoryRecord({ memory: 'Kai adopted a puppy.', subject: 'Kai', attribute: null, createdAt: at('2026-05-10') });
    const ranked = currentFactsFirst([
      { memory: seoul, similarity: 0.98 },
      { memory: tokyo, similarity: 0.78 },
      { memory: puppy, similarity: 0.9 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual([tokyo.memory, seoul.memory, puppy.memory]);
    // A keyed fact (one allergy among several) is not replaced by a change of something else.
    const peanut = memoryRecord({ memory: 'Kai is allergic to peanuts.', subject: 'Kai', attribute: 'allergy:peanut', createdAt: at('2026-01-07') });
    expect(
      currentFactsFirst([
        { memory: peanut, similarity: 0.98 },
        { memory: tokyo, similarity: 0.9 },
      ])[0]!.memory,
    ).toBe(peanut);
  });

  it('a former value ("used to") goes below a fact of its subject of the same note that scores within the twin margin', () => {
    const square = memoryRecord({ memory: 'Rosa used to use Square.', subject: 'Rosa', attribute: null, createdAt: at('2026-04-18') });
    const toast = memoryRecord({ memory: 'Rosa switched to Toast.', subject: 'Rosa', attribute: null, createdAt: at('2026-04-18') });
    const ranked = currentFactsFirst([
      { memory: square, similarity: 0.79 },
      { memory: toast, similarity: 0.76 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['Rosa switched to Toast.', 'Rosa used to use Square.']);
    // Not across people, and not beyond the margin.
    const other = { ...toast, id: 'other', subject: 'Marta', memory: 'Marta switched to Toast.' };
    expect(
      currentFactsFirst([
        { memory: square, similarity: 0.79 },
        { memory: other, similarity: 0.76 },
      ])[0]!.memory,
    ).toBe(square);
    expect(
      currentFactsFirst([
        { memory: square, similarity: 0.95 },
        { memory: toast, similarity: 0.6 },
      ])[0]!.memory,
    ).toBe(square);
  });

  it('reads whom a question asks about: a named person, the user by "I" or by name, not the user for "my brother"', () => {
    const facts = [
      memoryRecord({ memory: "The user's name is Priyanka.", subject: 'the user', attribute: 'name' }),
      memoryRecord({ memory: 'Priyanka lives in Sydney.', subject: 'Priyanka', attribute: 'residence' }),
      memoryRecord({ memory: "The user's sister Hannah lives in Leeds.", subject: 'Hannah', attribute: 'residence' }),
      memoryRecord({ memory: 'Tom teaches maths.', subject: 'Tom', attribute: 'role' }),
    ];
    const [, priyanka, hannah, tom] = facts;
    expect(subjectsOf('where do I live?', facts).match(priyanka!)).toBe(1);
    expect(subjectsOf('where do I live?', facts).match(hannah!)).toBe(-1);
    expect(subjectsOf('where does Priyanka live?', facts).match(priyanka!)).toBe(1);
    expect(subjectsOf('where does Tom live?', facts).match(hannah!)).toBe(-1);
    expect(subjectsOf('where does Tom live?', facts).match(tom!)).toBe(1);
    expect(subjectsOf("what's Tom's job?", facts).match(tom!)).toBe(1);
    // "my sister" is the sister the memories name (round 11); "my brother", whom they do not name, rules no one out.
    expect(subjectsOf('where does my sister live?', facts).match(hannah!)).toBe(1);
    expect(subjectsOf('where does my brother live?', facts).match(hannah!)).toBe(0);
    expect(subjectsOf('what is the capital of France?', facts).match(hannah!)).toBe(0);
  });
});

describe('two people of one first name', () => {
  it('stay two subjects; a question naming one in full asks about that one', () => {
    const facts = [
      memoryRecord({ memory: 'Jonas Weber works at Siemens.', subject: 'Jonas Weber', attribute: 'employer', createdAt: at('2026-01-01') }),
      memoryRecord({ memory: 'Jonas Berg works at Bosch.', subject: 'Jonas Berg', attribute: 'employer', createdAt: at('2026-02-01') }),
    ];
    const subjects = subjectsOf('Where does Jonas Weber work?', facts);
    expect(subjects.key('Jonas Weber')).not.toBe(subjects.key('Jonas Berg'));
    expect(subjects.key('Jonas')).toBe('jonas');
    expect(subjects.match(facts[0]!)).toBe(1);
    expect(subjects.match(facts[1]!)).toBe(-1);
    // The later fact of the other Jonas does not replace this one.
    const ranked = currentFactsFirst(
      facts.map((memory, i) => ({ memory, similarity: 0.9 - i * 0.01 })),
      subjects.key,
    );
    expect(ranked[0]!.memory.memory).toBe('Jonas Weber works at Siemens.');
    expect(subjectsOf('Where does Jonas work?', facts).match(facts[1]!)).toBe(1);
  });
});

describe('a later fact that ends the value or names a new holder goes first, at any score (round 10)', () => {
  it('"sold the Outback" answers "what car do I drive?" above "drives a Subaru Outback"', () => {
    const drives = memoryRecord({ memory: 'The user drives a Subaru Outback.', subject: 'the user', attribute: 'vehicle', createdAt: at('2026-01-06'), metadata: { date: '2026-01-06' } });
    const sold = memoryRecord({ memory: 'The user and others sold the Outback.', subject: 'the user', attribute: null, createdAt: at('2026-06-19'), metadata: { date: '2026-06-19' } });
    const other = memoryRecord({ memory: 'The user likes hiking.', subject: 'the user', attribute: 'hobby', createdAt: at('2026-02-01') });
    const ranked = currentFactsFirst([
      { memory: drives, similarity: 0.986 },
      { memory: other, similarity: 0.5 },
      { memory: sold, similarity: 0.43 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['The user and others sold the Outback.', 'The user drives a Subaru Outback.', 'The user likes hiking.']);
    expect(ranked[0]!.similarity).toBeGreaterThanOrEqual(ranked[1]!.similarity);
  });

  it('"my new boss" goes above the older manager; an older statement, another person or a new pet do not move', () => {
    const karen = memoryRecord({ memory: "The user's manager is Karen Lee.", subject: 'the user', attribute: 'manager', createdAt: at('2026-01-20'), metadata: { date: '2026-01-20' } });
    const omar = memoryRecord({
      memory: "The user had the user's first 1:1 with Omar, the user's new boss since the reorg.",
      subject: 'the user',
      attribute: null,
      createdAt: at('2026-05-11'),
      metadata: { date: '2026-05-11' },
    });
    expect(
      currentFactsFirst([
        { memory: karen, similarity: 0.77 },
        { memory: omar, similarity: 0.18 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/Omar/);
    // Stated before the manager fact: not its successor.
    const earlier = { ...omar, metadata: { date: '2025-12-01' }, createdAt: at('2025-12-01') };
    expect(
      currentFactsFirst([
        { memory: karen, similarity: 0.77 },
        { memory: earlier, similarity: 0.18 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/Karen/);
    // Another person's new boss.
    const tom = { ...omar, subject: 'Tom', memory: "Tom had a first 1:1 with Omar, Tom's new boss." };
    expect(
      currentFactsFirst([
        { memory: karen, similarity: 0.77 },
        { memory: tom, similarity: 0.18 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/Karen/);
    // A new dog does not replace a pet, and "sold" without the older value's name ends nothing.
    const dog = memoryRecord({ memory: 'The user has a dog named Rex.', subject: 'the user', attribute: 'pet', createdAt: at('2026-01-01') });
    const puppy = memoryRecord({ memory: 'The user got a new dog last week.', subject: 'the user', attribute: null, createdAt: at('2026-03-01') });
    expect(
      currentFactsFirst([
        { memory: dog, similarity: 0.9 },
        { memory: puppy, similarity: 0.3 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/Rex/);
    const drives = memoryRecord({ memory: 'The user drives a Subaru Outback.', subject: 'the user', attribute: 'vehicle', createdAt: at('2026-01-06') });
    const soldBike = memoryRecord({ memory: 'The user sold an old bike.', subject: 'the user', attribute: null, createdAt: at('2026-06-19') });
    expect(
      currentFactsFirst([
        { memory: drives, similarity: 0.9 },
        { memory: soldBike, similarity: 0.3 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/Outback/);
  });
});

describe('a later fact that ends a job goes above the job and its title (round 10)', () => {
  it('"quit the bank" and "retired" answer "what does Ines do?" above "works as a loan officer"; a later hobby does not', () => {
    const officer = memoryRecord({ memory: "The user's sister Ines works as a loan officer.", subject: 'Ines', attribute: 'role', createdAt: at('2026-01-10'), metadata: { date: '2026-01-10' } });
    const quit = memoryRecord({
      memory: "The user's sister Ines finally quit the bank and is training to be a chef.",
      subject: 'Ines',
      attribute: 'employer',
      createdAt: at('2026-04-02'),
      metadata: { date: '2026-04-02' },
    });
    expect(
      currentFactsFirst([
        { memory: officer, similarity: 0.999 },
        { memory: quit, similarity: 0.218 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/quit the bank/);
    const retired = memoryRecord({ memory: 'The user retired in 2025 after 31 years of teaching.', subject: 'the user', attribute: 'employer', createdAt: at('2026-03-01'), metadata: { date: '2026-03-01' } });
    const teacher = memoryRecord({ memory: 'The user works as a chemistry teacher.', subject: 'the user', attribute: 'role', createdAt: at('2026-01-01'), metadata: { date: '2026-01-01' } });
    expect(
      currentFactsFirst([
        { memory: teacher, similarity: 0.997 },
        { memory: retired, similarity: 0.001 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/retired/);
    const hobby = memoryRecord({ memory: 'The user quit playing chess.', subject: 'the user', attribute: 'hobby', createdAt: at('2026-03-01'), metadata: { date: '2026-03-01' } });
    expect(
      currentFactsFirst([
        { memory: teacher, similarity: 0.997 },
        { memory: hobby, similarity: 0.1 },
      ]).map((h) => h.memory.memory)[0],
    ).toMatch(/teacher/);
  });
});

describe('a fact that says a value holds no longer is a former value (round 10)', () => {
  it('"doesn\'t bike to work anymore" goes below "takes the train now" of the same note within the twin margin', () => {
    const bike = memoryRecord({ memory: "The user doesn't bike to work anymore since the user and others moved further out.", subject: 'the user', attribute: null, createdAt: at('2026-05-05') });
    const train = memoryRecord({ memory: 'The user takes the train now.', subject: 'the user', attribute: null, createdAt: at('2026-05-05') });
    const ranked = currentFactsFirst([
      { memory: bike, similarity: 0.642 },
      { memory: train, similarity: 0.577 },
    ]);
    expect(ranked.map((h) => h.memory.memory)).toEqual(['The user takes the train now.', bike.memory]);
    const seoul = memoryRecord({ memory: 'Kai no longer lives in Seoul.', subject: 'Kai', attribute: null, createdAt: at('2026-05-05') });
    const tokyo = memoryRecord({ memory: 'Kai likes Tokyo a lot.', subject: 'Kai', attribute: null, createdAt: at('2026-05-05') });
    expect(
      currentFactsFirst([
        { memory: seoul, similarity: 0.8 },
        { memory: tokyo, similarity: 0.75 },
      ])[0]!.memory,
    ).toBe(tokyo);
    // A negation without "anymore" states no former value.
    const notBike = { ...bike, memory: "The user doesn't bike to work on Mondays." };
    expect(
      currentFactsFirst([
        { memory: notBike, similarity: 0.642 },
        { memory: train, similarity: 0.577 },
      ])[0]!.memory,
    ).toBe(notBike);
  });
});
