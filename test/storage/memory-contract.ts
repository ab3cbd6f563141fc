/** The MemoryStore contract, run on every adapter (SQLite, MongoDB on FerretDB). */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.js';
import { memoryRecency } from '../../src/storage/memories.js';
import type { Store } from '../../src/storage/store.js';
import { queryTerms } from '../../src/text/tokenize.js';
import { memoryRecord } from '../helpers/memories.js';
import { axis, DIMS, isoAt, makeOrg, MODEL } from './store-fixtures.js';
import { ASKED_PAIRS } from './subject-pairs.js';

let seq = 0;

export function makeMemory(orgId: string, over: Partial<MemoryRecord> = {}): MemoryRecord {
  const n = ++seq;
  return memoryRecord({ id: `mem-${randomUUID()}`, orgId, containerTags: ['user-a'], memory: `Fact number ${n}.`, createdAt: isoAt(n), updatedAt: isoAt(n), ...over });
}

const ids = (ms: readonly { id: string }[]) => ms.map((m) => m.id).sort();
const candIds = (cs: readonly { memoryId: string }[]) => cs.map((c) => c.memoryId);
const future = () => new Date(Date.now() + 86_400_000).toISOString();
const past = () => new Date(Date.now() - 60_000).toISOString();

export function runMemoryContract(name: string, open: () => Promise<Store>, cleanup?: (store: Store) => Promise<void>): void {
  describe(`MemoryStore contract: ${name}`, () => {
    let store: Store;
    const orgA = makeOrg('mem-a');
    const orgB = makeOrg('mem-b');
    beforeEach(async () => {
      store = await open();
      await store.accounts.upsertOrganization(orgA);
      await store.accounts.upsertOrganization(orgB);
    });
    afterEach(async () => {
      await cleanup?.(store);
      await store.close();
    });

    it('round-trips every field and scopes lookups by organisation and tags', async () => {
      const m = makeMemory(orgA.id, {
        containerTags: ['user-a', 'team'],
        memory: 'Dana is allergic to peanuts.',
        isStatic: true,
        subject: 'Dana',
        attribute: 'allergy',
        eventDate: '2024-05-01',
        forgetAfter: future(),
        forgetReason: null,
        documentIds: ['doc-1', 'doc-2'],
        sourceCount: 2,
        metadata: { source: 'chat', n: 3, ok: true, tags: ['x'] },
      });
      await store.memories.insertMemory(m, { model: MODEL, vector: axis(0) });
      expect(await store.memories.getMemory(orgA.id, m.id)).toEqual(m);
      expect(await store.memories.getMemory(orgA.id, m.id, ['team'])).toEqual(m);
      expect(await store.memories.getMemory(orgA.id, m.id, ['other'])).toBeNull();
      expect(await store.memories.getMemory(orgB.id, m.id)).toBeNull();
      expect(await store.memories.getMemoriesByIds(orgA.id, [m.id, 'missing'])).toEqual([m]);
      expect(await store.memories.getMemoriesByIds(orgB.id, [m.id])).toEqual([]);
    });

    it('lists latest, unforgotten memories by default, with filters, sort and pagination', async () => {
      const a1 = makeMemory(orgA.id, { isStatic: true, documentIds: ['d1'] });
      const a2 = makeMemory(orgA.id, { containerTags: ['user-b'] });
      const old = makeMemory(orgA.id, { isLatest: false });
      const forgotten = makeMemory(orgA.id, { isForgotten: true, forgottenAt: isoAt(99), forgetReason: 'asked' });
      const expired = makeMemory(orgA.id, { forgetAfter: past() });
      const other = makeMemory(orgB.id);
      for (const m of [a1, a2, old, forgotten, expired, other]) await store.memories.insertMemory(m);
      const list = (q: Parameters<Store['memories']['listMemories']>[1]) => store.memories.listMemories(orgA.id, q);
      expect(ids((await list({ limit: 10, offset: 0 })).memories)).toEqual(ids([a1, a2]));
      expect((await list({ limit: 10, offset: 0 })).total).toBe(2);
      expect(ids((await list({ limit: 10, offset: 0, containerTags: ['user-b'] })).memories)).toEqual([a2.id]);
      expect(ids((await list({ limit: 10, offset: 0, isStatic: true })).memories)).toEqual([a1.id]);
      expect(ids((await list({ limit: 10, offset: 0, documentId: 'd1' })).memories)).toEqual([a1.id]);
      expect(ids((await list({ limit: 10, offset: 0, includeForgotten: true })).memories)).toEqual(ids([a1, a2, forgotten, expired]));
      expect(ids((await list({ limit: 10, offset: 0, includeSuperseded: true })).memories)).toEqual(ids([a1, a2, old]));
      const page = await list({ limit: 1, offset: 1, sort: 'createdAt', order: 'asc', includeForgotten: true, includeSuperseded: true });
      expect(page.memories.map((m) => m.id)).toEqual([a2.id]);
      expect(page.total).toBe(5);
    });

    it('updates fields, tags and sources, and finds memories by exact content, history and source document', async () => {
      const v1 = makeMemory(orgA.id, { memory: 'Dana lives in Paris.', documentIds: ['d-paris'] });
      await store.memories.insertMemory(v1, { model: MODEL, vector: axis(1) });
      const v2 = makeMemory(orgA.id, { memory: 'Dana lives in Berlin.', version: 2, parentMemoryId: v1.id, rootMemoryId: v1.id, relation: 'updates', documentIds: ['d-berlin'] });
      await store.memories.insertMemory(v2, { model: MODEL, vector: axis(2) });
      const superseded = await store.memories.updateMemory(orgA.id, v1.id, { isLatest: false, updatedAt: isoAt(500) });
      expect(superseded).toEqual({ ...v1, isLatest: false, updatedAt: isoAt(500) });
      expect(await store.memories.updateMemory(orgA.id, 'missing', { isLatest: false })).toBeNull();
      expect(ids(await store.memories.findMemoriesByContent(orgA.id, ['user-a'], 'Dana lives in Berlin.'))).toEqual([v2.id]);
      expect(await store.memories.findMemoriesByContent(orgA.id, ['user-a'], 'Dana lives in Paris.')).toEqual([]);
      expect(await store.memories.findMemoriesByContent(orgA.id, ['user-b'], 'Dana lives in Berlin.')).toEqual([]);
      expect((await store.memories.memoryHistory(orgA.id, v1.id)).map((m) => m.version)).toEqual([1, 2]);
      expect(ids(await store.memories.memoriesOfDocument(orgA.id, 'd-berlin'))).toEqual([v2.id]);

      const moved = await store.memories.updateMemory(orgA.id, v2.id, { containerTags: ['user-z'], documentIds: ['d-berlin', 'd-2'], sourceCount: 2 });
      expect(moved).toMatchObject({ containerTags: ['user-z'], documentIds: ['d-berlin', 'd-2'], sourceCount: 2 });
      expect(ids(await store.memories.memoriesOfDocument(orgA.id, 'd-2'))).toEqual([v2.id]);
      const byDocument = await store.memories.memoriesOfDocuments(orgA.id, ['d-berlin', 'd-2', 'd-none', 'd-2']);
      expect([...byDocument.keys()]).toEqual(['d-berlin', 'd-2', 'd-none']);
      expect(ids(byDocument.get('d-berlin')!)).toEqual([v2.id]);
      expect(ids(byDocument.get('d-2')!)).toEqual([v2.id]);
      expect(byDocument.get('d-none')).toEqual([]);
      expect((await store.memories.memoriesOfDocuments(orgB.id, ['d-berlin'])).get('d-berlin')).toEqual([]);
      expect((await store.memories.memoriesOfDocuments(orgA.id, [])).size).toBe(0);
      expect(await store.memories.getMemory(orgA.id, v2.id, ['user-a'])).toBeNull();
      expect(await store.memories.getMemory(orgA.id, v2.id, ['user-z'])).not.toBeNull();
    });

    it('finds latest memories by subject (any case) and attribute within the tags', async () => {
      const home = makeMemory(orgA.id, { memory: 'Dana lives in Paris.', subject: 'Dana', attribute: 'home city' });
      const job = makeMemory(orgA.id, { memory: 'Dana works at Acme.', subject: 'Dana', attribute: 'employer' });
      const old = makeMemory(orgA.id, { memory: 'Dana lives in Lyon.', subject: 'Dana', attribute: 'home city', isLatest: false });
      const other = makeMemory(orgA.id, { memory: 'Dana lives in Rome.', subject: 'Dana', attribute: 'home city', containerTags: ['user-b'] });
      const foreign = makeMemory(orgB.id, { memory: 'Dana lives in Oslo.', subject: 'Dana', attribute: 'home city' });
      for (const m of [home, job, old, other, foreign]) await store.memories.insertMemory(m);
      expect(ids(await store.memories.findMemoriesBySubject(orgA.id, ['user-a'], 'dana', 'home city'))).toEqual([home.id]);
      expect(ids(await store.memories.findMemoriesBySubject(orgA.id, ['user-a', 'user-b'], 'DANA', 'home city'))).toEqual(ids([home, other]));
      expect(await store.memories.findMemoriesBySubject(orgA.id, ['user-a'], 'Eli', 'home city')).toEqual([]);
    });

    it('finds the memories of several subject + attribute pairs at once, latest and within the tags', async () => {
      const home = makeMemory(orgA.id, { memory: 'Dana lives in Paris.', subject: 'Dana', attribute: 'residence' });
      const job = makeMemory(orgA.id, { memory: 'Eli works at Acme.', subject: 'Eli', attribute: 'employer' });
      const jobOld = makeMemory(orgA.id, { memory: 'Eli works at Initech.', subject: 'Eli', attribute: 'employer', isLatest: false });
      const allergy = makeMemory(orgA.id, { memory: 'Dana is allergic to peanuts.', subject: 'dana', attribute: 'allergy:peanut' });
      const elsewhere = makeMemory(orgA.id, { memory: 'Dana lives in Rome.', subject: 'Dana', attribute: 'residence', containerTags: ['user-b'] });
      for (const m of [home, job, jobOld, allergy, elsewhere]) await store.memories.insertMemory(m);
      const found = await store.memories.findMemoryDatesBySubjects(
        orgA.id,
        ['user-a'],
        [
          { subject: 'DANA', attribute: 'residence' },
          { subject: 'eli', attribute: 'employer' },
          { subject: 'Dana', attribute: 'allergy:peanut' },
          { subject: 'Dana', attribute: 'residence' },
        ],
      );
      expect(ids(found)).toEqual(ids([home, job, allergy]));
      expect(await store.memories.findMemoryDatesBySubjects(orgA.id, ['user-a'], [])).toEqual([]);
    });

    it('caps each subject + attribute pair at its 100 newest memories, grouped by pair in the order asked', async () => {
      // 102 current memories of one pair: its two oldest fall out, and no other pair loses a row to it.
      const busy = Array.from({ length: 102 }, (_, i) => makeMemory(orgA.id, { memory: `Dana likes dish ${i}.`, subject: 'Dana', attribute: 'likes' }));
      const home = makeMemory(orgA.id, { memory: 'Eli lives in Paris.', subject: 'Eli', attribute: 'residence' });
      const moved = makeMemory(orgA.id, { memory: 'Eli lives in Oslo.', subject: 'eli', attribute: 'residence' });
      const superseded = makeMemory(orgA.id, { memory: 'Eli lives in Lyon.', subject: 'Eli', attribute: 'residence', isLatest: false });
      const forgotten = makeMemory(orgA.id, { memory: 'Eli lives in Rome.', subject: 'Eli', attribute: 'residence', isForgotten: true, forgottenAt: isoAt(1), forgetReason: 'asked' });
      const expired = makeMemory(orgA.id, { memory: 'Eli lives in Kyiv.', subject: 'Eli', attribute: 'residence', forgetAfter: past() });
      const otherTag = makeMemory(orgA.id, { memory: 'Eli lives in Riga.', subject: 'Eli', attribute: 'residence', containerTags: ['user-b'] });
      const otherOrg = makeMemory(orgB.id, { memory: 'Eli lives in Bern.', subject: 'Eli', attribute: 'residence' });
      const otherAttribute = makeMemory(orgA.id, { memory: 'Eli works at Acme.', subject: 'Eli', attribute: 'employer' });
      const later = makeMemory(orgA.id, { memory: 'Eli is vegan.', subject: 'Eli', attribute: 'diet', containerTags: ['user-a', 'user-b'] });
      for (const m of [...busy, home, moved, superseded, forgotten, expired, otherTag, otherOrg, otherAttribute, later]) await store.memories.insertMemory(m);
      const found = await store.memories.findMemoryDatesBySubjects(orgA.id, ['user-a'], ASKED_PAIRS);
      const newestFirst = busy.slice(2).reverse();
      const expected = [moved, home, ...newestFirst, later];
      expect(found.map((m) => m.id)).toEqual(expected.map((m) => m.id));
      // Only what decides which one is current.
      expect(found).toEqual(expected.map((m) => ({ id: m.id, subject: m.subject, attribute: m.attribute, createdAt: m.createdAt, eventDate: m.eventDate })));
      expect(await store.memories.findMemoryDatesBySubjects(orgA.id, ['user-a'], [])).toEqual([]);
      // The other tag is read only when asked for; the other organisation never.
      const both = await store.memories.findMemoryDatesBySubjects(orgA.id, ['user-a', 'user-b'], [{ subject: 'Eli', attribute: 'residence' }]);
      expect(both.map((m) => m.id)).toEqual([otherTag.id, moved.id, home.id]);
      expect((await store.memories.findMemoryDatesBySubjects(orgB.id, ['user-a'], [{ subject: 'eli', attribute: 'residence' }])).map((m) => m.id)).toEqual([otherOrg.id]);
    });

    it("changes a tag's stamp with every write to its memories and when its next expiry passes, and with nothing else", async () => {
      const stamp = (tag = 'user-a', orgId = orgA.id) => store.memories.memoryTagStamp(orgId, tag);
      const s0 = await stamp();
      const m = makeMemory(orgA.id, { memory: 'Dana lives in Paris.', subject: 'Dana', attribute: 'residence' });
      await store.memories.insertMemory(m, { model: MODEL, vector: axis(0) });
      const s1 = await stamp();
      expect(s1).not.toBe(s0);
      // Reads, another tag's writes and another organisation's writes leave it as it is.
      await store.memories.listMemories(orgA.id, { containerTags: ['user-a'], limit: 10, offset: 0 });
      await store.memories.getMemory(orgA.id, m.id);
      await store.memories.insertMemory(makeMemory(orgA.id, { containerTags: ['user-b'] }));
      await store.memories.insertMemory(makeMemory(orgB.id, { containerTags: ['user-a'] }));
      expect(await stamp()).toBe(s1);
      // An update (a supersession marks the old version), a forget, a move to another tag (both tags), a delete.
      await store.memories.updateMemory(orgA.id, m.id, { isLatest: false, updatedAt: isoAt(500) });
      const s2 = await stamp();
      expect(s2).not.toBe(s1);
      await store.memories.updateMemory(orgA.id, m.id, { isForgotten: true, forgottenAt: isoAt(501), forgetReason: 'asked' });
      const s3 = await stamp();
      expect(s3).not.toBe(s2);
      const b0 = await stamp('user-b');
      await store.memories.updateMemory(orgA.id, m.id, { containerTags: ['user-b'] });
      const s4 = await stamp();
      expect(s4).not.toBe(s3);
      const b1 = await stamp('user-b');
      expect(b1).not.toBe(b0);
      await store.memories.deleteMemories(orgA.id, [m.id]);
      expect(await stamp('user-b')).not.toBe(b1);
      expect(await stamp()).toBe(s4);
      // Time alone: the tag's next expiry passing changes it; the forgetting job marking it changes it again.
      const expiring = makeMemory(orgA.id, { memory: 'Dana is in Rome this week.', forgetAfter: new Date(Date.now() + 3_600_000).toISOString() });
      await store.memories.insertMemory(expiring);
      const s5 = await stamp();
      expect(await stamp()).toBe(s5);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7_200_000 });
      try {
        const s6 = await stamp();
        expect(s6).not.toBe(s5);
        expect(await store.memories.forgetExpiredMemories(new Date().toISOString())).toBe(1);
        expect(await stamp()).not.toBe(s6);
      } finally {
        vi.useRealTimers();
      }
    });

    it('reads the version chains of several memories in one call, oldest first', async () => {
      const a1 = makeMemory(orgA.id, { memory: 'Dana lives in Paris.' });
      const a2 = makeMemory(orgA.id, { memory: 'Dana lives in Berlin.', version: 2, parentMemoryId: a1.id, rootMemoryId: a1.id, relation: 'updates', isLatest: false });
      const a3 = makeMemory(orgA.id, { memory: 'Dana lives in Oslo.', version: 3, parentMemoryId: a2.id, rootMemoryId: a1.id, relation: 'updates' });
      const b1 = makeMemory(orgA.id, { memory: 'Eli plays chess.' });
      const foreign = makeMemory(orgB.id, { memory: 'Not yours.', rootMemoryId: a1.id, version: 9 });
      for (const m of [a3, b1, a1, a2, foreign]) await store.memories.insertMemory(m);
      const chains = await store.memories.memoryHistories(orgA.id, [a1.id, b1.id, 'missing', a1.id]);
      expect([...chains.keys()].sort()).toEqual([a1.id, b1.id, 'missing'].sort());
      expect(chains.get(a1.id)!.map((m) => m.id)).toEqual([a1.id, a2.id, a3.id]);
      expect(chains.get(b1.id)!.map((m) => m.id)).toEqual([b1.id]);
      expect(chains.get('missing')).toEqual([]);
      expect((await store.memories.memoryHistory(orgA.id, a1.id)).map((m) => m.version)).toEqual([1, 2, 3]);
    });

    it('lists by support and by recency, within a recent window, and without counting when asked', async () => {
      const day = (d: string) => `${d}T12:00:00.000Z`;
      const s1 = makeMemory(orgA.id, { isStatic: true, sourceCount: 1, updatedAt: day('2026-03-01') });
      const s3 = makeMemory(orgA.id, { isStatic: true, sourceCount: 3, updatedAt: day('2026-01-01') });
      const s3new = makeMemory(orgA.id, { isStatic: true, sourceCount: 3, updatedAt: day('2026-02-01') });
      // Recency: the event date unless it lies after the update (a plan), else the day of the update.
      const event = makeMemory(orgA.id, { eventDate: '2026-03-10', updatedAt: day('2026-03-20') });
      const plan = makeMemory(orgA.id, { eventDate: '2026-09-01', updatedAt: day('2026-03-15') });
      const old = makeMemory(orgA.id, { updatedAt: day('2025-06-01') });
      const otherTag = makeMemory(orgA.id, { containerTags: ['user-b'], updatedAt: day('2026-04-01') });
      for (const m of [s1, s3, s3new, event, plan, old, otherTag]) await store.memories.insertMemory(m);
      for (const containerTags of [['user-a'], ['user-a', 'team']]) {
        const support = await store.memories.listMemories(orgA.id, { containerTags, isStatic: true, sort: 'support', order: 'desc', limit: 10, offset: 0 });
        expect(support.memories.map((m) => m.id)).toEqual([s3new.id, s3.id, s1.id]);
        expect(support.total).toBe(3);
        const recent = await store.memories.listMemories(orgA.id, { containerTags, isStatic: false, sort: 'recency', order: 'desc', recentSince: '2026-02-15', limit: 10, offset: 0, count: false });
        expect(recent.memories.map((m) => m.id)).toEqual([plan.id, event.id]);
        expect(recent.total).toBe(-1);
      }
      expect(memoryRecency(plan)).toBe('2026-03-15');
      expect(memoryRecency(event)).toBe('2026-03-10');
    });

    it('a tag listing follows every change of a memory: flags, support, tags, forgetting and expiry', async () => {
      const a = makeMemory(orgA.id, { isStatic: false });
      const b = makeMemory(orgA.id, { isStatic: true });
      const c = makeMemory(orgA.id, { isStatic: true, forgetAfter: future() });
      for (const m of [a, b, c]) await store.memories.insertMemory(m, { model: MODEL, vector: axis(5) });
      const statics = async () => (await store.memories.listMemories(orgA.id, { containerTags: ['user-a'], isStatic: true, sort: 'support', order: 'desc', limit: 10, offset: 0 })).memories.map((m) => m.id);
      expect(await statics()).toEqual([c.id, b.id]);
      await store.memories.updateMemory(orgA.id, a.id, { isStatic: true, sourceCount: 5 });
      expect(await statics()).toEqual([a.id, c.id, b.id]);
      await store.memories.updateMemory(orgA.id, b.id, { isForgotten: true });
      await store.memories.updateMemory(orgA.id, a.id, { containerTags: ['user-b'] });
      expect(await statics()).toEqual([c.id]);
      await store.memories.updateMemory(orgA.id, c.id, { forgetAfter: past() });
      expect(await statics()).toEqual([]);
      expect(await store.memories.forgetExpiredMemories(new Date().toISOString())).toBe(1);
      const all = await store.memories.listMemories(orgA.id, { containerTags: ['user-a'], includeForgotten: true, limit: 10, offset: 0 });
      expect(all.memories.map((m) => [m.id, m.isForgotten])).toEqual(
        expect.arrayContaining([
          [b.id, true],
          [c.id, true],
        ]),
      );
      expect(all.total).toBe(2);
    });

    it('vector search sees only searchable memories of the scope, and forgotten or superseded ones when asked', async () => {
      const near = makeMemory(orgA.id, { memory: 'near' });
      const far = makeMemory(orgA.id, { memory: 'far', containerTags: ['user-b'] });
      const forgotten = makeMemory(orgA.id, { memory: 'forgotten', isForgotten: true });
      const superseded = makeMemory(orgA.id, { memory: 'old', isLatest: false });
      const expired = makeMemory(orgA.id, { memory: 'expired', forgetAfter: past() });
      const foreign = makeMemory(orgB.id, { memory: 'foreign' });
      const q = axis(0);
      await store.memories.insertMemory(near, { model: MODEL, vector: axis(0) });
      await store.memories.insertMemory(far, { model: MODEL, vector: axis(1) });
      for (const m of [forgotten, superseded, expired, foreign]) await store.memories.insertMemory(m, { model: MODEL, vector: axis(0) });
      const search = (o: Partial<Parameters<Store['memories']['memoryVectorSearch']>[1]> = {}) => store.memories.memoryVectorSearch(orgA.id, { vector: q, model: MODEL, limit: 10, ...o });
      expect(candIds(await search())).toEqual([near.id, far.id]);
      expect((await search())[0]!.score).toBeCloseTo(1, 5);
      expect(candIds(await search({ containerTags: ['user-b'] }))).toEqual([far.id]);
      expect(candIds(await search({ includeForgotten: true })).sort()).toEqual([near.id, far.id, forgotten.id, expired.id].sort());
      expect(candIds(await search({ includeSuperseded: true })).sort()).toEqual([near.id, far.id, superseded.id].sort());
      expect(await store.memories.memoryVectorSearch(orgA.id, { vector: q, model: 'other-model', limit: 10 })).toEqual([]);

      // Superseding, forgetting and re-tagging change what search sees at once.
      await store.memories.updateMemory(orgA.id, near.id, { isLatest: false });
      await store.memories.updateMemory(orgA.id, far.id, { containerTags: ['user-c'] });
      expect(candIds(await search({ containerTags: ['user-a', 'user-b'] }))).toEqual([]);
      expect(candIds(await search({ containerTags: ['user-c'] }))).toEqual([far.id]);
      await store.memories.updateMemory(orgA.id, superseded.id, { isLatest: true }, { model: MODEL, vector: axis(3) });
      expect(candIds(await search({ vector: axis(3) }))[0]).toBe(superseded.id);
    });

    it('keyword search matches terms within the organisation and tags', async () => {
      const a = makeMemory(orgA.id, { memory: 'Dana adopted a greyhound named Pixel.' });
      const b = makeMemory(orgA.id, { memory: 'Eli races greyhounds on weekends.', containerTags: ['user-b'] });
      const c = makeMemory(orgB.id, { memory: 'Another greyhound story.' });
      const gone = makeMemory(orgA.id, { memory: 'A forgotten greyhound.', isForgotten: true });
      for (const m of [a, b, c, gone]) await store.memories.insertMemory(m);
      const kw = (terms: string, o: object = {}) => store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms(terms), limit: 10, ...o });
      expect(candIds(await kw('greyhound')).sort()).toEqual([a.id, b.id].sort());
      expect(candIds(await kw('greyhound', { containerTags: ['user-a'] }))).toEqual([a.id]);
      expect(candIds(await kw('greyhound', { includeForgotten: true })).sort()).toEqual([a.id, b.id, gone.id].sort());
      expect(await kw('nothingmatches')).toEqual([]);
      await store.memories.updateMemory(orgA.id, a.id, { memory: 'Dana adopted a cat.' });
      expect(candIds(await kw('greyhound'))).toEqual([b.id]);
    });

    it('keyword search leaves out terms that match more rows than the asked row budget', async () => {
      // 45 memories share "lantern"; one of them also names a heron.
      const heron = makeMemory(orgA.id, { memory: 'Dana saw a heron by the lantern.' });
      await store.memories.insertMemory(heron);
      for (let i = 0; i < 44; i++) await store.memories.insertMemory(makeMemory(orgA.id, { memory: `Lantern note ${i}.` }));
      const kw = (o: object) => store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('heron lantern'), limit: 2, ...o });
      expect(await kw({})).toHaveLength(2);
      // A budget of 5 rows (at least 20 per result asked: 40) cannot take "lantern": only the heron is matched.
      expect(candIds(await kw({ rowBudget: 5 }))).toEqual([heron.id]);
      expect(await kw({ rowBudget: 5, terms: queryTerms('lantern') })).toEqual([]);
    });

    it('a patch that repeats tags and sources (a duplicate gaining a source) keeps the memory found once by words, meaning, source and tag', async () => {
      const m = makeMemory(orgA.id, { memory: 'Dana keeps bees on the roof.', containerTags: ['user-a', 'team'], documentIds: ['doc-1'] });
      await store.memories.insertMemory(m, { model: MODEL, vector: axis(5) });
      const stamp = await store.memories.memoryTagStamp(orgA.id, 'team');
      const at = new Date().toISOString();
      const updated = await store.memories.updateMemory(orgA.id, m.id, { containerTags: ['team', 'user-a'], documentIds: ['doc-1', 'doc-2'], sourceCount: 2, updatedAt: at });
      expect(updated).toMatchObject({ containerTags: ['team', 'user-a'], documentIds: ['doc-1', 'doc-2'], sourceCount: 2, updatedAt: at });
      await store.memories.updateMemory(orgA.id, m.id, { containerTags: ['user-a', 'team'], documentIds: ['doc-2', 'doc-1'], updatedAt: at });
      expect(await store.memories.memoryTagStamp(orgA.id, 'team')).not.toBe(stamp);
      for (const tags of [['user-a'], ['team'], undefined]) {
        const scope = tags ? { containerTags: tags } : {};
        expect(candIds(await store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('bees'), limit: 10, ...scope }))).toEqual([m.id]);
        expect(candIds(await store.memories.memoryVectorSearch(orgA.id, { vector: axis(5), model: MODEL, limit: 10, ...scope }))).toEqual([m.id]);
      }
      expect(ids(await store.memories.memoriesOfDocument(orgA.id, 'doc-2'))).toEqual([m.id]);
      expect(ids(await store.memories.memoriesOfDocument(orgA.id, 'doc-1'))).toEqual([m.id]);
      expect(Object.fromEntries(await store.memories.memoryCounts(orgA.id))).toEqual({ 'user-a': 1, team: 1 });
      const listed = await store.memories.listMemories(orgA.id, { containerTags: ['team'], sort: 'support', limit: 10, offset: 0 });
      expect(listed.memories.map((x) => [x.id, x.sourceCount])).toEqual([[m.id, 2]]);

      // A new text, a tag left and a source dropped are each seen at once after such patches.
      await store.memories.updateMemory(orgA.id, m.id, { memory: 'Dana keeps hens on the roof.', containerTags: ['team'], documentIds: ['doc-2'] });
      expect(await store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('bees'), limit: 10 })).toEqual([]);
      expect(candIds(await store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('hens'), limit: 10, containerTags: ['team'] }))).toEqual([m.id]);
      expect(await store.memories.memoryKeywordSearch(orgA.id, { terms: queryTerms('hens'), limit: 10, containerTags: ['user-a'] })).toEqual([]);
      expect(await store.memories.memoryVectorSearch(orgA.id, { vector: axis(5), model: MODEL, limit: 10, containerTags: ['user-a'] })).toEqual([]);
      expect(await store.memories.memoriesOfDocument(orgA.id, 'doc-1')).toEqual([]);
    });

    it('lists the latest memories of one attribute about to expire, in every organisation, before they are forgotten', async () => {
      const planA = makeMemory(orgA.id, { attribute: 'goal:employ', forgetAfter: past() });
      const planB = makeMemory(orgB.id, { attribute: 'goal:employ', forgetAfter: past() });
      const later = makeMemory(orgA.id, { attribute: 'goal:employ', forgetAfter: future() });
      const other = makeMemory(orgA.id, { attribute: 'goal:travel', forgetAfter: past() });
      const replaced = makeMemory(orgA.id, { attribute: 'goal:employ', forgetAfter: past(), isLatest: false });
      for (const m of [planA, planB, later, other, replaced]) await store.memories.insertMemory(m, { model: MODEL, vector: axis(4) });
      expect(ids(await store.memories.expiringMemories(new Date().toISOString(), 'goal:employ'))).toEqual(ids([planA, planB]));
      await store.memories.forgetExpiredMemories(new Date().toISOString());
      expect(await store.memories.expiringMemories(new Date().toISOString(), 'goal:employ')).toEqual([]);
    });

    it('forgets expired memories of every organisation once, counts and deletes', async () => {
      const expiredA = makeMemory(orgA.id, { forgetAfter: past() });
      const expiredB = makeMemory(orgB.id, { forgetAfter: past() });
      const later = makeMemory(orgA.id, { forgetAfter: future() });
      const keep = makeMemory(orgA.id, { containerTags: ['user-a', 'team'] });
      for (const m of [expiredA, expiredB, later, keep]) await store.memories.insertMemory(m, { model: MODEL, vector: axis(4) });
      expect(await store.memories.forgetExpiredMemories(new Date().toISOString())).toBe(2);
      expect(await store.memories.forgetExpiredMemories(new Date().toISOString())).toBe(0);
      expect(await store.memories.getMemory(orgA.id, expiredA.id)).toMatchObject({ isForgotten: true, forgetReason: 'expired' });
      expect((await store.memories.getMemory(orgA.id, expiredA.id))!.forgottenAt).not.toBeNull();
      expect(Object.fromEntries(await store.memories.memoryCounts(orgA.id))).toEqual({ 'user-a': 2, team: 1 });
      expect(Object.fromEntries(await store.memories.memoryCounts(orgA.id, ['team']))).toEqual({ team: 1 });
      expect(await store.memories.deleteMemories(orgA.id, [keep.id, expiredB.id])).toBe(1);
      expect(await store.memories.getMemory(orgA.id, keep.id)).toBeNull();
      expect(await store.memories.getMemory(orgB.id, expiredB.id)).not.toBeNull();
      expect(candIds(await store.memories.memoryVectorSearch(orgA.id, { vector: axis(4), model: MODEL, limit: 10 }))).toEqual([later.id]);
    });

    it('vectors have the store fixtures dimension', () => {
      expect(axis(0)).toHaveLength(DIMS);
    });
  });
}
