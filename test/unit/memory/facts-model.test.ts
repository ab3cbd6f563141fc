import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, SourceDocument } from '../../../src/memory/types.js';

/**
 * Issue 26, offline extractor: one fact about one subject, on the attribute catalogue, with readable text. Each case
 * is a defect the extractor had (missed facts, wrong subjects, compound facts, pronouns, fragments, rewrites).
 */
const extractor = createOfflineExtractor();

// Friday 20 March 2026.
function doc(content: string, over: Partial<SourceDocument> = {}): SourceDocument {
  return { content, title: null, type: 'text', documentDate: '2026-03-20T10:00:00.000Z', metadata: {}, entityContext: null, ...over };
}
const facts = async (content: string, over: Partial<SourceDocument> = {}): Promise<ExtractedFact[]> => (await extractor.extract(doc(content, over))).facts;
const texts = async (content: string, over: Partial<SourceDocument> = {}) => (await facts(content, over)).map((f) => f.text);
const about = async (content: string, over: Partial<SourceDocument> = {}) => (await facts(content, over)).map((f) => [f.text, f.subject, f.attribute]);
const chat = (...lines: string[]) => lines.join('\n');

describe('facts about third parties', () => {
  it('reads a plain statement about a named person, with or without an adverb', async () => {
    expect(await about('Ana Silva lives in Paris.')).toEqual([['Ana Silva lives in Paris.', 'Ana Silva', 'residence']]);
    expect(await about('Ana Silva now lives in Berlin.')).toEqual([['Ana Silva now lives in Berlin.', 'Ana Silva', 'residence']]);
  });

  it('keeps what a user says about someone else when no first person is in the sentence', async () => {
    expect(await about(chat('user: Lena got married in June.', 'assistant: Congratulations to her!'))).toEqual([['Lena got married in June 2025.', 'Lena', 'relationship']]);
    expect(await about('Tom plays the cello.')).toEqual([['Tom plays the cello.', 'Tom', 'schedule:cello']]);
    // A name the lexicon does not know counts when what is said of it is said of people.
    expect(await about(chat('user: Priya leads the billing migration.', 'assistant: Good to know.'))).toEqual([['Priya leads the billing migration.', 'Priya', 'lead:bill migrat']]);
  });

  it('files a relative named in the sentence as its own subject', async () => {
    expect(await about("Maya's sister Lena is allergic to peanuts and shellfish.")).toEqual([
      ["Maya's sister Lena is allergic to peanuts.", 'Lena', 'allergy:peanut'],
      ["Maya's sister Lena is allergic to shellfish.", 'Lena', 'allergy:shellfish'],
    ]);
    expect(await about('My brother Tom works at Google.', { entityContext: 'Maya' })).toEqual([["Maya's brother Tom works at Google.", 'Tom', 'employer']]);
  });

  it('keeps no fact from a capitalised word that names nobody', async () => {
    expect(await texts(chat('user: Pizza is great.', 'assistant: Agreed!'))).toEqual([]);
  });
});

describe('named speakers beside an assistant', () => {
  it.each([['Assistant'], ['AI'], ['Bot']])("Maya: ... / %s: ... gives Maya's facts", async (bot) => {
    const out = await facts(chat('Maya: I work at Figma.', `${bot}: Nice!`, 'Maya: I live in Boston.'));
    expect(out.map((f) => [f.text, f.speaker, f.attribute])).toEqual([
      ['Maya works at Figma.', 'Maya', 'employer'],
      ['Maya lives in Boston.', 'Maya', 'residence'],
    ]);
    // Maya is the user of this chat: her facts and the user's are about the same person.
    expect(out[0]!.aliases).toEqual(['the user']);
  });

  it('reads LoCoMo-style timestamped lines beside an assistant, dated by their timestamps', async () => {
    const out = await facts(chat('[1:56 pm on 8 May, 2023] Caroline: I went to a support group yesterday.', '[1:57 pm on 8 May, 2023] AI: That sounds helpful.'));
    expect(out.map((f) => [f.text, f.eventDate])).toEqual([['Caroline went to a support group on 2023-05-07.', '2023-05-07']]);
  });

  it('reads a JSON message array whose user has a name and whose content is in parts', async () => {
    const content = JSON.stringify([
      { role: 'user', name: 'Maya', content: [{ type: 'text', text: 'I moved to Lisbon last month.' }] },
      { role: 'assistant', name: 'Helper', content: 'How exciting! I live in the cloud.' },
    ]);
    expect(await about(content)).toEqual([['Maya moved to Lisbon in February 2026.', 'Maya', 'residence']]);
  });

  it('yields nothing from small talk', async () => {
    expect(await texts(chat('Maya: Hey! How are you?', 'Assistant: Great, thanks! How can I help?', 'Maya: Haha, all good. Thanks so much!'))).toEqual([]);
  });
});

