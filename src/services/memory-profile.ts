import { readScope, type Actor } from '../core/actor.js';
import { matchesFilter, type FilterNode } from '../core/filters.js';
import type { MemoryRecord } from '../core/types.js';
import { memoryRecency, type MemoryDates, type MemoryListQuery } from '../storage/memories.js';
import type { Store } from '../storage/store.js';
import { supersessionKey } from './memory-ranking.js';

export interface ProfileOptions {
  filters?: FilterNode;
  staticLimit?: number;
  dynamicLimit?: number;
}

export interface Profile {
  static: string[];
  dynamic: string[];
}

/** Pages read per list before the profile settles for fewer facts than its limit. */
const MAX_PAGES = 8;

/**
 * The profile of a container tag. `static`: the current lasting facts, best supported first: latest, not forgotten
 * or expired, and not contradicted (a newer fact about the same subject and single-valued attribute replaced it,
 * linked as a version or not). `dynamic`: recent context, newest first: facts whose recency (storage/memories.ts
 * memoryRecency) lies within `recentDays` of the tag's latest activity, without superseded or contradicted ones and
 * without finished plans (a fact stated for a date still to come, whose date has passed since). Each list holds one
 * value per subject + attribute and no text twice. Reads follow the store's per-tag orders page by page, so a
 * profile costs what it shows, not what the tag holds.
 */
export class MemoryProfiles {
  constructor(
    private readonly store: Store,
    private readonly recentDays: number,
  ) {}

  async profile(actor: Actor, containerTag: string, opts: ProfileOptions = {}): Promise<Profile> {
    const [tag] = readScope(actor, [containerTag])!;
    const orgId = actor.orgId;
    const base = { containerTags: [tag!], count: false, order: 'desc' as const };
    // The tag's latest activity: the newest of each kind, so each read walks its (is_static, recency) index in order
    // (one read of both kinds sorted the whole tag).
    const newest = (await Promise.all([true, false].map((isStatic) => this.store.memories.listMemories(orgId, { ...base, isStatic, sort: 'recency', limit: 1, offset: 0 })))).flatMap((page) => page.memories);
    if (newest.length === 0) return { static: [], dynamic: [] };
    const anchor = newest.map(memoryRecency).reduce((a, b) => (a > b ? a : b));
    const since = daysBefore(anchor, this.recentDays);
    const seenText = new Set<string>();
    const seenKey = new Set<string>();
    const statics = await this.collect(orgId, { ...base, isStatic: true, sort: 'support' }, opts.staticLimit ?? 100, (m) => matchesFilter(opts.filters, m.metadata), seenText, seenKey);
    const dynamics = await this.collect(
      orgId,
      { ...base, isStatic: false, sort: 'recency', recentSince: since },
      opts.dynamicLimit ?? 30,
      (m) => matchesFilter(opts.filters, m.metadata) && !finishedPlan(m, anchor),
      seenText,
      seenKey,
    );
    return { static: statics.map((m) => m.memory), dynamic: dynamics.map((m) => m.memory) };
  }

  /** Up to `limit` current facts of one list, page by page in the list's order. */
  private async collect(orgId: string, query: Omit<MemoryListQuery, 'limit' | 'offset'>, limit: number, keep: (m: MemoryRecord) => boolean, seenText: Set<string>, seenKey: Set<string>): Promise<MemoryRecord[]> {
    const out: MemoryRecord[] = [];
    const page = Math.max(50, limit * 2);
    for (let i = 0; i < MAX_PAGES && out.length < limit; i++) {
      const { memories } = await this.store.memories.listMemories(orgId, { ...query, limit: page, offset: i * page });
      const current = await this.currentAmong(orgId, query.containerTags!, memories);
      for (const m of memories) {
        if (out.length >= limit || !keep(m) || !current.has(m.id)) continue;
        const text = normalizedText(m.memory);
        const key = supersessionKey(m);
        if (seenText.has(text) || (key && seenKey.has(key))) continue;
        seenText.add(text);
        if (key) seenKey.add(key);
        out.push(m);
      }
      if (memories.length < page) break;
    }
    return out;
  }

  /**
   * Ids of the memories that no newer fact of the tag contradicts: for each single-valued subject + attribute among
   * them, the tag's latest memories with that pair are read in one call (ids and dates only), and only the newest
   * stays current.
   */
  private async currentAmong(orgId: string, tags: readonly string[], memories: readonly MemoryRecord[]): Promise<Set<string>> {
    const keyed = memories.filter((m) => supersessionKey(m) !== null);
    const pairs = keyed.map((m) => ({ subject: m.subject!, attribute: m.attribute! }));
    const others = pairs.length > 0 ? await this.store.memories.findMemoryDatesBySubjects(orgId, tags, pairs) : [];
    const newest = new Map<string, MemoryDates>();
    for (const m of [...keyed, ...others]) {
      const key = supersessionKey(m);
      if (!key) continue;
      const held = newest.get(key);
      if (!held || newer(m, held)) newest.set(key, m);
    }
    return new Set(memories.filter((m) => !supersessionKey(m) || newest.get(supersessionKey(m)!)!.id === m.id).map((m) => m.id));
  }
}

/** Stated later; at the same time, the later event. */
function newer(a: MemoryDates, b: MemoryDates): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return (a.eventDate ?? '') > (b.eventDate ?? '');
}

/** A plan (stated before its date) whose date lies before the tag's latest activity. */
export function finishedPlan(m: Pick<MemoryRecord, 'eventDate' | 'createdAt'>, anchorDay: string): boolean {
  if (!m.eventDate) return false;
  const event = m.eventDate.slice(0, 10);
  return event > m.createdAt.slice(0, 10) && event < anchorDay;
}

/** The day `days` before a day (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(t) ? new Date(t - days * 86_400_000).toISOString().slice(0, 10) : day;
}

/** A memory's text as duplicates compare it: case, spacing and the final full stop do not count. */
export function normalizedText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
}
