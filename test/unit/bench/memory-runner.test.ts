import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialClient } from '../../../bench/memories/quality.js';
import { DEFAULT_RUN, runLabelled, runScenario } from '../../../bench/memories/run-scenario.js';
import { Scenario } from '../../../bench/memories/scenarios.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../../helpers/runtime.js';

/** The scenario runner's steps against a real runtime (hash embedder, in-memory SQLite) through the official client. */
describe('memory scenario runner', () => {
  let rt: TestRuntime;
  let server: Server;
  let client: ReturnType<typeof officialClient>;
  const run = { ...DEFAULT_RUN, tagPrefix: 'runner_', settleTimeoutMs: 20_000, pollMs: 20 };

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.listen(0, '127.0.0.1');
    await new Promise<void>((r) => server.once('listening', () => r()));
    client = officialClient(`http://127.0.0.1:${(server.address() as { port: number }).port}`, TEST_KEY);
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await rt.close();
  });

  it('writes directly, PATCHes the memory whose text holds the phrase, then searches and reads the profile of its own tag', async () => {
    const s = Scenario.parse({
      id: 'patch',
      family: 'direct-write',
      description: 'd',
      steps: [
        {
          kind: 'memories',
          memories: [
            { content: 'Dana works at Acme Corp.', isStatic: true },
            { content: 'Dana has a cat named Pixel.', isStatic: true },
          ],
        },
        { kind: 'update', find: 'acme', newContent: 'Dana works at Globex.' },
      ],
      questions: [{ q: 'Where does Dana work?', current: 'Globex', stale: 'Acme' }],
      profile: {},
    });
    const obs = await runScenario(client, s, run);
    expect(obs.error).toBeUndefined();
    expect(obs.tag).toBe('runner_patch');
    expect(obs.memories.sort()).toEqual(['Dana has a cat named Pixel.', 'Dana works at Globex.']);
    expect(obs.answers).toHaveLength(1);
    expect(obs.answers[0]!.ranked).toContain('Dana works at Globex.');
    expect(obs.answers[0]!.ranked).not.toContain('Dana works at Acme Corp.');
    expect(obs.profile.static).toContain('Dana works at Globex.');
  });

  it('waits for documents to be processed before the next step, and reports a step that cannot run as an error', async () => {
    const s = Scenario.parse({
      id: 'doc-then-missing-update',
      family: 'direct-write',
      description: 'd',
      steps: [
        { kind: 'document', content: 'I live in Lisbon and work as a translator.', date: '2026-03-21' },
        { kind: 'update', find: 'no such phrase', newContent: 'x' },
      ],
      questions: [{ q: 'Where?', current: 'Lisbon' }],
      profile: {},
    });
    const obs = await runScenario(client, s, run);
    expect(obs.error).toBe('update: no memory of the tag contains "no such phrase"');
    const docs = await client.documents.list({ containerTags: ['runner_doc-then-missing-update'] });
    expect((docs.memories as unknown as { status: string }[]).map((d) => d.status)).toEqual(['done']);
  });

  it('scores a labelled document from the memories of its own tag', async () => {
    const r = await runLabelled(client, { id: 'solo', content: 'Tom plays the cello.', gold: [{ subject: 'Tom', keywords: ['cello'] }] }, run);
    expect(r.error).toBeUndefined();
    expect(r.gold).toBe(1);
    expect(r.produced).toBe(r.correct + r.wrong.length);
    const tags = (await client.post<{ memoryEntries: { memory: string }[] }>('/v4/memories/list', { body: { containerTags: ['runner_p_solo'] } })).memoryEntries;
    expect(r.produced).toBe(tags.length);
  });
});
