import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../src/core/actor.js';
import { newKeyRecord } from '../../src/services/auth.js';
import { ContainerTagService } from '../../src/services/container-tags.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

type Headers = Record<string, string>;

describe('container tag routes', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const as = (key: string): Headers => ({ authorization: `Bearer ${key}` });
  const get = (path: string, headers: Headers = auth) => request(server).get(path).set(headers);
  const post = (path: string, body: unknown, headers: Headers = auth) =>
    request(server)
      .post(path)
      .set(headers)
      .send(body as object);
  const patch = (path: string, body: unknown, headers: Headers = auth) =>
    request(server)
      .patch(path)
      .set(headers)
      .send(body as object);
  const del = (path: string, headers: Headers = auth) => request(server).delete(path).set(headers);

  const add = async (containerTags: string[], extra: Record<string, unknown> = {}, headers: Headers = auth) => {
    const res = await post('/v3/documents', { content: `Note for ${containerTags.join(' and ')} ${Math.random()}`, containerTags, ...extra }, headers);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const tagsOf = async (id: string) => (await get(`/v3/documents/${id}`)).body.containerTags as string[];
  const listed = async (query = '', headers: Headers = auth) => {
    const res = await get(`/v3/container-tags/list${query}`, headers);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>[];
  };

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('lists every tag documents carry, with counts, dates and the reference shape', async () => {
    const first = await add(['alpha']);
    await add(['alpha', 'beta']);
    await add(['sm_project_notes']);
    await rt.settle();
    const oldest = (await get(`/v3/documents/${first}`)).body;

    const all = await listed();
    const alpha = all.find((t) => t.containerTag === 'alpha')!;
    expect(alpha).toEqual({
      id: 'alpha',
      name: 'alpha',
      containerTag: 'alpha',
      description: null,
      createdAt: oldest.createdAt,
      updatedAt: expect.any(String),
      isExperimental: false,
      isNova: false,
      documentCount: 2,
      memoryCount: 0,
      lastActivityAt: expect.any(String),
    });
    expect(alpha.updatedAt).toBe(alpha.lastActivityAt);
    expect(Date.parse(alpha.lastActivityAt as string)).toBeGreaterThanOrEqual(Date.parse(alpha.createdAt as string));
    expect(all.find((t) => t.containerTag === 'sm_project_notes')).toMatchObject({ isNova: true, documentCount: 1 });
    const tags = all.map((t) => t.containerTag as string);
    expect(tags).toEqual([...tags].sort());

    const some = await listed('?containerTags=beta,alpha,nowhere');
    expect(some.map((t) => [t.containerTag, t.documentCount])).toEqual([
      ['alpha', 2],
      ['beta', 1],
    ]);
    expect((await get('/v3/container-tags/list?containerTags=bad%20tag')).status).toBe(400);
  });

  it('PATCH creates a space without documents, then renames it; GET and list show the record', async () => {
    const created = await patch('/v3/container-tags/empty-space', { name: 'Empty space', entityContext: 'Nothing here yet' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      containerTag: 'empty-space',
      name: 'Empty space',
      entityContext: 'Nothing here yet',
      memoryFilesystemPaths: null,
      updatedAt: expect.any(String),
    });
    const got = await get('/v3/container-tags/empty-space');
    expect(got.body).toEqual({
      containerTag: 'empty-space',
      name: 'Empty space',
      entityContext: 'Nothing here yet',
      createdAt: created.body.updatedAt,
      updatedAt: created.body.updatedAt,
      documentCount: 0,
      memoryCount: 0,
      lastActivityAt: null,
    });
    expect((await listed()).find((t) => t.containerTag === 'empty-space')).toMatchObject({ name: 'Empty space', documentCount: 0, lastActivityAt: null });

    // Only the fields sent change; null clears the context; unknown fields are tolerated.
    const renamed = await patch('/v3/container-tags/empty-space', { entityContext: null, profileBuckets: [] });
    expect(renamed.body).toMatchObject({ name: 'Empty space', entityContext: null });
    expect((await patch('/v3/container-tags/empty-space', { name: 'Renamed' })).body).toMatchObject({ name: 'Renamed', entityContext: null });

    // A record on a tag that documents already carry: the space dates from its oldest document.
    const doc = await add(['with-docs']);
    await rt.settle();
    const before = await get('/v3/container-tags/with-docs');
    expect(before.body).toMatchObject({ name: 'with-docs', entityContext: null, documentCount: 1 });
    await patch('/v3/container-tags/with-docs', { entityContext: 'Has documents' });
    const after = await get('/v3/container-tags/with-docs');
    expect(after.body).toMatchObject({ entityContext: 'Has documents', createdAt: (await get(`/v3/documents/${doc}`)).body.createdAt, documentCount: 1 });
  });

  it('answers 404 for an unknown tag and 400 for invalid input', async () => {
    const missing = await get('/v3/container-tags/never-used');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'CONTAINER_TAG_NOT_FOUND', error: 'Container tag never-used not found' });
    expect((await del('/v3/container-tags/never-used')).status).toBe(404);
    expect((await get('/v3/container-tags/bad%20tag')).body.code).toBe('VALIDATION_FAILED');
    for (const body of [{ name: '' }, { name: 'x'.repeat(101) }, { entityContext: 'x'.repeat(1501) }]) {
      expect((await patch('/v3/container-tags/valid-tag', body)).status).toBe(400);
    }
    expect((await get('/v3/container-tags/valid-tag')).status).toBe(404);
  });

  it('DELETE deletes documents only in the tag, untags shared ones, and drops the record', async () => {
    const only = await add(['gamma']);
    const shared = await add(['gamma', 'delta']);
    await rt.settle();
    expect((await get(`/v3/documents/${only}/chunks`)).body.total).toBeGreaterThan(0);
    await patch('/v3/container-tags/gamma', { name: 'Gamma' });

    const res = await del('/v3/container-tags/gamma');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, containerTag: 'gamma', deletedDocumentsCount: 1, untaggedDocumentsCount: 1, deletedMemoriesCount: 0 });
    expect((await get(`/v3/documents/${only}`)).status).toBe(404);
    expect((await get(`/v3/documents/${only}/chunks`)).status).toBe(404);
    expect(await tagsOf(shared)).toEqual(['delta']);
    expect((await get('/v3/container-tags/gamma')).status).toBe(404);
    expect((await get('/v3/container-tags/delta')).body.documentCount).toBe(1);
    expect((await listed()).map((t) => t.containerTag)).not.toContain('gamma');

    // A record-only space is deleted too.
    await patch('/v3/container-tags/just-a-record', { name: 'R' });
    expect((await del('/v3/container-tags/just-a-record')).body).toMatchObject({ success: true, deletedDocumentsCount: 0 });
    expect((await get('/v3/container-tags/just-a-record')).status).toBe(404);
  });

  it('merges one tag into the other: documents move, shared ones keep one copy of the target, the source is deleted', async () => {
    const a1 = await add(['m-src'], { customId: 'note-1' });
    const a2 = await add(['m-src', 'other']);
    const both = await add(['m-src', 'm-dst']);
    const b1 = await add(['m-dst'], { customId: 'note-2' });
    await patch('/v3/container-tags/m-src', { name: 'Source' });
    await rt.settle();

    const res = await post('/v3/container-tags/merge', { containerTags: ['m-src', 'm-dst'], targetContainerTag: 'm-dst' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, mergedCount: 3, targetTag: 'm-dst', deletedTags: ['m-src'] });
    expect(await tagsOf(a1)).toEqual(['m-dst']);
    expect(await tagsOf(a2)).toEqual(['m-dst', 'other']);
    expect(await tagsOf(both)).toEqual(['m-dst']);
    expect(await tagsOf(b1)).toEqual(['m-dst']);
    expect((await get('/v3/container-tags/m-src')).status).toBe(404);
    expect((await get('/v3/container-tags/m-dst')).body.documentCount).toBe(4);
    // The customId now lives under the target.
    expect((await get('/v3/documents/note-1?containerTag=m-dst')).body.id).toBe(a1);
  });

  it('merges two tags into a new one, which then exists even as an empty space', async () => {
    const x = await add(['n-one']);
    const y = await add(['n-two']);
    await patch('/v3/container-tags/n-empty', { name: 'empty' });
    await rt.settle();
    const res = await post('/v3/container-tags/merge', { containerTags: ['n-one', 'n-two'], targetContainerTag: 'n-new' });
    expect(res.body).toEqual({ success: true, mergedCount: 2, targetTag: 'n-new', deletedTags: ['n-one', 'n-two'] });
    expect(await tagsOf(x)).toEqual(['n-new']);
    expect(await tagsOf(y)).toEqual(['n-new']);
    expect((await get('/v3/container-tags/n-new')).body.documentCount).toBe(2);

    const empty = await post('/v3/container-tags/merge', { containerTags: ['n-empty', 'n-new'], targetContainerTag: 'n-empty' });
    expect(empty.body).toEqual({ success: true, mergedCount: 2, targetTag: 'n-empty', deletedTags: ['n-new'] });
    expect((await get('/v3/container-tags/n-empty')).body).toMatchObject({ name: 'empty', documentCount: 2 });
  });

  it('refuses a merge whose customIds would collide under the target with 409, changing nothing', async () => {
    const c1 = await add(['c-one'], { customId: 'same' });
    const c2 = await add(['c-two'], { customId: 'same' });
    const free = await add(['c-one'], { customId: 'unique' });
    await rt.settle();
    for (const targetContainerTag of ['c-two', 'c-new']) {
      const res = await post('/v3/container-tags/merge', { containerTags: ['c-one', 'c-two'], targetContainerTag });
      expect(res.status).toBe(409);
      expect(res.headers['x-should-retry']).toBe('false');
      expect(res.body).toMatchObject({ code: 'MERGE_CUSTOM_ID_CONFLICT', details: { containerTag: targetContainerTag, customIds: ['same'] } });
    }
    expect(await tagsOf(c1)).toEqual(['c-one']);
    expect(await tagsOf(c2)).toEqual(['c-two']);
    expect(await tagsOf(free)).toEqual(['c-one']);
    expect((await get('/v3/container-tags/c-new')).status).toBe(404);

    // Once one of them moves away, the merge goes through.
    await patch(`/v3/documents/${c2}`, { customId: 'renamed' });
    const ok = await post('/v3/container-tags/merge', { containerTags: ['c-one', 'c-two'], targetContainerTag: 'c-two' });
    expect(ok.body).toMatchObject({ success: true, mergedCount: 2 });
  });

  it('validates merge input and answers 404 when a tag does not exist', async () => {
    await add(['v-one']);
    const bad = [
      { containerTags: ['v-one'], targetContainerTag: 'v-one' },
      { containerTags: ['v-one', 'v-one'], targetContainerTag: 'v-one' },
      { containerTags: ['v-one', 'a', 'b'], targetContainerTag: 'v-one' },
      { containerTags: ['v-one', 'v-two'] },
    ];
    for (const body of bad) expect((await post('/v3/container-tags/merge', body)).status).toBe(400);
    const missing = await post('/v3/container-tags/merge', { containerTags: ['v-one', 'v-ghost'], targetContainerTag: 'v-one' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'CONTAINER_TAG_NOT_FOUND', details: { containerTags: ['v-ghost'] } });
  });

  it('refuses scoped keys (403) on every endpoint, and read-only keys on changes', async () => {
    await add(['scoped-space']);
    const minted = await post('/v3/auth/scoped-key', { containerTag: 'scoped-space' });
    expect(minted.status).toBe(200);
    const scoped = as(minted.body.key);
    const calls = [
      get('/v3/container-tags/list', scoped),
      get('/v3/container-tags/scoped-space', scoped),
      patch('/v3/container-tags/scoped-space', { name: 'mine' }, scoped),
      del('/v3/container-tags/scoped-space', scoped),
      post('/v3/container-tags/merge', { containerTags: ['scoped-space', 'alpha'], targetContainerTag: 'scoped-space' }, scoped),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await get('/v3/container-tags/scoped-space')).body).toMatchObject({ name: 'scoped-space', documentCount: 1 });

    // The service refuses on its own too (not only the scoped-endpoint middleware).
    const service = new ContainerTagService(rt.store.accounts, rt.documents);
    const actor: Actor = { orgId: 'org_default', keyId: 'k', keyKind: 'scoped', containerTags: ['scoped-space'], permission: 'write', rateLimit: null, expiresAt: null };
    await expect(service.list(actor)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.delete(actor, 'scoped-space')).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const readKey = 'read-only-root-key-0123456789abcdef';
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_default', name: 'ro', key: readKey, kind: 'root', permission: 'read', now: new Date().toISOString() }));
    expect((await get('/v3/container-tags/scoped-space', as(readKey))).status).toBe(200);
    expect((await patch('/v3/container-tags/scoped-space', { name: 'x' }, as(readKey))).status).toBe(403);
    expect((await del('/v3/container-tags/scoped-space', as(readKey))).status).toBe(403);
  });

  it('treats the same tag in two organisations as two unrelated spaces', async () => {
    const otherKey = 'other-org-key-container-tags-0123456789';
    await rt.store.accounts.upsertOrganization({ id: 'org_spaces', name: 'Spaces', slug: 'spaces', createdAt: new Date().toISOString() });
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_spaces', name: 'other', key: otherKey, kind: 'root', now: new Date().toISOString() }));
    const other = as(otherKey);

    const mine = await add(['twin'], { customId: 'twin-doc' });
    const theirs = await add(['twin'], { customId: 'twin-doc' }, other);
    await add(['twin'], {}, other);
    await patch('/v3/container-tags/twin', { name: 'Mine' });
    await patch('/v3/container-tags/twin', { name: 'Theirs', entityContext: 'other org' }, other);
    await patch('/v3/container-tags/theirs-only', { name: 'Only theirs' }, other);
    await rt.settle();

    expect((await get('/v3/container-tags/twin')).body).toMatchObject({ name: 'Mine', entityContext: null, documentCount: 1 });
    expect((await get('/v3/container-tags/twin', other)).body).toMatchObject({ name: 'Theirs', entityContext: 'other org', documentCount: 2 });
    expect((await get('/v3/container-tags/theirs-only')).status).toBe(404);
    expect((await listed('', other)).map((t) => t.containerTag)).toEqual(['theirs-only', 'twin']);
    expect((await listed()).map((t) => t.containerTag)).not.toContain('theirs-only');

    // Merging and deleting in one organisation leaves the other's space as it was.
    expect((await post('/v3/container-tags/merge', { containerTags: ['twin', 'theirs-only'], targetContainerTag: 'theirs-only' }, other)).body).toMatchObject({
      mergedCount: 2,
      deletedTags: ['twin'],
    });
    expect(await tagsOf(mine)).toEqual(['twin']);
    expect((await del('/v3/container-tags/theirs-only', other)).body).toMatchObject({ deletedDocumentsCount: 2 });
    expect((await get(`/v3/documents/${theirs}`, other)).status).toBe(404);
    expect((await get('/v3/container-tags/twin')).body).toMatchObject({ name: 'Mine', documentCount: 1 });
    expect((await get(`/v3/documents/${mine}`)).status).toBe(200);
  });
});

