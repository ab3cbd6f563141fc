/**
 * Conformance suite for the AccountStore port (organisations, API keys, container-tag spaces and their activity):
 * every adapter runs it unchanged, through the port only. Documents are written through the Store, because tag
 * statistics are computed from them.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/storage/store.js';
import type { ApiKeyRecord, OrganizationRecord } from '../../src/core/types.js';
import type { OAuthGrantRecord } from '../../src/storage/accounts.js';
import type { CleanupStore, MakeStore } from './contract-context.js';
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
      await ctx.store.accounts.upsertOrganization(ctx.orgA);
      await ctx.store.accounts.upsertOrganization(ctx.orgB);
    });
    afterEach(async () => {
      if (cleanup) await cleanup(ctx.store);
      await ctx.store.close();
    });

    organizationsContract(ctx);
    keysContract(ctx);
    containerTagsContract(ctx);
    containerTagStatsContract(ctx);
    agentAccessContract(ctx);
  });
}

function organizationsContract(ctx: AccountsContext): void {
  describe('organisations', () => {
    it('upserts by id, keeping createdAt, and gets by id', async () => {
      const { store, orgA, orgB } = ctx;
      expect(await store.accounts.getOrganization(orgA.id)).toEqual(orgA);
      await store.accounts.upsertOrganization({ ...orgA, name: 'Renamed', slug: 'renamed', createdAt: isoAt(99) });
      expect(await store.accounts.getOrganization(orgA.id)).toEqual({ ...orgA, name: 'Renamed', slug: 'renamed' });
      expect(await store.accounts.getOrganization(orgB.id)).toEqual(orgB);
      expect(await store.accounts.getOrganization(`missing-${randomUUID()}`)).toBeNull();
    });

    it('lists every organisation, oldest first, then by id', async () => {
      const { store, orgA, orgB } = ctx;
      const sameTime = [
        { ...makeOrg('c'), id: 'org-same-2', createdAt: isoAt(3) },
        { ...makeOrg('d'), id: 'org-same-1', createdAt: isoAt(3) },
      ];
      for (const org of sameTime) await store.accounts.upsertOrganization(org);
      expect(await store.accounts.listOrganizations()).toEqual([orgA, sameTime[1], sameTime[0], orgB]);
    });
  });
}

function keysContract(ctx: AccountsContext): void {
  describe('api keys', () => {
    it('finds api keys by hash, revoked ones included with revokedAt', async () => {
      const { store, orgA, orgB } = ctx;
      const active: ApiKeyRecord = {
        id: randomUUID(),
        orgId: orgA.id,
        name: 'ci',
        keyHash: `hash-${randomUUID()}`,
        prefix: 'sm_live',
        kind: 'scoped',
        permission: 'read',
        containerTags: ['team-1', 'team-2'],
        expiresAt: isoAt(60),
        enabled: true,
        rateLimitMax: 500,
        rateLimitWindowMs: 60_000,
        expiryNotices: ['7d'],
        createdAt: isoAt(1),
        revokedAt: null,
      };
      const revoked: ApiKeyRecord = {
        ...active,
        id: randomUUID(),
        orgId: orgB.id,
        name: 'old',
        keyHash: `hash-${randomUUID()}`,
        kind: 'root',
        permission: 'write',
        containerTags: null,
        expiresAt: null,
        rateLimitMax: null,
        rateLimitWindowMs: null,
        expiryNotices: [],
        revokedAt: isoAt(2),
      };
      await store.accounts.insertApiKey(active);
      await store.accounts.insertApiKey(revoked);
      expect(await store.accounts.findApiKeyByHash(active.keyHash)).toEqual(active);
      expect(await store.accounts.findApiKeyByHash(revoked.keyHash)).toEqual(revoked);
      expect(await store.accounts.findApiKeyByHash(`hash-${randomUUID()}`)).toBeNull();
    });

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
      await store.accounts.insertApiKey(scoped);
      expect(await store.accounts.findApiKeyByHash(scoped.keyHash)).toEqual(scoped);
      expect(await store.accounts.getApiKey(scoped.id)).toEqual(scoped);
      expect(await store.accounts.getApiKey(scoped.id, orgA.id)).toEqual(scoped);
      expect(await store.accounts.getApiKey(scoped.id, orgB.id)).toBeNull();
      expect(await store.accounts.getApiKey(`missing-${randomUUID()}`)).toBeNull();
      expect(await store.accounts.findApiKeyByHash(`hash-${randomUUID()}`)).toBeNull();

      const dup = makeKey(orgB.id, { keyHash: scoped.keyHash, name: 'intruder' });
      await store.accounts.insertApiKey(dup);
      expect(await store.accounts.findApiKeyByHash(scoped.keyHash)).toEqual(scoped);
      expect(await store.accounts.getApiKey(dup.id)).toBeNull();
      expect(await store.accounts.listApiKeys(orgB.id)).toEqual([]);
    });

    it("lists an organisation's keys oldest first, revoked and disabled ones included", async () => {
      const { store, orgA, orgB } = ctx;
      const late = makeKey(orgA.id, { createdAt: isoAt(9), revokedAt: isoAt(10) });
      const early = makeKey(orgA.id, { createdAt: isoAt(2), enabled: false });
      const tieB = makeKey(orgA.id, { id: 'key-tie-b', createdAt: isoAt(4) });
      const tieA = makeKey(orgA.id, { id: 'key-tie-a', createdAt: isoAt(4) });
      const other = makeKey(orgB.id);
      for (const k of [late, early, tieB, tieA, other]) await store.accounts.insertApiKey(k);
      expect(await store.accounts.listApiKeys(orgA.id)).toEqual([early, tieA, tieB, late]);
      expect(await store.accounts.listApiKeys(orgB.id)).toEqual([other]);
      expect(await store.accounts.listApiKeys(`missing-${randomUUID()}`)).toEqual([]);
    });

    it('updates the patched fields only and returns the key; an unknown id gives null', async () => {
      const { store, orgA } = ctx;
      const key = makeKey(orgA.id, { name: 'before', expiresAt: isoAt(50) });
      const neighbour = makeKey(orgA.id);
      await store.accounts.insertApiKey(key);
      await store.accounts.insertApiKey(neighbour);

      expect(await store.accounts.updateApiKey(key.id, {})).toEqual(key);
      const renamed = await store.accounts.updateApiKey(key.id, { name: 'after', enabled: false });
      expect(renamed).toEqual({ ...key, name: 'after', enabled: false });
      const patched = await store.accounts.updateApiKey(key.id, { revokedAt: isoAt(7), expiresAt: null, expiryNotices: ['7d'], enabled: true, name: undefined });
      const expected = { ...key, name: 'after', enabled: true, revokedAt: isoAt(7), expiresAt: null, expiryNotices: ['7d'] };
      expect(patched).toEqual(expected);
      expect(await store.accounts.findApiKeyByHash(key.keyHash)).toEqual(expected);
      expect(await store.accounts.getApiKey(neighbour.id)).toEqual(neighbour);
      expect(await store.accounts.updateApiKey(`missing-${randomUUID()}`, { name: 'x' })).toBeNull();
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
      for (const k of [soonA, soonB, atLimit, later, never, revoked, disabled]) await store.accounts.insertApiKey(k);
      expect(await store.accounts.listKeysExpiringBefore(isoAt(20))).toEqual([soonB, soonA, atLimit]);
      expect(await store.accounts.listKeysExpiringBefore(isoAt(0))).toEqual([]);

      await store.accounts.updateApiKey(soonA.id, { enabled: false });
      await store.accounts.updateApiKey(disabled.id, { enabled: true });
      expect((await store.accounts.listKeysExpiringBefore(isoAt(20))).map((k) => k.id)).toEqual([soonB.id, disabled.id, atLimit.id]);
    });
  });
}

function containerTagsContract(ctx: AccountsContext): void {
  describe('container-tag records', () => {
    it('creates a record on the first upsert, then patches only the fields given', async () => {
      const { store, orgA } = ctx;
      expect(await store.accounts.getContainerTag(orgA.id, 'space')).toBeNull();
      const created = await store.accounts.upsertContainerTag(orgA.id, 'space', {}, isoAt(1));
      expect(created).toEqual({ orgId: orgA.id, tag: 'space', name: null, entityContext: null, createdAt: isoAt(1), updatedAt: isoAt(1) });
      expect(await store.accounts.getContainerTag(orgA.id, 'space')).toEqual(created);

      const named = await store.accounts.upsertContainerTag(orgA.id, 'space', { name: 'Space', entityContext: 'about it' }, isoAt(2));
      expect(named).toEqual({ ...created, name: 'Space', entityContext: 'about it', updatedAt: isoAt(2) });
      const renamed = await store.accounts.upsertContainerTag(orgA.id, 'space', { name: 'Renamed' }, isoAt(3));
      expect(renamed).toEqual({ ...named, name: 'Renamed', updatedAt: isoAt(3) });
      const cleared = await store.accounts.upsertContainerTag(orgA.id, 'space', { entityContext: null }, isoAt(4));
      expect(cleared).toEqual({ ...renamed, entityContext: null, updatedAt: isoAt(4) });
      expect(await store.accounts.getContainerTag(orgA.id, 'space')).toEqual(cleared);

      const withFields = await store.accounts.upsertContainerTag(orgA.id, 'fresh', { name: 'Fresh' }, isoAt(5));
      expect(withFields).toEqual({ orgId: orgA.id, tag: 'fresh', name: 'Fresh', entityContext: null, createdAt: isoAt(5), updatedAt: isoAt(5) });
    });

    it('lists records by tag (optionally only some tags) and deletes them; organisations never mix', async () => {
      const { store, orgA, orgB } = ctx;
      for (const tag of ['zeta', 'alpha', 'mid']) await store.accounts.upsertContainerTag(orgA.id, tag, { name: tag.toUpperCase() }, isoAt(1));
      const theirs = await store.accounts.upsertContainerTag(orgB.id, 'alpha', { name: 'Theirs' }, isoAt(2));

      expect((await store.accounts.listContainerTags(orgA.id)).map((r) => [r.tag, r.name])).toEqual([
        ['alpha', 'ALPHA'],
        ['mid', 'MID'],
        ['zeta', 'ZETA'],
      ]);
      expect((await store.accounts.listContainerTags(orgA.id, ['zeta', 'alpha', 'nowhere'])).map((r) => r.tag)).toEqual(['alpha', 'zeta']);
      expect(await store.accounts.listContainerTags(orgA.id, [])).toEqual([]);
      expect(await store.accounts.listContainerTags(orgB.id)).toEqual([theirs]);
      expect(await store.accounts.getContainerTag(orgB.id, 'mid')).toBeNull();

      await store.accounts.deleteContainerTag(orgA.id, 'alpha');
      await store.accounts.deleteContainerTag(orgA.id, 'never-existed');
      expect((await store.accounts.listContainerTags(orgA.id)).map((r) => r.tag)).toEqual(['mid', 'zeta']);
      expect(await store.accounts.getContainerTag(orgA.id, 'alpha')).toBeNull();
      expect(await store.accounts.getContainerTag(orgB.id, 'alpha')).toEqual(theirs);
      // A deleted record can be created again, from scratch.
      expect(await store.accounts.upsertContainerTag(orgA.id, 'alpha', {}, isoAt(9))).toMatchObject({ name: null, createdAt: isoAt(9) });
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
      for (const d of [d1, d2, d3, other]) await store.documents.insertDocument(d);
      await store.accounts.upsertContainerTag(orgA.id, 'record-only', { name: 'R' }, isoAt(50));

      expect(await store.accounts.containerTagStats(orgA.id)).toEqual([
        { tag: 'a', documentCount: 2, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(40) },
        { tag: 'b', documentCount: 2, firstCreatedAt: isoAt(15), lastActivityAt: isoAt(30) },
      ]);
      expect(await store.accounts.containerTagStats(orgA.id, ['b', 'record-only', 'nowhere'])).toEqual([{ tag: 'b', documentCount: 2, firstCreatedAt: isoAt(15), lastActivityAt: isoAt(30) }]);
      expect(await store.accounts.containerTagStats(orgA.id, [])).toEqual([]);
      expect(await store.accounts.containerTagStats(orgB.id)).toEqual([{ tag: 'a', documentCount: 1, firstCreatedAt: isoAt(1), lastActivityAt: isoAt(99) }]);
      expect(await store.accounts.containerTagStats(`missing-${randomUUID()}`)).toEqual([]);
    });

    it('follows documents as they are retagged, updated and deleted', async () => {
      const { store, orgA } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['x'], createdAt: isoAt(10), updatedAt: isoAt(10) });
      const d2 = makeDocument(orgA.id, { containerTags: ['x'], createdAt: isoAt(20), updatedAt: isoAt(20) });
      await store.documents.insertDocument(d1);
      await store.documents.insertDocument(d2);

      await store.documents.updateDocument(orgA.id, d1.id, { containerTags: ['y', 'x'], updatedAt: isoAt(30) });
      expect(await store.accounts.containerTagStats(orgA.id)).toEqual([
        { tag: 'x', documentCount: 2, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(30) },
        { tag: 'y', documentCount: 1, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(30) },
      ]);
      await store.documents.updateDocument(orgA.id, d1.id, { containerTags: ['y'], updatedAt: isoAt(31) });
      await store.documents.deleteDocuments(orgA.id, [d2.id]);
      expect(await store.accounts.containerTagStats(orgA.id)).toEqual([{ tag: 'y', documentCount: 1, firstCreatedAt: isoAt(10), lastActivityAt: isoAt(31) }]);
    });
  });
}

function makeGrant(orgId: string, over: Partial<OAuthGrantRecord> = {}): OAuthGrantRecord {
  return {
    id: `oag_${randomUUID()}`,
    orgId,
    subjectKeyId: 'key-1',
    containerTags: ['tag-a'],
    permission: 'write',
    rateLimitMax: 500,
    rateLimitWindowMs: 60_000,
    clientId: 'client-1',
    clientName: 'Claude',
    resource: 'http://localhost/mcp',
    accessHash: `at-${randomUUID()}`,
    accessExpiresAt: isoAt(10),
    refreshHash: `rt-${randomUUID()}`,
    refreshExpiresAt: isoAt(20),
    previousRefreshHash: null,
    createdAt: isoAt(1),
    updatedAt: isoAt(1),
    revokedAt: null,
    ...over,
  };
}

function agentAccessContract(ctx: AccountsContext): void {
  describe('agent access (OAuth clients, codes, grants, sign-in links, MCP sessions)', () => {
    it('stores a client with its metadata and reads it back by id', async () => {
      const client = {
        id: `cl_${randomUUID()}`,
        secretHash: null,
        name: 'Cursor',
        redirectUris: ['http://127.0.0.1:3000/callback'],
        tokenEndpointAuthMethod: 'none' as const,
        metadata: { client_uri: 'https://example.com', 'odd.key$': 1 },
        createdAt: isoAt(1),
      };
      await ctx.store.agentAccess.insertOAuthClient(client);
      expect(await ctx.store.agentAccess.getOAuthClient(client.id)).toEqual(client);
      expect(await ctx.store.agentAccess.getOAuthClient('cl_missing')).toBeNull();
    });

    it('gives an authorization code out once', async () => {
      const code = {
        codeHash: `code-${randomUUID()}`,
        clientId: 'c',
        redirectUri: 'http://127.0.0.1/cb',
        codeChallenge: 'x'.repeat(43),
        resource: 'http://localhost/mcp',
        expiresAt: isoAt(10),
        createdAt: isoAt(1),
        orgId: ctx.orgA.id,
        subjectKeyId: 'k',
        containerTags: null,
        permission: 'read' as const,
        rateLimitMax: null,
        rateLimitWindowMs: null,
      };
      await ctx.store.agentAccess.insertOAuthCode(code);
      const taken = await Promise.all([ctx.store.agentAccess.takeOAuthCode(code.codeHash), ctx.store.agentAccess.takeOAuthCode(code.codeHash)]);
      expect(taken.filter((t) => t !== null)).toEqual([code]);
      expect(await ctx.store.agentAccess.takeOAuthCode(code.codeHash)).toBeNull();
    });

    it('finds grants by access and refresh hash, rotates once per refresh token, remembers the replaced one', async () => {
      const g = makeGrant(ctx.orgA.id);
      await ctx.store.agentAccess.insertOAuthGrant(g);
      expect(await ctx.store.agentAccess.findGrantByAccessHash(g.accessHash)).toEqual(g);
      expect(await ctx.store.agentAccess.findGrantByRefreshHash(g.refreshHash)).toEqual(g);
      const next = { accessHash: 'at-next', accessExpiresAt: isoAt(30), refreshHash: 'rt-next', refreshExpiresAt: isoAt(40), updatedAt: isoAt(2) };
      const rotated = await ctx.store.agentAccess.rotateOAuthGrant(g.id, g.refreshHash, next);
      expect(rotated).toEqual({ ...g, ...next, previousRefreshHash: g.refreshHash });
      // The same refresh token again loses: it is no longer current.
      expect(await ctx.store.agentAccess.rotateOAuthGrant(g.id, g.refreshHash, { ...next, accessHash: 'at-x', refreshHash: 'rt-x' })).toBeNull();
      expect(await ctx.store.agentAccess.findGrantByAccessHash(g.accessHash)).toBeNull();
      expect((await ctx.store.agentAccess.findGrantByAccessHash('at-next'))?.id).toBe(g.id);
      // The replaced refresh token still leads to the grant (reuse detection).
      expect((await ctx.store.agentAccess.findGrantByRefreshHash(g.refreshHash))?.id).toBe(g.id);
    });

    it('lists grants of one organisation, oldest first, and revokes one', async () => {
      const a1 = makeGrant(ctx.orgA.id, { createdAt: isoAt(2) });
      const a2 = makeGrant(ctx.orgA.id, { createdAt: isoAt(1) });
      const b1 = makeGrant(ctx.orgB.id);
      for (const g of [a1, a2, b1]) await ctx.store.agentAccess.insertOAuthGrant(g);
      expect((await ctx.store.agentAccess.listOAuthGrants(ctx.orgA.id)).map((g) => g.id)).toEqual([a2.id, a1.id]);
      expect(await ctx.store.agentAccess.getOAuthGrant(a1.id, ctx.orgB.id)).toBeNull();
      await ctx.store.agentAccess.revokeOAuthGrant(a1.id, isoAt(9));
      expect((await ctx.store.agentAccess.getOAuthGrant(a1.id))?.revokedAt).toBe(isoAt(9));
      await ctx.store.agentAccess.revokeOAuthGrant(a1.id, isoAt(11));
      expect((await ctx.store.agentAccess.getOAuthGrant(a1.id, ctx.orgA.id))?.revokedAt).toBe(isoAt(9));
      expect(await ctx.store.agentAccess.rotateOAuthGrant(a1.id, a1.refreshHash, { accessHash: 'a', accessExpiresAt: isoAt(3), refreshHash: 'r', refreshExpiresAt: isoAt(3), updatedAt: isoAt(3) })).toBeNull();
    });

    it('gives a sign-in link out once', async () => {
      const link = { tokenHash: `l-${randomUUID()}`, orgId: ctx.orgA.id, keyId: 'k', expiresAt: isoAt(5), createdAt: isoAt(1) };
      await ctx.store.agentAccess.insertSignInLink(link);
      expect(await ctx.store.agentAccess.takeSignInLink(link.tokenHash)).toEqual(link);
      expect(await ctx.store.agentAccess.takeSignInLink(link.tokenHash)).toBeNull();
    });

    it('keeps MCP sessions: put, touch, get, delete', async () => {
      const s = { id: `mcp-${randomUUID()}`, orgId: ctx.orgA.id, principalId: 'key-1', clientName: 'inspector', clientVersion: '1.0', protocolVersion: '2025-06-18', createdAt: isoAt(1), lastSeenAt: isoAt(1) };
      await ctx.store.agentAccess.putMcpSession(s);
      expect(await ctx.store.agentAccess.getMcpSession(s.id)).toEqual(s);
      await ctx.store.agentAccess.touchMcpSession(s.id, isoAt(7));
      expect(await ctx.store.agentAccess.getMcpSession(s.id)).toEqual({ ...s, lastSeenAt: isoAt(7) });
      await ctx.store.agentAccess.deleteMcpSession(s.id);
      expect(await ctx.store.agentAccess.getMcpSession(s.id)).toBeNull();
    });
  });
}
