import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * The misses of the blind21 scenario split (round 19), written from issue 26 before reading the engine: each a
 * phrasing a user would write, read end to end (offline extractor, heuristic judge, hash embedder).
 */
const read = factsReader('2026-06-14');
const texts = (content: string) => read(content).map((f) => f.text);

describe('"it" in a later clause is the thing the first clause named', () => {
  it('a reversed opinion said with "it" replaces the old one', async () => {
    const latest = await latestTexts(["I can't stand jazz, it all sounds like noise to me.", '2026-02-02'], ["I've come around on jazz, I actually really enjoy it now.", '2026-08-19']);
    expect(latest.some((t) => /enjoys jazz/.test(t))).toBe(true);
    expect(latest.filter((t) => /can't stand jazz/.test(t))).toEqual([]);
  });

  it('a habit with the thing bought keeps the thing, not "it"; an idiom ("made it") is left alone', () => {
    expect(texts('I bought a Fender Telecaster last year and I play it every evening.')).toContain('The user plays the Fender Telecaster every evening.');
    expect(texts('I finally finished the mural and I made it.').join(' ')).not.toContain('made the mural');
  });
});

describe('a comment adverb before "I" is a lead-in, not the statement', () => {
  it('"Weirdly I love cilantro now" reverses "not a fan of cilantro"', async () => {
    const latest = await latestTexts(["I'm not a fan of cilantro, it tastes like soap.", '2026-03-10'], ['Weirdly I love cilantro now, I put it on everything.', '2026-09-01']);
    expect(latest.some((t) => /loves cilantro/.test(t))).toBe(true);
    expect(latest.filter((t) => /not a fan/.test(t))).toEqual([]);
  });
});

describe('drinking habits are keyed by what is drunk', () => {
  it('"gave up coffee" ends "drinks four coffees a day"', async () => {
    const latest = await latestTexts(['I drink four coffees a day, at least.', '2026-01-12'], ['I gave up coffee completely in February, sleeping much better.', '2026-03-22']);
    expect(latest.some((t) => /gave up coffee/.test(t))).toBe(true);
    expect(latest.filter((t) => /four coffees/.test(t))).toEqual([]);
  });

  it('"I quit coffee" is no employer: the job stays', async () => {
    const latest = await latestTexts(['I work at Spotify as a data engineer.', '2026-01-15'], ['I quit coffee.', '2026-02-01']);
    expect(latest.some((t) => /Spotify/.test(t))).toBe(true);
  });
});

describe('words the typing fixer must leave alone', () => {
  it('"river" is not a typo of "driver"', () => {
    expect(texts('I love my flat by the river.').join(' ')).toMatch(/by the river/);
  });
});

describe('a self-introduced name', () => {
  it('"I\'m Oksana Petrenko" is remembered, and a later "we moved" updates her home', async () => {
    expect(texts("Hi, I'm Oksana Petrenko. I live in Kraków with my two kids.")).toContain("The user's name is Oksana Petrenko.");
    const latest = await latestTexts(["Hi, I'm Oksana Petrenko. I live in Kraków with my two kids.", '2026-01-27'], ['We moved to Wrocław over the summer.', '2026-09-08']);
    expect(latest.some((t) => /Wrocław/.test(t))).toBe(true);
    expect(latest.filter((t) => /Kraków/.test(t))).toEqual([]);
  });
});

describe('"<name> and I got married"', () => {
  it('is the user marrying them, and replaces the engagement', async () => {
    expect(texts('Thandiwe and I got married in Durban in December.')[0]).toMatch(/^The user got married to Thandiwe/);
    const latest = await latestTexts(["I'm engaged to Thandiwe, the wedding is next year.", '2025-11-03'], ['Thandiwe and I got married in Durban in December.', '2026-01-10']);
    expect(latest.filter((t) => /engaged/.test(t))).toEqual([]);
  });
});

describe('degrees and fields of study', () => {
  it('"finished his PhD in marine biology" and "studied architecture" are education', () => {
    const attributeOf = (content: string) => read(content).map((f) => f.attribute);
    expect(attributeOf('user: Hamid finished his PhD in marine biology last spring.\nassistant: Congratulations to him!')).toContain('education');
    expect(attributeOf('Rosa studied architecture at TU Delft.')).toContain('education');
    expect(attributeOf('I studied for hours.')).not.toContain('education');
  });
});

describe('readable text of first-person statements', () => {
  it('"there" after naming an employer is the earlier place, not the employer again', () => {
    expect(texts('My brother Omar moved to Doha. He works for Qatar Airways there.')).toContain('Omar works for Qatar Airways in Doha.');
  });

  it('"no longer" keeps the verb agreeing with the subject', () => {
    expect(texts('I no longer work at Zalando.')).toEqual(['The user no longer works at Zalando.']);
  });

  it('"I quit ... in January" said in June is the January before', () => {
    expect(texts('I quit my job in January.')).toEqual(["The user quit the user's job in January 2026."]);
  });
});

describe('"<name> is my <relation>"', () => {
  it('is the user\'s relation, lasting, as "my <relation> is <name>" is', () => {
    const facts = read('Kai is my manager. Sam is my husband.');
    expect(facts.map((f) => [f.attribute, f.isStatic])).toEqual([
      ['manager', true],
      ['partner', true],
    ]);
  });
});
