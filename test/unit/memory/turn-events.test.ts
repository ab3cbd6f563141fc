import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import { eventSentences, spokenDate, thirdPerson, turnEvent } from '../../../src/memory/turn-events.js';

/** Event facts from chat turns the attribute extractor reads nothing from (turns written for this test, LoCoMo-style). */
const extractor = createOfflineExtractor();
const facts = async (content: string) => (await extractor.extract({ content, title: null, type: 'text', documentDate: '2023-07-06T20:18:00.000Z', metadata: {}, entityContext: null })).facts;

describe('turn events', () => {
  it('a turn telling what happened, with no attribute fact, becomes one dated event in the speaker words, told in the third person', async () => {
    const out = await facts('[8:18 pm on 6 July, 2023] Melanie: They were stoked for the dinosaur exhibit! It reminds me why I love being a mom.');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      text: 'Melanie said on 6 July 2023: They were stoked for the dinosaur exhibit. It reminds Melanie why Melanie loves being a mom.',
      subject: 'Melanie',
      speaker: 'Melanie',
      attribute: null,
      isStatic: false,
      eventDate: '2023-07-06',
    });
  });

  it('small talk, questions, thanks and remarks on the listener give no event', async () => {
    for (const turn of [
      'Haha nice!',
      'Thanks, Caroline! See you soon!',
      'Wow! Did you see that band?',
      'That bowl is gorgeous! You are so talented.',
      'Nvm figured it out, thanks anyway :)',
      'Sorry about the store, but that sounds exciting.',
    ]) {
      expect(await facts(`[1:56 pm on 8 May, 2023] Jon: ${turn}`), turn).toEqual([]);
    }
  });

  it('a turn that already gave a fact gets no event beside it', async () => {
    const out = await facts('[1:56 pm on 8 May, 2023] Caroline: I went to a LGBTQ support group yesterday and it was so powerful.');
    expect(out.map((f) => f.text).join(' ')).not.toMatch(/ said on /);
    expect(out.length).toBeGreaterThan(0);
  });

  it('no event in a chat with an assistant: a turn there answers it ("Four hours and ten minutes.")', async () => {
    const out = await facts('Elif: I ran my first marathon in Istanbul last November.\nBot: Amazing, what was your time?\nElif: We celebrated with my sister and her kids afterwards, they loved it.');
    expect(out.map((f) => f.text).join(' ')).not.toMatch(/ said /);
  });

  it('sentences announcing a change or negating are left out, so an event never reads as an update', () => {
    expect(eventSentences('We actually moved to Denver. They were stoked for the zoo trip!', ['Mel'])).toEqual(['They were stoked for the zoo trip!']);
    expect(eventSentences("I don't go there these days.", [])).toEqual([]);
    expect(turnEvent({ speaker: 'Mel', content: 'I no longer live in Boston.' }, '2023-05-08')).toBeNull();
  });

  it('leading interjections and a vocative are stripped; an answer fragment without a verb is none', () => {
    expect(eventSentences('Wow, Caroline! Yeah, we painted a sunset together at the lake last weekend.', ['Caroline'])).toEqual(['We painted a sunset together at the lake last weekend.']);
    expect(turnEvent({ speaker: 'Hugo', content: 'A small shop near the old square, my friend.' }, '2026-04-12')).toBeNull();
  });

  it('dates read as spoken', () => {
    expect(spokenDate('2023-05-07')).toBe('7 May 2023');
    expect(turnEvent({ speaker: 'jon', content: 'My daughter Ava thinks the new studio is the coolest thing ever!' }, null)?.text).toBe("Jon said: Jon's daughter Ava thinks the new studio is the coolest thing ever.");
  });

  it('"I", "my", "we" become the speaker, with the verb agreeing; a sentence to "you" is left out', () => {
    expect(thirdPerson('I really love it and we went there with my kids', 'Mel')).toBe("Mel really loves it and Mel and others went there with Mel's kids");
    expect(thirdPerson("I've had them for 3 years, I carry our bags and I watch them", 'Mel')).toBe("Mel has had them for 3 years, Mel carries Mel's bags and Mel watches them");
    expect(eventSentences("We went hiking at the lake. I'll let you know when I'm back.", [])).toEqual(['We went hiking at the lake.']);
  });
});

describe('turn events read sentences as the statement reader cleans them (memory/statements.ts cleanSentence)', () => {
  it('lead-ins, trailing tags and emoji go; a change announced by its lead-in still keeps the sentence out', () => {
    expect(eventSentences('By the way, I have something special - a basketball signed by my favorite player 🏀', ['Tim'])).toEqual(['I have something special - a basketball signed by my favorite player']);
    expect(eventSentences('We got back from the lake with the kids, you know.', ['Tim'])).toEqual(['We got back from the lake with the kids.']);
    expect(eventSentences('I painted a sunset with my kids too, Mel.', ['Melanie'])).toEqual(['I painted a sunset with my kids.']);
    // "Actually" is a lead-in the cleaner strips, and a change cue that keeps the sentence out of an event.
    expect(eventSentences('Actually, I painted the lake at sunrise last week.', ['Tim'])).toEqual([]);
  });
});

describe('turn events, second reading (round 10): a turn the first reading keeps nothing of', () => {
  it('a sentence after an interjection, or about a thing with no pronoun, is quoted', async () => {
    const out = await facts('[6:55 pm on 20 October, 2023] Melanie: Thanks, Caroline! Yup, we just did it yesterday! The kids loved it and it was a nice way to relax after the road trip.');
    expect(out.map((f) => f.text)).toEqual(['Melanie said on 20 October 2023: Melanie and others just did it yesterday. The kids loved it and it was a nice way to relax after the road trip.']);
    expect(out[0]).toMatchObject({ subject: 'Melanie', attribute: null, isStatic: false, eventDate: '2023-10-20' });
    expect(turnEvent({ speaker: 'Tim', content: "It's a map of Middle-earth from LOTR - it's really cool to see all the different realms." }, '2024-01-02')?.text).toMatch(
      /^Tim said on 2 January 2024: It's a map of Middle-earth from LOTR/,
    );
  });

  it('an offer or advice to the listener keeps its "you"; a question about a thing is kept as asked', () => {
    expect(turnEvent({ speaker: 'Gina', content: 'Yeah Jon, marketing is key. I could help you with making content or even managing your accounts if you want.' }, '2023-07-21')?.text).toBe(
      'Gina said on 21 July 2023: Marketing is key. Gina could help you with making content or even managing your accounts if you want.',
    );
    expect(turnEvent({ speaker: 'Caroline', content: 'Aww, so sweet! What other creative projects do you do with them, besides pottery?' }, '2023-07-15')?.text).toBe(
      'Caroline asked on 15 July 2023: "What other creative projects do you do with them, besides pottery?".',
    );
    expect(turnEvent({ speaker: 'Caroline', content: 'The cup is so cute. What other creative projects do you do with them, besides pottery?' }, '2023-07-15')?.text).toBe(
      'Caroline said on 15 July 2023: The cup is so cute. "What other creative projects do you do with them, besides pottery?".',
    );
  });

  it('greetings, thanks, banter, short questions and changes still give nothing', () => {
    for (const turn of [
      'morning! coffee run anyone?',
      'already on my second lol',
      'Hey Joanna, how is it going?',
      'Alright, see you tomorrow!',
      'Thanks so much, have a good weekend :)',
      'Yup, I moved to Denver now.',
      'Nope, never been there.',
    ]) {
      expect(turnEvent({ speaker: 'Ben', content: turn }, '2026-03-03'), turn).toBeNull();
    }
  });
});