describe('compound sentences', () => {
  it('become one fact per attribute', async () => {
    expect(await about('I live in Paris and I work as a pediatric nurse.')).toEqual([
      ['The user lives in Paris.', 'the user', 'residence'],
      ['The user works as a pediatric nurse.', 'the user', 'role'],
    ]);
  });

  it('a role at an employer is a role and an employer', async () => {
    expect(await about('I now work at Stripe as a senior product designer.', { entityContext: 'Maya' })).toEqual([
      ['Maya now works at Stripe.', 'Maya', 'employer'],
      ['Maya now works as a senior product designer.', 'Maya', 'role'],
    ]);
  });

  it('a name and a job are two facts, and the name fact is about the user', async () => {
    const out = await facts('My name is Maya and I work as a product designer at Figma.', { entityContext: 'Maya Chen' });
    expect(out.map((f) => [f.text, f.subject, f.attribute])).toEqual([
      ["The user's name is Maya.", 'the user', 'name'],
      ['Maya Chen works as a product designer.', 'Maya Chen', 'role'],
      ['Maya Chen works at Figma.', 'Maya Chen', 'employer'],
    ]);
  });

  it('two past verbs of one subject are two facts: "sold X and bought Y"', async () => {
    expect(await about('I sold my Honda and bought a Tesla.', { entityContext: 'Tom' })).toEqual([
      ["Tom sold Tom's Honda.", 'Tom', 'vehicle'],
      ['Tom bought a Tesla.', 'Tom', 'vehicle'],
    ]);
  });
});

describe('readable text', () => {
  it('uses the name the user gives instead of "the user"', async () => {
    const out = await facts(chat('user: Hi, my name is Dana Whitfield.', 'assistant: Nice to meet you, Dana!', 'user: I live in Denver.'));
    expect(out.map((f) => [f.text, f.subject])).toEqual([
      ["The user's name is Dana Whitfield.", 'the user'],
      ['Dana Whitfield lives in Denver.', 'Dana Whitfield'],
    ]);
  });

  it('drops filler around a fact', async () => {
    expect(await texts('Funny story, I adopted a cat named Miso, by the way.', { entityContext: 'Maya' })).toEqual(['Maya adopted a cat named Miso.']);
    expect(await texts('Fun fact: I speak Portuguese btw.', { entityContext: 'Maya' })).toEqual(['Maya speaks Portuguese.']);
  });

  it('leaves recurring times as they are: "every Sunday morning" is no date', async () => {
    const [run] = await facts('I run 5k every Sunday morning.', { entityContext: 'Maya' });
    expect(run).toMatchObject({ text: 'Maya runs 5k every Sunday morning.', eventDate: null, isStatic: true, attribute: 'schedule:run' });
    expect((await facts('I go to church on Sunday mornings.', { entityContext: 'Maya' }))[0]!.text).toBe('Maya goes to church on Sunday mornings.');
  });

  it('resolves she and there against the conversation', async () => {
    expect(await texts(chat('user: My sister Lena just got a job at Google. She works as a nurse there.', 'assistant: Great news!'), { entityContext: 'Maya' })).toEqual([
      "Maya's sister Lena just got a job at Google.",
      'Lena works as a nurse.',
      'Lena works at Google.',
    ]);
    expect(await texts(chat('Caroline: I visited Lisbon last week.', 'Melanie: Cool!', "Caroline: I'm flying there again in June."))).toEqual([
      'Caroline visited Lisbon in the week of 2026-03-09.',
      'Caroline is flying to Lisbon again in June 2026.',
    ]);
  });

  it('drops a sentence whose pronoun names nobody rather than keep "there" or "she"', async () => {
    expect(await texts(chat("user: I'm flying there in June.", 'assistant: Have fun!'))).toEqual([]);
    expect(await texts(chat('user: She works as a nurse.', 'assistant: Nice.'))).toEqual([]);
  });

  it('resolves "we" to the speaker and the partner they named', async () => {
    expect(await about('I live in Boston with my partner Sam. We moved here from Denver in 2024.', { entityContext: 'Maya' })).toEqual([
      ['Maya lives in Boston.', 'Maya', 'residence'],
      ["Maya lives with Maya's partner Sam.", 'Maya', 'partner'],
      ['Maya and Sam moved here from Denver in 2024.', 'Maya', null],
    ]);
  });

  it('keeps no fact from fragments and figures of speech', async () => {
    const out = await texts(chat('Maya: Lots of news since we last talked!', 'Sam: Tell me!', 'Maya: Satay is my nemesis lol.', 'Sam: Haha'));
    expect(out).toEqual([]);
  });
});

