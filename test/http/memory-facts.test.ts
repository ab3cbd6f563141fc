import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

type Entry = { id: string; memory: string; version: number; isLatest: boolean; isStatic: boolean; parentMemoryId: string | null; sourceCount: number; forgetAfter: string | null };

/** Issue 26 through the API (offline engine): direct writes version like extracted facts; documents speak from their own date. */
describe('memory facts through the API', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const post = (path: string, body: object) => request(server).post(path).set(auth).send(body);
  const write = async (containerTag: string, ...contents: string[]) => {
    const res = await post('/v4/memories', { containerTag, memories: contents.map((content) => ({ content })) });
    expect(res.status).toBe(200);
    return res.body.memories as { id: string; memory: string; isStatic: boolean }[];
  };
  const latest = async (containerTag: string) => ((await post('/v4/memories/list', { containerTags: [containerTag], limit: 100 })).body.memoryEntries as Entry[]).sort((a, b) => a.memory.localeCompare(b.memory));

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('a direct write of a new value versions the old one', async () => {
    const [boston] = await write('dw-move', 'Maya lives in Boston.');
    const [seattle] = await write('dw-move', 'Maya lives in Seattle now.');
    expect(seattle).toMatchObject({ memory: 'Maya lives in Seattle now.', isStatic: true });
    expect(await latest('dw-move')).toEqual([expect.objectContaining({ id: seattle!.id, version: 2, parentMemoryId: boston!.id })]);
  });

  it("a direct write about one person never merges into another person's memory", async () => {
    const lena = await write('dw-people', "Maya's sister Lena is allergic to peanuts and shellfish.");
    expect(lena.map((m) => m.memory)).toEqual(["Maya's sister Lena is allergic to peanuts.", "Maya's sister Lena is allergic to shellfish."]);
    const [maya] = await write('dw-people', 'Maya is allergic to peanuts.');
    expect(lena.map((m) => m.id)).not.toContain(maya!.id);
    expect((await latest('dw-people')).map((m) => [m.memory, m.sourceCount])).toEqual([
      ['Maya is allergic to peanuts.', 1],
      ["Maya's sister Lena is allergic to peanuts.", 1],
      ["Maya's sister Lena is allergic to shellfish.", 1],
    ]);
  });

  it('a compound direct write is one memory per fact, so a later move keeps the job', async () => {
    expect((await write('dw-compound', 'Dana lives in Paris and works at Figma.')).map((m) => m.memory)).toEqual(['Dana lives in Paris.', 'Dana works at Figma.']);
    await write('dw-compound', 'Dana moved to Berlin.');
    expect((await latest('dw-compound')).map((m) => m.memory)).toEqual(['Dana moved to Berlin.', 'Dana works at Figma.']);
  });

  it("the caller's isStatic and wording are kept", async () => {
    const res = await post('/v4/memories', { containerTag: 'dw-static', memories: [{ content: 'Prefers dark mode in every app', isStatic: false }] });
    expect(res.body.memories).toEqual([expect.objectContaining({ memory: 'Prefers dark mode in every app', isStatic: false })]);
  });

  it('a backfilled chat keeps its own "this week": the trip ends with that week, not with the day it was added', async () => {
    const added = await post('/v3/documents', { content: "Date: 2026-03-14\nuser: I'm in Lisbon this week.\nassistant: Enjoy!", containerTag: 'backfill', entityContext: 'Maya' });
    expect(added.status).toBe(200);
    const viaMetadata = await post('/v3/documents', { content: "user: I'm in Porto until Friday.\nassistant: Nice!", containerTag: 'backfill-meta', entityContext: 'Maya', metadata: { date: '2026-03-10' } });
    expect(viaMetadata.status).toBe(200);
    await rt.settle();
    const all = await rt.store.memories.listMemories('org_default', { containerTags: ['backfill', 'backfill-meta'], includeForgotten: true, limit: 10, offset: 0 });
    expect(all.memories.map((m) => [m.memory, m.forgetAfter]).sort()).toEqual([
      ['Maya is in Lisbon in the week of 2026-03-09.', '2026-03-15T23:59:59.999Z'],
      ['Maya is in Porto until 2026-03-13.', '2026-03-13T23:59:59.999Z'],
    ]);
  });

  it('a named user beside an assistant gets memories', async () => {
    await post('/v3/documents', { content: 'Maya: I work at Figma.\nAssistant: Nice!\nMaya: I live in Boston.', containerTag: 'named-chat' });
    await rt.settle();
    expect((await latest('named-chat')).map((m) => m.memory)).toEqual(['Maya lives in Boston.', 'Maya works at Figma.']);
  });
});
