import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** Relatives named by a bare kinship word or a pronoun, and "back (home) in X" (sentences written for this test). */
const extractor = createOfflineExtractor();
const facts = async (content: string) =>
  (await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts;

describe('relatives as subjects', () => {
  it('a bare "Dad"/"Grandma" opening the author\'s sentence is the author\'s relative, and a move down/up is a residence', async () => {
    const [dad] = await facts('Dad finally moved down to Tucson for the warm winters.');
    expect(dad).toMatchObject({ subject: "the user's father", attribute: 'residence' });
    const [grandma] = await facts('Grandma plays bridge every Thursday.');
    expect(grandma?.subject).toBe("the user's grandmother");
  });

  it('"she" resolved to the author\'s relative files the fact under that relative, not the author', async () => {
    const out = await facts('My aunt lives in Cork. She is opening a bakery in the spring.');
    expect(out.map((f) => f.subject)).toEqual(["the user's aunt", "the user's aunt"]);
  });
});

describe('back in a place', () => {
  it('"Back home in X" and "we\'re back in X" say where the author is now', async () => {
    const [home] = await facts('Back home in Halifax after the conference, so tired.');
    expect(home).toMatchObject({ subject: 'the user', attribute: 'location' });
    expect(home?.text).toContain('Halifax');
    const [back] = await facts("We're back in Porto now.");
    expect(back?.attribute).toBe('location');
  });
});

describe('"my <relative> <Name> and I …"', () => {
  it("is the author's fact (with the pair), not the relative's alone", async () => {
    const [f] = await facts('My partner Theo and I live in Utrecht with two cats.');
    expect(f).toMatchObject({ subject: 'the user', attribute: 'residence' });
  });
});