describe('earlier turns of an appended conversation', () => {
  it('give names and antecedents but no facts', async () => {
    const previous = chat('user: My name is Maya. My sister Lena lives in Rome.', 'assistant: Lovely city!');
    const out = await facts(chat('user: She is moving to Paris next month.', 'assistant: Exciting!'), { previous });
    expect(out.map((f) => [f.text, f.subject, f.attribute])).toEqual([['Lena is moving to Paris in April 2026.', 'Lena', 'goal:move']]);
  });
});

describe('static and dynamic', () => {
  it('states about the same relative are equally static, and filed under the relation', async () => {
    const a = await facts('My mom is called Grace.', { entityContext: 'Maya' });
    const b = await facts("My mom's name is Grace.", { entityContext: 'Maya' });
    expect([...a, ...b].map((f) => [f.subject, f.attribute, f.isStatic])).toEqual([
      ['Maya', 'family:mother', true],
      ['Maya', 'family:mother', true],
    ]);
  });

  it('a trip is dynamic and forgotten when its period is over', async () => {
    const [trip] = await facts("I'm flying to Tokyo in June.", { entityContext: 'Maya' });
    expect(trip).toMatchObject({ text: 'Maya is flying to Tokyo in June 2026.', attribute: 'location', isStatic: false, eventDate: '2026-06-01', forgetAfter: '2026-06-30T23:59:59.999Z' });
    const [week] = await facts("I'm in Berlin this week.", { entityContext: 'Maya' });
    expect(week).toMatchObject({ attribute: 'location', isStatic: false, forgetAfter: '2026-03-22T23:59:59.999Z' });
  });
});

describe('tools, memberships, habits and titles on the catalogue', () => {
  it('files a tool, app or device under its kind, whoever names it', async () => {
    expect(await about('I use Tidal for music.')).toEqual([['The user uses Tidal for music.', 'the user', 'tool:music']]);
    expect(await about('I switched to Spotify.')).toEqual([['The user switched to Spotify.', 'the user', 'tool:music']]);
    expect(await about('My laptop is a ThinkPad X1.')).toEqual([["The user's laptop is a ThinkPad X1.", 'the user', 'tool:comput']]);
    expect((await about("I'm on a Windows laptop at work.")).map((f) => f[2])).toEqual(['tool:comput']);
    expect((await about("I'm on macOS now.")).map((f) => f[2])).toEqual(['tool:comput']);
    // A replacement states the new value; the old one is the version it updates.
    expect(await about('Swapped my iPhone for a Galaxy S23.')).toEqual([['The user now has a Galaxy S23.', 'the user', 'tool:phone']]);
    expect(await about('We replaced Slack with Discord last month.')).toEqual([['The user and others now use Discord.', 'the user', 'tool:team chat']]);
    expect((await about('Our team switched to Asana for tracking tasks.'))[0]?.[2]).toBe('tool:issu tracker');
    // A phone number is still a contact.
    expect((await about('My phone number is 555 0199.'))[0]?.[2]).toBe('contact:phone');
  });

  it('files clubs, gyms and choirs as memberships of their kind, and leaving one ends it', async () => {
    expect(await about("I'm a member of the Eastside rowing club.")).toEqual([['The user is a member of the Eastside rowing club.', 'the user', 'membership:club']]);
    expect(await about('I sing in the Riverside gospel choir.')).toEqual([['The user sings in the Riverside gospel choir.', 'the user', 'membership:choir']]);
    expect(await about('I left the Eastside rowing club.')).toEqual([['The user left the Eastside rowing club.', 'the user', 'membership:club']]);
    expect((await about('I left Northside gym and joined IronWorks instead.')).map((f) => f[2])).toEqual(['membership:gym', 'membership:gym']);
  });

  it('smoking is a habit and quitting ends it', async () => {
    expect((await about('I smoke about ten cigarettes a day.'))[0]?.[2]).toBe('schedule:smoke');
    expect((await about('I quit smoking.'))[0]?.[2]).toBe('schedule:smoke');
  });

  it('reads instruments, intolerances, "a coffee person", freelancing, a relative\'s possessive and a time opener', async () => {
    expect(await about("Ravi doesn't play the violin any more.")).toEqual([["Ravi doesn't play the violin any more.", 'Ravi', 'schedule:violin']]);
    expect((await about("I'm gluten intolerant.")).map((f) => f[2])).toEqual(['allergy:gluten']);
    expect((await about("I've become a real tea person.")).map((f) => f[2])).toEqual(['opinion:tea']);
    expect((await about("I'm a big fan of jazz.")).map((f) => f[2])).toEqual(['opinion:jazz']);
    expect((await about("I'm self-employed now.")).map((f) => f[2])).toEqual(['employer']);
    expect(await about("My son Theo's birthday is on June 3.")).toEqual([["The user's son Theo's birthday is on June 3.", 'Theo', 'birthday']]);
    expect(await about('These days my favourite film is Heat.')).toEqual([["The user's favourite film is Heat.", 'the user', 'favorite:film']]);
  });

  it('a time zone is an attribute; a mood is no fact; "as of this month" is when a fact starts, not ends', async () => {
    expect(await about("The user's time zone is PST.")).toEqual([["The user's time zone is PST.", 'the user', 'timezone']]);
    expect(await about(chat('user: hi there', 'assistant: Hello! What can I do for you?', 'user: just chilling lol'))).toEqual([]);
    const nurse = await facts("As of this month I'm the head nurse at Mercy.");
    expect(nurse.map((f) => [f.attribute, f.forgetAfter])).toEqual([
      ['role', null],
      ['employer', null],
    ]);
  });

  it("reads a named person's multi-word title and a past irregular verb", async () => {
    expect(await about('Omar is the lead architect at Zendesk.')).toEqual([
      ['Omar works as a lead architect.', 'Omar', 'role'],
      ['Omar works at Zendesk.', 'Omar', 'employer'],
    ]);
    expect(await about('Ines is a senior associate at the consulting firm Hale & Pike.')).toEqual([
      ['Ines works as a senior associate.', 'Ines', 'role'],
      ['Ines works at the consulting firm Hale & Pike.', 'Ines', 'employer'],
    ]);
    expect((await about('Ines made partner.'))[0]?.slice(1)).toEqual(['Ines', 'role']);
  });
});

