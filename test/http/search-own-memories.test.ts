/**
 * Issue 26, round 21: in memories + chunks (`searchMode: "hybrid"`), a memory that answers on its own words keeps a
 * place on the first page even when its source turn ranks low among the chunks. A memory's similarity leans on its
 * source passage's, so without this the fact "Melanie painted a sunset over a lake." of a turn that only says "take
 * a look at this" stayed below ten chunks that share the question's words.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const THINGS = ['fence', 'door', 'shed', 'bike', 'room', 'desk', 'chair', 'boat', 'gate', 'wall'];
const TALK = THINGS.map((thing, i) => `[${i + 1} May 2023] Caroline: Melanie, what have you painted lately? I painted my ${thing} today.`);
const PHOTO = '[20 May 2023] Melanie: Take a look at this! (shares a photo: a sunset over a lake)';
const FACT = 'Melanie painted a sunset over a lake.';

describe('hybrid search: the best memory on its own words is on the first page', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    const ids: string[] = [];
    for (const content of [...TALK, PHOTO]) ids.push((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'conv' })).body.id);
    // Eleven documents: allow for a loaded machine (the hook timeout is 60 s).
    await rt.settle(50_000);
    // The facts are written as the test needs them (not as the extractor words them).
    for (const id of ids) {
      const own = await rt.store.memories.memoriesOfDocument(DEFAULT_ORG_ID, id);
      await rt.store.memories.deleteMemories(
        DEFAULT_ORG_ID,
        own.map((m) => m.id),
      );
    }
    await storeMemories(rt, [
      ...THINGS.map((thing, i) => memoryRecord({ memory: `Caroline painted her ${thing} on ${i + 1} May 2023.`, subject: 'Caroline', containerTags: ['conv'], documentIds: [ids[i]!] })),
      memoryRecord({ memory: FACT, subject: 'Melanie', containerTags: ['conv'], documentIds: [ids.at(-1)!] }),
    ]);
  });
  afterAll(async () => {
    await rt?.close();
  });

  const search = (body: Record<string, unknown>) =>
    request(app)
      .post('/v4/search')
      .set(auth)
      .send({ q: 'What has Melanie painted?', containerTag: 'conv', threshold: 0, ...body });

  it('shows the fact among the first ten results, though ten chunks share more of the question words than its turn', async () => {
    const chunks = await search({ searchMode: 'documents', limit: 20 });
    expect(chunks.status).toBe(200);
    const chunkTexts: string[] = chunks.body.results.map((r: { chunk?: string; memory?: string }) => r.chunk ?? r.memory);
    // The photo turn ranks below the ten turns that say "painted".
    expect(chunkTexts.findIndex((t) => t.includes('Take a look at this'))).toBeGreaterThanOrEqual(10);
    const res = await search({ searchMode: 'hybrid', limit: 20 });
    expect(res.status).toBe(200);
    const page: string[] = res.body.results.slice(0, 10).map((r: { chunk?: string; memory?: string }) => r.memory ?? r.chunk);
    expect(page).toContain(FACT);
    // The chunks it displaced are still returned, below it.
    expect(res.body.results).toHaveLength(Math.min(20, TALK.length + 1));
  });

  it('leaves a page of fewer than nine results as it was', async () => {
    const res = await search({ searchMode: 'hybrid', limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { memory?: string }) => r.memory)).not.toContain(FACT);
  });
});
