import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

/** Changes people state without the attribute's usual words, and corrections (sentences written for this test). */
const read = (content: string, date = '2026-03-01') => extractFacts({ content, title: null, type: 'text', documentDate: `${date}T10:00:00.000Z`, metadata: {}, entityContext: null }).facts;
const attrs = (content: string) => read(content).map((f) => [f.attribute, f.text]);

describe('indirect change cues', () => {
  it('"new job at X", "new manager is X" and "retired last year" state the employer and the manager', () => {
    expect(attrs('new job at Lidl, deli counter')[0]?.[0]).toBe('employer');
    expect(attrs('new manager is Oluwaseun')[0]).toEqual(['manager', "The user's new manager is Oluwaseun."]);
    expect(attrs('Retired last year after 25 years at the post office.')[0]?.[0]).toBe('employer');
  });

  it('"moved over to <organisation>, same role" is a new employer; "moved to <city>" stays a move', () => {
    expect(attrs('I moved over to Canonical last month, same role.')[0]?.[0]).toBe('employer');
    expect(attrs('I moved to Leeds last month.')[0]?.[0]).toBe('residence');
  });

  it('"switched to working as X" is a role and "teaches X at Y" a role and an employer', () => {
    expect(attrs("I've switched to working as a night nurse.")[0]?.[0]).toBe('role');
    expect(attrs('I teach physics at Kingsmead Academy.').map((f) => f[0])).toEqual(['role', 'employer']);
  });

  it('a retirement replaces the employer a teacher had', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const ctx = (documentId: string, now: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now });
    await rememberFacts(deps, ctx('d1', '2025-02-01T10:00:00.000Z'), read('I teach physics at Kingsmead Academy.', '2025-02-01'));
    await rememberFacts(deps, ctx('d2', '2026-04-01T10:00:00.000Z'), read('Retired last year after 30 years of teaching.', '2026-04-01'));
    const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.map((m) => m.memory);
    expect(latest.some((m) => /retired/i.test(m))).toBe(true);
    expect(latest.some((m) => m.includes('Kingsmead'))).toBe(false);
    await store.close();
  });
});

describe('corrections and typing', () => {
  it('"sorry, I meant X" restates the fact whose value is spelled most like X, and it replaces it', async () => {
    const chat = 'user: I work at Workday as a recruiter\nassistant: Nice!\nuser: sorry, I meant Workiva, autocorrect';
    const facts = read(chat);
    expect(facts.map((f) => f.text)).toEqual(['The user works at Workday.', 'The user works as a recruiter.', 'The user works at Workiva.']);
    const store = new SqliteStore(':memory:');
    await store.migrate();
    await rememberFacts({ memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() }, { orgId: 'org', containerTags: ['u'], documentId: 'd', now: '2026-03-01T10:00:00.000Z' }, facts);
    const latest = (await store.memories.listMemories('org', { containerTags: ['u'], limit: 100, offset: 0 })).memories.map((m) => m.memory).sort();
    expect(latest).toEqual(['The user works as a recruiter.', 'The user works at Workiva.']);
    await store.close();
  });

  it('sentences typed without capitals are read one by one ("shes lovely. i work on billing")', () => {
    const typed = attrs('my boss is Ingrid, shes lovely. i work on the billing team');
    expect(typed.map((f) => f[0]?.split(':')[0])).toEqual(['manager', 'team']);
    expect(typed[1]?.[1]).toBe('The user works on the billing team.');
    expect(attrs('my husbands name is Teo')[0]).toEqual(['partner', "The user's husband's name is Teo."]);
  });
});

describe('time-bounded facts', () => {
  const ends = (content: string) => extractFacts({ content, title: null, type: 'text', documentDate: '2026-06-10T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => f.forgetAfter?.slice(0, 10) ?? null);

  it('"for the summer" and "through the end of June" end with the period', () => {
    expect(ends("I'm subletting a room in Ghent for the summer.")).toEqual(['2026-08-31']);
    expect(ends("I'm working from my sister's place through the end of June.")).toEqual(['2026-06-30']);
  });

  it('"until <month>" ends with that month, next year once this year\'s has passed', () => {
    expect(ends("I'm covering the night shift until March.")).toEqual(['2027-03-31']);
  });

  it('"Back home in X, so nice ..." is where the author is, though "my" comes later', () => {
    const [f] = read('Back home in Tallinn, so nice to see my own cat again.');
    expect(f).toMatchObject({ attribute: 'location', subject: 'the user' });
  });
});
