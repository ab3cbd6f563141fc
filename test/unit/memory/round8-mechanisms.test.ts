import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/**
 * Round 8 (issue 26): lead clauses, past values ("used to", "moved from X to Y"), answers read in the assistant's
 * question, signature titles, weights, comma-spliced changes. Sentences written for this test.
 */
const read = (content: string, date = '2026-05-10') => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;
const rows = (content: string, date?: string) => read(content, date).map((f) => [f.subject, f.attribute, f.text]);

async function remember(...docs: [string, string][]) {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
  for (const [i, [content, date]] of docs.entries()) {
    await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, read(content, date));
  }
  const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories;
  await store.close();
  return latest;
}

describe('a statement behind a lead clause', () => {
  it('"Noor rang last week, she has moved to Porto": the pronoun is the person of the lead', () => {
    expect(rows('Noor rang last week, she has moved to Porto for work.')).toEqual([['Noor', 'residence', 'Noor has moved to Porto for work.']]);
    expect(rows("Bumped into my cousin Tariq, he's moved to Cardiff.")[0]?.slice(0, 2)).toEqual(['Tariq', 'residence']);
  });

  it('the new residence replaces the old one of the same person', async () => {
    const latest = await remember(['My friend Noor lives in Lisbon.', '2026-01-05'], ["Noor texted me yesterday, she's moved to Porto.", '2026-04-02']);
    const texts = latest.map((m) => m.memory);
    expect(texts.some((t) => t.includes('Porto'))).toBe(true);
    expect(texts.some((t) => t.includes('Lisbon'))).toBe(false);
  });

  it('files no praise after a comma apart ("my manager is Ines, she\'s lovely"): one fact, the remark left out (round 9)', () => {
    expect(rows("My manager is Ines, she's lovely.")).toEqual([['the user', 'manager', "The user's manager is Ines."]]);
  });

  it('"Tom and I broke up" ends the partner fact', async () => {
    expect(rows('Tom and I broke up in March.')[0]?.slice(1)).toEqual(['partner', 'The user broke up with Tom in March 2026.']);
    const latest = await remember(["My boyfriend's name is Tom.", '2026-01-05'], ['Tom and I split up last month.', '2026-05-10']);
    expect(latest.map((m) => m.memory).some((t) => /boyfriend's name is Tom/.test(t))).toBe(false);
  });
});

describe('past values', () => {
  it('"used to X, now Y" is two facts: the past value first, not lasting, then the current one', () => {
    const facts = read("I used to work at Riverside High, now I'm at a small company called Brightpath.");
    expect(facts.map((f) => [f.attribute, f.isStatic, f.text])).toEqual([
      ['employer', false, 'The user used to work at Riverside High.'],
      ['employer', true, 'The user is at a small company called Brightpath.'],
    ]);
  });

  it('the current value replaces the "used to" one; "these days I\'m in X" is where the user lives', async () => {
    const latest = await remember(['I used to live in Hamburg for years. These days I am in Bremen.', '2026-03-01']);
    expect(latest.map((m) => [m.memory, m.isStatic])).toEqual([['The user lives in Bremen.', true]]);
  });

  it('"used to be a vegetarian but these days I eat meat and fish": the diet now', () => {
    expect(read('I used to be vegetarian but these days I eat meat and fish.').map((f) => [f.attribute, f.text])).toEqual([
      ['diet', 'The user used to be vegetarian.'],
      ['diet', 'The user eats meat and fish.'],
    ]);
    // A detail of a diet is not one: "I still eat cheese" names no diet.
    expect(read('I still eat eggs.').map((f) => f.attribute)).toEqual([null]);
  });

  it('"we moved from A to B" files the old place as the past and the move without it', () => {
    expect(read('We moved from Leeds to Bath in March.').map((f) => [f.attribute, f.text])).toEqual([
      ['residence', 'The user and others used to live in Leeds.'],
      ['residence', 'The user and others moved to Bath in March 2026.'],
    ]);
  });
});

describe('answers read in the question asked', () => {
  it('"How are things in Leeds?" / "York, actually." is where the user lives', () => {
    expect(rows('assistant: How are things in Leeds?\nuser: York, actually. Been here since June.')[0]).toEqual(['the user', 'residence', 'The user lives in York.']);
    expect(rows('assistant: Where are you living now?\nuser: still in Derby, for now')[0]).toEqual(['the user', 'residence', 'The user lives in Derby.']);
  });

  it('"Are you still at Arup?" / "nope, quit in May" ends that employer', async () => {
    expect(rows('assistant: Are you still at Arup?\nuser: nope, quit in May. consulting on my own now')[0]).toEqual(['the user', 'employer', 'The user quit Arup in May 2026.']);
    const latest = await remember(['I work at Arup as an engineer.', '2026-01-05'], ['assistant: Are you still with Arup?\nuser: no, left in April.', '2026-06-10']);
    expect(latest.map((m) => m.memory).some((t) => /works at Arup/.test(t))).toBe(false);
  });

  it('a yes, or an answer with its own subject, is read as said', () => {
    expect(rows('assistant: Are you still in Derby?\nuser: yep').length).toBe(0);
    expect(rows('assistant: Which city are you in?\nuser: I live in Hull.')[0]).toEqual(['the user', 'residence', 'The user lives in Hull.']);
  });
});

describe('signatures, weights and comma-spliced changes', () => {
  it("an email signature's title and organisation are the signer's role and employer", () => {
    const facts = rows('Hello all,\n\nThe slides are in the shared folder.\n\nKind regards,\nPriya Raman\nHead of Data | Northwind Labs');
    expect(facts.filter((f) => f[0] === 'Priya Raman').map((f) => f[1])).toEqual(['role', 'employer']);
    expect(rows('Hi,\n\nSee you then.\n\nThanks,\nPriya').length).toBe(0);
  });

  it('a later signature with another title replaces the role', async () => {
    const sig = (title: string) => `Hi all,\n\nNotes attached.\n\nBest,\nPriya Raman\n${title} | Northwind Labs`;
    const latest = await remember([sig('Data Analyst'), '2026-01-05'], [sig('Head of Data'), '2026-06-10']);
    const texts = latest.map((m) => m.memory);
    expect(texts.some((t) => t.includes('Head of Data'))).toBe(true);
    expect(texts.some((t) => t.includes('Data Analyst'))).toBe(false);
  });

  it('a weight is an attribute a later weight replaces', async () => {
    expect(read('I weigh 80 kg at the moment.')[0]?.attribute).toBe('weight');
    const latest = await remember(['I weigh 80 kg at the moment.', '2026-01-05'], ['Weighed in at 76 kg this morning!', '2026-04-10']);
    expect(latest.map((m) => m.memory).some((t) => t.includes('80 kg'))).toBe(false);
  });

  it('"X left the company, my new manager is Y" gives the manager apart', () => {
    expect(rows('Omar left the team, my new manager is Lena Vogt.').find((f) => f[1] === 'manager')?.[2]).toBe("The user's new manager is Lena Vogt.");
  });
});

describe('an unnamed relative the tag knows by name', () => {
  it('"my sister moved to Oslo" is about the sister the tag knows as Maren, and replaces her old city', async () => {
    const latest = await remember(['I live in Turku. My sister Maren lives in Bergen and works as a nurse.', '2026-01-05'], ['My sister moved to Oslo last month.', '2026-04-03']);
    const texts = latest.map((m) => m.memory);
    expect(texts).toContain("The user's sister Maren moved to Oslo in March 2026.");
    expect(texts.some((t) => t.includes('Bergen'))).toBe(false);
    expect(texts.some((t) => t.includes('Turku'))).toBe(true);
    expect(latest.find((m) => m.memory.includes('Oslo'))?.subject).toBe('Maren');
  });

  it('two named sisters: an unnamed one stays unnamed', async () => {
    const latest = await remember(['My sister Maren lives in Bergen. My sister Ida lives in Tromsø.', '2026-01-05'], ['My sister moved to Oslo last month.', '2026-04-03']);
    expect(latest.find((m) => m.memory.includes('Oslo'))?.subject).toBe("the user's sister");
  });
});

describe('dated note lines and "switched from A to B"', () => {
  it('"Call 4 Mar:" opens a line of a note, it names no speaker', () => {
    const facts = rows('Account: Harbor Dental\nCall 4 Mar: Dr Lee Morgan is the new practice manager at Harbor Dental.\nMeeting 2026-04-02 - Lee Morgan moved to Halifax.');
    expect(facts.length).toBe(3);
    expect(facts.every((f) => /Lee Morgan$/.test(f[0]!))).toBe(true);
    expect(facts.some((f) => /said|Call 4 Mar|Meeting/.test(f[2]!))).toBe(false);
  });

  it('"switched from A to B" files A as the past and the switch without it', () => {
    expect(read('Priya switched from Asana to Linear in May.').map((f) => f.text)).toEqual(['Priya used to use Asana.', 'Priya switched to Linear in May 2026.']);
  });
});

describe('rambling messages, sign-offs and notes signed at the start', () => {
  it('a move in the middle of a rambling sentence is found after ", and somewhere in all that we ..."', () => {
    const facts = read('Mad week, the boiler broke, my aunt visited for three days, and somewhere in the chaos we packed everything and moved to Leeds on Friday.');
    expect(facts.find((f) => f.attribute === 'residence')?.text).toBe('The user and others moved to Leeds on 2026-05-08.');
  });

  it('leaving the chat and a mood of the day are small talk', () => {
    expect(read('ok gotta run, talk soon')).toEqual([]);
    expect(read('user: lol ok, have to go now, speak later\nassistant: Bye!')).toEqual([]);
    expect(read('Honestly today was one of those days.')).toEqual([]);
    expect(read('I have to go to Berlin next week for a conference.').length).toBe(1);
  });

  it('"Tomás here again, we moved to Cádiz" is the note of Tomás, about the same person as "Tomás Ruiz"', async () => {
    expect(rows('Tomás here again, we moved to Cádiz in June.')[0]?.slice(0, 2)).toEqual(['Tomás', 'residence']);
    const latest = await remember(["Hi! I'm Tomás Ruiz and I live in Murcia.", '2026-01-05'], ['Tomás here again, we moved to Cádiz in June.', '2026-07-01']);
    expect(latest.map((m) => m.memory).some((t) => t.includes('Murcia'))).toBe(false);
  });
});
