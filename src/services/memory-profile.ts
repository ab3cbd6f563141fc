import { readScope, type Actor } from '../core/actor.js';
import { matchesFilter, type FilterNode } from '../core/filters.js';
import type { MemoryRecord } from '../core/types.js';
import { type MemoryDates, type MemoryListQuery } from '../storage/memories.js';
import type { Store } from '../storage/store.js';
import { statedLater, supersessionKey } from './memory-ranking.js';
import { daysBefore, finishedPlan, happenedDay, planDue, plannedAhead } from './profile-dates.js';
import { formerPartnerFacts } from './profile-partners.js';
import { jobTaken, replacedJobs, replacedTitles, titleChange } from './profile-job-changes.js';
import { carAcquired, replacedCars } from './profile-vehicles.js';
import { homeMoved, replacedHomes } from './profile-moves.js';
import { recurringHabit, replacedWeeklySlots } from './profile-schedules.js';
import { deadPetFacts, petDied, placesLeftBehind, replacedEndings } from './profile-ended.js';
import { allergyWithdrawn } from './profile-allergies.js';
import { settledPlans } from './profile-plans.js';
import { holdsOverEnding } from './same-time-endings.js';
import { endedHabits } from './profile-habit-endings.js';
import { namesSomeone } from './profile-names.js';
import { recentStart } from './profile-recent-starts.js';
import { locationsAsHomes } from './profile-locations.js';
import { disposedOf } from './profile-disposals.js';
import { membershipTaken } from './profile-memberships.js';
import { newValueHolds, replacedByNewValues } from './profile-new-values.js';
import { arrivedHome, homesLeftOnArrival } from './profile-arrivals.js';
import { jobsLeftForAnotherCity } from './profile-job-places.js';

export { daysBefore, finishedPlan } from './profile-dates.js';

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
/** Memories of each kind read to find the tag's latest activity. */
const ANCHOR_PAGE = 50;

/**
 * The profile of a container tag. `static`: the current lasting facts, best supported first: latest, not forgotten
 * or expired, and not contradicted (a newer fact about the same subject and single-valued attribute replaced it,
 * linked as a version or not), plus the lasting facts the engine filed as context (a weekly habit, a title said as
 * done, the new version of a lasting fact). `dynamic`: recent context, newest first: facts that happened (profile-
 * dates.ts: event date, else the day said, i.e. the document's date) within `recentDays` of the tag's latest
 * activity, without superseded or contradicted ones and without finished plans (a fact said before its date, whose
 * date has passed since). Neither list keeps a fact a newer one in the profile says no longer holds (staleFacts).
 * Each list holds one value per subject + attribute and no text twice. Reads follow the store's per-tag orders page
 * by page, so a profile costs what it shows, not what the tag holds.
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
    // The tag's latest activity: the newest of each kind by the day each was said (profile-dates.ts). The store orders
    // by the day a memory was learned, so its first page of each kind is read and the latest said day taken from it.
    const newest = (await Promise.all([true, false].map((isStatic) => this.store.memories.listMemories(orgId, { ...base, isStatic, sort: 'recency', limit: ANCHOR_PAGE, offset: 0 })))).flatMap((page) => page.memories);
    if (newest.length === 0) return { static: [], dynamic: [] };
    const anchor = newest.map(happenedDay).reduce((a, b) => (a > b ? a : b));
    const since = daysBefore(anchor, this.recentDays);
    // A job whose start was planned holds once its day has come by the clock, unless a newer fact says otherwise.
    const today = new Date().toISOString().slice(0, 10);
    const jobStartDue = (m: MemoryRecord) => jobTaken(m) && planDue(m, today);
    const seenText = new Set<string>();
    const seenKey = new Set<string>();
    const staticLimit = opts.staticLimit ?? 100;
    const dynamicLimit = opts.dynamicLimit ?? 30;
    const statics = await this.collect(orgId, { ...base, isStatic: true, sort: 'support' }, staticLimit, (m) => matchesFilter(opts.filters, m.metadata), seenText, seenKey);
    // The store's recency (learned day) is never before the said day, so its window holds every memory of this one.
    const dynamics = await this.collect(
      orgId,
      { ...base, isStatic: false, sort: 'recency', recentSince: since },
      dynamicLimit,
      (m) => matchesFilter(opts.filters, m.metadata) && (recurringHabit(m) || (happenedDay(m) >= since && (!finishedPlan(m, anchor) || jobStartDue(m)))),
      seenText,
      seenKey,
    );
    // A weekly habit, a membership taken (profile-memberships.ts), a new home arrived at (profile-arrivals.ts), a new
    // value whose day has come (profile-new-values.ts), a name given to a relative or a pet (profile-names.ts), where
    // someone is when no home is known (profile-locations.ts), a title said as done, a job taken, a car acquired or a move (said as done, not planned) and the new version
    // of a lasting fact are lasting whichever list they were filed in.
    const versionsOfLasting = await this.versionsOfLasting(orgId, dynamics);
    const homes = locationsAsHomes(dynamics, [...statics, ...dynamics]);
    const lastingFact = (m: MemoryRecord) =>
      homes.has(m.id) ||
      recurringHabit(m) ||
      membershipTaken(m) ||
      arrivedHome(m) ||
      newValueHolds(m, today) ||
      namesSomeone(m) ||
      titleChange(m) ||
      jobStartDue(m) ||
      ((jobTaken(m) || carAcquired(m) || homeMoved(m)) && !plannedAhead(m)) ||
      versionsOfLasting.has(m.id);
    // A pet's death, an allergy taken back and a thing sold or given away are recent context while they are recent,
    // never lasting facts (profile-disposals.ts).
    const ended = (m: MemoryRecord) => petDied(m) || allergyWithdrawn(m) || (disposedOf(m) && !lastingFact(m));
    // Something taken up inside the window is recent context until the window passes it (profile-recent-starts.ts).
    const news = (m: MemoryRecord) => (ended(m) && happenedDay(m) >= since) || recentStart(m, since);
    const lasting = [...statics.filter((m) => !ended(m) && !news(m)), ...dynamics.filter((m) => lastingFact(m) && !ended(m))];
    const recent = [...dynamics.filter((m) => !lastingFact(m) || ended(m)), ...statics.filter(news)];
    const stale = staleFacts([...lasting, ...recent], today);
    return {
      static: lasting
        .filter((m) => !stale.has(m.id))
        .slice(0, staticLimit)
        .map((m) => m.memory),
      dynamic: recent.filter((m) => !stale.has(m.id)).map((m) => m.memory),
    };
  }

  /**
   * Ids of the facts among `memories` that are the new value of a lasting fact ("Dana is at Lincoln Elementary now"
   * updating "Dana teaches at Oak Ridge Elementary"): a version replaces what its parent said, so it lasts as its parent
   * did, unless it is bounded in time (it expires, or it is a plan). One read of the parents, only when there are any.
   */
  private async versionsOfLasting(orgId: string, memories: readonly MemoryRecord[]): Promise<Set<string>> {
    const versions = memories.filter((m) => m.relation === 'updates' && m.parentMemoryId && !m.forgetAfter && !plannedAhead(m));
    if (versions.length === 0) return new Set();
    const parents = await this.store.memories.getMemoriesByIds(orgId, [...new Set(versions.map((m) => m.parentMemoryId!))]);
    const lastingParents = new Set(parents.filter((p) => p.isStatic).map((p) => p.id));
    return new Set(versions.filter((m) => lastingParents.has(m.parentMemoryId!)).map((m) => m.id));
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
    // Each memory once, as read with its text where it was (the text tells a value from its ending).
    const known = new Set(keyed.map((m) => m.id));
    for (const m of [...keyed, ...others.filter((o) => !known.has(o.id))]) {
      const key = supersessionKey(m);
      if (!key) continue;
      const held = newest.get(key);
      // At one time, the fact that extends the other holds more ("rescue cat is called Pickle" over "got a rescue cat").
      if (!held || newer(m, held) || (!newer(held, m) && extendsFact(m, held))) newest.set(key, m);
    }
    return new Set(memories.filter((m) => !supersessionKey(m) || newest.get(supersessionKey(m)!)!.id === m.id).map((m) => m.id));
  }
}

