import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, SourceDocument } from '../../../src/memory/types.js';

const extractor = createOfflineExtractor();

function doc(content: string, over: Partial<SourceDocument> = {}): SourceDocument {
  return { content, title: null, type: 'text', documentDate: '2023-05-08T12:00:00.000Z', metadata: {}, entityContext: null, ...over };
}

async function facts(content: string, over: Partial<SourceDocument> = {}): Promise<ExtractedFact[]> {
  return (await extractor.extract(doc(content, over))).facts;
}
const texts = async (content: string, over: Partial<SourceDocument> = {}) => (await facts(content, over)).map((f) => f.text);

describe('offline extractor', () => {
  it('is the offline kind', () => {
    expect(extractor.kind).toBe('offline');
  });

  it('rewrites the first person to the speaker of each turn, and "you" to the other of two speakers', async () => {
    const out = await facts('Dana: I am allergic to peanuts.\nSam: I work at Acme as an engineer.\nDana: You told me your sister lives in Rome.');
    expect(out.map((f) => [f.speaker, f.text])).toEqual([
      ['Dana', 'Dana is allergic to peanuts.'],
      // A job and a title are two facts: a new title later must not lose the employer.
      ['Sam', 'Sam works at Acme.'],
      ['Sam', 'Sam works as an engineer.'],
      ['Dana', "Sam told Dana Sam's sister lives in Rome."],
    ]);
  });

  it('drops greetings, thanks, questions, filler and content-free sentences', async () => {
    const chat = [
      'Dana: Hey! How are you?',
      "Sam: lol. Sounds good! That's great! Thanks, Dana!",
      'Dana: Yeah, I totally agree. I adopted a puppy named Rex last week!',
      'Sam: Wow, Dana! Take a look at this. It was amazing.',
    ].join('\n');
    expect(await texts(chat)).toEqual(['Dana adopted a puppy named Rex in the week of 2023-05-01.']);
  });

  it('cuts a trailing tag only when it is a word of its own', async () => {
    expect((await facts('My favourite tea is sencha.')).map((f) => f.text)).toEqual(["The user's favourite tea is sencha."]);
    expect((await facts('My favourite tea is sencha, ha.')).map((f) => f.text)).toEqual(["The user's favourite tea is sencha."]);
    expect((await facts('I got a new tattoo.')).map((f) => f.text).join(' ')).toMatch(/tattoo\./);
  });

  it('resolves relative dates against the turn timestamp, else the document date', async () => {
    const out = await facts('[1:56 pm on 8 May, 2023] Caroline: I went to a LGBTQ support group yesterday.', { documentDate: '2024-02-01' });
    expect(out).toEqual([expect.objectContaining({ text: 'Caroline went to a LGBTQ support group on 2023-05-07.', eventDate: '2023-05-07', speaker: 'Caroline', isStatic: false })]);
    expect((await facts('Dana: I ran a marathon yesterday.'))[0]!.eventDate).toBe('2023-05-07');
  });

  it('tells static facts (identity, work, preferences, relationships) from dynamic ones (events, plans)', async () => {
    const out = await facts('Dana: I am a nurse. I love jazz. I am married to Tom. I went to a concert yesterday. I am going to visit Rome next month.\nSam: OK.');
    expect(out.map((f) => [f.text, f.isStatic])).toEqual([
      ['Dana is a nurse.', true],
      ['Dana loves jazz.', true],
      ['Dana is married to Tom.', true],
      ['Dana went to a concert on 2023-05-07.', false],
      ['Dana is going to visit Rome in June 2023.', false],
    ]);
  });

  it('names the subject and the catalogue attribute a judge needs to see updates', async () => {
    const out = await facts('Dana: I live in Paris. I work for Acme. I moved to Berlin. I hate jazz. My favorite color is green.\nSam: Cool.');
    expect(out.map((f) => [f.subject, f.attribute])).toEqual([
      ['Dana', 'residence'],
      ['Dana', 'employer'],
      ['Dana', 'residence'],
      ['Dana', 'opinion:jazz'],
      ['Dana', 'favorite:color'],
    ]);
  });

  it('sets forgetAfter for statements that end ("this week", "until Friday")', async () => {
    const out = await facts('Dana: I am busy this week. I am in Lisbon until Friday. I live in Paris.\nSam: Nice.');
    expect(out.map((f) => f.forgetAfter)).toEqual(['2023-05-14T23:59:59.999Z', '2023-05-12T23:59:59.999Z', null]);
  });

  it('reads a plain document as written by the entity, or by "the user"', async () => {
    expect(await texts('I am allergic to peanuts.', { entityContext: 'Dana, a nurse in Lyon' })).toEqual(['Dana is allergic to peanuts.']);
    const out = await facts('I am allergic to peanuts.');
    expect(out.map((f) => [f.text, f.subject, f.speaker])).toEqual([['The user is allergic to peanuts.', 'the user', null]]);
  });

  it('in a long document, takes "I" and "we" for its authors: only sentences naming the user count', async () => {
    const article = [
      'We released version 2 of the parser today.',
      'I think the new API is much simpler.',
      ...Array.from({ length: 12 }, (_, i) => `The parser handles case number ${i + 1} correctly.`),
      'Dana Smith reviewed the release notes.',
    ].join(' ');
    expect(await texts(article, { entityContext: 'Dana Smith, the maintainer' })).toEqual(['Dana Smith reviewed the release notes.']);
  });

  it('names the user of a role transcript and skips the assistant', async () => {
    const content = JSON.stringify([
      { role: 'user', content: 'I just adopted a cat named Miso. Any tips?' },
      { role: 'assistant', content: 'Congratulations! Cats love routine. I recommend a scratching post.' },
    ]);
    expect(await texts(content, { entityContext: 'Dana' })).toEqual(['Dana just adopted a cat named Miso.']);
  });

  it('is deterministic and bounded', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Dana: I visited museum number ${i} in Paris.`).join('\n');
    const a = await extractor.extract(doc(long));
    const b = await extractor.extract(doc(long));
    expect(a).toEqual(b);
    expect(a.facts).toHaveLength(200);
    expect(a.note).toMatch(/capped/);
    expect(await texts(`Dana: I think ${'very '.repeat(200)}long thoughts about Paris.`)).toEqual([]);
  });

  it('reads only a bounded part of a huge document, and says so', async () => {
    const result = await extractor.extract(doc('Dana walked to the old harbour with a neighbour. '.repeat(20_000), { entityContext: 'Dana' }));
    expect(result.facts).toEqual([expect.objectContaining({ text: 'Dana walked to the old harbour with a neighbour.' })]);
    expect(result.note).toMatch(/first 500 sentences/);
  });

  it('splits clauses with their own subject and drops the ones no reader could resolve', async () => {
    expect(await texts('Dana: I joined a choir last week and it was amazing. We sang at a wedding, so I bought a new dress.\nSam: Nice.')).toEqual([
      'Dana joined a choir in the week of 2023-05-01.',
      'Dana and others sang at a wedding.',
      'Dana bought a new dress.',
    ]);
  });

  it('splits at a dash glued to the word before it, and drops a leading name that addresses the listener', async () => {
    const out = await texts('Dana: I finally ran the marathon-- it took me five hours.\nSam: Wow.\nDana: Sam, after the race I bought new running shoes.\nSam: Nice.');
    expect(out).toContain('Dana finally ran the marathon.');
    expect(out.some((t) => /^Sam,|marathon--/.test(t))).toBe(false);
    expect(out.some((t) => /bought new running shoes/.test(t))).toBe(true);
  });

  it('keeps a named third party\'s negated habit ("Tom doesn\'t play the cello any more")', async () => {
    expect(await texts("Tom doesn't play the cello any more since his wrist injury.")).toEqual(["Tom doesn't play the cello any more since his wrist injury."]);
  });

  it('keeps a shared photo as a fact of its turn', async () => {
    expect(await facts('[1:56 pm on 8 May, 2023] Melanie: Look at this! (shares a photo: a photo of a painting of a sunset over a lake)')).toEqual([
      expect.objectContaining({ text: 'Melanie shared a photo of a painting of a sunset over a lake.', speaker: 'Melanie', eventDate: '2023-05-08' }),
    ]);
  });

  it('says why nothing came out', async () => {
    const result = await extractor.extract(doc('Dana: Hi!\nSam: Hey, how are you?'));
    expect(result).toEqual({ facts: [], note: expect.any(String) });
  });
});
