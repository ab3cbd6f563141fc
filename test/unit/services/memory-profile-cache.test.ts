/**
 * The profile cache (services/memory-profile-cache.ts): a repeated profile of an unchanged tag reads only the tag's
 * stamp; a write, a forget, a supersession or an expiry passing changes the next profile, also when the write comes
 * from another process on the same database (a second SqliteStore on the file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../../src/core/actor.js';
import { MemoryProfileCache } from '../../../src/services/memory-profile-cache.js';
import { MemoryProfiles } from '../../../src/services/memory-profile.js';
import { DEFAULT_ORG_ID } from '../../../src/services/auth.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { memoryRecord } from '../../helpers/memories.js';

const TAG = 'maya';
const actor: Actor = { orgId: DEFAULT_ORG_ID, keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };
const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000).toISOString();
const maya = (memory: string, n: number, over: Parameters<typeof memoryRecord>[0] extends infer T ? Partial<T> : never = {}) =>
  memoryRecord({ memory, subject: 'Maya', containerTags: [TAG], createdAt: day(n), isStatic: true, ...over });

describe('MemoryProfileCache', () => {
  let dir: string;
  let api: SqliteStore;
  let worker: SqliteStore;
  let cache: MemoryProfileCache;
  let lists: number;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-profile-cache-'));
    api = new SqliteStore(path.join(dir, 'mnemo.db'));
    await api.migrate();
    await api.accounts.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
    // The other process: its own connection to the same file.
    worker = new SqliteStore(path.join(dir, 'mnemo.db'));
    lists = 0;
    const list = api.memories.listMemories.bind(api.memories);
    api.memories.listMemories = (orgId, q) => {
      lists++;
      return list(orgId, q);
    };
    cache = new MemoryProfileCache(api.memories, new MemoryProfiles(api, 30), 30);
    await worker.memories.insertMemory(maya('Maya lives in Boston.', 1, { attribute: 'residence' }));
    await worker.memories.insertMemory(maya('Maya is allergic to peanuts.', 2, { attribute: 'allergy:peanut' }));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await api.close();
    await worker.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const statics = async () => (await cache.profile(actor, TAG)).static;

  it('answers a repeated profile of an unchanged tag without reading its memories again', async () => {
    const first = await cache.profile(actor, TAG);
    const reads = lists;
    expect(reads).toBeGreaterThan(0);
    expect(await cache.profile(actor, TAG)).toEqual(first);
    expect(lists).toBe(reads);
    // Other options are another profile.
    expect((await cache.profile(actor, TAG, { staticLimit: 1 })).static).toHaveLength(1);
    expect(lists).toBeGreaterThan(reads);
    // A caller changing its copy changes nothing kept.
    first.static.push('tampered');
    expect(await statics()).not.toContain('tampered');
  });

  it('a write by another process shows in the next profile', async () => {
    expect(await statics()).not.toContain('Maya works at Figma.');
    await worker.memories.insertMemory(maya('Maya works at Figma.', 3, { attribute: 'employer' }));
    expect(await statics()).toContain('Maya works at Figma.');
  });

  it('a supersession replaces the old fact in the next profile', async () => {
    const [boston] = (await worker.memories.listMemories(DEFAULT_ORG_ID, { containerTags: [TAG], limit: 10, offset: 0 })).memories.filter((m) => m.attribute === 'residence');
    expect(await statics()).toContain('Maya lives in Boston.');
    await worker.memories.updateMemory(DEFAULT_ORG_ID, boston!.id, { isLatest: false, updatedAt: day(4) });
    await worker.memories.insertMemory(maya('Maya lives in Seattle.', 4, { attribute: 'residence', version: 2, parentMemoryId: boston!.id, rootMemoryId: boston!.id, relation: 'updates' }));
    const now = await statics();
    expect(now).toContain('Maya lives in Seattle.');
    expect(now).not.toContain('Maya lives in Boston.');
  });

  it('a forgotten fact leaves the next profile', async () => {
    const [peanuts] = (await worker.memories.listMemories(DEFAULT_ORG_ID, { containerTags: [TAG], limit: 10, offset: 0 })).memories.filter((m) => m.attribute === 'allergy:peanut');
    expect(await statics()).toContain('Maya is allergic to peanuts.');
    await worker.memories.updateMemory(DEFAULT_ORG_ID, peanuts!.id, { isForgotten: true, forgottenAt: day(5), forgetReason: 'asked' });
    expect(await statics()).not.toContain('Maya is allergic to peanuts.');
  });

  it('a fact whose forgetAfter passes leaves the next profile, before the forgetting job marks it', async () => {
    await worker.memories.insertMemory(maya('Maya is in Lisbon this week.', 6, { isStatic: false, attribute: 'location', forgetAfter: new Date(Date.now() + 3_600_000).toISOString() }));
    expect((await cache.profile(actor, TAG)).dynamic).toContain('Maya is in Lisbon this week.');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 });
    expect((await cache.profile(actor, TAG)).dynamic).not.toContain('Maya is in Lisbon this week.');
  });
});
