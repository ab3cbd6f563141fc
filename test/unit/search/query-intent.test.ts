import { describe, expect, it } from 'vitest';
import { hasIntent, intentEvidence, orderByIntent, OWNED_EVIDENCE, placesInTime, queryIntent, SPEAKER_EVIDENCE, speakersOf, speaksOfOwn, TIME_EVIDENCE, withIntent } from '../../../src/search/query-intent.js';

describe('query intent: the speaker named, a time asked for', () => {
  it('reads the people a question may name and whether it asks when', () => {
    const i = queryIntent("When did Melanie's family go on a roadtrip?");
    expect(i.asksWhen).toBe(true);
    expect(i.names.has('melanie')).toBe(true);
    expect(queryIntent('What did Caroline research?').asksWhen).toBe(false);
    expect(queryIntent('what year did they move?').asksWhen).toBe(true);
  });

  it('reads whether a question counts or totals', () => {
    expect(queryIntent("How many doctor's appointments did I go to in March?").counts).toBe(true);
    expect(queryIntent('How many months have passed since I last visited a museum?').counts).toBe(true);
    expect(queryIntent('how much did I spend on the trip in total?').counts).toBe(true);
    expect(queryIntent('How often does Melanie paint?').counts).toBe(true);
    expect(queryIntent('What did Caroline research?').counts).toBe(false);
    expect(queryIntent('How did Melanie feel about the concert?').counts).toBe(false);
  });

  it('takes no sentence-initial question or function word for a name', () => {
    expect([...queryIntent('When did Caroline go to the support group?').names]).toEqual(['caroline']);
    expect([...queryIntent("What is the capital of France's neighbour?").names]).toEqual(['france']);
    expect(hasIntent(queryIntent('What is the capital of the country?'))).toBe(false);
    expect(hasIntent(queryIntent('Did the trial reduce mortality? The cohort was small.'))).toBe(false);
    expect([...queryIntent('  "How did Melanie feel?"').names]).toEqual(['melanie']);
    // A name standing first is still a name, and a function word inside a sentence is left as written.
    expect([...queryIntent("Melanie's kids: what do they like?").names]).toEqual(['melanie']);
    expect([...queryIntent('Where did Jon and Gina meet? When was it?').names]).toEqual(['jon', 'gina']);
  });

  it("finds the speakers of transcript lines, with or without a [date] prefix, and not a sentence's colon", () => {
    expect([...speakersOf('[1:56 pm on 8 May, 2023] Caroline: I went to a support group yesterday.')]).toEqual(['caroline']);
    expect([...speakersOf('User: hi\n\nMaya Lopez: hello there')].sort()).toEqual(['maya lopez', 'user']);
    expect(speakersOf('The result was clear: it works.').size).toBe(0);
  });

  it('places in time by the words of the line, not by its [date] prefix', () => {
    expect(placesInTime('[8 May, 2023] Caroline: I went there yesterday.')).toBe(true);
    expect(placesInTime('[8 May, 2023] Caroline: the roadtrip this past weekend was insane')).toBe(true);
    expect(placesInTime('Tim: I went to a castle during my trip to the UK last Friday')).toBe(true);
    expect(placesInTime('[8 May, 2023] Caroline: I love painting sunsets.')).toBe(false);
  });

  it('gives evidence to a line said by the person asked about, and to a dated one when the question asks when', () => {
    const when = queryIntent('When did Caroline go to the support group?');
    expect(intentEvidence(when, '[8 May 2023] Caroline: I went to the support group yesterday.')).toBeCloseTo(SPEAKER_EVIDENCE + TIME_EVIDENCE);
    expect(intentEvidence(when, '[8 May 2023] Melanie: Caroline, how was the support group yesterday?')).toBeCloseTo(TIME_EVIDENCE);
    expect(intentEvidence(when, '[8 May 2023] Melanie: Caroline, how was the support group?')).toBe(0);
    // Neither signal applies to a question that names nobody and does not ask when.
    expect(intentEvidence(queryIntent('support group'), '[8 May 2023] Caroline: I went yesterday.')).toBe(0);
    expect(withIntent(0.9, 0.5)).toBeCloseTo(0.95);
    expect(withIntent(0.4, 0)).toBe(0.4);
  });

  it('re-orders the hits without re-scoring them: the scores stay the input ones, descending', () => {
    const text: Record<string, string> = { a: 'Melanie: Caroline, the support group sounds lovely.', b: 'Caroline: I joined a support group.', c: 'Melanie: I paint.' };
    const hits = [
      { id: 'a', similarity: 0.8 },
      { id: 'b', similarity: 0.75 },
      { id: 'c', similarity: 0.2 },
    ];
    const out = orderByIntent(hits, queryIntent('What did Caroline join?'), (id) => text[id]!);
    expect(out.map((h) => h.id)).toEqual(['b', 'a', 'c']);
    expect(out.map((h) => h.similarity)).toEqual([0.8, 0.75, 0.2]);
    // No intent: unchanged.
    expect(orderByIntent(hits, queryIntent('support group'), (id) => text[id]!)).toEqual(hits);
  });

  it('reads the thing of the asker\'s a suggestion question is about: the head of each "my ..." phrase', () => {
    expect([...queryIntent('Can you suggest some useful accessories for my phone?').owned]).toEqual(['phone']);
    expect([...queryIntent('Any tips for my sourdough starter? It keeps going flat.').owned]).toEqual(['starter']);
    expect([...queryIntent('What would you recommend to complement my current photography setup?').owned]).toEqual(['setup']);
    expect([...queryIntent('What should I cook for my kids this week?').owned]).toEqual(['kid']);
    // Not a request for a suggestion, or nothing of the asker's: no owned thing, and no intent from it.
    expect(queryIntent('What is the name of my cat?').owned.size).toBe(0);
    expect(queryIntent('Can you suggest a good novel?').owned.size).toBe(0);
    expect(hasIntent(queryIntent('Can you suggest a good novel?'))).toBe(false);
    expect(hasIntent(queryIntent('Can you suggest a case for my phone?'))).toBe(true);
  });

  it('gives evidence to a passage where someone speaks of their own such thing, a compound holding it too ("my iPhone")', () => {
    const intent = queryIntent('Can you suggest some useful accessories for my phone?');
    expect(speaksOfOwn(intent.owned, 'user: I cracked the screen protector on my iPhone 13 Pro last week.')).toBe(true);
    expect(speaksOfOwn(intent.owned, 'user: my old phone died')).toBe(true);
    expect(speaksOfOwn(intent.owned, 'assistant: A case protects your phone from drops.')).toBe(false);
    expect(speaksOfOwn(intent.owned, 'user: my sister called me on the phone yesterday')).toBe(false);
    expect(intentEvidence(intent, 'user: a new case for my iPhone?')).toBe(OWNED_EVIDENCE);
    expect(intentEvidence(intent, 'useful phone accessories: cases, chargers, power banks')).toBe(0);
    const text: Record<string, string> = {
      accessories: 'Useful accessories: a case or a cover protects your device from scratches and drops.',
      mine: 'user: I need a wallet case for my iPhone 13 Pro.',
    };
    const hits = [
      { id: 'accessories', similarity: 0.72 },
      { id: 'mine', similarity: 0.67 },
    ];
    expect(orderByIntent(hits, intent, (id) => text[id]!).map((h) => h.id)).toEqual(['mine', 'accessories']);
  });
});
