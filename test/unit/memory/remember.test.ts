import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedFact } from '../../../src/memory/types.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { rememberFacts, retractDocument } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

const fact = (text: string, over: Partial<ExtractedFact> = {}): ExtractedFact => ({
  text,
  isStatic: true,
  eventDate: null,
  forgetAfter: null,
  subject: 'Dana',
  attribute: null,
  speaker: null,
  ...over,
});

describe('rememberFacts', () => {
  it('finds the memory a fact updates by subject and attribute even when many closer-worded memories exist', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const ctx = (documentId: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now: new Date().toISOString() });
    const first = await rememberFacts(deps, ctx('d0'), [fact('Dana resides in a flat near the Seine in Paris.', { attribute: 'home city' })]);
    // Thirty facts about Dana that share more words with the update than the Paris fact does.
    await rememberFacts(
      deps,
      ctx('d1'),
      Array.from({ length: 30 }, (_, i) => fact(`Dana moved the sofa number ${i} to the new room.`, { isStatic: false })),
    );
    const update = await rememberFacts(deps, ctx('d2'), [fact('Dana moved to Berlin.', { attribute: 'home city' })]);
    expect(update.updated).toHaveLength(1);
    const berlin = await store.memories.getMemory('org', update.updated[0]!);
    expect(berlin).toMatchObject({ version: 2, parentMemoryId: first.created[0], relation: 'updates', isLatest: true });
    expect(await store.memories.getMemory('org', first.created[0]!)).toMatchObject({ isLatest: false });

    // Retracting the document that made the update brings the previous version back.
    expect(await retractDocument(store.memories, 'org', 'd2', new Date().toISOString())).toBe(1);
    expect(await store.memories.getMemory('org', first.created[0]!)).toMatchObject({ isLatest: true, isForgotten: false });
    expect(await store.memories.getMemory('org', berlin!.id)).toMatchObject({ isForgotten: true, forgetReason: 'retracted' });
    await store.close();
  });

  it('looks a catalogued fact up by subject and attribute, without a keyword scan of the tag', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    let keywordScans = 0;
    const rowBudgets: unknown[] = [];
    const memories = new Proxy(store.memories, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop === 'memoryKeywordSearch' && typeof value === 'function') {
          return (...args: unknown[]) => {
            keywordScans++;
            rowBudgets.push((args[1] as { rowBudget?: number }).rowBudget);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const deps = { memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const ctx = (documentId: string) => ({ orgId: 'org', containerTags: ['u'], documentId, now: new Date().toISOString() });
    const first = await rememberFacts(deps, ctx('d0'), [fact('Dana lives in Paris.', { attribute: 'residence' })]);
    const update = await rememberFacts(deps, ctx('d1'), [fact('Dana lives in Berlin now.', { attribute: 'residence' })]);
    expect(keywordScans).toBe(0);
    expect(await store.memories.getMemory('org', update.updated[0]!)).toMatchObject({ parentMemoryId: first.created[0], relation: 'updates' });
    await rememberFacts(deps, ctx('d2'), [fact('Dana saw a heron at the lake.', { attribute: null, isStatic: false })]);
    expect(keywordScans).toBe(1);
    // A relation lookup's words match a bounded number of rows (storage/memories.ts selectMemoryTerms), far below a
    // search's 2,000: its cost must not grow with the tag.
    expect(rowBudgets).toEqual([200]);
    await store.close();
  });

  it('a duplicate adds its document as a source; retracting one of two sources keeps the memory', async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const deps = { memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() };
    const now = new Date().toISOString();
    const a = await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: 'a', now }, [fact('Dana is allergic to peanuts.')]);
    const b = await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: 'b', now }, [fact('Dana is allergic to peanuts.')]);
    expect(b.duplicates).toEqual(a.created);
    expect(await store.memories.getMemory('org', a.created[0]!)).toMatchObject({ documentIds: ['a', 'b'], sourceCount: 2 });
    expect(await retractDocument(store.memories, 'org', 'a', now)).toBe(0);
    expect(await store.memories.getMemory('org', a.created[0]!)).toMatchObject({ documentIds: ['b'], sourceCount: 1, isForgotten: false });
    await store.close();
  });
});

