/**
 * Issue 26, round 22 (judge24): an ending or a denial ends the memory holding its value, not whatever memory of the
 * attribute is latest; one that names no value never ends the value its own source has just told.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/core/logger.js';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { rememberFacts } from '../../../src/memory/remember.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { forgetExpiredMemories } from '../../../src/services/memory-expiry.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { factsReader, latestTexts } from './memory-fixture.js';

const read = factsReader();

const holds = (texts: string[], word: string) => texts.some((t) => t.includes(word));

describe('an ending names the memory it ends', () => {
  it('keeps the new job when a notice with no employer follows it in the same message', async () => {
    const latest = await latestTexts(['I work at Klarna.', '2026-01-04'], ['I accepted a job at Spotify. Handed in my notice this morning.', '2026-03-04']);
    expect(holds(latest, 'Spotify')).toBe(true);
    expect(latest).not.toContain('The user works at Klarna.');
  });

  it('keeps a job starting soon when "I quit my job" follows it', async () => {
    // Told live on 4 March, the start is a plan until 1 April (plans25): the quit ends Klarna, not the plan, and on
    // 1 April the expiry job makes Spotify the job.
    const store = new SqliteStore(':memory:');
    await store.migrate();
    const embedder = createHashEmbedder();
    const deps = { memories: store.memories, embedder, judge: createHeuristicJudge() };
    for (const [i, [content, day]] of [
      ['I work at Klarna.', '2026-01-04'],
      ['I start at Spotify on 1 April. I quit my job today.', '2026-03-04'],
    ].entries()) {
      const at = `${day}T10:00:00.000Z`;
      await rememberFacts(deps, { orgId: 'org', containerTags: ['u'], documentId: `d${i}`, now: at, statedAt: at }, read(content!, day));
    }
    const handle = { get: async () => embedder, status: () => ({ state: 'ready' as const, provider: 'hash' as const, model: embedder.id, dimensions: null }) };
    await forgetExpiredMemories({ store, logger: silentLogger, embedder: handle }, new Date('2026-04-01T01:00:00.000Z'));
    const jobs = (await store.memories.findMemoriesBySubject('org', ['u'], 'the user', 'employer')).filter((m) => m.isLatest && !m.isForgotten);
    await store.close();
    expect(
      holds(
        jobs.map((m) => m.memory),
        'Spotify',
      ),
    ).toBe(true);
  });

  it('keeps the new home when the old one is denied after the move', async () => {
    const latest = await latestTexts(['I live in Leeds.', '2026-01-04'], ['I moved to Berlin last week. I no longer live in Leeds.', '2026-03-04']);
    expect(holds(latest, 'Berlin')).toBe(true);
    expect(latest).not.toContain('The user lives in Leeds.');
  });

  it('still ends a job the same message told as held, not taken', async () => {
    const latest = await latestTexts(['I joined Monzo in 2020. Last week I handed in my notice.', '2026-03-04']);
    expect(holds(latest, 'joined Monzo')).toBe(false);
  });

  it('reads "handed my notice in at Dishoom" as the end of the job at Dishoom', async () => {
    const latest = await latestTexts(['I am a sous chef at Dishoom in Shoreditch.', '2026-02-14'], ['I handed my notice in at Dishoom in July.', '2026-08-30']);
    expect(latest).not.toContain('The user works at Dishoom.');
    expect(latest).not.toContain('The user works as a sous chef.');
  });
});
