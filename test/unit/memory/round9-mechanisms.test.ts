import { describe, expect, it } from 'vitest';
import { confirmedStatement } from '../../../src/memory/answer-frames.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/**
 * Round 9 (issue 26): facts the assistant states and the user confirms, a denied old place with the new one, remarks
 * after a comma left out of the fact, the city said with a job filed apart from the job's text, statements about
 * several named people in one sentence, retirement ending a job, and new attribute phrasings (taking a position,
 * "'s at X these days", handing in one's notice, a "new number"). Sentences written for this test.
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
  return latest.map((m) => m.memory);
}

describe('what the assistant asks and the user confirms', () => {
  it('"So you\'re in Lyon now?" / "yep": the user lives in Lyon', () => {
    expect(rows("assistant: You said you were moving. So you're in Lyon now?\nuser: yep, since January!")).toEqual([['the user', 'residence', 'The user lives in Lyon now.']]);
  });

  it("a question on a reported fact and an inverted one are confirmed in the user's voice", () => {
    expect(confirmedStatement("You mentioned you'd gone vegan, is that still the case?", 'yes, still going strong')).toEqual({ statement: "I've gone vegan.", rest: 'Still going strong' });
    expect(confirmedStatement('Did you end up taking the head nurse position?', 'I did, started Monday.')?.statement).toBe('I ended up taking the head nurse position.');
    expect(rows('assistant: Did you end up taking the head nurse position?\nuser: I did!')).toEqual([['the user', 'role', 'The user ended up taking the head nurse position.']]);
  });

  it('gives nothing for offers, small-talk questions, wh-questions or an answer that is no plain yes', () => {
    expect(confirmedStatement('Would you like me to book it?', 'yes please')).toBeNull();
    expect(confirmedStatement('Did you have a good weekend?', 'yeah')).toBeNull();
    expect(confirmedStatement('Where do you live now?', 'yes')).toBeNull();
    expect(confirmedStatement("So you're in Lyon now?", 'no, still in Paris')).toBeNull();
    expect(confirmedStatement("So you're in Lyon now?", 'yes but only for a week')).toBeNull();
    expect(rows('assistant: Are you having a nice time?\nuser: yes, lovely')).toEqual([]);
  });

  it('the confirmed city replaces the old one', async () => {
    const texts = await remember(['I live in Porto and work as a pilot.', '2026-01-05'], ["assistant: So you're in Faro now?\nuser: yeah, since the spring", '2026-06-02']);
    expect(texts.some((t) => t.includes('Faro'))).toBe(true);
    expect(texts.some((t) => /lives in Porto/.test(t))).toBe(false);
    expect(texts.some((t) => t.includes('pilot'))).toBe(true);
  });
});

describe('a denied place with the new one', () => {
  it('"How\'s Leeds treating you?" / "not Leeds anymore, York since May": the user lives in York', () => {
    expect(rows("assistant: How's Leeds treating you?\nuser: not Leeds anymore, York since May")[0]?.slice(0, 2)).toEqual(['the user', 'residence']);
    expect(read("assistant: How's Leeds treating you?\nuser: not Leeds anymore, York since May")[0]?.text).toMatch(/^The user lives in York\b/);
  });
});

describe('a remark after a comma', () => {
  it('is left out of the fact before it when it states no fact of its own', () => {
    expect(rows('Noor relocated to Porto in May, she says the food is better.')).toEqual([['Noor', 'residence', 'Noor relocated to Porto in May 2026.']]);
    expect(rows('Finally settled in Leeds, the York thing only lasted a summer.')).toEqual([['the user', 'residence', 'The user finally settled in Leeds.']]);
    expect(rows('My manager is Priya, she is brilliant.')).toEqual([['the user', 'manager', "The user's manager is Priya."]]);
  });

  it('where or when the event was stays with the statement', () => {
    expect(rows('Omar got married in May, the wedding was in Fez.').map((r) => r[2])).toEqual(['Omar got married in May 2026, the wedding was in Fez.']);
  });

  it('is kept when it states a fact of its own', () => {
    expect(rows('My cousin Ravi lives in Pune, he teaches physics.').map((r) => r[1])).toEqual(['residence', 'role']);
  });

  it('an old city named in the remark no longer stays in the current residence', async () => {
    const texts = await remember(['I live in York.', '2026-01-05'], ['Finally settled in Leeds, the York thing only lasted a summer.', '2026-09-01']);
    expect(texts).toEqual(['The user finally settled in Leeds.']);
  });
});

