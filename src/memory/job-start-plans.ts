import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../core/types.js';
import { canonicalAttribute } from './attributes.js';
import type { RememberContext, RememberDeps } from './remember.js';
import type { ExtractedFact } from './types.js';

/**
 * A planned job start whose date has passed (issue 26, round 22): "Ben: handed in my notice, starting at N26 next
 * month" is a plan, forgotten after April; told after April (a backfilled chat), Ben works at N26. When the memory step
 * runs after the plan's date, "<subject> works at <employer>." is written as the next version of the job held before
 * (dated from the start), so "where does Ben work?" and the profile answer N26. Before the date the plan stays a plan.
 */

/** "is starting at N26", "starts with Wise", "will join Monzo": the employer a planned start names. */
const STARTING_AT = /\b(?:is\s+starting|starts|will\s+start|is\s+joining|will\s+join|joins)\s+(?:(?:at|with)\s+)?(?<o>\p{Lu}[\p{L}\p{N}&.'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'’-]*){0,3})/u;
/** A start still in doubt or called off keeps the plan a plan. */
const UNSURE = /\b(?:might|may|maybe|hopefully|if|unless|fell through|called off|cancell?ed|postponed|not starting)\b/i;

/** The day a fact's plan takes effect, when it is a planned job start: its event date. */
function startOf(fact: ExtractedFact): { employer: string; day: string } | null {
  if (!fact.subject || !fact.eventDate || !canonicalAttribute(fact.attribute)?.startsWith('goal') || UNSURE.test(fact.text)) return null;
  const employer = STARTING_AT.exec(fact.text)?.groups?.o?.replace(/[.'’-]+$/, '');
  return employer ? { employer, day: fact.eventDate.slice(0, 10) } : null;
}

const storedDay = (m: MemoryRecord) => (typeof m.metadata?.date === 'string' ? m.metadata.date : m.createdAt).slice(0, 10);

/** Writes the job each planned start of `facts` became, when its date is past at `ctx.now`. Returns the new ids. */
export async function startedFromPlans(deps: Pick<RememberDeps, 'memories' | 'embedder'>, ctx: RememberContext, facts: readonly ExtractedFact[]): Promise<string[]> {
  const out: string[] = [];
  for (const fact of facts) {
    const start = startOf(fact);
    if (!start || start.day > ctx.now.slice(0, 10)) continue;
    const subject = fact.subject!;
    const jobs = (await deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, subject, 'employer')).filter((m) => m.isLatest && !m.isForgotten);
    // Told already (the start said as the job), or newer news of a job since the start.
    if (jobs.some((m) => m.memory.includes(start.employer) || storedDay(m) > start.day)) continue;
    const before = jobs.sort((a, b) => storedDay(b).localeCompare(storedDay(a)))[0];
    const text = `${/^the user$/i.test(subject) ? 'The user' : subject} works at ${start.employer}.`;
    const [vector] = await deps.embedder.embedDocuments([text]);
    const id = randomUUID();
    const documentIds = ctx.documentId ? [ctx.documentId] : [];
    await deps.memories.insertMemory(
      {
        id,
        orgId: ctx.orgId,
        containerTags: [...ctx.containerTags],
        memory: text,
        isStatic: true,
        isLatest: true,
        isForgotten: false,
        isInference: false,
        version: before ? before.version + 1 : 1,
        parentMemoryId: before ? before.id : null,
        rootMemoryId: before ? (before.rootMemoryId ?? before.id) : id,
        relation: before ? 'updates' : null,
        subject,
        attribute: 'employer',
        eventDate: fact.eventDate,
        forgetAfter: null,
        forgetReason: null,
        forgottenAt: null,
        documentIds,
        sourceCount: 1,
        metadata: { ...(ctx.metadata ?? {}), date: start.day, ...(fact.speaker ? { speaker: fact.speaker } : {}) },
        createdAt: ctx.now,
        updatedAt: ctx.now,
      },
      { model: deps.embedder.id, vector: vector! },
    );
    if (before) await deps.memories.updateMemory(ctx.orgId, before.id, { isLatest: false, updatedAt: ctx.now });
    out.push(id);
  }
  return out;
}
