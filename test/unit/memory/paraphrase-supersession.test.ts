import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, SourceDocument } from '../../../src/memory/types.js';

/**
 * Paraphrases of changes (moves, employers, titles, leaving, corrections) written for this test, none taken from the
 * scenario sets: the user says both in a chat; the first statement is extracted and stored, the second must come out as a fact the heuristic
 * judge takes as an update of the first (same subject and attribute, a new value), and the fact must carry the new value.
 */
const judge = createHeuristicJudge();
const extractor = createOfflineExtractor();

function doc(content: string, documentDate: string): SourceDocument {
  return { content, title: null, type: 'text', documentDate, metadata: {}, entityContext: null };
}

/** A user's chat turn, or (plain) a note about a named person. */
async function facts(content: string, documentDate: string, plain = false): Promise<ExtractedFact[]> {
  return (await extractor.extract(doc(plain ? content : JSON.stringify([{ role: 'user', content }]), documentDate))).facts;
}

interface Case {
  family: string;
  before: string;
  after: string;
  /** Words the updating fact must contain (the new value). */
  now: string;
  /** A note about a named person rather than the user's chat turn. */
  plain?: boolean;
}

const CASES: Case[] = [
  // Moves.
  { family: 'move', before: 'I live in Leeds.', after: 'We relocated to Glasgow over the summer.', now: 'Glasgow' },
  { family: 'move', before: 'I live in Leeds.', after: 'We packed up and relocated to Bristol.', now: 'Bristol' },
  { family: 'move', before: 'I live in Leeds.', after: 'I just moved over to Cardiff.', now: 'Cardiff' },
  { family: 'move', before: 'I live in Leeds.', after: 'We finally settled in York.', now: 'York' },
  { family: 'move', before: 'I live in Leeds.', after: 'I now call Oxford home.', now: 'Oxford' },
  // Employers.
  { family: 'employer', before: 'I work at Globex.', after: 'I joined Initech last week.', now: 'Initech' },
  { family: 'employer', before: 'I work at Globex.', after: "I'm with Hooli now.", now: 'Hooli' },
  { family: 'employer', before: 'I work at Globex.', after: 'I took a job at Umbrella Corp.', now: 'Umbrella Corp' },
  { family: 'employer', before: 'I work at Globex.', after: "I'm with Vandelay Industries now.", now: 'Vandelay Industries' },
  { family: 'employer', before: 'I work at Globex.', after: 'I signed on with Stark Labs.', now: 'Stark Labs' },
  // Titles.
  { family: 'title', before: 'I am a staff accountant.', after: 'I got promoted to finance manager.', now: 'finance manager' },
  { family: 'title', before: 'I am a staff accountant.', after: 'My new title is controller.', now: 'controller' },
  { family: 'title', before: 'I am a junior designer.', after: "I'm now a senior designer.", now: 'senior designer' },
  { family: 'title', before: 'I am a staff engineer.', after: 'I stepped up as engineering director.', now: 'engineering director' },
  { family: 'title', before: 'I am a teacher.', after: 'I was named head of the science department.', now: 'head of' },
  // Leaving.
  { family: 'left', before: 'I work at Pendant Publishing.', after: 'I quit Pendant Publishing.', now: 'Pendant Publishing' },
  { family: 'left', before: 'I work at Pendant Publishing.', after: 'I resigned from Pendant Publishing last Friday.', now: 'Pendant Publishing' },
  { family: 'left', before: 'I work at Pendant Publishing.', after: "I'm no longer at Pendant Publishing.", now: 'Pendant Publishing' },
  { family: 'left', before: 'I work at Pendant Publishing.', after: 'I parted ways with Pendant Publishing.', now: 'Pendant Publishing' },
  { family: 'left', before: 'I work at Pendant Publishing.', after: 'I walked away from Pendant Publishing in May.', now: 'Pendant Publishing' },
  // Corrections.
  { family: 'correction', before: 'I live in Porto.', after: 'Sorry, I meant I live in Braga.', now: 'Braga' },
  { family: 'correction', before: 'I work at Kestrel.', after: 'Scratch that, I work at Falcon Systems.', now: 'Falcon Systems' },
  { family: 'correction', before: 'I live in Porto.', after: 'I misspoke, I live in Coimbra.', now: 'Coimbra' },
  { family: 'correction', before: 'I live in Porto.', after: 'I mean, I live in Faro, not Porto.', now: 'Faro' },
  { family: 'correction', before: 'I work at Kestrel.', after: 'Correction: I actually work at Osprey Labs.', now: 'Osprey Labs' },
  { family: 'left', before: 'I work at Globex.', after: 'I quit my job last month.', now: 'job' },
  { family: 'left', before: 'I work at Globex.', after: 'I stopped working at Globex in April.', now: 'Globex' },
  // Habits given up (the profile of a conversation must drop them).
  { family: 'habit', before: 'I play squash every Thursday.', after: 'I stopped playing squash.', now: 'squash' },
  { family: 'habit', before: 'I swim every morning.', after: 'I gave up swimming over the winter.', now: 'swimming' },
  { family: 'habit', before: 'I play squash every Thursday.', after: "I don't play squash anymore.", now: 'squash' },
  // Notes about a named person.
  { family: 'move', before: 'Dana lives in Leeds.', after: 'Dana has since moved to Lisbon.', now: 'Lisbon', plain: true },
  { family: 'move', before: 'Dana lives in Leeds.', after: 'Dana is now based in Rome.', now: 'Rome', plain: true },
  { family: 'move', before: 'Dana lives in Leeds.', after: 'Dana moved back home to Cork.', now: 'Cork', plain: true },
  { family: 'employer', before: 'Dana works at Acme.', after: 'Dana now works remotely for Hooli.', now: 'Hooli', plain: true },
  { family: 'left', before: 'Dana works at Acme.', after: 'Dana quit Acme.', now: 'Acme', plain: true },
  { family: 'left', before: 'Dana works at Acme.', after: 'Dana no longer works at Acme.', now: 'Acme', plain: true },
  { family: 'left', before: 'Dana works at Acme.', after: 'Dana quit her job at Acme.', now: 'Acme', plain: true },
];

describe('paraphrased changes supersede the earlier fact', () => {
  for (const c of CASES) {
    it(`${c.family}: "${c.before}" then "${c.after}"`, async () => {
      const [old] = await facts(c.before, '2026-01-10', c.plain);
      expect(old, 'the first statement gives a fact').toBeDefined();
      const next = await facts(c.after, '2026-06-10', c.plain);
      const candidate = { id: 'm-old', text: old!.text, subject: old!.subject, attribute: old!.attribute, isStatic: old!.isStatic, similarity: 0.6 };
      const decisions = await Promise.all(next.map((f) => judge.judge(f, [candidate])));
      const updating = next.filter((_, i) => decisions[i]!.relation === 'updates');
      expect(
        updating.map((f) => f.text),
        JSON.stringify({ old, next }),
      ).toHaveLength(1);
      expect(updating[0]!.text).toContain(c.now);
    });
  }
});

describe('talk about the chat itself is no memory', () => {
  for (const turn of ['Just testing, thanks.', "I'm just curious, that's all.", 'Just browsing for now.']) {
    it(`"${turn}" gives no fact`, async () => {
      expect(await facts(turn, '2026-06-10')).toEqual([]);
    });
  }
  it('"Just moved to Lyon" still does', async () => {
    expect((await facts('Just moved to Lyon.', '2026-06-10')).map((f) => f.attribute)).toEqual(['residence']);
  });
});
