import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/** Round 10 (issue 26): notes read as facts, retractions in a chat, a job left without saying where (sentences written for this test). */
const read = (content: string, date = '2026-04-01') => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;
const texts = (content: string) => read(content).map((f) => f.text);

async function remember(...docs: [string, string][]): Promise<string[]> {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
  for (const [i, [content, date]] of docs.entries()) {
    await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, read(content, date));
  }
  const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.map((m) => m.memory);
  await store.close();
  return latest;
}

describe('notes as facts', () => {
  it('a two-column table is one field per row, its header row left out', () => {
    const facts = read('## About me\n\n| Field | Value |\n|---|---|\n| City | Ghent |\n| Job | florist |');
    expect(facts.map((f) => f.attribute)).toEqual(expect.arrayContaining(['residence', 'role']));
    expect(facts.some((f) => /Ghent/.test(f.text))).toBe(true);
    expect(facts.some((f) => /field|value/i.test(f.text))).toBe(false);
  });

  it("bullets under a heading naming a relative are that relative's statements, not the author's", () => {
    const facts = read('# My cousin Oskar\n- Lives in Malmö\n- Works as a welder');
    for (const f of facts.filter((x) => x.attribute === 'residence' || x.attribute === 'role')) expect(f.subject).toBe('Oskar');
    expect(facts.filter((x) => x.attribute === 'residence' || x.attribute === 'role').length).toBe(2);
    expect(facts.some((f) => f.subject === 'the user' && /Malmö|welder/.test(f.text))).toBe(false);
    expect(facts.find((f) => f.attribute === 'residence')?.text).toMatch(/Oskar.*Malmö/);
  });

  it("a person's card of fields is written about them, and a remark in brackets is a statement of its own", () => {
    const facts = read('**Petra Horvat**\n* Car: Volvo XC40 (sold the Golf in May)\n* Birthday: 2 March');
    const car = facts.find((f) => f.attribute === 'vehicle' && /XC40/.test(f.text));
    expect(car?.subject).toBe('Petra Horvat');
    expect(car?.text).not.toMatch(/\(/);
    expect(facts.some((f) => /Petra.*sold the Golf/.test(f.text))).toBe(true);
    expect(facts.some((f) => f.subject === 'Petra Horvat' && f.attribute === 'birthday')).toBe(true);
  });

  it("a title line over fields is the note's heading: the fields are its subject's, the title no fact", () => {
    const facts = read('Project Kestrel\nDeadline: 12 May\nOwner: Bea Lund');
    expect(facts.find((f) => f.attribute?.startsWith('deadline'))?.text).toMatch(/Kestrel/);
    expect(facts.some((f) => /^Project Kestrel\.?$/.test(f.text))).toBe(false);
  });

  it('a checked item is a statement; an unchecked one is a to-do and states nothing', () => {
    expect(texts('Errands\n- [x] Renewed my passport in March\n- [ ] Call the landlord about the boiler').join(' ')).not.toMatch(/landlord/);
    expect(texts('Errands\n- [x] Renewed my passport in March').join(' ')).toMatch(/passport/);
  });

  it('a field named for a relative whose value opens with a verb is their statement', () => {
    const facts = read('## Family\n- Grandpa: lives in Cork\n- Aunt Rosa: teaches piano');
    const grandpa = facts.find((f) => /grandpa|grandfather/i.test(f.text));
    expect(grandpa?.attribute).toBe('residence');
    expect(grandpa?.subject).not.toBe('the user');
  });

  it('a later note changing one field of a person card replaces that field only', async () => {
    const latest = await remember(['**Petra Horvat**\n* City: Zagreb\n* Employer: Infobip', '2026-01-10'], ['**Petra Horvat**\n* City: Split', '2026-06-10']);
    expect(latest.some((m) => /Split/.test(m))).toBe(true);
    expect(latest.some((m) => /Zagreb/.test(m))).toBe(false);
    expect(latest.some((m) => /Infobip/.test(m))).toBe(true);
  });
});

describe('retractions in a chat', () => {
  it('"typo above, it\'s X" replaces the value of the last fact, which is never kept', () => {
    const t = texts("user: my shoe size is 42\nassistant: Noted.\nuser: typo above, it's 44");
    expect(t.some((x) => /44/.test(x))).toBe(true);
    expect(t.some((x) => /42/.test(x))).toBe(false);
  });

  it('"no wait, it\'s a <word>" replaces what the fact says the subject is', () => {
    const t = texts("user: my favourite colour is teal\nassistant: Nice.\nuser: no wait, it's turquoise, always mix them up");
    expect(t.some((x) => /turquoise/.test(x))).toBe(true);
    expect(t.some((x) => /teal/.test(x))).toBe(false);
  });

  it('a number keeps its shape: "sorry, I meant grade 7" replaces "grade 6", not another number', () => {
    const t = texts('user: my daughter Noor is in grade 6 and plays 2 instruments\nuser: sorry, I meant grade 7');
    expect(t.some((x) => /grade 7/.test(x) && /Noor/.test(x))).toBe(true);
    expect(t.some((x) => /grade 6/.test(x))).toBe(false);
  });

  it('a lead-in with no value after it changes nothing', () => {
    const t = texts('user: my shoe size is 42\nuser: sorry, long day');
    expect(t.some((x) => /42/.test(x))).toBe(true);
  });
});

describe('a job left without saying where', () => {
  it('"quit last week", "got laid off", "handed in my notice" end the employer', () => {
    for (const s of ['I quit last week.', 'Got laid off on Monday with half the office.', 'Handed in my notice a month ago.']) {
      expect(read(s)[0]?.attribute, s).toBe('employer');
    }
    expect(read('I quit smoking last year.')[0]?.attribute).not.toBe('employer');
  });

  it('the employer a quit ends is no longer current', async () => {
    const latest = await remember(['I work at Lidl as a shift supervisor.', '2026-01-05'], ['I quit last week, need a break.', '2026-05-05']);
    expect(latest.some((m) => /works at Lidl/.test(m))).toBe(false);
  });
});
