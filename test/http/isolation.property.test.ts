import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoStore } from '../../src/storage/mongo/mongo-store.js';
import type { Store } from '../../src/storage/store.js';
import type { DocumentRecord } from '../../src/core/types.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/**
 * Property: whatever a caller sends, no response contains a document of another organisation, or of a container
 * tag outside the caller's scoped key, and no write changes such a document. Random organisations, tags, keys and
 * documents; random requests across the document, search, profile, key and settings endpoints; run on both stores.
 */

const TAGS = ['t1', 't2', 't3'];
const WORDS = ['harbour', 'lantern', 'orchard', 'granite'];

interface Caller {
  name: string;
  key: string;
  orgId: string;
  tags: string[] | null;
}

const marker = () => `zq${randomBytes(5).toString('hex')}`;

type Command =
  | { kind: 'add'; tags: string[]; word: string; customId: string | null }
  | { kind: 'list'; tags: string[]; and: boolean }
  | { kind: 'search4'; word: string; tag: string | null; docIndex: number | null }
  | { kind: 'search3'; word: string; tags: string[] }
  | { kind: 'profile'; tag: string; word: string }
  | { kind: 'get' | 'chunks' | 'delete'; docIndex: number; byCustomId: boolean }
  | { kind: 'patch'; docIndex: number; tags: string[] | null }
  | { kind: 'bulkIds'; docIndexes: number[] }
  | { kind: 'bulkTags'; tags: string[] }
  | { kind: 'meta'; path: '/v3/session' | '/v3/settings' | '/v3/auth/keys' | '/v3/documents/processing' }
  | { kind: 'memWrite'; tag: string; word: string }
  | { kind: 'memList'; tags: string[] }
  | { kind: 'memSearch'; word: string; tag: string | null; forgotten: boolean }
  | { kind: 'memForget'; tag: string; word: string };

const tagSet = fc.subarray(TAGS, { minLength: 1 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), tags: fc.subarray(TAGS), word: fc.constantFrom(...WORDS), customId: fc.option(fc.constantFrom('c1', 'c2'), { nil: null }) }),
  fc.record({ kind: fc.constant('list' as const), tags: fc.subarray(TAGS), and: fc.boolean() }),
  fc.record({ kind: fc.constant('search4' as const), word: fc.constantFrom(...WORDS), tag: fc.option(fc.constantFrom(...TAGS), { nil: null }), docIndex: fc.option(fc.nat(40), { nil: null }) }),
  fc.record({ kind: fc.constant('search3' as const), word: fc.constantFrom(...WORDS), tags: fc.subarray(TAGS) }),
  fc.record({ kind: fc.constant('profile' as const), tag: fc.constantFrom(...TAGS), word: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constantFrom('get' as const, 'chunks' as const, 'delete' as const), docIndex: fc.nat(40), byCustomId: fc.boolean() }),
  fc.record({ kind: fc.constant('patch' as const), docIndex: fc.nat(40), tags: fc.option(tagSet, { nil: null }) }),
  fc.record({ kind: fc.constant('bulkIds' as const), docIndexes: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('bulkTags' as const), tags: tagSet }),
  fc.record({ kind: fc.constant('memWrite' as const), tag: fc.constantFrom(...TAGS), word: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('memList' as const), tags: fc.subarray(TAGS) }),
  fc.record({ kind: fc.constant('memSearch' as const), word: fc.constantFrom(...WORDS), tag: fc.option(fc.constantFrom(...TAGS), { nil: null }), forgotten: fc.boolean() }),
  fc.record({ kind: fc.constant('memForget' as const), tag: fc.constantFrom(...TAGS), word: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('meta' as const), path: fc.constantFrom('/v3/session' as const, '/v3/settings' as const, '/v3/auth/keys' as const, '/v3/documents/processing' as const) }),
);

