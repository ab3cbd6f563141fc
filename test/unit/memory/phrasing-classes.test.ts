import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { SourceDocument } from '../../../src/memory/types.js';

/** Phrasings written for this test (round 5), one class each: what real users type for a move, a job, a pet, a language. */
const extractor = createOfflineExtractor();
const doc = (content: string): SourceDocument => ({ content, title: null, type: 'text', documentDate: '2026-05-01T12:00:00.000Z', metadata: {}, entityContext: null });
const attributes = async (content: string) => (await extractor.extract(doc(content))).facts.map((f) => f.attribute);

describe('phrasing classes of the offline extractor', () => {
  it('reads an adverb between the auxiliary and the verb ("is now working for")', async () => {
    expect(await attributes("I'm now working for Initech as a PM")).toEqual(['employer', 'role']);
    expect(await attributes('I have just moved to Leeds.')).toEqual(['residence']);
  });

  it('reads residence from "based out of", a home bought in a city, and a move out of a place to a city', async () => {
    expect(await attributes("these days I'm based out of Rotterdam")).toEqual(['residence']);
    expect(await attributes('we just bought a house in Tacoma!')).toEqual(['residence']);
    expect(await attributes("I moved out of my parents' place to Denver")).toEqual(['residence']);
  });

  it('reads "not at X anymore" as the employer ending', async () => {
    const facts = (await extractor.extract(doc("I'm not at Initech anymore"))).facts;
    expect(facts.map((f) => f.attribute)).toEqual(['employer']);
  });

  it('files a breed or "has got a dog called" as a pet, not a product named like a service', async () => {
    expect(await attributes('I have a golden retriever named Max')).toEqual(['pet:dog']);
    expect(await attributes("I've got a dog called Max")).toEqual(['pet:dog']);
    expect(await attributes('My neighbour has a tabby named Hulu')).not.toContain('tool:streaming');
  });

  // Object keys are stemmed (attributes.ts objectKey): "Portuguese" → "portugues".
  it('reads starting to learn a language as the language', async () => {
    expect(await attributes('I started learning Portuguese')).toEqual(['language:portugues']);
  });
});

describe('a subjectless "currently in <place>" line', () => {
  it('is where the speaker is, not a line about nobody', async () => {
    const facts = (await extractor.extract(doc('Currently in Tokyo for a work trip'))).facts;
    expect(facts.map((f) => [f.subject, f.attribute])).toEqual([['the user', 'location']]);
  });

  it('leaves lines with their own subject, and idioms, alone', async () => {
    expect((await extractor.extract(doc('In fact the meeting moved.'))).facts.map((f) => f.subject)).toEqual([null]);
    expect((await extractor.extract(doc('In March we went hiking.'))).facts.map((f) => f.text)).toEqual(['In March 2026 the user and others went hiking.']);
  });
});
