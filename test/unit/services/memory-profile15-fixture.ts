/**
 * A tag of memories written straight into a SQLite store (no engine), and its profile: the profile15 tests state
 * what each memory is (subject, attribute, list, dates) and check what the profile shows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Actor } from '../../../src/core/actor.js';
import type { MemoryRecord } from '../../../src/core/types.js';
import { DEFAULT_ORG_ID } from '../../../src/services/auth.js';
import { MemoryProfiles, type Profile } from '../../../src/services/memory-profile.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { memoryRecord } from '../../helpers/memories.js';

const TAG = 'p15';
const actor: Actor = { orgId: DEFAULT_ORG_ID, keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };

/** A memory learned today from a document dated `said` (YYYY-MM-DD). */
export type Fact = Partial<MemoryRecord> & { memory: string; said: string };

export interface ProfileTag {
  add(...facts: Fact[]): Promise<MemoryRecord[]>;
  profile(): Promise<Profile>;
  close(): Promise<void>;
}

export async function profileTag(recentDays = 30): Promise<ProfileTag> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-profile15-'));
  const store = new SqliteStore(path.join(dir, 'mnemo.db'));
  await store.migrate();
  await store.accounts.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
  const profiles = new MemoryProfiles(store, recentDays);
  let n = 0;
  return {
    async add(...facts) {
      const out: MemoryRecord[] = [];
      for (const { said, ...f } of facts) {
        // Learned today, in order (a second apart), from a document of its own date.
        const at = new Date(Date.now() - 1_000_000 + ++n * 1000).toISOString();
        const m = memoryRecord({ containerTags: [TAG], createdAt: at, updatedAt: at, metadata: { date: said }, ...f });
        await store.memories.insertMemory(m);
        out.push(m);
      }
      return out;
    },
    profile: () => profiles.profile(actor, TAG),
    async close() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
