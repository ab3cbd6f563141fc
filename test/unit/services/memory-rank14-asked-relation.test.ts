/**
 * Issue 26, round 13 (rank14): two people with facts of one kind. "where does my mum live?" asks about the person the
 * memories file as "the user's mother" (no name known), so the user's own residence is another person's fact; and
 * "who is my manager?" asks who holds the user's own relation, so the wife's manager is another person's fact.
 */
import { describe, expect, it } from 'vitest';
import { subjectsOf } from '../../../src/services/memory-subjects.js';
import { memoryRecord } from '../../helpers/memories.js';
import { searchFacts } from './memory-ranking-fixture.js';

describe('whom a question about a relative or a relation asks about', () => {
  const own = memoryRecord({ memory: 'The user lives in Dublin.', subject: 'the user', attribute: 'residence' });
  const mum = memoryRecord({ memory: "The user's mum moved in with the user's aunt in Cork.", subject: "the user's mother", attribute: 'residence' });
  const sister = memoryRecord({ memory: "The user's sister lives in Galway.", subject: "the user's sister", attribute: 'residence' });

  it('"my mum" is the subject filed as the relation, whichever word names it', () => {
    for (const q of ['where does my mum live?', 'where does my mother live now?']) {
      const subjects = subjectsOf(q, [own, mum, sister]);
      expect(subjects.match(mum), q).toBe(1);
      expect(subjects.match(own), q).toBe(-1);
      expect(subjects.match(sister), q).toBe(-1);
    }
    expect(subjectsOf('where do I live?', [own, mum]).match(own)).toBe(1);
  });

  it('"my wife" is the one wife the memories name, as "my sister" is', () => {
    const tanya = memoryRecord({ memory: "The user's wife Tanya works at Unilever.", subject: 'Tanya', attribute: 'employer' });
    const user = memoryRecord({ memory: 'The user works at BT.', subject: 'the user', attribute: 'employer' });
    for (const q of ['where does my wife work?', "what's my wife's job?"]) {
      const subjects = subjectsOf(q, [tanya, user]);
      expect(subjects.match(tanya), q).toBe(1);
      expect(subjects.match(user), q).toBe(-1);
    }
    const partner = memoryRecord({ memory: "The user's partner is Sam.", subject: 'the user', attribute: 'partner' });
    const sam = memoryRecord({ memory: 'Sam works at the NHS.', subject: 'Sam', attribute: 'employer' });
    expect(subjectsOf('where does my partner work?', [partner, sam, user]).match(sam)).toBe(1);
    expect(subjectsOf('where does my partner work?', [partner, sam, user]).resolvesRelative(partner)).toBe(true);
  });

  it('"who is my manager?" is about the user, "who is Hana\'s manager?" about Hana', () => {
    const hana = memoryRecord({ memory: "The user's wife Hana's manager is Claire.", subject: 'Hana', attribute: 'manager' });
    const dev = memoryRecord({ memory: 'The user has a new manager, Dev, since Olu left.', subject: 'the user', attribute: 'manager' });
    for (const q of ['who is my manager?', "who's my boss?", 'what is the name of my manager?']) {
      const subjects = subjectsOf(q, [hana, dev]);
      expect(subjects.match(dev), q).toBe(1);
      expect(subjects.match(hana), q).toBe(-1);
    }
    expect(subjectsOf("who is Hana's manager?", [hana, dev]).match(hana)).toBe(1);
    // A question about the relative's own attribute asks about the relative, not the user (round 14: the user's facts are
    // another person's), and a fact that names the relation asked still counts as naming the asked person.
    const manager = subjectsOf('where does my manager live?', [hana, dev]);
    expect(manager.match(dev)).toBe(-1);
    expect(manager.mentionsAsked(dev)).toBe(true);
  });
});

describe('memories search: the user and a relative with facts of one kind', () => {
  it('ranks the mother\'s residence above the user\'s for "where does my mum live?"', async () => {
    const texts = [
      { memory: 'The user lives in Dublin.', subject: 'the user' },
      { memory: "The user's mum moved in with the user's aunt in Cork.", subject: "the user's mother" },
    ];
    const hits = await searchFacts(texts, 'where does my mum live?');
    expect(hits[0]).toBe(texts[1]!.memory);
  });
});