describe('container tags and their memories', () => {
  const CAROLINE = 'Caroline moved to Boston last year. She works as a nurse.';
  const ORG = 'org_default';
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const as = (key: string): Headers => ({ authorization: `Bearer ${key}` });
  const get = (path: string, headers: Headers = auth) => request(server).get(path).set(headers);
  const post = (path: string, body: unknown, headers: Headers = auth) =>
    request(server)
      .post(path)
      .set(headers)
      .send(body as object);
  const add = async (content: string, containerTags: string[], headers: Headers = auth) => {
    const res = await post('/v3/documents', { content, containerTags }, headers);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const write = async (containerTag: string, content: string) => {
    const res = await post('/v4/memories', { containerTag, memories: [{ content }] });
    expect(res.status).toBe(200);
    return res.body.memories[0].id as string;
  };
  /** Every stored version carrying the tag, forgotten ones included. */
  const stored = async (containerTag: string, orgId = ORG) =>
    (await rt.store.memories.listMemories(orgId, { containerTags: [containerTag], includeForgotten: true, includeSuperseded: true, limit: 1000, offset: 0 })).memories;
  /** Latest, unforgotten memories of the tag, as /v4/memories/list counts them. */
  const listedTotal = async (containerTag: string, headers: Headers = auth) => (await post('/v4/memories/list', { containerTag }, headers)).body.pagination.totalItems as number;
  const countOf = async (containerTag: string, headers: Headers = auth) => {
    const one = await get(`/v3/container-tags/${containerTag}`, headers);
    expect(one.status).toBe(200);
    const listed = (await get(`/v3/container-tags/list?containerTags=${containerTag}`, headers)).body as { memoryCount: number }[];
    expect(listed[0]!.memoryCount).toBe(one.body.memoryCount);
    return one.body.memoryCount as number;
  };

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('counts the latest, unforgotten memories of each tag in the list and GET', async () => {
    await add(CAROLINE, ['count-a']);
    await rt.settle();
    const learned = await listedTotal('count-a');
    expect(learned).toBeGreaterThan(0);
    expect(await countOf('count-a')).toBe(learned);

    const direct = await write('count-a', 'Caroline prefers tea over coffee.');
    expect(await countOf('count-a')).toBe(learned + 1);
    const updated = await request(server).patch('/v4/memories').set(auth).send({ containerTag: 'count-a', id: direct, newContent: 'Caroline prefers green tea.' });
    expect(updated.status).toBe(200);
    expect(await countOf('count-a')).toBe(learned + 1);
    expect((await request(server).delete('/v4/memories').set(auth).send({ containerTag: 'count-a', id: updated.body.id })).status).toBe(200);
    expect(await countOf('count-a')).toBe(learned);
  });

  it('DELETE removes memories that carry only the tag (every version) and untags the others', async () => {
    const only = await add(CAROLINE, ['del-a']);
    const shared = await add('Melanie adopted a dog named Oscar. She teaches painting classes on weekends.', ['del-a', 'del-keep']);
    await rt.settle();
    const direct = await write('del-a', 'Caroline prefers tea over coffee.');
    await request(server).patch('/v4/memories').set(auth).send({ containerTag: 'del-a', id: direct, newContent: 'Caroline prefers green tea.' });
    // A memory that two spaces share without following one document's tags.
    const twoTags = await write('del-a', 'Caroline plays the violin.');
    await rt.store.memories.updateMemory(ORG, twoTags, { containerTags: ['del-a', 'del-other'] });

    const before = await stored('del-a');
    const onlyHere = before.filter((m) => m.containerTags.every((t) => t === 'del-a') && m.documentIds.every((d) => d === only));
    const fromShared = before.filter((m) => m.documentIds.includes(shared)).map((m) => m.id);
    expect(fromShared.length).toBeGreaterThan(0);
    expect(onlyHere.length).toBeGreaterThanOrEqual(3);

    const res = await request(server).delete('/v3/container-tags/del-a').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, containerTag: 'del-a', deletedDocumentsCount: 1, untaggedDocumentsCount: 1, deletedMemoriesCount: onlyHere.length });
    expect(await stored('del-a')).toEqual([]);
    for (const m of onlyHere) expect(await rt.store.memories.getMemory(ORG, m.id)).toBeNull();
    expect((await rt.store.memories.getMemory(ORG, twoTags))!.containerTags).toEqual(['del-other']);
    for (const id of fromShared) expect((await rt.store.memories.getMemory(ORG, id))!.containerTags).toEqual(['del-keep']);
    expect(await countOf('del-keep')).toBe(fromShared.length);
    expect((await get('/v3/container-tags/del-a')).status).toBe(404);
  });

  it('merge moves memories to the target tag, as it does documents', async () => {
    await add(CAROLINE, ['merge-src']);
    await add('Melanie adopted a dog named Oscar. She teaches painting classes on weekends.', ['merge-src', 'merge-side']);
    await add('Paging note: the team meets on Mondays.', ['merge-dst']);
    await rt.settle();
    await write('merge-dst', 'Caroline plays the violin.');
    const moving = (await stored('merge-src')).map((m) => m.id);
    expect(moving.length).toBeGreaterThan(0);
    const [srcCount, dstCount] = [await countOf('merge-src'), await countOf('merge-dst')];

    const res = await post('/v3/container-tags/merge', { containerTags: ['merge-src', 'merge-dst'], targetContainerTag: 'merge-dst' });
    expect(res.body).toEqual({ success: true, mergedCount: 2, targetTag: 'merge-dst', deletedTags: ['merge-src'] });
    expect(await stored('merge-src')).toEqual([]);
    for (const id of moving) {
      const tags = (await rt.store.memories.getMemory(ORG, id))!.containerTags;
      expect(tags).toContain('merge-dst');
      expect(tags).not.toContain('merge-src');
    }
    expect(await countOf('merge-dst')).toBe(srcCount + dstCount);
    expect(await listedTotal('merge-dst')).toBe(srcCount + dstCount);
    const profile = (await get('/v3/container-tags/merge-dst/profile')).body.profile as { static: string[]; dynamic: string[] };
    expect([...profile.static, ...profile.dynamic].join(' ')).toMatch(/Boston/);
  });

  it('GET /v3/container-tags/{tag}/profile answers the profile of /v4/profile', async () => {
    await add(CAROLINE, ['profile-a']);
    await rt.settle();
    await post('/v4/memories', { containerTag: 'profile-a', memories: [{ content: 'Caroline is allergic to cats.', isStatic: true }] });
    const res = await get('/v3/container-tags/profile-a/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: { static: expect.any(Array), dynamic: expect.any(Array) } });
    expect(res.body.profile.static).toContain('Caroline is allergic to cats.');
    expect(res.body).toEqual({ profile: (await post('/v4/profile', { containerTag: 'profile-a' })).body.profile });

    expect((await get('/v3/container-tags/never-used/profile')).body).toEqual({ profile: { static: [], dynamic: [] } });
    expect((await get('/v3/container-tags/bad%20tag/profile')).status).toBe(400);
    const minted = await post('/v3/auth/scoped-key', { containerTag: 'profile-a' });
    // A scoped key reads its own space's profile (the same read as /v4/profile), and no other.
    const scoped = await get('/v3/container-tags/profile-a/profile', as(minted.body.key as string));
    expect(scoped.status).toBe(200);
    expect(scoped.body.profile.static).toContain('Caroline is allergic to cats.');
    const elsewhere = await get('/v3/container-tags/never-used/profile', as(minted.body.key as string));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('FORBIDDEN');
  });

  it('keeps memory counts, deletes and merges within one organisation', async () => {
    const otherKey = 'other-org-key-tag-memories-0123456789';
    await rt.store.accounts.upsertOrganization({ id: 'org_tag_memories', name: 'Other', slug: 'other-tag-memories', createdAt: new Date().toISOString() });
    await rt.store.accounts.insertApiKey(newKeyRecord({ orgId: 'org_tag_memories', name: 'other', key: otherKey, kind: 'root', now: new Date().toISOString() }));
    const other = as(otherKey);
    await add(CAROLINE, ['twin-mem']);
    await add(CAROLINE, ['twin-mem'], other);
    await add('Paging note: the team meets on Mondays.', ['twin-target'], other);
    await rt.settle();
    const mine = await countOf('twin-mem');
    expect(mine).toBeGreaterThan(0);
    expect(await countOf('twin-mem', other)).toBe(mine);
    const moved = (await stored('twin-mem', 'org_tag_memories')).map((m) => m.id);

    expect((await post('/v3/container-tags/merge', { containerTags: ['twin-mem', 'twin-target'], targetContainerTag: 'twin-target' }, other)).status).toBe(200);
    expect(await countOf('twin-mem')).toBe(mine);
    expect(await countOf('twin-target', other)).toBeGreaterThanOrEqual(mine);
    const theirs = (await stored('twin-target', 'org_tag_memories')).map((m) => m.id);
    expect(theirs).toEqual(expect.arrayContaining(moved));
    expect((await request(server).delete('/v3/container-tags/twin-target').set(other)).body.deletedMemoriesCount).toBe(theirs.length);
    for (const id of theirs) expect(await rt.store.memories.getMemory('org_tag_memories', id)).toBeNull();
    expect(await countOf('twin-mem')).toBe(mine);
    expect(await rt.memories.profile(systemActor(ORG), 'twin-mem')).toMatchObject({ static: expect.arrayContaining([expect.stringMatching(/Boston/)]) });
  });
});