/**
 * Issue 26: supersession by subject and attribute. Documents go through the offline extractor and the heuristic judge
 * into a store, in order; the tag's latest memories are what search and the profile answer with.
 */
describe('supersession through the offline engine', () => {
  let store: SqliteStore;
  let n = 0;
  const engine = () => ({ memories: store.memories, embedder: createHashEmbedder(), judge: createHeuristicJudge() });
  /** Adds each document in order (one day apart) to a fresh tag; returns the tag. */
  async function ingest(docs: readonly string[], entityContext: string | null = 'Maya'): Promise<string> {
    const tag = `t${++n}`;
    for (const [i, content] of docs.entries()) {
      const date = new Date(Date.UTC(2026, 2, 1 + i)).toISOString();
      const { facts } = extractFacts({ content, title: null, type: 'text', documentDate: date, metadata: {}, entityContext });
      await rememberFacts(engine(), { orgId: 'org', containerTags: [tag], documentId: `${tag}-${i}`, now: date }, facts);
    }
    return tag;
  }
  /** The tag's latest memories, sorted (memories of one document share a creation time). */
  const latest = async (tag: string) => (await store.memories.listMemories('org', { containerTags: [tag], limit: 100, offset: 0 })).memories.map((m) => m.memory).sort();
  const all = async (tag: string) => (await store.memories.listMemories('org', { containerTags: [tag], includeSuperseded: true, limit: 100, offset: 0 })).memories.sort((a, b) => a.memory.localeCompare(b.memory));

  beforeAll(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
  });
  afterAll(() => store.close());

  it('a new job updates both the employer and the title', async () => {
    const tag = await ingest(['I work as a product designer at Figma.', 'I now work at Stripe as a senior product designer.']);
    expect(await latest(tag)).toEqual(['Maya now works as a senior product designer.', 'Maya now works at Stripe.']);
    const chain = (await all(tag)).filter((m) => m.relation === 'updates');
    expect(chain.map((m) => [m.attribute, m.version])).toEqual([
      ['role', 2],
      ['employer', 2],
    ]);
  });

  it('"we moved" updates where "I" lived, and who "I" live with stays', async () => {
    const tag = await ingest(['I live in Boston with my partner Sam.', 'We moved to Seattle in September.']);
    expect(await latest(tag)).toEqual(['Maya and others moved to Seattle in September 2025.', "Maya lives with Maya's partner Sam."]);
  });

  it('a correction, a negation and a reversal update what they contradict', async () => {
    const tag = await ingest([
      "I'm allergic to peanuts and shellfish. I live in Seattle. Honestly I hate running.",
      "Correction: I live in Portland, not Seattle. I'm actually not allergic to peanuts. Funny story, I actually love running now.",
    ]);
    expect(await latest(tag)).toEqual(['Maya actually loves running now.', 'Maya is actually not allergic to peanuts.', 'Maya is allergic to shellfish.', 'Maya lives in Portland, not Seattle.']);
  });

  it('short notes without a subject, "have moved", job offers, "made partner", pets given up and meat eaten again update', async () => {
    const move = await ingest(['I live in Lyon.', 'Finally relocated to Marseille this spring.']);
    expect((await latest(move)).some((m) => m.includes('Lyon'))).toBe(false);
    const we = await ingest(['My wife and I live in Ghent.', "We've just moved to Antwerp for her work."]);
    expect((await latest(we)).some((m) => m.includes('Ghent'))).toBe(false);
    const job = await ingest(['I have been at Accenture for four years as a consultant.', 'I accepted an offer from McKinsey last week.']);
    expect(await latest(job)).toEqual(['Maya accepted an offer from McKinsey in the week of 2026-02-23.', 'Maya works as a consultant.']);
    const started = await ingest(['I work at Zalando.', 'Started my new job at Spotify on Monday.']);
    expect((await latest(started)).some((m) => m.includes('Zalando'))).toBe(false);
    const title = await ingest(["I'm a junior architect at Foster Studio.", "As of 2026 I'm the lead architect at Foster Studio."]);
    expect((await latest(title)).some((m) => m.includes('junior'))).toBe(false);
    const partner = await ingest(['I work as an associate lawyer.', 'I made partner at the firm this year.']);
    expect((await latest(partner)).some((m) => m.includes('associate'))).toBe(false);
    const pet = await ingest(['I have a cat named Miso.', "I don't have a cat anymore."]);
    expect((await latest(pet)).some((m) => m.includes('Miso'))).toBe(false);
    const diet = await ingest(["I've been vegan since college.", 'I started eating fish again.']);
    expect((await latest(diet)).some((m) => m.includes('vegan'))).toBe(false);
  });

  it('a reversal after an opening phrase ("Funny, after a season of lessons I...") updates the opinion', async () => {
    const tag = await ingest(['Honestly I hate swimming.', 'Funny, after a season of lessons I actually love swimming now.']);
    expect(await latest(tag)).toEqual(['After a season of lessons Maya actually loves swimming now.']);
  });

  it('"left X" ends the employer X, and only that one', async () => {
    const tag = await ingest(['I work at Figma.', 'I left Figma last month.']);
    expect(await latest(tag)).toEqual(['Maya left Figma in February 2026.']);
    const other = await ingest(['I work at Stripe.', 'I left Figma years ago.']);
    expect(await latest(other)).toEqual(['Maya left Figma years ago.', 'Maya works at Stripe.']);
  });

  it('"sold X and bought Y" replaces the vehicle', async () => {
    const tag = await ingest(['I drive a Honda Civic.', 'I sold my Honda and bought a Tesla.']);
    expect(await latest(tag)).toEqual(['Maya bought a Tesla.']);
  });

  it('switching or replacing a tool, app or device replaces the one of the same kind, and only that one', async () => {
    const music = await ingest(['I listen to everything on Tidal.', 'I use Tidal for music. I use Notion for my notes.', 'I switched to Spotify a few weeks ago.']);
    expect((await latest(music)).some((m) => m.includes('Tidal'))).toBe(false);
    expect((await latest(music)).some((m) => m.includes('Notion'))).toBe(true);
    const phone = await ingest(['My phone is an iPhone 12.', 'Swapped my iPhone for a Galaxy S23 last weekend.']);
    expect((await latest(phone)).some((m) => m.includes('iPhone 12'))).toBe(false);
    const team = await ingest(['Our team uses Trello for tracking tasks.', 'We moved to Asana in January.']);
    expect((await latest(team)).some((m) => m.includes('Trello'))).toBe(false);
  });

  it('leaving a club, gym or choir ends that membership; joining another of the kind instead replaces it', async () => {
    const choir = await ingest(['I sing in the Riverside gospel choir on Sundays.', 'I left the Riverside gospel choir last year.']);
    expect((await latest(choir)).some((m) => /sings in/.test(m))).toBe(false);
    const gym = await ingest(["I'm a member of the Northside boxing gym.", 'I left Northside gym and joined IronWorks instead.']);
    expect(await latest(gym)).toEqual(['Maya joined IronWorks instead.']);
    // Leaving a gym is no change of employer.
    const job = await ingest(['I work at Deloitte.', 'I left the Northside gym.']);
    expect((await latest(job)).some((m) => m.includes('Deloitte'))).toBe(true);
  });

  it('no longer playing an instrument, becoming "a coffee person" and a relative\'s corrected birthday update the old fact', async () => {
    const cello = await ingest(['Ravi plays the violin in a youth orchestra.', "Ravi doesn't play the violin any more since his shoulder surgery."]);
    expect((await latest(cello)).some((m) => m.includes('youth orchestra'))).toBe(false);
    const tea = await ingest(["I can't stand tea, I only drink coffee.", "I've become a real tea person: green tea every afternoon."]);
    expect((await latest(tea)).some((m) => m.includes("can't stand tea"))).toBe(false);
    const birthday = await ingest(["My son Theo's birthday is on June 3.", "Correction: Theo's birthday is June 13."]);
    expect((await latest(birthday)).some((m) => m.includes('June 3.'))).toBe(false);
  });

  it('quitting smoking ends the habit', async () => {
    const tag = await ingest(['I smoke about ten cigarettes a day.', 'I quit smoking two months ago.']);
    expect((await latest(tag)).some((m) => m.includes('cigarettes'))).toBe(false);
  });

  it('a named person\'s new title ("made partner", "lead architect") replaces the old one', async () => {
    const partner = await ingest(['Ines is a senior associate at the consulting firm Hale & Pike.', 'Ines made partner at Hale & Pike in March.']);
    expect((await latest(partner)).some((m) => m.includes('associate'))).toBe(false);
    const lead = await ingest(['Omar works as a software architect at Zendesk.', 'Omar is now the lead architect at Zendesk.']);
    expect((await latest(lead)).filter((m) => / as a /.test(m))).toEqual(['Omar works as a lead architect.']);
  });

  it("an update note under a shorter heading replaces the kickoff note's budget and deadline", async () => {
    const tag = await ingest([
      '# Project Orion kickoff\n\n- Budget: $80,000\n- Deadline: 1 May 2026\n- Lead: Kofi Mensah',
      '## Orion status update\n\n- Budget increased to $95,000\n- Deadline pushed back to 12 June 2026',
    ]);
    expect(await latest(tag)).toEqual(['The budget of Orion is $95,000.', 'The deadline of Orion is 12 June 2026.', 'The lead of Project Orion is Kofi Mensah.']);
  });

  it('a move after a compound sentence keeps the other fact', async () => {
    const tag = await ingest(['I live in Paris and I work as a pediatric nurse.', 'I moved to Lyon.'], null);
    expect(await latest(tag)).toEqual(['The user moved to Lyon.', 'The user works as a pediatric nurse.']);
  });

  it('a job change finds the job filed beside the name', async () => {
    const tag = await ingest(['My name is Maya and I work as a product designer at Figma.', 'I now work at Stripe as a senior product designer.'], 'Maya Chen');
    expect(await latest(tag)).toEqual(['Maya Chen now works as a senior product designer.', 'Maya Chen now works at Stripe.', "The user's name is Maya."]);
  });

  it("never merges facts about different people: Maya's own allergy is stored beside her sister's", async () => {
    const tag = await ingest(["Maya's sister Lena is allergic to peanuts and shellfish.", 'Maya is allergic to peanuts.'], null);
    const memories = await all(tag);
    expect(memories.map((m) => [m.memory, m.subject, m.sourceCount])).toEqual([
      ['Maya is allergic to peanuts.', 'Maya', 1],
      ["Maya's sister Lena is allergic to peanuts.", 'Lena', 1],
      ["Maya's sister Lena is allergic to shellfish.", 'Lena', 1],
    ]);
  });

  it("a third party's move updates only their residence", async () => {
    const tag = await ingest(['Ana Silva lives in Paris. I live in Paris too.', 'Ana Silva now lives in Berlin.']);
    expect(await latest(tag)).toEqual(['Ana Silva now lives in Berlin.', 'Maya lives in Paris.']);
  });

  it('the user named in one document is the user of the next: "the user" facts find theirs, and are written with the name', async () => {
    const tag = await ingest(['user: Hi, my name is Dana Whitfield. I live in Denver.\nassistant: Welcome!', 'user: I moved to Austin last month.\nassistant: Exciting!'], null);
    expect(await latest(tag)).toEqual(['Dana Whitfield moved to Austin in February 2026.', "The user's name is Dana Whitfield."]);
  });

  it('the same fact said twice is one memory with two sources', async () => {
    const tag = await ingest(['My mom is called Grace.', "My mom's name is Grace."]);
    expect((await all(tag)).map((m) => [m.memory, m.sourceCount, m.isStatic])).toEqual([["Maya's mom is called Grace.", 2, true]]);
  });

  it("refuses a judge's duplicate or update across subjects", async () => {
    const careless = { kind: 'llm' as const, judge: async (_f: ExtractedFact, c: readonly { id: string }[]) => (c[0] ? { relation: 'duplicate' as const, targetId: c[0].id } : { relation: 'new' as const }) };
    const tag = `t${++n}`;
    const ctx = { orgId: 'org', containerTags: [tag], documentId: null, now: new Date().toISOString() };
    await rememberFacts({ ...engine(), judge: careless }, ctx, [fact('Lena is allergic to peanuts.', { subject: 'Lena', attribute: 'allergy:peanut' })]);
    const second = await rememberFacts({ ...engine(), judge: careless }, ctx, [fact('Maya is allergic to peanuts.', { subject: 'Maya', attribute: 'allergy:peanut' })]);
    expect(second.created).toHaveLength(1);
    expect(await latest(tag)).toEqual(['Lena is allergic to peanuts.', 'Maya is allergic to peanuts.']);
  });
});
