import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { plainNoteMarkdown } from '../../../src/memory/markdown-inline.js';
import { canonicalLabel } from '../../../src/memory/bullets.js';

/** Notes as Obsidian, Notion and README writers format them (sentences written for this test). */
const read = (content: string) =>
  extractFacts({ content, title: null, type: 'text', documentDate: '2026-07-01T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => ({ text: f.text, subject: f.subject, attribute: f.attribute }));
const attributes = (content: string) => read(content).map((f) => `${f.subject}|${f.attribute}`);

describe('markdown reduced to plain note lines', () => {
  it('links, wiki links, images, tags, quotes, setext headings and emoji headings', () => {
    expect(plainNoteMarkdown('- Live in [Ghent](https://en.wikipedia.org/wiki/Ghent_(city)) ![map](x.png)')).toBe('- Live in Ghent ');
    expect(plainNoteMarkdown('Moved to [[ghent-page|Ghent]] and joined [[Colruyt]] #life #work')).toBe('Moved to Ghent and joined Colruyt');
    expect(plainNoteMarkdown('> I live in Ghent now.')).toBe('I live in Ghent now.');
    expect(plainNoteMarkdown('About me\n========\n\nI cycle.')).toBe('# About me\n\nI cycle.');
    expect(plainNoteMarkdown('## 🏡 Home\nGhent\n\n## 💼 Work\nColruyt')).toBe('- Home: Ghent\n\n- Work: Colruyt');
    expect(plainNoteMarkdown('* Home\n    * Ghent\n* Work\n    * Colruyt')).toBe('- Home: Ghent\n- Work: Colruyt');
    // A heading over a paragraph, and a bullet over several sub-bullets, stay as they are.
    expect(plainNoteMarkdown('## Trip\nWe drove to the coast. It rained.\nThen it cleared.')).toBe('## Trip\nWe drove to the coast. It rained.\nThen it cleared.');
    expect(plainNoteMarkdown('- Groceries\n  - eggs\n  - milk')).toBe('- Groceries\n  - eggs\n  - milk');
  });

  it('labels as the catalogue names them', () => {
    expect(canonicalLabel('Approved budget (Q3)')).toBe('budget');
    expect(canonicalLabel('Target launch')).toBe('launch');
    expect(canonicalLabel('New deadline')).toBe('deadline');
    expect(canonicalLabel('DRI')).toBe('lead');
    expect(canonicalLabel('ETA')).toBe('deadline');
    expect(canonicalLabel('Where I live')).toBe('lives in');
  });
});

describe("an author's note in markdown gives the author's facts", () => {
  it('bold labels under a "Profile" heading, nested bullets under "Notes", sections with one value line', () => {
    expect(attributes('## Profile\n\n**City:** Ghent  \n**Employer:** Colruyt')).toEqual(['the user|residence', 'the user|employer']);
    expect(attributes('# Notes\n\n* Home\n    * Ghent\n* Work\n    * Colruyt')).toEqual(['the user|residence', 'the user|employer']);
    expect(attributes('### Where I live\nGhent\n\n### Where I work\nColruyt')).toEqual(['the user|residence', 'the user|employer']);
  });

  it('bullets that open with a verb and no subject, linked or plain', () => {
    expect(attributes('+ lives in Ghent\n+ works at Colruyt')).toEqual(['the user|residence', 'the user|employer']);
    expect(attributes('# Me\n- Live in [Ghent](https://ghent.be)\n- Work at [Colruyt](https://colruyt.be)')).toEqual(['the user|residence', 'the user|employer']);
    // A to-do list under no personal heading is not the author's statements.
    expect(read('# Errands\n- Book dentist\n- Buy milk')).toEqual([]);
  });
});

describe('project notes with the labels people use', () => {
  it('dash separators and qualified or other names of budget, deadline and lead', () => {
    expect(attributes('# Website redesign\n\n- Budget — €80,000\n- Target launch - 1 May 2026\n- DRI: Sam Ortiz')).toEqual([
      'Website redesign|budget:websit redesign',
      'Website redesign|deadline:websit redesign',
      'Website redesign|lead:websit redesign',
    ]);
  });

  it('a former value in brackets is history, not part of the value', () => {
    expect(read('## Orion update\n- Budget: $300k (was $250k)\n- Deadline: Dec 15 (moved from Nov 1)').map((f) => f.text)).toEqual(['The budget of Orion is $300k.', 'The deadline of Orion is Dec 15.']);
  });

  it("other fields of a headed note are the heading's, keyed so a later value replaces them", () => {
    const facts = read('## Wedding planning\n- Venue: Kew Gardens\n- Caterer: Dishoom\n- Next steps: call the florist');
    expect(facts.slice(0, 2).map((f) => f.text)).toEqual(['The venue of Wedding is Kew Gardens.', 'The caterer of Wedding is Dishoom.']);
    expect(facts.some((f) => /next steps of/i.test(f.text))).toBe(false);
    expect(new Set(facts.slice(0, 2).map((f) => f.attribute)).size).toBe(2);
    expect(facts[0]!.attribute).toBe(read('## Wedding\n- Venue: Hampton Court')[0]!.attribute);
  });

  it('a status that reads like a participle is still a field; a change of an item is not', () => {
    expect(read('# Payments API v2\n- Status: blocked on the vendor').map((f) => f.text)).toEqual(['The status of Payments API v2 is blocked on the vendor.']);
    expect(read('## Doctor visit\n- Lisinopril: raised to 20mg daily').some((f) => /of Doctor visit/.test(f.text))).toBe(false);
  });

  it('a label that says whose it is needs no heading or second line', () => {
    expect(attributes('### Where I live\nDresden')).toEqual(['the user|residence']);
  });

  it('statements after a label stay statements', () => {
    expect(read("Correction: Lily's birthday is May 21.").map((f) => f.text)).toEqual(["Lily's birthday is May 21."]);
    expect(read('## Family\n- Dad: moved to Cork for work').map((f) => f.subject)).not.toContain('Family');
  });
});

describe('people lists and call notes', () => {
  it('a relative named after a label, with what the bracket says of them', () => {
    expect(read('## Family\n- Sister: Ana (lives in Porto, nurse)\n- Brother: Rui\n- Partner: Joana').map((f) => `${f.text}|${f.subject}|${f.attribute}`)).toEqual([
      "The user's sister is Ana.|the user|family:sister",
      "The user's sister Ana lives in Porto.|Ana|residence",
      "The user's sister Ana is a nurse.|Ana|role",
      "The user's brother is Rui.|the user|family:brother",
      "The user's partner is Joana.|the user|partner",
    ]);
  });

  it('"Name — role at company, based in city" is that person\'s facts, not a field of the heading', () => {
    expect(attributes('## Contacts\n- Dana Whitfield — VP Sales at Acme, based in Austin')).toEqual(['Dana Whitfield|role', 'Dana Whitfield|employer', 'Dana Whitfield|residence']);
  });

  it("a call note's 'Name: doing something' line is what they are doing; the note's title states nothing", () => {
    const facts = read('Call notes 3 March\n- Dana: moving to Austin next month\n- Dana: starting at Dell as PM');
    expect(facts.every((f) => f.subject === 'Dana')).toBe(true);
    expect(facts.map((f) => f.text)).toContain('Dana works at Dell.');
    expect(read('# Moving update\n\nWe finally moved! Our new place is in Lisbon.').some((f) => /update/i.test(f.text))).toBe(false);
  });
});
