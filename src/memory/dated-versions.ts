import type { MemoryRecord, Metadata } from '../core/types.js';
import type { MemoryStore } from '../storage/memories.js';
import { metadataDate } from './document-date.js';
import { endedPetMemory } from './pet-endings.js';
import type { ExtractedFact, RelationCandidate, RelationJudge } from './types.js';

/**
 * Version chains in the order the facts were stated, not the order they arrived. Connectors and imports backfill old
 * chats, mail and notes after newer ones: "I live in Boston" from a February chat, ingested after "we moved to
 * Seattle last month" from October, is an earlier version of the residence, not its latest. A fact whose source is
 * dated before the latest version of the slot it updates goes into that chain below every version stated after it
 * (the newer stays latest; history lists both in date order). A fact or a version without a date of its own (an
 * undated document, a direct write without metadata.date) keeps arrival order, as does a fact of the same day.
 */

/** The day (YYYY-MM-DD) a memory's source stated it: its metadata's date (the document's own date), or null. */
export function statedDayOf(metadata: Metadata | null | undefined): string | null {
  return metadataDate(metadata)?.slice(0, 10) ?? null;
}

/** Where a fact stated on `day` goes in the chain whose latest version is `latest`. */
export interface OlderPlace {
  /** The lowest version stated after the fact: the fact becomes its parent. */
  above: MemoryRecord;
  /** Versions renumbered one up to make room (`above` and every version after it). */
  later: MemoryRecord[];
  /** A version of the chain that already says the same: the fact adds a source to it instead. */
  sameAs: MemoryRecord | null;
}

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Pure: null when the fact is not older than `latest` (either has no date, or the fact's day is the same or later),
 * else the version it goes below. `chain` is every version of `latest`'s chain (any order).
 */
export function olderPlace(chain: readonly MemoryRecord[], latest: MemoryRecord, day: string | null, text: string): OlderPlace | null {
  const latestDay = statedDayOf(latest.metadata);
  if (!day || !latestDay || day >= latestDay) return null;
  const byId = new Map(chain.map((m) => [m.id, m]));
  let above = latest;
  for (;;) {
    const parent = above.parentMemoryId ? byId.get(above.parentMemoryId) : undefined;
    const parentDay = parent ? statedDayOf(parent.metadata) : null;
    // An undated parent arrived before its child and keeps its place; a parent stated on or before the fact's day too.
    if (!parent || !parentDay || parentDay <= day) break;
    above = parent;
  }
  const said = normalised(text);
  const sameAs = chain.find((m) => !m.isForgotten && normalised(m.memory) === said) ?? null;
  const later = chain.filter((m) => m.version >= above.version && m.id !== above.id);
  return { above, later: [above, ...later], sameAs };
}

/**
 * Stores `fact` (a memory record built as the next version of `latest`) as an earlier version when it was stated
 * before `latest`: inserted below the versions stated after it, not latest, the later versions renumbered. Returns
 * what was done, or null when the fact is not older (the caller then makes it the latest version, as always).
 */
export async function storeOlderVersion(
  memories: MemoryStore,
  latest: MemoryRecord,
  fact: MemoryRecord,
  embedding: { model: string; vector: Float32Array },
): Promise<{ inserted: string } | { duplicateOf: MemoryRecord } | null> {
  const day = statedDayOf(fact.metadata);
  const latestDay = statedDayOf(latest.metadata);
  // Facts arriving in date order (the usual case) read nothing more.
  if (!day || !latestDay || day >= latestDay) return null;
  const root = latest.rootMemoryId ?? latest.id;
  const chain = await memories.memoryHistory(fact.orgId, root);
  const place = olderPlace(chain.some((m) => m.id === latest.id) ? chain : [...chain, latest], latest, day, fact.memory);
  if (!place) return null;
  if (place.sameAs) return { duplicateOf: place.sameAs };
  const { above } = place;
  await memories.insertMemory(
    {
      ...fact,
      version: above.version,
      parentMemoryId: above.parentMemoryId,
      rootMemoryId: root,
      relation: above.parentMemoryId ? 'updates' : null,
      isLatest: false,
    },
    embedding,
  );
  for (const m of place.later) {
    await memories.updateMemory(fact.orgId, m.id, {
      version: m.version + 1,
      ...(m.id === above.id ? { parentMemoryId: fact.id, relation: 'updates' as const } : {}),
    });
  }
  return { inserted: fact.id };
}

/** Later-stated candidates judged the other way round, most similar first: enough for a slot's few versions. */
const REVERSE_CANDIDATES = 3;

/**
 * A dated fact the judge relates to nothing may be what a memory stated after it replaced, when that memory arrived
 * first ("our cat Biscuit died" from September, then "I have a cat named Biscuit" from March): asked the other way
 * round — the later memory as the fact, this one as its candidate — the same judge (and the pet endings it is
 * offered first) says whether the later one updates it. Returns that later memory, whose chain the fact then joins
 * as an earlier version, or null. Only candidates stated after the fact are asked, so facts ingested in date order
 * cost nothing more.
 */
export async function laterVersionOf(
  judge: RelationJudge,
  fact: ExtractedFact & { metadata: Metadata },
  candidates: readonly RelationCandidate[],
  records: ReadonlyMap<string, MemoryRecord>,
): Promise<MemoryRecord | null> {
  const day = statedDayOf(fact.metadata);
  if (!day) return null;
  const later = candidates
    .flatMap((c) => {
      const m = records.get(c.id);
      const d = m ? statedDayOf(m.metadata) : null;
      return m && d && d > day ? [{ c, m }] : [];
    })
    .slice(0, REVERSE_CANDIDATES);
  for (const { c, m } of later) {
    const asFact: ExtractedFact = { text: m.memory, isStatic: m.isStatic, eventDate: m.eventDate, forgetAfter: m.forgetAfter, subject: m.subject, attribute: m.attribute, speaker: null };
    const asCandidate: RelationCandidate = { id: fact.text, text: fact.text, subject: fact.subject, attribute: fact.attribute, isStatic: fact.isStatic, similarity: c.similarity };
    if (endedPetMemory(asFact, [asCandidate])) return m;
    if ((await judge.judge(asFact, [asCandidate])).relation === 'updates') return m;
  }
  return null;
}
