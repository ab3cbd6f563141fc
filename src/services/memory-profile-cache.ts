import { readScope, type Actor } from '../core/actor.js';
import type { MemoryStore } from '../storage/memories.js';
import type { MemoryProfiles, Profile, ProfileOptions } from './memory-profile.js';

/** Profiles kept (least recently used ones go first). */
const MAX_ENTRIES = 1000;
/**
 * A kept profile is recomputed after this long even when its tag's stamp did not move: the profile depends on its
 * tag's memories and on the clock through expiry (which the stamp covers) and through a planned job start's day coming
 * (memory-profile.ts jobStartDue, which this bound covers), so this is a bound, not the rule.
 */
const MAX_AGE_MS = 60_000;

interface Entry {
  stamp: string;
  at: number;
  profile: Promise<Profile>;
}

/**
 * The profile of a container tag, kept per (organisation, tag, window, options) with the tag's change stamp
 * (MemoryStore.memoryTagStamp: one indexed read, moved by every write to the tag's memories from any process and by
 * the tag's next expiry passing). A repeated profile costs that read; anything that changes the tag's memories
 * (a write, a forget, a supersession, an expiry) makes the next request compute it again. The stamp is read before
 * the profile is computed, so a profile is never kept under a stamp older than the data it was computed from.
 */
export class MemoryProfileCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly memories: Pick<MemoryStore, 'memoryTagStamp'>,
    private readonly profiles: Pick<MemoryProfiles, 'profile'>,
    /** The window of recent context the profiles are computed with (part of the key). */
    private readonly recentDays: number,
    private readonly now: () => number = Date.now,
  ) {}

  async profile(actor: Actor, containerTag: string, opts: ProfileOptions = {}): Promise<Profile> {
    const [tag] = readScope(actor, [containerTag])!;
    const stamp = await this.memories.memoryTagStamp(actor.orgId, tag!);
    // Every option is part of the key (options added later included).
    const key = JSON.stringify([actor.orgId, tag, this.recentDays, opts]);
    const held = this.entries.get(key);
    const now = this.now();
    let entry: Entry;
    if (held && held.stamp === stamp && now - held.at < MAX_AGE_MS) {
      entry = held;
      this.entries.delete(key);
    } else {
      entry = { stamp, at: now, profile: this.profiles.profile(actor, containerTag, opts) };
      // A failed computation is not kept.
      entry.profile.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
      this.entries.delete(key);
      while (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, entry);
    const p = await entry.profile;
    // Each caller gets its own lists.
    return { static: [...p.static], dynamic: [...p.dynamic] };
  }
}
