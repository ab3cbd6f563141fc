import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';

/** Chat lines whose subject is the author, left out: they become facts about the user (sentences written for this test). */
const extractor = createOfflineExtractor();
const facts = async (content: string) =>
  (await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts;

describe('an elided first-person subject', () => {
  it('a past verb followed by a particle or "with" is the author\'s', async () => {
    expect((await facts('Weaned off the painkillers after the surgery.')).map((f) => [f.subject, f.text])).toEqual([['the user', 'The user weaned off the painkillers after the surgery.']]);
    expect((await facts('Volunteered with the food bank all weekend.'))[0]?.subject).toBe('the user');
  });

  it("a negated verb opening the line is the author's", async () => {
    const [f] = await facts("Haven't opened the sketchbook since spring.");
    expect(f?.subject).toBe('the user');
    expect(f?.text).toMatch(/^The user hasn't opened the sketchbook/);
  });
});

describe('", so now I …" opens a clause of its own', () => {
  it('splits the second clause off and files it under its own attribute', async () => {
    const out = await facts('Greta retired last spring, so now I report to Olu Bankole.');
    expect(out.map((f) => f.text)).toContain('The user reports to Olu Bankole.');
    expect(out.find((f) => f.text.includes('Olu'))?.attribute).toBe('manager');
  });
});
