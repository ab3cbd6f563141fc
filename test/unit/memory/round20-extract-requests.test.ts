import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 20 (issue 26): facts said inside a request to the assistant, and opening phrases written without their comma.
 * Sentences written for these tests.
 */
const read = factsReader('2026-07-01');
const chat = (user: string) => `user: ${user}\nassistant: Happy to help.`;
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute] as const);

describe('the statement that leads a request', () => {
  it('"I live in X, can you ...?" and "Now that I work at Y, what ...?" state the home and the job', () => {
    expect(rows(chat("I live in Valencia, can you suggest a paella place that isn't touristy?"))).toEqual([['the user', 'residence']]);
    expect(read(chat('Now that I work at Siemens, what should I read up on before my first week?')).map((f) => f.text)).toEqual(['The user works at Siemens.']);
  });

  it('a label before the statement and "As a <kind>" lead are read too', () => {
    expect(rows(chat('Small thing: I moved to Ghent in May, any good running routes?'))).toEqual([['the user', 'residence']]);
    expect(rows(chat('As a pescatarian, which sushi rolls are safe for me?'))).toEqual([['the user', 'diet']]);
  });

  it('a person named in the statement is kept, the request dropped', () => {
    expect(read(chat('My son Idris starts nursery in January, what should he bring on day one?')).map((f) => f.text)).toEqual([expect.stringMatching(/^The user's son Idris starts nursery/)]);
  });

  it('a question with no statement before it stays nothing', () => {
    expect(read(chat('What is the best time of year to visit Kyoto, do you think?'))).toEqual([]);
    expect(read(chat('Could you help me, what goes well with salmon?'))).toEqual([]);
  });

  it('the home in the request replaces the one said before', async () => {
    const texts = await latestTexts([chat('I live in Utrecht.'), '2026-01-10'], [chat('Now that I live in Haarlem, which beach is closest?'), '2026-04-02']);
    expect(texts.filter((t) => /lives in/.test(t))).toEqual(['The user lives in Haarlem.']);
  });
});

describe('an opening phrase without its comma', () => {
  it('"After the merger I report to X" is the manager; "Since June we live in Y" the home', () => {
    expect(rows('After the merger I report to Ines Carvalho.')).toEqual([['the user', 'manager']]);
    expect(rows('Since June we live in Aarhus.')).toEqual([['the user', 'residence']]);
  });

  it('a phrase with its own clause ("Since I moved to X I ...") is not split at the wrong place', () => {
    expect(read('Since I moved to Aarhus I cycle everywhere.').some((f) => f.attribute === 'residence' && /cycle/.test(f.text))).toBe(false);
  });
});