function isolationSuite(name: string, open: () => Promise<Store>, numRuns: number): void {
  describe(`isolation property (${name})`, () => {
    let rt: TestRuntime;
    let server: ReturnType<TestRuntime['app']['callback']>;
    const callers: Caller[] = [];
    const markers = new Map<string, string>(); // document id → marker in its content
    /** Memories written directly: their marker, organisation and tag. */
    const memoryMarkers: { marker: string; orgId: string; tag: string }[] = [];
    const orgs: string[] = ['org_default'];

    beforeAll(async () => {
      rt = await createTestRuntime({}, { store: await open() });
      server = rt.app.callback();
      callers.push({ name: 'root-default', key: auth.authorization.slice(7), orgId: 'org_default', tags: null });
      for (const name of ['acme', 'globex']) {
        const org = await rt.organizations.create(name);
        orgs.push(org.id);
        callers.push({ name: `root-${name}`, key: org.apiKey, orgId: org.id, tags: null });
        const scoped = await rt.keys.createKey(org.id, { name: 'scoped-t1', containerTags: ['t1'] });
        callers.push({ name: `scoped-${name}-t1`, key: scoped.key, orgId: org.id, tags: ['t1'] });
        const multi = await rt.keys.createKey(org.id, { name: 'scoped-t2-t3', containerTags: ['t2', 't3'] });
        callers.push({ name: `scoped-${name}-t23`, key: multi.key, orgId: org.id, tags: ['t2', 't3'] });
      }
      const minted = await request(server).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 't2', rateLimitMax: 10_000 });
      callers.push({ name: 'scoped-default-t2', key: minted.body.key, orgId: 'org_default', tags: ['t2'] });
      // Every organisation starts with documents in every tag combination, under the same customIds.
      for (const caller of callers.filter((c) => c.tags === null)) {
        for (const tags of [['t1'], ['t2'], ['t3'], ['t1', 't2'], ['t2', 't3']]) {
          for (const word of WORDS.slice(0, 2)) await add(caller, tags, word, tags.length === 1 ? `c${tags[0]}` : null);
        }
      }
      await rt.settle();
    }, 120_000);
    afterAll(() => rt?.close());

    async function add(caller: Caller, tags: string[], word: string, customId: string | null) {
      const m = marker();
      const res = await request(server)
        .post('/v3/documents')
        .set({ authorization: `Bearer ${caller.key}` })
        .send({ content: `${word} notes ${m} about the ${word}`, ...(tags.length > 0 ? { containerTags: tags } : {}), ...(customId ? { customId } : {}) });
      if (res.status === 200) markers.set(res.body.id as string, m);
      return res;
    }

    /** Every document of every organisation, from the store (the oracle of the current state). */
    async function allDocuments(): Promise<DocumentRecord[]> {
      const out: DocumentRecord[] = [];
      for (const orgId of orgs) out.push(...(await rt.store.documents.listDocuments(orgId, { limit: 10_000, offset: 0 })).documents);
      return out;
    }

    const visible = (c: Caller, d: DocumentRecord) => d.orgId === c.orgId && (c.tags === null || d.containerTags.some((t) => c.tags!.includes(t)));
    const fingerprint = (d: DocumentRecord) => JSON.stringify([d.containerTags, d.title, d.customId, d.contentHash, d.metadata]);

    async function run(caller: Caller, cmd: Command, docs: DocumentRecord[]) {
      const h = { authorization: `Bearer ${caller.key}` };
      const pick = (i: number) => docs[i % docs.length]!;
      const ref = (i: number, byCustomId: boolean) => (byCustomId && pick(i).customId ? pick(i).customId! : pick(i).id);
      switch (cmd.kind) {
        case 'add':
          return add(caller, cmd.tags, cmd.word, cmd.customId);
        case 'list':
          return request(server)
            .post('/v3/documents/list')
            .set(h)
            .send({ containerTags: cmd.tags, includeContent: true, limit: 200, ...(cmd.and ? { operator: 'AND' } : {}) });
        case 'search4':
          return request(server)
            .post('/v4/search')
            .set(h)
            .send({ q: cmd.word, threshold: 0, limit: 100, include: { documents: true }, ...(cmd.tag ? { containerTag: cmd.tag } : {}), ...(cmd.docIndex !== null ? { docId: pick(cmd.docIndex).id } : {}) });
        case 'search3':
          return request(server).post('/v3/search').set(h).send({ q: cmd.word, containerTags: cmd.tags, includeFullDocs: true, onlyMatchingChunks: false });
        case 'profile':
          return request(server).post('/v4/profile').set(h).send({ containerTag: cmd.tag, q: cmd.word, threshold: 0 });
        case 'get':
          return request(server)
            .get(`/v3/documents/${encodeURIComponent(ref(cmd.docIndex, cmd.byCustomId))}`)
            .set(h);
        case 'chunks':
          return request(server)
            .get(`/v3/documents/${encodeURIComponent(ref(cmd.docIndex, cmd.byCustomId))}/chunks`)
            .set(h);
        case 'delete':
          return request(server)
            .delete(`/v3/documents/${encodeURIComponent(ref(cmd.docIndex, cmd.byCustomId))}`)
            .set(h);
        case 'patch':
          return request(server)
            .patch(`/v3/documents/${pick(cmd.docIndex).id}`)
            .set(h)
            .send({ title: `t-${marker()}`, ...(cmd.tags ? { containerTags: cmd.tags } : {}) });
        case 'bulkIds':
          return request(server)
            .delete('/v3/documents/bulk')
            .set(h)
            .send({ ids: cmd.docIndexes.map((i) => pick(i).id) });
        case 'bulkTags':
          return request(server).delete('/v3/documents/bulk').set(h).send({ containerTags: cmd.tags });
        case 'meta':
          return request(server).get(cmd.path).set(h);
        case 'memWrite': {
          const m = marker();
          const res = await request(server)
            .post('/v4/memories')
            .set(h)
            .send({ containerTag: cmd.tag, memories: [{ content: `Dana keeps a ${cmd.word} log ${m}.` }] });
          if (res.status === 200) memoryMarkers.push({ marker: m, orgId: caller.orgId, tag: cmd.tag });
          return res;
        }
        case 'memList':
          return request(server).post('/v4/memories/list').set(h).send({ containerTags: cmd.tags, limit: 200, history: true });
        case 'memSearch':
          return request(server)
            .post('/v4/search')
            .set(h)
            .send({ q: `Dana ${cmd.word} log`, searchMode: 'memories', threshold: 0, limit: 100, include: { forgottenMemories: cmd.forgotten, relatedMemories: true }, ...(cmd.tag ? { containerTag: cmd.tag } : {}) });
        case 'memForget':
          return request(server)
            .post('/v4/memories/forget-matching')
            .set(h)
            .send({ containerTag: cmd.tag, query: `Dana ${cmd.word} log`, dryRun: true, threshold: 0 });
      }
    }

    it('no response contains, and no write changes, data outside the caller’s organisation and tags', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.nat(callers.length - 1), commandArb), { minLength: 1, maxLength: 8 }), async (steps) => {
          for (const [callerIndex, cmd] of steps) {
            const caller = callers[callerIndex]!;
            const before = await allDocuments();
            if (before.length === 0) return;
            const hidden = before.filter((d) => !visible(caller, d));
            const res = await run(caller, cmd, before);
            expect(res.status, `${caller.name} ${JSON.stringify(cmd)}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
            const text = res.text;
            // Ids the caller sent may be echoed back (e.g. "not found" entries of a bulk delete); nothing else may appear.
            const sent = JSON.stringify(cmd.kind === 'bulkIds' ? cmd.docIndexes.map((i) => before[i % before.length]!.id) : []);
            const hiddenMemories = memoryMarkers.filter((m) => !(m.orgId === caller.orgId && (caller.tags === null || caller.tags.includes(m.tag))));
            for (const m of hiddenMemories) {
              expect(text.includes(m.marker), `${caller.name} ${JSON.stringify(cmd)} leaked memory ${m.marker} (org ${m.orgId}, tag ${m.tag})`).toBe(false);
            }
            for (const d of hidden) {
              const m = markers.get(d.id);
              const leak = (text.includes(d.id) && !sent.includes(d.id)) || (m !== undefined && text.includes(m));
              expect(leak, `${caller.name} ${JSON.stringify(cmd)} leaked ${d.id} (org ${d.orgId}, tags ${d.containerTags})`).toBe(false);
            }
            if (cmd.kind === 'add' || cmd.kind === 'patch' || cmd.kind === 'delete' || cmd.kind === 'bulkIds' || cmd.kind === 'bulkTags') {
              await rt.settle();
              const after = new Map((await allDocuments()).map((d) => [d.id, d]));
              for (const d of hidden) {
                const now = after.get(d.id);
                expect(now, `${caller.name} ${JSON.stringify(cmd)} deleted hidden ${d.id}`).toBeDefined();
                expect(fingerprint(now!), `${caller.name} ${JSON.stringify(cmd)} changed hidden ${d.id}`).toBe(fingerprint(d));
              }
            }
          }
        }),
        { numRuns, seed: 20261123, endOnFailure: true },
      );
    }, 600_000);
  });
}

isolationSuite(
  'sqlite',
  async () => {
    const { SqliteStore } = await import('../../src/storage/sqlite/sqlite-store.js');
    return new SqliteStore(':memory:');
  },
  40,
);

let ferret: FerretDb | undefined;
afterAll(async () => {
  await ferret?.stop();
});
isolationSuite(
  'mongodb on FerretDB',
  async () => {
    ferret = await startFerretDb();
    return new MongoStore({ uri: ferret.uri, db: `isolation_${process.pid}` });
  },
  15,
);
