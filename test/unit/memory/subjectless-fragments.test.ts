import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { SourceDocument } from '../../../src/memory/types.js';

const extractor = createOfflineExtractor();
const doc = (content: string): SourceDocument => ({ content, title: null, type: 'text', documentDate: '2026-03-23T12:00:00.000Z', metadata: {}, entityContext: null });
const texts = async (content: string) => (await extractor.extract(doc(content))).facts.map((f) => f.text);

describe('note lines with no subject (issue 26 known defect)', () => {
  it('gives nothing for a fragment whose first word reads as a verb', async () => {
    expect(await texts('Draft notes of the spare team.')).toEqual([]);
    expect(await texts('Review notes from the planning meeting.')).toEqual([]);
    expect(await texts('Walk the dog twice a day.')).toEqual([]);
  });

  it('gives nothing for a verbless to-do line', async () => {
    expect(await texts('Pack lunch for the kids.')).toEqual([]);
  });

  it('keeps subject-less statements that have a subject noun phrase and a verb', async () => {
    expect(await texts('The wedding was in Porto.')).toEqual(['The wedding was in Porto.']);
    expect(await texts('Team offsite moved to Friday.')).toEqual(['Team offsite moved to 2026-03-27.']);
  });
});

describe('resolved dates inside a sentence', () => {
  it('lower-cases the inserted preposition unless the date opens the sentence', async () => {
    expect(await texts('Drafts of the spare team report are due Monday.')).toEqual(['Drafts of the spare team report are due on 2026-03-30.']);
    expect(await texts('Yesterday I moved to Oslo.')).toEqual(['On 2026-03-22 the user moved to Oslo.']);
  });
});
