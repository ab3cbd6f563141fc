import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/** Issue 27: DELETE /v3/documents/bulk takes `filepath` as a criterion of its own, as the official client's types do. */
describe('DELETE /v3/documents/bulk by filepath', () => {
  let rt: TestRuntime;
  let api: ReturnType<typeof request>;

  const add = async (filepath: string, containerTag: string) => {
    const res = await api
      .post('/v3/documents')
      .set(auth)
      .send({ content: `Notes kept at ${filepath} for ${containerTag}.`, filepath, containerTag });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const exists = async (id: string) => (await api.get(`/v3/documents/${id}`).set(auth)).status === 200;
  const bulk = (body: unknown, headers: Record<string, string> = auth) =>
    api
      .delete('/v3/documents/bulk')
      .set(headers)
      .send(body as object);

  beforeAll(async () => {
    rt = await createTestRuntime({}, { start: false });
    api = request(rt.app.callback());
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('deletes the documents at an exact filepath, or under a prefix ending in "/", across tags', async () => {
    const exact = await add('/reports/q1.md', 'team-a');
    const sibling = await add('/reports/q1.md.bak', 'team-b');
    const nested = await add('/reports/2026/q2.md', 'team-b');
    const other = await add('/notes/q1.md', 'team-a');

    const one = await bulk({ filepath: '/reports/q1.md' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ success: true, deletedCount: 1, filepath: '/reports/q1.md' });
    expect(await exists(exact)).toBe(false);
    expect(await exists(sibling)).toBe(true);

    const prefix = await bulk({ filepath: '/reports/' });
    expect(prefix.body).toMatchObject({ success: true, deletedCount: 2 });
    expect(await exists(sibling)).toBe(false);
    expect(await exists(nested)).toBe(false);
    expect(await exists(other)).toBe(true);
  });

  it("with a scoped key, removes only that key's tag (a document left with none is deleted)", async () => {
    const shared = (
      await api
        .post('/v3/documents')
        .set(auth)
        .send({ content: 'Shared plan for both teams.', filepath: '/plans/shared.md', containerTags: ['alice', 'bob'] })
    ).body.id as string;
    const own = await add('/plans/alice.md', 'alice');
    const bobs = await add('/plans/bob.md', 'bob');
    const key = (await api.post('/v3/auth/scoped-key').set(auth).send({ containerTag: 'alice' })).body.key as string;

    const res = await bulk({ filepath: '/plans/' }, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deletedCount: 1, untaggedCount: 1 });
    expect(await exists(own)).toBe(false);
    expect((await api.get(`/v3/documents/${shared}`).set(auth)).body.containerTags).toEqual(['bob']);
    expect(await exists(bobs)).toBe(true);
  });

  it('still narrows containerTags by filepath, and refuses a body with no criterion at all', async () => {
    const inA = await add('/mixed/x.md', 'mix-a');
    const inB = await add('/mixed/x.md', 'mix-b');
    const res = await bulk({ containerTags: ['mix-a'], filepath: '/mixed/x.md' });
    expect(res.body).toMatchObject({ success: true, deletedCount: 1, containerTags: ['mix-a'] });
    expect(await exists(inA)).toBe(false);
    expect(await exists(inB)).toBe(true);

    for (const body of [{}, { filepath: '' }]) {
      const refused = await bulk(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain("'filepath'");
    }
    expect(await exists(inB)).toBe(true);
  });
});
