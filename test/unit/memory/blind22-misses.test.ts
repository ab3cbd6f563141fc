import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * The misses of the blind22 scenario split (round 20), written from issue 26 before reading the engine: each a
 * phrasing a user or an app would send, read end to end (offline extractor, heuristic judge, hash embedder).
 */
const read = factsReader('2026-04-20');
const texts = (content: string) => read(content).map((f) => f.text);
const attributes = (content: string) => read(content).map((f) => f.attribute);

describe('a request or aside after a statement is cut, the statement kept', () => {
  it('"…, put it back in the recipes please" keeps the reversed taste', async () => {
    expect(texts('weirdly I love coriander now, put it back in the recipes please')).toEqual(['The user loves coriander now.']);
    const latest = await latestTexts(['I hate coriander, it tastes like soap to me.', '2025-11-30'], ['weirdly I love coriander now, put it back in the recipes please', '2026-04-04']);
    expect(latest.filter((t) => /hates? coriander/.test(t))).toEqual([]);
  });

  it('"…, can\'t stop playing them" keeps the new favourite', () => {
    expect(texts("These days my favourite band is Khruangbin, can't stop playing them.")).toEqual(["The user's favourite band is Khruangbin."]);
  });

  it('an email\'s "so please use the new address" keeps the move, about the sender', () => {
    const email =
      "From: Camille Durand <camille.durand@laposte.net>\nTo: Marc Aubert\nSubject: new address\n\nHello Marc,\n\nQuick note: I've moved to Porto as of April, so please use Rua das Flores 88, 4050-265 Porto for anything you post from now on.\n\nBest,\nCamille";
    const facts = factsReader('2026-04-20')(email);
    expect(facts.map((f) => [f.attribute, f.text])).toEqual([['residence', 'The user has moved to Porto as of April.']]);
  });
});

describe('jobs said by department, announcement or by others', () => {
  it('"works in sales at HubSpot" is the employer, and a later job replaces it', async () => {
    expect(attributes('I work in sales at HubSpot in Dublin.')).toEqual(['employer']);
    const latest = await latestTexts(['I work in regulatory affairs at Siemens Healthineers in Erlangen.', '2025-06-12'], ["I'm an account manager at Zendesk now.", '2026-06-01']);
    expect(latest.filter((t) => /Siemens/.test(t))).toEqual([]);
  });

  it('"After four years at X I\'m excited to share that I\'m starting a new position as … at Roche" is the new employer', () => {
    const facts = read("After four great years at Siemens Healthineers I'm excited to share that I'm starting a new position as Regulatory Affairs Manager at Roche in Basel!");
    expect(facts.find((f) => f.attribute === 'employer')?.text).toBe('The user works at Roche in Basel.');
    expect(facts.some((f) => /Siemens/.test(f.text))).toBe(false);
  });

  it('"They made me head chef at …" is the new title', async () => {
    expect(attributes('They made me head chef at Menya Kotetsu last week!!')).toEqual(expect.arrayContaining(['role', 'employer']));
    const latest = await latestTexts(["I'm a line cook at Menya Kotetsu, a ramen shop in Osaka.", '2025-08-30'], ['They made me head chef at Menya Kotetsu last week!!', '2026-03-04']);
    expect(latest.filter((t) => /line cook/.test(t))).toEqual([]);
  });
});

describe('names, slots, studies and languages that change', () => {
  it('"Sorry, I got that wrong earlier, my landlord\'s name is Mr. Pavlov" replaces "my landlord is called Mr. Petrov"', async () => {
    expect(texts("Sorry, I got that wrong earlier, my landlord's name is Mr. Pavlov.")).toEqual(["The user's landlord is Mr. Pavlov."]);
    const latest = await latestTexts(['My landlord is called Mr. Petrov, he lives downstairs.', '2026-02-01'], ["Sorry, I got that wrong earlier, my landlord's name is Mr. Pavlov.", '2026-02-03']);
    expect(latest).toEqual(["The user's landlord is Mr. Pavlov."]);
  });

  it('"I moved my swim to Thursday mornings" replaces "I swim … on Tuesday evenings"', async () => {
    expect(attributes('I swim at the Aquatic Centre on Tuesday evenings.')).toEqual(['schedule:swim']);
    const latest = await latestTexts(['I swim at the Aquatic Centre on Tuesday evenings.', '2025-11-12'], ['I moved my swim to Thursday mornings, Tuesdays clash with choir now.', '2026-01-21']);
    expect(latest.filter((t) => /Tuesday evenings/.test(t))).toEqual([]);
  });

  it('"Starting a PhD at ETH Zürich" replaces the master\'s at TU Delft', async () => {
    const latest = await latestTexts(["I'm doing my master's in water management at TU Delft.", '2025-03-17'], ['Defended my thesis in August! Starting a PhD at ETH Zürich in October.', '2025-09-22']);
    expect(latest.filter((t) => /TU Delft/.test(t))).toEqual([]);
    expect(latest.some((t) => /ETH Zürich/.test(t))).toBe(true);
  });

  it('"I\'m doing Portuguese now" is the language learnt; "doing English homework" is none', () => {
    expect(attributes("I'm doing Portuguese now.")).toEqual(['language:portugues']);
    expect(attributes("I'm doing English homework.")).not.toContain('language:english');
  });

  it('"Farid is my fiancé" (with its accent) is the user\'s partner', () => {
    expect(read('Farid is my fiancé, the wedding is planned for 9 May in Tangier.').map((f) => [f.attribute, f.text])).toEqual([['partner', "The user's fiancé is Farid."]]);
  });
});
