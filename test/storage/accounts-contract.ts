/**
 * Conformance suite for the AccountStore port (organisations, API keys, container-tag spaces and their activity):
 * every adapter runs it unchanged, through the port only. Documents are written through the Store, because tag
 * statistics are computed from them.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/storage/store.js';
import type { ApiKeyRecord, OrganizationRecord } from '../../src/core/types.js';
import type { CleanupStore, MakeStore } from './store-contract.js';
import { isoAt, makeDocument, makeOrg } from './store-fixtures.js';

interface AccountsContext {
  store: Store;
  orgA: OrganizationRecord;
  orgB: OrganizationRecord;
}

function makeKey(orgId: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: `key-${randomUUID()}`,
    orgId,
    name: 'key',
    keyHash: `hash-${randomUUID()}`,
    prefix: 'sm_abcd',
    kind: 'root',
    permission: 'write',
    containerTags: null,
    expiresAt: null,
    enabled: true,
    rateLimitMax: null,
    rateLimitWindowMs: null,
    expiryNotices: [],
    createdAt: isoAt(1),
    revokedAt: null,
    ...over,
  };
}

/** Registers the suite; `makeStore` and `cleanup` as for runStoreContract. */
export function runAccountsContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe(`AccountStore contract: ${name}`, () => {
    const ctx = {} as AccountsContext;
    beforeEach(async () => {
      ctx.store = await makeStore();
      ctx.orgA = makeOrg('a');
      ctx.orgB = { ...makeOrg('b'), createdAt: isoAt(5) };
      await ctx.store.upsertOrganization(ctx.orgA);
      await ctx.store.upsertOrganization(ctx.orgB);
    });
    afterEach(async () => {
      if (cleanup) await cleanup(ctx.store);
      await ctx.store.close();
    });

    organizationsContract(ctx);
    keysContract(ctx);
    containerTagsContract(ctx);
    containerTagStatsContract(ctx);
  });
}

function organizationsContract(ctx: AccountsContext): void {
  describe('organisations', () => {
    it('upserts by id, keeping createdAt, and gets by id', async () => {
      const { store, orgA, orgB } = ctx;
      expect(await store.getOrganization(orgA.id)).toEqual(orgA);
      await store.upsertOrganization({ ...orgA, name: 'Renamed', slug: 'renamed', createdAt: isoAt(99) });
      expect(await store.getOrganization(orgA.id)).toEqual({ ...orgA, name: 'Renamed', slug: 'renamed' });
      expect(await store.getOrganization(orgB.id)).toEqual(orgB);
      expect(await store.getOrganization(`missing-${randomUUID()}`)).toBeNull();
    });

    it('lists every organisation, oldest first, then by id', async () => {
      const { store, orgA, orgB } = ctx;
      const sameTime = [
        { ...makeOrg('c'), id: 'org-same-2', createdAt: isoAt(3) },
        { ...makeOrg('d'), id: 'org-same-1', createdAt: isoAt(3) },
      ];
      for (const org of sameTime) await store.upsertOrganization(org);
      expect(await store.listOrganizations()).toEqual([orgA, sameTime[1], sameTime[0], orgB]);
    });
  });
}

