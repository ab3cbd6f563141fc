import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/**
 * Round 11 (issue 26): statements behind labels and time leads, a job left for a named next one, "not X any more",
 * two people who share a fact said once. Sentences written for this test.
 */
const read = (content: string, date = '2026-04-01') => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;
const facet = (content: string) => read(content).map((f) => `${f.subject} | ${f.attribute}`);

describe('labels and time leads before a statement', () => {
  it("an app's or agent's label is read past: the statement's subject and attribute are found", () => {
    expect(facet('Standup notes: Aisha Khan works at Ocado as a data engineer.')).toEqual(expect.arrayContaining(['Aisha Khan | employer', 'Aisha Khan | role']));
    expect(facet('Summary (2026-03-02): The user is a physiotherapist at Bupa.')).toEqual(expect.arrayContaining(['the user | role', 'the user | employer']));
    expect(facet('As of June 2026, Karim Haddad lives in Porto.')).toEqual(['Karim Haddad | residence']);
    expect(facet('User moved jobs: now works at Miro as a researcher.')).toEqual(expect.arrayContaining(['the user | employer', 'the user | role']));
  });

  it('"Big news today: promoted to principal designer at Miro" is the author\'s new role', () => {
    const role = read('Big news today: promoted to principal designer at Miro.').find((f) => f.attribute === 'role');
    expect(role?.text).toMatch(/principal designer/);
  });

  it('a field with its value and a statement opening a list keep their readings', () => {
    expect(facet('New number: 555-0100.')).toEqual(['the user | contact:phone']);
    expect(read('We have two dogs: Rex and Bo.').length).toBeGreaterThan(0);
  });
});

describe('a job left, and where to', () => {
  it('the organisation one is at or moved over to, in the sentence that ends the job, is the next employer', () => {
    expect(facet("Quit Monzo in May, I'm at Revolut now.")).toEqual(['the user | employer', 'the user | employer']);
    expect(read('Jonas has left Zalando and moved over to N26.').find((f) => /N26/.test(f.text))?.attribute).toBe('employer');
  });

  it('a city one moves to stays a home', () => {
    expect(read('I left Acme and moved to Lisbon.').find((f) => /Lisbon/.test(f.text))?.attribute).toBe('residence');
  });

  it('"walked out of X" ends the job at X', () => {
    expect(facet('I walked out of Pret on Monday.')).toEqual(['the user | employer']);
  });
});

describe('what the author is not any more', () => {
  it('"Not vegan any more", "No longer pescatarian" are the diet', () => {
    expect(facet('Not vegan any more.')).toEqual(['the user | diet']);
    expect(facet('No longer pescatarian.')).toEqual(['the user | diet']);
    expect(facet('Started eating chicken again last month.')).toEqual(['the user | diet']);
  });

  it('"Not yet, ..." is no statement about the author', () => {
    expect(read('user: Not yet, she works at Aldi.').some((f) => /not yet/i.test(f.text))).toBe(false);
  });
});

describe('vehicles people have', () => {
  it('"We have an old camper van" is the vehicle, and selling it for another replaces it', async () => {
    expect(facet('We have an old camper van.')).toEqual(['the user | vehicle']);
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    for (const [i, [content, date]] of (
      [
        ['We have an old camper van.', '2026-01-10'],
        ['Sold the camper van in May and got a Kia EV6 instead.', '2026-06-10'],
      ] as const
    ).entries()) {
      await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, read(content, date));
    }
    const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.filter((m) => m.isLatest && !m.isForgotten);
    await store.close();
    expect(latest.map((m) => m.memory).some((m) => /have an old camper/.test(m))).toBe(false);
    expect(latest.find((m) => /EV6/.test(m.memory))).toMatchObject({ attribute: 'vehicle', isStatic: true });
  });
});

describe('two people who share a fact', () => {
  it('"My sisters Ana and Bea both live in Braga" is one residence each', () => {
    expect(read('My sisters Ana and Bea both live in Braga.').map((f) => `${f.subject} | ${f.attribute}`)).toEqual(['Ana | residence', 'Bea | residence']);
    expect(facet('Omar and Lina are both junior architects at Arup.')).toEqual(expect.arrayContaining(['Omar | role', 'Lina | role']));
    expect(facet('My husband Ian and I both work at Aviva.')).toEqual(['Ian | employer', 'the user | employer']);
  });

  it('one of them moving leaves the other where they are', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    for (const [i, [content, date]] of (
      [
        ['My sisters Ana and Bea both live in Braga.', '2026-01-10'],
        ['Bea moved to Faro last week.', '2026-06-10'],
      ] as const
    ).entries()) {
      await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: `${date}T10:00:00.000Z` }, read(content, date));
    }
    const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.filter((m) => m.isLatest && !m.isForgotten).map((m) => m.memory);
    await store.close();
    expect(latest.some((m) => /Ana lives in Braga/.test(m))).toBe(true);
    expect(latest.some((m) => /Bea/.test(m) && /Braga/.test(m))).toBe(false);
    expect(latest.some((m) => /Bea.*Faro/.test(m))).toBe(true);
  });
});