describe('a job said with a city', () => {
  it('"I\'m an architect in Ghent": the job without the city, the city as the residence', () => {
    expect(rows("I'm an architect in Ghent.")).toEqual([
      ['the user', 'role', 'The user is an architect.'],
      ['the user', 'residence', 'The user lives in Ghent.'],
    ]);
    expect(rows("I'm a PM at Canva in Sydney.").map((r) => r[2])).toEqual(['The user works as a PM.', 'The user works at Canva.', 'The user lives in Sydney.']);
  });

  it('a move leaves no old city in the job', async () => {
    const texts = await remember(["I'm an architect in Ghent.", '2026-01-05'], ['We moved to Antwerp last month.', '2026-06-02']);
    expect(texts.some((t) => t.includes('Ghent'))).toBe(false);
    expect(texts.some((t) => t.includes('architect'))).toBe(true);
  });
});

describe('several named people in one sentence', () => {
  it('"Sam moved to X, Kate started at Y": one statement each', () => {
    expect(rows('Quick update: Ola moved to Bergen, Mia started at Equinor last week.').map((r) => r.slice(0, 2))).toEqual([
      ['Ola', 'residence'],
      ['Mia', 'employer'],
    ]);
  });

  it('keeps a lead phrase with its statement', () => {
    expect(rows('In March, Tom moved to Leeds.')).toHaveLength(1);
  });

  it("each person's change replaces that person's fact only", async () => {
    const texts = await remember(['My brother Ola lives in Oslo. My sister Mia works at Statoil.', '2026-01-05'], ['Ola moved to Bergen, Mia started at Equinor in May.', '2026-06-02']);
    expect(texts.some((t) => t.includes('Oslo'))).toBe(false);
    expect(texts.some((t) => t.includes('Statoil'))).toBe(false);
  });
});

describe('new phrasings of catalogued attributes', () => {
  it('retiring ends a job the catalogue has no word for', async () => {
    const texts = await remember(['My dad is a lorry driver.', '2026-01-05'], ['My dad finally retired!', '2026-06-02']);
    expect(texts.some((t) => t.includes('lorry driver'))).toBe(false);
    expect(texts.some((t) => t.includes('retired'))).toBe(true);
  });

  it('"Dana\'s at EY these days" is her employer and replaces the old one', async () => {
    expect(rows("Rosa's at Deloitte these days.")[0]?.slice(0, 2)).toEqual(['Rosa', 'employer']);
    expect(rows('Rosa is at Heathrow now.')[0]?.[1]).not.toBe('employer');
    const texts = await remember(['My wife Rosa works at KPMG.', '2026-01-05'], ["Rosa's at Deloitte these days, she switched in spring.", '2026-06-02']);
    expect(texts.some((t) => t.includes('KPMG'))).toBe(false);
  });

  it("handing in one's notice ends the employer", async () => {
    expect(rows('Handed in my notice at Lidl yesterday.')[0]?.slice(0, 2)).toEqual(['the user', 'employer']);
    const texts = await remember(['I work at Lidl.', '2026-01-05'], ['Handed in my notice at Lidl, last day is Friday.', '2026-06-02']);
    expect(texts.some((t) => /works at Lidl/.test(t))).toBe(false);
  });

  it('a "new number" replaces the phone number', async () => {
    expect(rows('My new number is 07700 900123.')[0]?.slice(0, 2)).toEqual(['the user', 'contact:phone']);
    const texts = await remember(['My phone number is 07700 900456.', '2026-01-05'], ['New number: 07700 900123, the old one is broken.', '2026-03-02']);
    expect(texts).toEqual(["The user's new number is 07700 900123."]);
  });
});

describe('a change of medication said of the doctor', () => {
  it('"Mum\'s doctor switched her from X to Y" is the patient\'s change', () => {
    expect(rows("Mum's doctor switched her from warfarin to apixaban in June.")[0]?.[0]).toBe("the user's mother");
    expect(rows("Dad's GP put him on statins.")[0]?.[2]).toMatch(/^The user's dad started statins\b/);
  });

  it("replaces the patient's old medication", async () => {
    const texts = await remember(["My mum has high blood pressure, she's on warfarin now.", '2026-01-05'], ["Mum's doctor switched her from warfarin to apixaban in June.", '2026-07-02']);
    expect(texts.some((t) => /is on warfarin/.test(t))).toBe(false);
    expect(texts.some((t) => t.includes('apixaban'))).toBe(true);
  });
});
