import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/**
 * A compound statement is several facts: when a later fact replaces one part (a move replaces the residence), the
 * other parts stay current. Sentences written for this test.
 */
const read = (content: string, date = '2026-03-01') => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;

describe('compound statements split into facts', () => {
  it('"live in X with my dogs / my husband" gives the residence and the household apart', () => {
    const dogs = read('I live in Tucson with my two dogs, Pickle and Bean.');
    expect(dogs.map((f) => [f.attribute, f.text])).toEqual([
      ['residence', 'The user lives in Tucson.'],
      ['pet:dog', 'The user has two dogs, Pickle and Bean.'],
    ]);
    const husband = read("I'm a midwife and I live in Cork with my husband Eoin.");
    expect(husband.map((f) => f.attribute)).toEqual(['role', 'residence', 'partner']);
    expect(husband.find((f) => f.attribute === 'partner')?.text).toContain('Eoin');
  });

  it('an unnamed companion is not a partner fact ("moved to X with my wife")', () => {
    expect(read('We moved to Galway with my wife last spring.').map((f) => f.attribute)).not.toContain('partner');
  });

  it('"I\'m vegan and I live in X" and a relative\'s two predicates are two facts each', () => {
    expect(read("I'm vegan and I live in Tromsø.").map((f) => f.attribute)).toEqual(['diet', 'residence']);
    const kin = read('My cousin Ravi lives in Pune and works for Infosys.');
    expect(kin.map((f) => [f.subject, f.attribute])).toEqual([
      ['Ravi', 'residence'],
      ['Ravi', 'employer'],
    ]);
  });
});

describe('a run of past events joined by commas', () => {
  it('"sold my Honda, picked up a Tesla" is two vehicle facts; a list of places or a comment after a move is not split', () => {
    expect(read('sold my honda, picked up a used Tesla').map((f) => [f.attribute, f.text])).toEqual([
      ['vehicle', "The user sold the user's honda."],
      ['vehicle', 'The user picked up a used Tesla.'],
    ]);
    expect(read('I visited Oslo, Bergen and Tromsø.')).toHaveLength(1);
    expect(read('I moved to Derry, the flat is lovely.')).toHaveLength(1);
  });
});

describe('supersession keeps the other parts of a compound', () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
  });
  afterEach(() => store.close());

  it('a move replaces the residence; the dogs and the job stay in the latest memories', async () => {
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const ctx = (documentId: string, now: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now });
    await rememberFacts(deps, ctx('d1', '2026-01-05T10:00:00.000Z'), read('I live in Tucson with my two dogs, Pickle and Bean.', '2026-01-05'));
    await rememberFacts(deps, ctx('d2', '2026-01-06T10:00:00.000Z'), read("I'm vegan and I live in Tucson.", '2026-01-06'));
    await rememberFacts(deps, ctx('d3', '2026-05-01T10:00:00.000Z'), read('We finally moved to Boise last month.', '2026-05-01'));
    const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.map((m) => m.memory);
    expect(latest.some((m) => m.includes('Boise'))).toBe(true);
    expect(latest.some((m) => m.includes('Tucson'))).toBe(false);
    expect(latest.some((m) => m.includes('Pickle and Bean'))).toBe(true);
    expect(latest.some((m) => /vegan/.test(m))).toBe(true);
  });
});