/** Whether `a` is an extension of `b` (the engine linked it to `b` as adding to it). */
function extendsFact(a: MemoryDates | MemoryRecord, b: MemoryDates): boolean {
  return 'relation' in a && a.relation === 'extends' && a.parentMemoryId === b.id;
}

/** Stated later; at the same time, a value over its ending, then the later event. */
function newer(a: MemoryDates | MemoryRecord, b: MemoryDates | MemoryRecord): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  // "sold the camper van in June 2026" and "got a Tesla Model Y instead" of one message: the value that holds wins.
  if (holdsOverEnding(a, b) || holdsOverEnding(b, a)) return holdsOverEnding(a, b);
  return (a.eventDate ?? '') > (b.eventDate ?? '');
}

/** A memory's text as duplicates compare it: case, spacing and the final full stop do not count. */
export function normalizedText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
}

/**
 * Facts of a profile that a newer fact in it says no longer hold, though the engine filed them apart: a weekly slot
 * said again on another day (profile-schedules.ts), a title replaced or ended (profile-job-changes.ts), and someone
 * called a partner after the newest partner fact ended that relationship or named someone else (profile-partners.ts),
 * a job replaced by a job taken later (profile-job-changes.ts), a car replaced by one acquired later (profile-vehicles.ts),
 * a home replaced by a move said later and a stay ended by a return (profile-moves.ts), daily life in a place the
 * person moved away from, a dead pet's life and an ending replaced "instead" (profile-ended.ts), a thing a later fact ended by name
 * (profile-habit-endings.ts), a value replaced by a new value whose day has come (profile-new-values.ts) and a home left
 * for a new home arrived at (profile-arrivals.ts), and a job in a city left for a job taken in another
 * (profile-job-places.ts).
 */
function staleFacts(facts: readonly MemoryRecord[], today: string): Set<string> {
  return new Set([
    ...replacedWeeklySlots(facts, statedLater),
    ...replacedTitles(facts, statedLater),
    ...replacedJobs(facts, statedLater),
    ...replacedCars(facts, statedLater),
    ...replacedHomes(facts, statedLater),
    ...placesLeftBehind(facts, statedLater),
    ...deadPetFacts(facts, statedLater),
    ...replacedEndings(facts, statedLater),
    ...formerPartnerFacts(facts, statedLater),
    ...settledPlans(facts, statedLater),
    ...endedHabits(facts, statedLater),
    ...replacedByNewValues(facts, statedLater, today),
    ...homesLeftOnArrival(facts, statedLater),
    ...jobsLeftForAnotherCity(facts, statedLater),
  ]);
}
