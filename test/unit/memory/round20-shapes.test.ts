import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 20 (issue 26): conversation shapes no fixture had before shapes20, in sentences written for these tests: a
 * group chat whose members do not all speak twice, and an allergy outgrown among others that stay.
 */
const read = factsReader('2026-05-20');
const bySubject = (text: string) => read(text).map((f) => [f.subject, f.text] as const);

describe('a group chat where someone speaks once', () => {
  it("each member's line is their own, not folded into the previous speaker's", () => {
    const facts = bySubject("Omar: I'm pescatarian these days\nLucia: I'll do the dessert\nTeo: I'm allergic to kiwi, just so you know\nLucia: got it");
    expect(facts.find(([, t]) => /kiwi/.test(t))?.[0]).toBe('Teo');
    expect(facts.find(([, t]) => /pescatarian/.test(t))?.[0]).toBe('Omar');
  });

  it('a note with labelled lines stays a note', () => {
    expect(read('Owner: Hugo\nBudget: 12k\nDeadline: June\nBudget: 14k after review').some((f) => f.subject === 'Owner' || f.subject === 'Deadline')).toBe(false);
  });
});

describe('an allergy outgrown', () => {
  it('is a denial of that allergen, said plainly or reported ("the allergist says ...")', () => {
    expect(read("Great news from the clinic: I've outgrown my milk allergy").map((f) => f.attribute)).toContainEqual('allergy:milk');
    expect(read('the paediatrician says Mia has outgrown her peanut allergy').map((f) => [f.subject, f.attribute])).toContainEqual(['Mia', 'allergy:peanut']);
  });

  it('ends only its own allergy', async () => {
    const texts = await latestTexts(["I'm allergic to milk and ibuprofen.", '2026-01-10'], ["I've grown out of the milk allergy, ibuprofen still a no though", '2026-04-02']);
    expect(texts.some((t) => /ibuprofen/.test(t) && !/not/.test(t))).toBe(true);
    expect(texts.some((t) => /\ballergic to milk/.test(t) && !/not allergic/.test(t))).toBe(false);
  });
});

describe("a yes to the assistant's restatement opened by its own clause", () => {
  it('"Just to check before I save it: you moved to Ghent in March?" / "yep, that\'s right" is the user\'s move', () => {
    const facts = read("assistant: Just to check before I save it: you moved to Ghent in March?\nuser: yep, that's right\nassistant: Thanks!");
    expect(facts.map((f) => [f.subject, f.attribute])).toContainEqual(['the user', 'residence']);
    expect(facts.some((f) => /Ghent/.test(f.text))).toBe(true);
  });

  it('a no leaves nothing of the restatement', () => {
    expect(read('assistant: One thing before I book it: you moved to Ghent in March?\nuser: no, that was my sister\nassistant: Oops').some((f) => /Ghent/.test(f.text) && f.subject === 'the user')).toBe(false);
  });
});

describe('a subjectless change led by "finally" / "eventually"', () => {
  it('is the author\'s ("finally sold the Clio" → the user sold it)', () => {
    expect(read('user: finally sold the Clio, bye bye\nassistant: Nice!').map((f) => f.subject)).toContain('the user');
    expect(read('eventually moved to Cork after all that').some((f) => f.subject === 'the user' && /Cork/.test(f.text))).toBe(true);
  });
});

describe('news listed with values in parentheses', () => {
  it('"new job (Arup, engineer) + new flat (Leith)" is a job and a home, each its own fact', () => {
    const facts = read('big month: new job (Arup, graduate engineer) + new flat (Leith) 🥳');
    expect(facts.some((f) => f.attribute === 'employer' && /Arup/.test(f.text) && !/Leith/.test(f.text))).toBe(true);
    expect(facts.some((f) => /Leith/.test(f.text) && !/Arup/.test(f.text))).toBe(true);
  });

  it('the job replaces the one before', async () => {
    const texts = await latestTexts(['I work at Atkins as a graduate engineer.', '2026-01-10'], ['big month: new job (Arup, graduate engineer) + new flat (Leith)', '2026-04-02']);
    expect(texts.some((t) => /Arup/.test(t))).toBe(true);
    expect(texts.some((t) => /Atkins/.test(t))).toBe(false);
  });
});

describe('fragments listed under "about me"', () => {
  it("are the author's statements", () => {
    const attrs = read('About me:\n- 41\n- physio in Galway\n- 3 kids\n- allergic to wasp stings').map((f) => [f.subject, f.attribute]);
    expect(attrs).toContainEqual(['the user', 'age']);
    expect(attrs).toContainEqual(['the user', 'children']);
    expect(attrs.some(([s, a]) => s === 'the user' && /^allergy:/.test(a ?? ''))).toBe(true);
  });

  it('the same fragments under another heading stay as they were', () => {
    expect(read('Shopping:\n- 41 eggs\n- 3 lemons').some((f) => f.subject === 'the user')).toBe(false);
  });
});
