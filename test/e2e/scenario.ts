import Supermemory, { AuthenticationError, BadRequestError, ConflictError, NotFoundError } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type ServerProcess } from '../helpers/server-process.js';

/** What a scenario run observed, free of ids and timings, so runs in different modes can be compared. */
export type Transcript = Record<string, unknown>;

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The client-driven end-to-end scenario: the official `supermemory` client against a running Mnemo process,
 * doing every call a user makes. Registered once per mode (embedded, Temporal, MongoDB); every mode must pass the
 * same assertions and produce the same transcript.
 */
export function clientScenario(mode: string, start: () => Promise<ServerProcess>, transcript: Transcript): void {
  describe(`supermemory client against Mnemo (${mode})`, () => {
    let server: ServerProcess;
    let client: Supermemory;

    beforeAll(async () => {
      server = await start();
      client = new Supermemory({ apiKey: server.apiKey, baseURL: server.baseURL, maxRetries: 0 });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
    });

    const done = (id: string) =>
      waitFor(async () => {
        const doc = await client.documents.get(id);
        if (doc.status === 'failed') throw new Error(`document failed: ${JSON.stringify(doc)}`);
        return doc.status === 'done' ? doc : undefined;
      }, 60_000);

    it('serves health and the root without a key', async () => {
      expect((await fetch(server.baseURL)).status).toBe(200);
      const health = await waitFor(async () => {
        const h = (await (await fetch(`${server.baseURL}/health`, { headers: { 'x-api-key': server.apiKey } })).json()) as Record<string, any>;
        return h.providers.embeddings.state === 'ready' ? h : undefined;
      });
      expect(health.store.ok).toBe(true);
      expect(health.runner.state).toBe('running');
      transcript.embeddings = health.providers.embeddings.model;
    });

    it('rejects a wrong key with AuthenticationError', async () => {
      const bad = new Supermemory({ apiKey: 'not-a-key', baseURL: server.baseURL, maxRetries: 0 });
      await expect(bad.search({ q: 'anything' })).rejects.toBeInstanceOf(AuthenticationError);
    });

    it('adds a document, reports the pipeline, and finds it by meaning and by keyword', async () => {
      const added = await client.add({
        content: 'Caroline went to an LGBTQ support group on Tuesday and wants to work as a counselor.',
        containerTag: 'user-a',
        metadata: { speaker: 'Caroline', session: 1, source: 'chat' },
      });
      expect(added.status).toBe('queued');
      const doc = await done(added.id);
      expect(doc.containerTags).toEqual(['user-a']);
      const steps = (doc as any).processingMetadata.steps.map((s: any) => `${s.name}:${s.status}`);
      expect(steps).toEqual(['extract:completed', 'chunk:completed', 'memories:completed', 'embed:completed', 'index:completed']);

      const res = await client.search({ q: 'What job does Caroline want?', containerTag: 'user-a' });
      expect(res.results.length).toBeGreaterThan(0);
      // The top result may be the extracted fact or the chunk itself: either states the answer.
      const top = res.results[0]! as (typeof res.results)[0] & { memory?: string };
      expect(top.chunk ?? top.memory).toContain('counselor');
      expect(top.similarity).toBeGreaterThanOrEqual(0.5);
      expect(top.similarity).toBeLessThanOrEqual(1);
      expect(top.metadata).toMatchObject({ speaker: 'Caroline', session: 1 });
      expect(typeof top.updatedAt).toBe('string');
      transcript.add = { steps, top: [top.chunk ?? top.memory, round(top.similarity)] };
    });

    it('scopes search by container tag and metadata filters', async () => {
      const a = await client.add({ content: 'Quarterly budget review for the marketing team', containerTag: 'user-b', metadata: { category: 'work', priority: 3 } });
      const b = await client.add({ content: 'Budget for the family holiday in Portugal', containerTag: 'user-b', metadata: { category: 'personal', priority: 1 } });
      const c = await client.add({ content: 'Budget planning notes of another user entirely', containerTag: 'user-c', metadata: { category: 'work' } });
      await Promise.all([done(a.id), done(b.id), done(c.id)]);

      const scoped = await client.search({ q: 'budget', containerTag: 'user-b', threshold: 0 });
      const ids = scoped.results.map((r: any) => r.documentId);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(ids).not.toContain(c.id);

      const work = await client.search({ q: 'budget', containerTag: 'user-b', threshold: 0, filters: { AND: [{ key: 'category', value: 'work' }] } });
      expect(work.results.map((r: any) => r.documentId)).toEqual([a.id]);

      const numeric = await client.search({
        q: 'budget',
        containerTag: 'user-b',
        threshold: 0,
        filters: { AND: [{ key: 'priority', value: '2', filterType: 'numeric', numericOperator: '<' }] },
      });
      expect(numeric.results.map((r: any) => r.documentId)).toEqual([b.id]);
      transcript.scoped = scoped.results.map((r) => [r.chunk, round(r.similarity)]);
    });

    it('upserts by customId: same id, new content replaces old, unchanged content is not reprocessed', async () => {
      const first = await client.add({ content: 'My favourite colour is green.', containerTag: 'user-d', customId: 'pref-colour' });
      await done(first.id);
      const second = await client.add({ content: 'My favourite colour is purple now.', containerTag: 'user-d', customId: 'pref-colour' });
      expect(second.id).toBe(first.id);
      const doc = await waitFor(async () => {
        const d = await client.documents.get('pref-colour');
        return d.status === 'done' && d.content?.includes('purple') ? d : undefined;
      }, 60_000);
      expect(doc.id).toBe(first.id);
      const res = await client.search({ q: 'favourite colour', containerTag: 'user-d', threshold: 0 });
      const text = res.results.map((r) => r.chunk).join(' ');
      expect(text).toContain('purple');
      expect(text).not.toContain('green');

      const again = await client.add({ content: 'My favourite colour is purple now.', containerTag: 'user-d', customId: 'pref-colour' });
      expect(again).toEqual({ id: first.id, status: 'done' });
      transcript.upsert = { text, again: again.status };
    });

    it('lists with pagination, batch-adds, and deletes by customId and in bulk', async () => {
      const batch = await client.documents.batchAdd({
        containerTag: 'user-e',
        documents: [
          { content: 'First note about gardening', customId: 'e-1' },
          { content: 'Second note about cooking', customId: 'e-2' },
          { content: 'Third note about running', customId: 'e-3', metadata: { tag: 'sport' } },
        ],
      });
      expect(batch.success).toBe(3);
      expect(batch.failed).toBe(0);
      await Promise.all(batch.results.map((r) => done(r.id)));

      const page1 = await client.documents.list({ containerTags: ['user-e'], limit: 2, page: 1, sort: 'createdAt', order: 'asc' });
      expect(page1.memories).toHaveLength(2);
      expect(page1.pagination).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 2 });
      const page2 = await client.documents.list({ containerTags: ['user-e'], limit: 2, page: 2, sort: 'createdAt', order: 'asc' });
      expect(page2.memories).toHaveLength(1);

      await client.documents.delete('e-1');
      await expect(client.documents.get('e-1')).rejects.toBeInstanceOf(NotFoundError);

      const bulk = await client.documents.deleteBulk({ ids: ['e-2', 'missing-id'] });
      expect(bulk.deletedCount).toBe(1);
      const rest = await client.documents.list({ containerTags: ['user-e'] });
      expect(rest.memories.map((m) => m.customId)).toEqual(['e-3']);
      const gone = await client.search({ q: 'gardening cooking', containerTag: 'user-e', threshold: 0 });
      expect(gone.results.map((r) => r.chunk).join(' ')).not.toMatch(/gardening|cooking/);
      transcript.list = {
        // Batch items can share a createdAt millisecond, so the order within a tie differs between runs:
        // compare page sizes and the set of documents listed across both pages.
        pages: [page1.memories.length, page2.memories.length],
        listed: [...page1.memories, ...page2.memories].map((m) => m.customId).sort(),
        rest: rest.memories.map((m) => m.customId),
      };
    });

    it('keeps a customId per container tag: the same customId under another user is another document', async () => {
      const a = await client.add({ content: 'Dana is allergic to peanuts.', customId: 'profile-note', containerTag: 'user-f' });
      const b = await client.add({ content: 'Eli runs marathons.', customId: 'profile-note', containerTag: 'user-g' });
      expect(b.id).not.toBe(a.id);
      await Promise.all([done(a.id), done(b.id)]);
      const ambiguous = await client.documents.get('profile-note').catch((e: unknown) => e);
      expect(ambiguous).toBeInstanceOf(ConflictError);
      expect((ambiguous as ConflictError).error).toMatchObject({ code: 'AMBIGUOUS_CUSTOM_ID' });
      const update = await client.add({ content: 'Dana is allergic to peanuts and shellfish.', customId: 'profile-note', containerTag: 'user-f' });
      expect(update.id).toBe(a.id);
      await done(a.id);
      const f = await client.search({ q: 'allergic', containerTag: 'user-f', threshold: 0, searchMode: 'documents' });
      const g = await client.search({ q: 'marathons', containerTag: 'user-g', threshold: 0, searchMode: 'documents' });
      expect(f.results.map((r) => r.chunk)).toEqual(['Dana is allergic to peanuts and shellfish.']);
      expect(g.results.map((r) => r.chunk)).toEqual(['Eli runs marathons.']);
      const deleted = await client.documents.deleteBulk({ containerTags: ['user-f', 'user-g'] });
      expect(deleted).toMatchObject({ success: true, deletedCount: 2 });
      transcript.customIdScope = { f: f.results.map((r) => r.chunk), g: g.results.map((r) => r.chunk) };
    });

    it('remembers facts: versioned updates, profile, forgetting, direct writes and retraction', async () => {
      const tag = 'user-mem';
      const paris = await client.add({ content: 'I live in Paris.', containerTag: tag, entityContext: 'Dana' } as Parameters<typeof client.add>[0]);
      await done(paris.id);
      const berlin = await client.add({ content: 'I moved to Berlin last month.', containerTag: tag, entityContext: 'Dana' } as Parameters<typeof client.add>[0]);
      await done(berlin.id);

      // Berlin updates Paris: memories-mode search ranks Berlin first, with Paris as its previous version.
      const where = await client.search({ q: 'Where does Dana live?', containerTag: tag, searchMode: 'memories', threshold: 0 });
      const top = where.results[0] as { memory?: string; version?: number; context?: { parents?: { memory: string; version?: number }[] } };
      expect(top.memory).toMatch(/Berlin/);
      expect(top.version).toBe(2);
      expect(top.context?.parents?.[0]).toMatchObject({ memory: expect.stringMatching(/Paris/), version: -1 });
      expect(where.results.some((r) => /Paris/.test((r as { memory?: string }).memory ?? ''))).toBe(false);
      const profile = await client.profile({ containerTag: tag });
      const facts = [...profile.profile.static, ...profile.profile.dynamic].join(' ');
      expect(facts).toMatch(/Berlin/);
      expect(facts).not.toMatch(/Paris/);

      // A direct write, then a versioned update of it that is already expired: hidden, found with forgottenMemories.
      const written = (await client.post('/v4/memories', { body: { containerTag: tag, memories: [{ content: 'Dana is allergic to peanuts.', isStatic: true }] } })) as {
        memories: { id: string; memory: string }[];
      };
      expect(written.memories[0]!.memory).toBe('Dana is allergic to peanuts.');
      const updated = await client.memories.updateMemory({
        containerTag: tag,
        id: written.memories[0]!.id,
        newContent: 'Dana was allergic to peanuts as a child.',
        forgetAfter: new Date(Date.now() - 1000).toISOString(),
      });
      expect(updated).toMatchObject({ version: 2, parentMemoryId: written.memories[0]!.id, rootMemoryId: written.memories[0]!.id });
      const hidden = await client.search({ q: 'peanuts allergy', containerTag: tag, searchMode: 'memories', threshold: 0 });
      expect(hidden.results.map((r) => (r as { memory?: string }).memory)).not.toContain('Dana was allergic to peanuts as a child.');
      const shown = await client.search({ q: 'peanuts allergy', containerTag: tag, searchMode: 'memories', threshold: 0, include: { forgottenMemories: true } });
      expect(shown.results.map((r) => (r as { memory?: string }).memory)).toContain('Dana was allergic to peanuts as a child.');

      // Forget by content and by id; nothing left to match is a 404.
      const coffee = (await client.post('/v4/memories', { body: { containerTag: tag, memories: [{ content: 'Dana drinks her coffee black.' }, { content: 'Dana plays the cello.' }] } })) as {
        memories: { id: string }[];
      };
      expect(await client.memories.forget({ containerTag: tag, content: 'Dana drinks her coffee black.' })).toMatchObject({ forgotten: true });
      expect(await client.memories.forget({ containerTag: tag, id: coffee.memories[1]!.id, reason: 'asked' })).toMatchObject({ id: coffee.memories[1]!.id, forgotten: true });
      await expect(client.memories.forget({ containerTag: tag, content: 'Dana drinks her coffee black.' })).rejects.toBeInstanceOf(NotFoundError);
      await expect(client.memories.forget({ containerTag: tag, id: 'no-such-memory' })).rejects.toBeInstanceOf(NotFoundError);

      // Deleting the Berlin document retracts its memory: Paris is the latest again.
      await client.documents.delete(berlin.id);
      const after = await client.search({ q: 'Where does Dana live?', containerTag: tag, searchMode: 'memories', threshold: 0 });
      expect((after.results[0] as { memory?: string }).memory).toMatch(/Paris/);
      transcript.memories = { top: top.memory, profile: facts, after: (after.results[0] as { memory?: string }).memory };
      await client.documents.deleteBulk({ containerTags: [tag] });
    });

    it('answers bad input with a 400 naming the field, without retries', async () => {
      const err = await client.add({ content: '' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadRequestError);
      expect((err as BadRequestError).status).toBe(400);
      expect(JSON.stringify((err as BadRequestError).error)).toContain('content');
      const tag = await client.add({ content: 'x', containerTag: 'bad tag with spaces' }).catch((e: unknown) => e);
      expect(tag).toBeInstanceOf(BadRequestError);
      const limit = await client.search({ q: 'x', limit: 1000 }).catch((e: unknown) => e);
      expect(limit).toBeInstanceOf(BadRequestError);
    });

    it('reads and updates settings, returns the profile shape, and serves legacy search', async () => {
      const updated = await client.settings.update({ chunkSize: 300 });
      expect(updated.updated).toMatchObject({ chunkSize: 300 });
      const settings = await client.settings.get();
      expect(settings.chunkSize).toBe(300);
      const profile = await client.profile({ containerTag: 'user-a', q: 'counselor' });
      // Caroline's facts from the first document: the profile is built from memories now.
      expect([...profile.profile.static, ...profile.profile.dynamic].join(' ')).toMatch(/Caroline/);
      expect(profile.searchResults?.results.length).toBeGreaterThan(0);
      const legacy = await client.search.documents({ q: 'counselor', containerTags: ['user-a'] });
      expect(legacy.results[0]?.chunks[0]?.content).toContain('counselor');
      transcript.legacy = legacy.results.map((r) => [r.chunks.map((c) => c.content), round(r.score)]);
    });
  });
}
