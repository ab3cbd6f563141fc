import { describe, expect, it } from 'vitest';
import { parseConversation } from '../../../src/memory/conversation.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';

/** Profile notes in the shapes people and agents write them (sentences written for this test). */
const read = (content: string) =>
  extractFacts({ content, title: null, type: 'text', documentDate: '2026-07-01T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => ({ text: f.text, subject: f.subject, attribute: f.attribute }));
const attributes = (content: string) => read(content).map((f) => `${f.subject}|${f.attribute}`);

describe('"Label: value" lines are a note, not a chat', () => {
  it('profile labels never name speakers', () => {
    expect(parseConversation('Home: Utrecht\nPartner: Femke\nJob: data engineer', '2026-07-01T10:00:00.000Z')).toBeNull();
    expect(parseConversation('**Location:** Utrecht\n**Diet:** vegan', '2026-07-01T10:00:00.000Z')).toBeNull();
    // Named speakers still make a chat.
    expect(parseConversation('Femke: I moved to Utrecht.\nAssistant: Nice!', '2026-07-01T10:00:00.000Z')).not.toBeNull();
  });

  it("each line is the author's fact, bold labels included", () => {
    expect(attributes('Home: Utrecht\nWork: Bol.com (data engineer)\nPartner: Femke')).toEqual(['the user|residence', 'the user|employer', 'the user|partner']);
    expect(attributes('# About me\n\n**Location:** Utrecht\n**Diet:** vegan')).toEqual(['the user|residence', 'the user|diet']);
    expect(attributes('Allergies: latex, kiwi\nMeds: levothyroxine 50mcg')).toEqual(['the user|allergy:latex', 'the user|allergy:kiwi', expect.stringMatching(/^the user\|medication:levothyrox/)]);
  });
});

describe('a note about "the user"', () => {
  it("is the user's facts, one per clause, a relative kept apart", () => {
    const facts = read("## User profile\n- The user lives in Utrecht.\n- The user is vegetarian and the user has a cat named Mochi.\n- The user's brother Joost lives in Delft.");
    expect(facts.map((f) => `${f.subject}|${f.attribute}`)).toEqual(['the user|residence', 'the user|diet', 'the user|pet:cat', 'Joost|residence']);
    expect(facts[0]!.text).toBe('The user lives in Utrecht.');
  });
});

describe('"my partner is <name>"', () => {
  it("is the author's partner, not a fact about the partner", () => {
    expect(attributes('My partner is Femke. My sister is a nurse.')).toEqual(['the user|partner', "the user's sister|role"]);
  });
});

describe("a long list of the author's own notes", () => {
  const journal = [
    '# March log',
    '',
    '## Week 1',
    '- Finally moved into the new flat in Ghent.',
    '- My brother Pieter visited on Saturday.',
    '- Started swimming again, twice a week.',
    '',
    '## Week 2',
    '- I got promoted to lead designer.',
    '- Booked flights to Chile for November.',
    '- The dog has a vet check on Monday.',
    '- Dinner with Lotte and Bram.',
    '- Finished reading Middlemarch.',
    '- I signed up for a ceramics course.',
    '- Bought a cargo bike.',
    '- My manager is now Annelies.',
  ].join('\n');

  it('is a personal note however many lines it has', () => {
    expect(attributes(journal)).toEqual(expect.arrayContaining(['the user|residence', 'the user|role', 'the user|manager']));
  });

  it('long prose stays an article whose "I" is its writer', () => {
    const article = `# Setup\n\nThis guide explains how I set up the build. ${Array.from({ length: 12 }, (_, i) => `Step ${i + 1} configures the server so that it starts.`).join(' ')} I live in Ghent.`;
    expect(read(article)).toEqual([]);
  });
});

describe('markdown emphasis and an adverb before two predicates', () => {
  it('"_Update:_ I now live in **Ghent** and work at *Showpad*" is two facts without the marks', () => {
    const facts = read('_Update:_ I now live in **Ghent** and work at *Showpad*.');
    expect(facts.map((f) => f.attribute)).toEqual(['residence', 'employer']);
    expect(facts.map((f) => f.text).join(' ')).not.toMatch(/[*_]/);
  });
});

describe('a heading naming a full name the lexicon does not know', () => {
  it('"## Profile: Wren Okafor" makes the fields below hers', () => {
    expect(attributes('## Profile: Wren Okafor\n- Lives in: Tallinn\n- Works at: Bolt\n- Role: product designer')).toEqual(['Wren Okafor|residence', 'Wren Okafor|employer', 'Wren Okafor|role']);
  });

  it('organisations and meeting titles are not people', () => {
    expect(read('## Meeting with Acme Corp\n- Budget: $40k').some((f) => f.subject === 'Acme Corp')).toBe(false);
  });
});

describe('a table of people and their fields', () => {
  it('each row is about the person its first cell names ("Me" is the author)', () => {
    expect(attributes('| Person | City | Job |\n|---|---|---|\n| Me | Tallinn | UX researcher |\n| Kadri | Tartu | nurse |')).toEqual(['the user|residence', 'the user|role', 'Kadri|residence', 'Kadri|role']);
  });

  it('a table whose columns are no catalogue fields stays as it is', () => {
    expect(read('| Task | Owner | Due |\n|---|---|---|\n| Ship v2 | Dana | Friday |')).toEqual([]);
  });
});

describe('a status line with an adverb before what the author is doing', () => {
  it('"Currently living in Tallinn", "Still working at Bolt", "working remotely for Wise" are the author\'s', () => {
    expect(attributes('Currently living in Tallinn.')).toEqual(['the user|residence']);
    expect(attributes('Still working at Bolt.')).toEqual(['the user|employer']);
    expect(attributes('I am working remotely for Wise.')).toEqual(['the user|employer']);
  });
});