function keysContract(ctx: AccountsContext): void {
  describe('api keys', () => {
    it('round-trips every field, found by hash and by id; a duplicate hash keeps the stored key', async () => {
      const { store, orgA, orgB } = ctx;
      const scoped = makeKey(orgA.id, {
        name: 'ci',
        kind: 'scoped',
        permission: 'read',
        containerTags: ['team-1', 'team-2'],
        expiresAt: isoAt(60),
        rateLimitMax: 500,
        rateLimitWindowMs: 60_000,
        expiryNotices: ['7d', '1d'],
      });
      await store.insertApiKey(scoped);
      expect(await store.findApiKeyByHash(scoped.keyHash)).toEqual(scoped);
      expect(await store.getApiKey(scoped.id)).toEqual(scoped);
      expect(await store.getApiKey(scoped.id, orgA.id)).toEqual(scoped);
      expect(await store.getApiKey(scoped.id, orgB.id)).toBeNull();
      expect(await store.getApiKey(`missing-${randomUUID()}`)).toBeNull();
      expect(await store.findApiKeyByHash(`hash-${randomUUID()}`)).toBeNull();

      const dup = makeKey(orgB.id, { keyHash: scoped.keyHash, name: 'intruder' });
      await store.insertApiKey(dup);
      expect(await store.findApiKeyByHash(scoped.keyHash)).toEqual(scoped);
      expect(await store.getApiKey(dup.id)).toBeNull();
      expect(await store.listApiKeys(orgB.id)).toEqual([]);
    });

    it("lists an organisation's keys oldest first, revoked and disabled ones included", async () => {
      const { store, orgA, orgB } = ctx;
      const late = makeKey(orgA.id, { createdAt: isoAt(9), revokedAt: isoAt(10) });
      const early = makeKey(orgA.id, { createdAt: isoAt(2), enabled: false });
      const tieB = makeKey(orgA.id, { id: 'key-tie-b', createdAt: isoAt(4) });
      const tieA = makeKey(orgA.id, { id: 'key-tie-a', createdAt: isoAt(4) });
      const other = makeKey(orgB.id);
      for (const k of [late, early, tieB, tieA, other]) await store.insertApiKey(k);
      expect(await store.listApiKeys(orgA.id)).toEqual([early, tieA, tieB, late]);
      expect(await store.listApiKeys(orgB.id)).toEqual([other]);
      expect(await store.listApiKeys(`missing-${randomUUID()}`)).toEqual([]);
    });

    it('updates the patched fields only and returns the key; an unknown id gives null', async () => {
      const { store, orgA } = ctx;
      const key = makeKey(orgA.id, { name: 'before', expiresAt: isoAt(50) });
      const neighbour = makeKey(orgA.id);
      await store.insertApiKey(key);
      await store.insertApiKey(neighbour);

      expect(await store.updateApiKey(key.id, {})).toEqual(key);
      const renamed = await store.updateApiKey(key.id, { name: 'after', enabled: false });
      expect(renamed).toEqual({ ...key, name: 'after', enabled: false });
      const patched = await store.updateApiKey(key.id, { revokedAt: isoAt(7), expiresAt: null, expiryNotices: ['7d'], enabled: true, name: undefined });
      const expected = { ...key, name: 'after', enabled: true, revokedAt: isoAt(7), expiresAt: null, expiryNotices: ['7d'] };
      expect(patched).toEqual(expected);
      expect(await store.findApiKeyByHash(key.keyHash)).toEqual(expected);
      expect(await store.getApiKey(neighbour.id)).toEqual(neighbour);
      expect(await store.updateApiKey(`missing-${randomUUID()}`, { name: 'x' })).toBeNull();
    });

    it('lists enabled, unrevoked keys of every organisation expiring at or before a time, soonest first', async () => {
      const { store, orgA, orgB } = ctx;
      const soonA = makeKey(orgA.id, { expiresAt: isoAt(10) });
      const soonB = makeKey(orgB.id, { kind: 'scoped', containerTags: ['t'], expiresAt: isoAt(5) });
      const atLimit = makeKey(orgA.id, { expiresAt: isoAt(20) });
      const later = makeKey(orgA.id, { expiresAt: isoAt(21) });
      const never = makeKey(orgA.id, { expiresAt: null });
      const revoked = makeKey(orgA.id, { expiresAt: isoAt(6), revokedAt: isoAt(1) });
      const disabled = makeKey(orgB.id, { expiresAt: isoAt(7), enabled: false });
      for (const k of [soonA, soonB, atLimit, later, never, revoked, disabled]) await store.insertApiKey(k);
      expect(await store.listKeysExpiringBefore(isoAt(20))).toEqual([soonB, soonA, atLimit]);
      expect(await store.listKeysExpiringBefore(isoAt(0))).toEqual([]);

      await store.updateApiKey(soonA.id, { enabled: false });
      await store.updateApiKey(disabled.id, { enabled: true });
      expect((await store.listKeysExpiringBefore(isoAt(20))).map((k) => k.id)).toEqual([soonB.id, disabled.id, atLimit.id]);
    });
  });
}

