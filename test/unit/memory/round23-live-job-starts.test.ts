/**
 * Issue 26 (plans25): a job that starts later is a plan until its day, live as well as backfilled. "I'm starting at
 * N26 on 1 March", said and learned on 10 February, replaces nothing; on 1 March the expiry job (one code path for the
 * embedded timer and the Temporal Schedule) turns the plan into the job, a new version of the job held before.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/core/logger.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { forgetExpiredMemories } from '../../../src/services/memory-expiry.js';
import { MemoryProfiles } from '../../../src/services/memory-profile.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { factsReader } from './memory-fixture.js';

const read = factsReader();
const embedder = createHashEmbedder();
const handle = { get: async () => embedder, status: () => ({ state: 'ready' as const, provider: 'hash' as const, model: embedder.id, dimensions: null }) };

/** A tag told each document live (learned the day it was said); `expireAt`: the expiry job's runs. */
async function live(docs: [string, string][], expireAt: string[] = []) {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const deps = { memories: store.memories, embedder, judge: createHeuristicJudge() };
  for (const [i, [content, day]] of docs.entries()) {
    const at = `${day}T10:00:00.000Z`;
    await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: at, statedAt: at }, read(content, day));
  }
  for (const at of expireAt) await forgetExpiredMemories({ store, logger: silentLogger, embedder: handle }, new Date(at));
  const jobs = (await store.memories.findMemoriesBySubject('org', ['u'], 'Ben', 'employer')).filter((m) => m.isLatest && !m.isForgotten);
  return { store, jobs };
}

const revolut: [string, string] = ['Ben: I work at Revolut, compliance team\nOla: fancy', '2026-01-16'];

describe('a job start said before its day, live', () => {
  it('is a plan until the day: the job held now stays the job', async () => {
    const { store, jobs } = await live([revolut, ["Ben: I'm starting at N26 on 1 March\nOla: congrats!", '2026-02-10']]);
    expect(jobs.map((m) => m.memory)).toEqual(['Ben works at Revolut, compliance team.']);
    const plans = (await store.memories.memoriesOfDocument('org', 'd1')).filter((m) => m.attribute === 'goal:employ' && m.isLatest && !m.isForgotten);
    expect(plans.map((m) => [m.memory, m.forgetAfter])).toEqual([['Ben is starting at N26 on 1 March.', '2026-03-01T00:00:00.000Z']]);
    await store.close();
  });

  it('becomes the job when the expiry job runs on its day, a new version of the job held before', async () => {
    const { store, jobs } = await live([revolut, ["Ben: I'm starting at N26 on 1 March\nOla: congrats!", '2026-02-10']], ['2026-02-28T12:00:00.000Z', '2026-03-01T00:05:00.000Z']);
    expect(jobs.map((m) => m.memory)).toEqual(['Ben works at N26.']);
    expect(jobs[0]).toMatchObject({ version: 2, relation: 'updates', metadata: expect.objectContaining({ date: '2026-03-01' }) });
    const history = await store.memories.memoryHistory('org', jobs[0]!.rootMemoryId!);
    expect(history.map((m) => m.memory)).toEqual(['Ben works at Revolut, compliance team.', 'Ben works at N26.']);
    const plan = (await store.memories.memoriesOfDocument('org', 'd1')).find((m) => m.attribute === 'goal:employ');
    expect(plan).toMatchObject({ isForgotten: true, forgetReason: 'expired' });
    await store.close();
  });

  it('turns a plan told with a relative day into the job at its start, not at the end of its month', async () => {
    const { store, jobs } = await live([revolut, ['Ben: handed in my notice, starting at N26 next month\nOla: whoa congrats', '2026-03-17']], ['2026-04-02T00:00:00.000Z']);
    expect(jobs.map((m) => m.memory)).toEqual(['Ben works at N26.']);
    await store.close();
  });

  it('is never the job while the start is in doubt', async () => {
    const { store, jobs } = await live([revolut, ["Ben: I'm starting at N26 on 1 March if the visa comes through\nOla: fingers crossed", '2026-02-10']], ['2026-03-02T00:00:00.000Z']);
    expect(jobs.map((m) => m.memory)).toEqual(['Ben works at Revolut, compliance team.']);
    await store.close();
  });

  it('is the job at once when its day has already passed when said', async () => {
    const { store, jobs } = await live([revolut, ["Ben: I'm starting at N26 on 1 February\nOla: congrats!", '2026-02-10']]);
    expect(jobs.map((m) => m.memory)).toEqual(['Ben is starting at N26 on 1 February.']);
    await store.close();
  });

  it('leaves the profile on the job held now until the day', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() + 40 * 86_400_000);
    const startWords = `${start.getUTCDate()} ${start.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${start.getUTCFullYear()}`;
    const { store } = await live([
      [revolut[0], day(-30)],
      [`Ben: I'm starting at N26 on ${startWords}\nOla: congrats!`, day(0)],
    ]);
    const profile = await new MemoryProfiles(store, 30).profile({ orgId: 'org', containerTags: null } as never, 'u');
    expect(profile.static).toContain('Ben works at Revolut, compliance team.');
    expect(profile.static.some((f) => f.includes('N26'))).toBe(false);
    await store.close();
  });
});