describe('markdown notes', () => {
  it('turn "label: value" bullets into facts of their heading', async () => {
    const out = await facts('# Project Atlas\n\n- Budget: $40k\n- Deadline: March 3\n- **Lead:** Priya\n- Note: bring the slides');
    expect(out.map((f) => [f.text, f.subject, f.attribute, f.eventDate])).toEqual([
      ['The budget of Project Atlas is $40k.', 'Atlas', 'budget:atlas', null],
      ['The deadline of Project Atlas is March 3.', 'Atlas', 'deadline:atlas', '2026-03-03'],
      ['The lead of Project Atlas is Priya.', 'Atlas', 'lead:atlas', null],
    ]);
  });

  it('a heading\'s "kickoff", "update" or "notes" is no part of the subject, and "Project X" and "X" are one subject', async () => {
    expect(await about('# Project Vega kickoff\n\n- Budget: $9k')).toEqual([['The budget of Project Vega is $9k.', 'Vega', 'budget:vega']]);
    expect(await about('## Vega weekly sync\n\n- Owner: Lars')).toEqual([['The owner of Vega is Lars.', 'Vega', 'lead:vega']]);
  });

  it('reads bullets that change a label ("Budget raised to $150k", "Deadline moved to May 2")', async () => {
    expect(await about('## Vega update\n\n- Budget raised to $15k\n- Deadline moved to May 2')).toEqual([
      ['The budget of Vega is $15k.', 'Vega', 'budget:vega'],
      ['The deadline of Vega is May 2.', 'Vega', 'deadline:vega'],
    ]);
  });

  it("a personal note's bullets are facts about the user: one allergy per item, a doctor, a blood type", async () => {
    // In any order: the allergy line is read as the author's sentence, the others as the note's fields.
    expect((await about('## Medical notes\n\n- Allergies: latex, ibuprofen\n- Dentist: Dr. Ruth Okafor\n- Blood type: A positive')).sort()).toEqual(
      [
        ['The user is allergic to latex.', 'the user', 'allergy:latex'],
        ['The user is allergic to ibuprofen.', 'the user', 'allergy:ibuprofen'],
        ["The user's dentist is Dr. Ruth Okafor.", 'the user', 'health:dentist'],
        ["The user's blood type is A positive.", 'the user', 'health:blood type'],
      ].sort(),
    );
  });

  it('without a heading, the document title or "the project" is the subject', async () => {
    expect(await texts('- Budget: €12,000', { title: 'Kitchen remodel' })).toEqual(['The budget of Kitchen remodel is €12,000.']);
    expect(await texts('Budget: $5k\nDeadline: June 1')).toEqual(['The budget of the project is $5k.', 'The deadline of the project is June 1.']);
  });
});