function containerTagsContract(ctx: AccountsContext): void {
  describe('container-tag records', () => {
    it('creates a record on the first upsert, then patches only the fields given', async () => {
      const { store, orgA } = ctx;
      expect(await store.getContainerTag(orgA.id, 'space')).toBeNull();
      const created = await store.upsertContainerTag(orgA.id, 'space', {}, isoAt(1));
      expect(created).toEqual({ orgId: orgA.id, tag: 'space', name: null, entityContext: null, createdAt: isoAt(1), updatedAt: isoAt(1) });
      expect(await store.getContainerTag(orgA.id, 'space')).toEqual(created);

      const named = await store.upsertContainerTag(orgA.id, 'space', { name: 'Space', entityContext: 'about it' }, isoAt(2));
      expect(named).toEqual({ ...created, name: 'Space', entityContext: 'about it', updatedAt: isoAt(2) });
      const renamed = await store.upsertContainerTag(orgA.id, 'space', { name: 'Renamed' }, isoAt(3));
      expect(renamed).toEqual({ ...named, name: 'Renamed', updatedAt: isoAt(3) });
      const cleared = await store.upsertContainerTag(orgA.id, 'space', { entityContext: null }, isoAt(4));
      expect(cleared).toEqual({ ...renamed, entityContext: null, updatedAt: isoAt(4) });
      expect(await store.getContainerTag(orgA.id, 'space')).toEqual(cleared);

      const withFields = await store.upsertContainerTag(orgA.id, 'fresh', { name: 'Fresh' }, isoAt(5));
      expect(withFields).toEqual({ orgId: orgA.id, tag: 'fresh', name: 'Fresh', entityContext: null, createdAt: isoAt(5), updatedAt: isoAt(5) });
    });

    it('lists records by tag (optionally only some tags) and deletes them; organisations never mix', async () => {
      const { store, orgA, orgB } = ctx;
      for (const tag of ['zeta', 'alpha', 'mid']) await store.upsertContainerTag(orgA.id, tag, { name: tag.toUpperCase() }, isoAt(1));
      const theirs = await store.upsertContainerTag(orgB.id, 'alpha', { name: 'Theirs' }, isoAt(2));

      expect((await store.listContainerTags(orgA.id)).map((r) => [r.tag, r.name])).toEqual([
        ['alpha', 'ALPHA'],
        ['mid', 'MID'],
        ['zeta', 'ZETA'],
      ]);
      expect((await store.listContainerTags(orgA.id, ['zeta', 'alpha', 'nowhere'])).map((r) => r.tag)).toEqual(['alpha', 'zeta']);
      expect(await store.listContainerTags(orgA.id, [])).toEqual([]);
      expect(await store.listContainerTags(orgB.id)).toEqual([theirs]);
      expect(await store.getContainerTag(orgB.id, 'mid')).toBeNull();

      await store.deleteContainerTag(orgA.id, 'alpha');
      await store.deleteContainerTag(orgA.id, 'never-existed');
      expect((await store.listContainerTags(orgA.id)).map((r) => r.tag)).toEqual(['mid', 'zeta']);
      expect(await store.getContainerTag(orgA.id, 'alpha')).toBeNull();
      expect(await store.getContainerTag(orgB.id, 'alpha')).toEqual(theirs);
      // A deleted record can be created again, from scratch.
      expect(await store.upsertContainerTag(orgA.id, 'alpha', {}, isoAt(9))).toMatchObject({ name: null, createdAt: isoAt(9) });
    });
  });
}

function containerTagStatsContract(ctx: AccountsContext): void {
  describe('container-tag statistics', () => {
    it('counts documents per tag with their first creation and last activity, by tag; records do not count', async () => {
      const { store, orgA, orgB } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['a'], createdAt: isoAt(10), updatedAt: isoAt(40) });
      const d2 = makeDocument(orgA.id, { containerTags: ['b', 'a'], createdAt: isoAt(20), updatedAt: isoAt(25) });
      const d3 = makeDocument(orgA.id, { containerTags: ['b'], createdAt: isoAt(15), updatedAt: isoAt(30) });
      const other = makeDocument(orgB.id, { containerTags: ['a'], createdAt: isoAt(1), updatedAt: isoAt(99) });
      for (const d of [d1, d2, d3, other]) await store.insertDocument(d);
      await store.upsertContainerTag(orgA.id, 'record-only', { name: 'R' }, isoAt(50));

      expect(await store.containerTagStats(orgA.id)).toEqual([
        { tag: 'a', documentCount: 2, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(40) },
        { tag: 'b', documentCount: 2, firstCreatedAt: isoAt(15), lastActivityAt: isoAt(30) },
      ]);
      expect(await store.containerTagStats(orgA.id, ['b', 'record-only', 'nowhere'])).toEqual([
        { tag: 'b', documentCount: 2, firstCreatedAt: isoAt(15), lastActivityAt: isoAt(30) },
      ]);
      expect(await store.containerTagStats(orgA.id, [])).toEqual([]);
      expect(await store.containerTagStats(orgB.id)).toEqual([{ tag: 'a', documentCount: 1, firstCreatedAt: isoAt(1), lastActivityAt: isoAt(99) }]);
      expect(await store.containerTagStats(`missing-${randomUUID()}`)).toEqual([]);
    });

    it('follows documents as they are retagged, updated and deleted', async () => {
      const { store, orgA } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['x'], createdAt: isoAt(10), updatedAt: isoAt(10) });
      const d2 = makeDocument(orgA.id, { containerTags: ['x'], createdAt: isoAt(20), updatedAt: isoAt(20) });
      await store.insertDocument(d1);
      await store.insertDocument(d2);

      await store.updateDocument(orgA.id, d1.id, { containerTags: ['y', 'x'], updatedAt: isoAt(30) });
      expect(await store.containerTagStats(orgA.id)).toEqual([
        { tag: 'x', documentCount: 2, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(30) },
        { tag: 'y', documentCount: 1, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(30) },
      ]);
      await store.updateDocument(orgA.id, d1.id, { containerTags: ['y'], updatedAt: isoAt(31) });
      await store.deleteDocuments(orgA.id, [d2.id]);
      expect(await store.containerTagStats(orgA.id)).toEqual([{ tag: 'y', documentCount: 1, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(31) }]);
    });
  });
}
