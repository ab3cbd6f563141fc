/**
 * Issue 26, round 21 (rank23): blind22's ranking misses, each by its cause.
 * - A fact filed under no attribute inherited the evidence of its passage, which answers through a fact since
 *   superseded ("speaks Kazakh, Russian, English" of the note that said "lives in Almaty", above "moved to Astana").
 * - A fact ending a job yields to the new occupation said with it or later ("writing screenplays full time now"), and a
 *   quoted sentence's opening word ("...: The early shifts") names no value the ending could end.
 * - A job started answers a question about the job over its offer or interview.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../src/core/types.js';
import { startAboveOffer } from '../../../src/services/job-offers.js';
import { askedAttributes, plainSubject } from '../../../src/services/memory-ranking.js';
import { fact, order, searchMemories, stored } from './memory-ranking-fixture.js';

describe('a passage that answers through a superseded fact', () => {
  const note = (attribute: string, latest: boolean) => ({ isLatest: latest, documentIds: ['note-1'], attribute });
  const almaty = stored({ id: 'home-1', memory: 'Aigerim Bekova lives in Almaty.', subject: 'Aigerim Bekova', date: '2025-11-01', ...note('residence', false), rootMemoryId: 'home-1' });
  const kaspi = stored({ id: 'job-1', memory: 'Aigerim Bekova works at Kaspi.kz, backend developer.', subject: 'Aigerim Bekova', date: '2025-11-01', ...note('employer', false), rootMemoryId: 'job-1' });
  const languages = stored({ memory: 'Aigerim Bekova speaks Kazakh, Russian, English.', subject: 'Aigerim Bekova', date: '2025-11-01', documentIds: ['note-1'], attribute: null });
  const astana = stored({
    memory: 'Aigerim Bekova moved to Astana for the new office.',
    subject: 'Aigerim Bekova',
    attribute: 'residence',
    date: '2026-05-06',
    documentIds: ['note-2'],
    version: 2,
    parentMemoryId: 'home-1',
    rootMemoryId: 'home-1',
    relation: 'updates',
  });
  const lead = stored({
    memory: 'Aigerim Bekova is still at Kaspi.kz, now team lead for the payments squad.',
    subject: 'Aigerim Bekova',
    attribute: 'employer',
    date: '2026-05-06',
    documentIds: ['note-2'],
    version: 2,
    parentMemoryId: 'job-1',
    rootMemoryId: 'job-1',
    relation: 'updates',
  });
  const memories = [almaty, kaspi, languages, astana, lead];

  it('gives the other facts of that passage none of its evidence: the new home answers', async () => {
    // The first note is the best passage for "where does she live" (it said Almaty); the second barely matches.
    const sources = new Map([
      ['note-1', 0.97],
      ['note-2', 0.06],
    ]);
    const ranked = await searchMemories(memories, 'Where does Aigerim live?', { sources });
    expect(ranked[0]).toBe(astana.memory);
    expect(ranked).not.toContain(almaty.memory);
    // At the default threshold the languages no longer answer where she lives.
    expect(await searchMemories(memories, 'Where does Aigerim live?', { sources, threshold: 0.5 })).toEqual([astana.memory]);
  });

  it('keeps the evidence of a passage whose facts still hold', async () => {
    // The same note, nothing in it superseded: its unfiled fact keeps what the passage says about the question.
    const current = memories.filter((m) => m.isLatest).map((m) => (m.version > 1 ? { ...m, version: 1, parentMemoryId: null, rootMemoryId: m.id, relation: null } : m));
    const languageFirst = await searchMemories(current, 'Which languages does Aigerim speak?', { sources: new Map([['note-1', 0.97]]) });
    expect(languageFirst[0]).toBe(languages.memory);
  });
});

describe('an ended job and the occupation that followed', () => {
  it('puts the new occupation first, not the ending, when a quoted sentence opens with a capital', () => {
    const shifts = fact('Joanna said on 12 March 2023: The early shifts are rough but the croissants are worth it.', 'Joanna', null, '2023-03-12');
    const left = fact('Joanna finally left the bakery.', 'Joanna', 'employer', '2023-09-02');
    const screenplays = fact('Joanna is writing screenplays full time now.', 'Joanna', null, '2023-09-02');
    const ranked = order([
      { memory: shifts, similarity: 0.739 },
      { memory: screenplays, similarity: 0.655 },
      { memory: left, similarity: 0.003 },
    ]);
    expect(ranked[0]).toBe(screenplays.memory);
    expect(ranked.indexOf(left.memory)).toBeGreaterThan(ranked.indexOf(screenplays.memory));
  });

  it('lifts the occupation over an ending that another rule put first', () => {
    // "sold the Outback"-style: the ending names the older fact's value (the bakery) and takes its place.
    const bakery = fact('Joanna works at Crumbs Bakery.', 'Joanna', 'employer', '2023-03-12');
    const left = fact('Joanna finally left Crumbs Bakery.', 'Joanna', null, '2023-09-02');
    const screenplays = fact('Joanna is writing screenplays full time now.', 'Joanna', null, '2023-09-02');
    const ranked = order([
      { memory: bakery, similarity: 0.9 },
      { memory: screenplays, similarity: 0.3 },
      { memory: left, similarity: 0.2 },
    ]);
    expect(ranked[0]).toBe(screenplays.memory);
  });
});

describe('a job started and its offer', () => {
  const q = "What is the user's job at Maersk?";
  const hit = (memory: MemoryRecord, similarity: number) => ({ memory, similarity });
  const offer = { ...fact('The user got the offer from Maersk.', 'the user', null, '2026-02-16'), documentIds: ['chat-2'] };
  const interview = { ...fact("The user has the user's final interview at Maersk on 2026-02-12.", 'the user', null, '2026-02-09'), documentIds: ['chat-1'] };
  const starting = { ...fact('The user is starting as a logistics analyst on 1 March.', 'the user', null, '2026-02-16'), documentIds: ['chat-2'] };

  it('answers with the start over the offer of the same message and an earlier interview', () => {
    const ranked = startAboveOffer([hit(offer, 0.829), hit(interview, 0.774), hit(starting, 0.661)], askedAttributes(q), plainSubject);
    expect(ranked.map((h) => h.memory.memory)).toEqual([starting.memory, offer.memory, interview.memory]);
    expect(ranked[0]!.similarity).toBe(0.829);
  });

  it("leaves an offer above a start said before it, or another person's, and questions not about the job", () => {
    const earlierStart = { ...fact('The user started at Lidl as a picker.', 'the user', null, '2025-01-10'), documentIds: ['chat-0'] };
    expect(startAboveOffer([hit(offer, 0.8), hit(earlierStart, 0.5)], askedAttributes(q), plainSubject).map((h) => h.memory.memory)).toEqual([offer.memory, earlierStart.memory]);
    const sam = { ...fact('Sam is starting as a nurse on Monday.', 'Sam', null, '2026-02-20'), documentIds: ['chat-3'] };
    expect(startAboveOffer([hit(offer, 0.8), hit(sam, 0.5)], askedAttributes(q), plainSubject)[0]!.memory).toBe(offer);
    expect(startAboveOffer([hit(offer, 0.8), hit(starting, 0.5)], askedAttributes('where do I live?'), plainSubject)[0]!.memory).toBe(offer);
  });
});

describe('a job ended and a business of ones own', () => {
  it('answers "what does Hannah do?" with the bakery she runs, not the law she quit', () => {
    const solicitor = fact("The user's sister Hannah is a solicitor.", 'Hannah', 'role', '2026-01-25');
    const quit = fact('Hannah quit law.', 'Hannah', 'employer', '2026-07-30');
    const bakery = fact('Hannah runs a bakery in Hastings.', 'Hannah', null, '2026-07-30');
    expect(
      order([
        { memory: quit, similarity: 1 },
        { memory: solicitor, similarity: 0.979 },
        { memory: bakery, similarity: 0.978 },
      ])[0],
    ).toBe(bakery.memory);
  });

  it('answers with the studio a person is opening after losing a job, and leaves a studio without an ending', () => {
    const lost = fact("Jon lost Jon's job at the bank in the week of 2023-05-22.", 'Jon', null, '2023-06-03');
    const studio = fact("Jon is going to open Jon's own dance studio.", 'Jon', null, '2023-06-03');
    const opened = fact('Jon said on 20 July 2023: The studio officially opened on Saturday.', 'Jon', null, '2023-07-20');
    expect(
      order([
        { memory: lost, similarity: 0.632 },
        { memory: opened, similarity: 0.49 },
        { memory: studio, similarity: 0.49 },
      ])[0],
    ).toBe(studio.memory);
    const banker = fact('Jon works at the bank.', 'Jon', 'employer', '2023-06-03');
    expect(
      order([
        { memory: banker, similarity: 0.8 },
        { memory: studio, similarity: 0.49 },
      ])[0],
    ).toBe(banker.memory);
  });
});
