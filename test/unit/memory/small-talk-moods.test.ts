import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/memory/offline-extractor.js';

/** Small talk that must leave no memory (issue 26 target: 0), and the facts beside it that must stay (sentences written for this test). */
const texts = (content: string) => extractFacts({ content, title: null, type: 'text', documentDate: '2026-06-02T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => f.text);

describe('a routine of the moment, planned with no date', () => {
  it('is small talk in a chat and in a note', () => {
    expect(texts("user: it's snowing again\nassistant: Stay warm!\nuser: ok, about to brew a pot of coffee and then take a nap")).toEqual([]);
    expect(texts('Gonna order pizza and watch netflix tonight.')).toEqual([]);
  });

  it('a plan with a date, a person or a lasting goal stays', () => {
    const facts = texts("user: going to watch the final with Omar on Saturday\nassistant: fun\nuser: I'm going to learn Portuguese\nassistant: nice\nuser: gonna grab lunch with my new manager Ines");
    expect(facts.some((t) => /Omar/.test(t))).toBe(true);
    expect(facts.some((t) => /Portuguese/.test(t))).toBe(true);
    expect(facts.some((t) => /Ines/.test(t))).toBe(true);
  });
});

describe('the day listed after a mood of the day', () => {
  it('is the mood, not facts', () => {
    expect(texts("Ugh, it's been a long week. Printer jammed twice, the train was cancelled, and I burnt my toast. How are you?")).toEqual([]);
  });

  it('keeps a single happening and a catalogued fact in the list', () => {
    const facts = texts('Today was a rough day. I finally defended my dissertation. Hail at noon, the lift broke, and I moved to Rotterdam.');
    expect(facts.some((t) => /dissertation/.test(t))).toBe(true);
    expect(facts.some((t) => /Rotterdam/.test(t))).toBe(true);
    expect(facts.some((t) => /lift|hail/i.test(t))).toBe(false);
  });

  it('without the mood, a list of happenings is kept', () => {
    expect(texts('Printer jammed twice, the train was cancelled, and I burnt my toast.').length).toBeGreaterThan(0);
  });
});
