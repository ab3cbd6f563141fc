import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../core/types.js';
import { queryTerms } from '../text/tokenize.js';
import { nextVersionOf } from './next-version.js';
import type { RememberContext, RememberDeps } from './remember.js';
import { sameSubject, subjectNames } from './subjects.js';
import type { ExtractedFact } from './types.js';

/**
 * A planned move that happened (issue 26, round 20): "I'm moving to Porto next month" (a plan, expiring after its
 * date), then months later "Porto has been great so far, I love my flat" ("Joanna loves Joanna's flat by the river.",
 * "Joanna settled in."). Once the plan's date has passed and the person speaks of a home or of settling in, the plan
 * is where they live: a residence fact ("Joanna lives in Porto.") is written as the next version of the home said
 * before the plan's date ("Joanna has lived in Madrid Joanna's whole life."), so the profile and "where does Joanna
 * live?" answer with the new place.
 */

/** A plan to move to a named place: "is moving to Porto in April 2022", "will relocate to Denver". */
const MOVING_TO = /\b(?:moving|relocating|will move|will relocate|going to move|plans? to move|planning to move)\s+(?:back\s+)?to\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u;
/** Settled in a home, said in the present or as done: "settled in", "loves her flat", "our new place", "the new house". */
const SETTLED = /\b(?:settled in|settling in|(?:my|our|his|her|their|new|\p{Lu}[\p{L}'-]*'s)\s+(?:new\s+)?(?:flat|apartment|house|place|home|neighbou?rhood|street|landlord|flatmates?))\b/u;
/** Words of a move still ahead or given up, which keep the plan a plan ("still hoping to move", "the move fell through"). */
const NOT_MOVED = /\b(?:fell through|called off|cancell?ed|postponed|delayed|not moving|didn't move|never moved|still (?:hoping|planning|waiting))\b/i;
/** Plan words the search terms name (as indexed); a plan is found by words because it has expired by its date. */
const PLAN_TERMS = queryTerms('moving relocating');

/** The day a fact of this document was said: its turn's timestamp, else the document's date, else now. */
function saidDay(fact: ExtractedFact, ctx: RememberContext): string {
  return (fact.statedAt ?? ctx.statedAt ?? ctx.now).slice(0, 10);
}

/** The day a stored memory was said: its `metadata.date`, else the day it was learned. */
function storedDay(m: MemoryRecord): string {
  const d = m.metadata?.date;
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : m.createdAt.slice(0, 10);
}

/**
 * Writes the residence each planned move of the facts' subjects became, when a fact of this document says the person
 * settled in a home after the plan's date. Returns the new memories' ids (none when no plan or no arrival).
 */
export async function arrivedFromPlans(deps: Pick<RememberDeps, 'memories' | 'embedder'>, ctx: RememberContext, facts: readonly ExtractedFact[]): Promise<string[]> {
  const arrivals = facts.filter((f) => f.subject && SETTLED.test(f.text) && !NOT_MOVED.test(f.text));
  if (arrivals.length === 0 || facts.some((f) => NOT_MOVED.test(f.text))) return [];
  const found = await deps.memories.memoryKeywordSearch(ctx.orgId, { containerTags: ctx.containerTags, includeForgotten: true, terms: PLAN_TERMS, limit: 20, rowBudget: 200 });
  if (found.length === 0) return [];
  const plans = (
    await deps.memories.getMemoriesByIds(
      ctx.orgId,
      found.map((c) => c.memoryId),
    )
  ).filter((m) => m.isLatest && !m.isForgotten && m.subject && m.eventDate && m.eventDate.slice(0, 10) > storedDay(m) && MOVING_TO.test(m.memory));
  const out: string[] = [];
  const done = new Set<string>();
  for (const arrival of arrivals) {
    const names = subjectNames(arrival.subject, arrival.aliases);
    const day = saidDay(arrival, ctx);
    for (const plan of plans) {
      if (done.has(plan.id) || sameSubject(names, plan.subject) !== true || plan.eventDate!.slice(0, 10) >= day) continue;
      const place = MOVING_TO.exec(plan.memory)![1]!;
      done.add(plan.id);
      const id = await residenceFromPlan(deps, ctx, plan, place);
      if (id) out.push(id);
    }
  }
  return out;
}

/** Stores "<subject> lives in <place>." as the next version of the home said before the plan's date (or alone). */
async function residenceFromPlan(deps: Pick<RememberDeps, 'memories' | 'embedder'>, ctx: RememberContext, plan: MemoryRecord, place: string): Promise<string | null> {
  const homes = await deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, plan.subject!, 'residence');
  // Already there: a home said since names the place.
  if (homes.some((h) => h.memory.includes(place))) return null;
  const before = homes.filter((h) => storedDay(h) <= plan.eventDate!.slice(0, 10)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  // A home said after the plan's date is newer news than the plan.
  if (homes.length > 0 && !before) return null;
  const subject = plan.subject!;
  const text = `${/^the user$/i.test(subject) ? 'The user' : subject} lives in ${place}.`;
  const [vector] = await deps.embedder.embedDocuments([text]);
  const id = randomUUID();
  const documentIds = [...new Set([...plan.documentIds, ...(ctx.documentId ? [ctx.documentId] : [])])];
  const record: MemoryRecord = {
    ...(before ?? plan),
    id,
    containerTags: [...ctx.containerTags],
    memory: text,
    isStatic: true,
    isLatest: true,
    isForgotten: false,
    isInference: false,
    ...nextVersionOf(before, id),
    subject,
    attribute: 'residence',
    eventDate: plan.eventDate,
    forgetAfter: null,
    forgetReason: null,
    forgottenAt: null,
    documentIds,
    sourceCount: documentIds.length,
    metadata: { ...(ctx.metadata ?? {}), ...(ctx.statedAt && ctx.metadata?.date === undefined ? { date: ctx.statedAt } : {}) },
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await deps.memories.insertMemory(record, { model: deps.embedder.id, vector: vector! });
  if (before) await deps.memories.updateMemory(ctx.orgId, before.id, { isLatest: false, updatedAt: ctx.now });
  return id;
}
