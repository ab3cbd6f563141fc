import { randomUUID } from 'node:crypto';
import type { MemoryRecord, Metadata } from '../core/types.js';
import type { Embedder } from '../providers/embedder.js';
import type { MemoryStore } from '../storage/memories.js';
import { canonicalAttribute } from './attributes.js';
import { nextVersionOf } from './next-version.js';
import type { RememberContext } from './remember.js';
import type { ExtractedFact } from './types.js';

/**
 * A planned job start (issue 26, rounds 22-23): "Ben: handed in my notice, starting at N26 next month" or "I'm starting
 * at N26 on 1 March", said before that day, is a plan until the day (`goal:employ`, forgotten at the start), never the
 * job: a question asked before 1 March answers the job held now. On the day the plan becomes the job: "<subject> works
 * at <employer>." is written as the next version of the job held before, dated from the start, so "where does Ben
 * work?" and the profile answer N26. It happens where the day is first seen past: in the memory step (a chat
 * backfilled after the day, `startedFromPlans`) or in the expiry job (`startPlannedJobs`) when the plan expires.
 */

/** The attribute a planned job start is filed under. */
export const JOB_PLAN = 'goal:employ';

/** "is starting at N26", "starts with Wise", "will join Monzo": the employer a planned start names. */
const STARTING_AT = /\b(?:is\s+starting|(?:will|'ll)\s+be\s+starting|starts|will\s+start|is\s+joining|will\s+join|joins)\s+(?:(?:at|with)\s+)?(?<o>\p{Lu}[\p{L}\p{N}&.'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'’-]*){0,3})/u;
/** A start said as to come: a present or future start verb, not one done ("started", "joined"). */
const START_TO_COME = /\b(?:is\s+starting|(?:will|'ll)\s+be\s+starting|starts|will\s+start|is\s+joining|will\s+join|joins|is\s+due\s+to\s+start)\b/i;
/** A start still in doubt or called off keeps the plan a plan. */
const UNSURE = /\b(?:might|may|maybe|hopefully|if|unless|fell through|called off|cancell?ed|postponed|not starting)\b/i;

/** The day a fact's plan takes effect, when it is a planned job start: its event date. */
function startOf(fact: Pick<ExtractedFact, 'subject' | 'eventDate' | 'attribute' | 'text'>): { employer: string; day: string } | null {
  if (!fact.subject || !fact.eventDate || !canonicalAttribute(fact.attribute)?.startsWith('goal') || UNSURE.test(fact.text)) return null;
  const employer = STARTING_AT.exec(fact.text)?.groups?.o?.replace(/[.'’-]+$/, '');
  return employer ? { employer, day: fact.eventDate.slice(0, 10) } : null;
}

/** The day a stored memory was said: its `metadata.date`, else the day it was learned. */
const storedDay = (m: MemoryRecord) => (typeof m.metadata?.date === 'string' ? m.metadata.date : m.createdAt).slice(0, 10);

/**
 * A job start the fact tells before its day (said and learned before its event date) is a plan: a fact the reader filed
 * as the job ("The user is starting at N26 on 1 March.", the employer or the title) is filed as its plan instead, so it
 * replaces nothing, and a plan that will become the job expires on its day, when the expiry job turns it into the job.
 * A start whose day is past when said or learned (a backfilled chat) is left as read.
 */
export function plannedStart(fact: ExtractedFact, ctx: Pick<RememberContext, 'now' | 'statedAt'>): ExtractedFact {
  const day = fact.eventDate?.slice(0, 10);
  const said = (fact.statedAt ?? ctx.statedAt ?? ctx.now).slice(0, 10);
  if (!day || day <= said || day <= ctx.now.slice(0, 10) || !START_TO_COME.test(fact.text)) return fact;
  const a = canonicalAttribute(fact.attribute);
  const plan = a === 'employer' || a === 'role' ? { ...fact, attribute: a === 'employer' ? JOB_PLAN : 'goal:role', isStatic: false } : fact;
  return startOf(plan) ? { ...plan, forgetAfter: earliest(plan.forgetAfter, `${day}T00:00:00.000Z`) } : plan;
}

function earliest(a: string | null, b: string): string {
  return a !== null && Date.parse(a) <= Date.parse(b) ? a : b;
}

interface JobDeps {
  memories: MemoryStore;
  embedder: Embedder;
}

/** Where the job is written: the plan's tags and source, at `now`, with the plan's metadata. */
interface JobContext {
  orgId: string;
  containerTags: readonly string[];
  documentId: string | null;
  now: string;
  metadata: Metadata;
}

/**
 * Writes "<subject> works at <employer>." as the next version of the subject's latest job (or a first one) unless the
 * tag already names that employer as the job, or a job told after `newsSince` (YYYY-MM-DD) is newer news. Returns the
 * new memory's id, or null.
 */
async function writeJob(deps: JobDeps, ctx: JobContext, subject: string, start: { employer: string; day: string }, eventDate: string, newsSince: string): Promise<string | null> {
  const jobs = (await deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, subject, 'employer')).filter((m) => m.isLatest && !m.isForgotten);
  if (jobs.some((m) => m.memory.includes(start.employer) || storedDay(m) > newsSince)) return null;
  const before = jobs.sort((a, b) => storedDay(b).localeCompare(storedDay(a)))[0];
  const text = `${/^the user$/i.test(subject) ? 'The user' : subject} works at ${start.employer}.`;
  const [vector] = await deps.embedder.embedDocuments([text]);
  const id = randomUUID();
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
      ...nextVersionOf(before, id),
      subject,
      attribute: 'employer',
      eventDate,
      forgetAfter: null,
      forgetReason: null,
      forgottenAt: null,
      documentIds: ctx.documentId ? [ctx.documentId] : [],
      sourceCount: 1,
      metadata: { ...ctx.metadata, date: start.day },
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
    { model: deps.embedder.id, vector: vector! },
  );
  if (before) await deps.memories.updateMemory(ctx.orgId, before.id, { isLatest: false, updatedAt: ctx.now });
  return id;
}

/** Writes the job each planned start of `facts` became, when its date is past at `ctx.now`. Returns the new ids. */
export async function startedFromPlans(deps: JobDeps, ctx: RememberContext, facts: readonly ExtractedFact[]): Promise<string[]> {
  const out: string[] = [];
  for (const fact of facts) {
    const start = startOf(fact);
    if (!start || start.day > ctx.now.slice(0, 10)) continue;
    const metadata = { ...(ctx.metadata ?? {}), ...(fact.speaker ? { speaker: fact.speaker } : {}) };
    const id = await writeJob(deps, { ...ctx, metadata }, fact.subject!, start, fact.eventDate!, start.day);
    if (id) out.push(id);
  }
  return out;
}

/**
 * The expiry job's half: each planned job start among `plans` (memories about to expire) whose day has come by `now`
 * becomes the job, unless a job was told since the plan was said. Returns the new ids.
 */
export async function startPlannedJobs(deps: JobDeps, plans: readonly MemoryRecord[], now: string): Promise<string[]> {
  const out: string[] = [];
  for (const plan of plans) {
    const start = startOf({ subject: plan.subject, eventDate: plan.eventDate, attribute: plan.attribute, text: plan.memory });
    if (!start || start.day > now.slice(0, 10)) continue;
    const { eventDate: _said, ...metadata } = plan.metadata ?? {};
    const ctx = { orgId: plan.orgId, containerTags: plan.containerTags, documentId: plan.documentIds.at(-1) ?? null, now, metadata };
    const id = await writeJob(deps, ctx, plan.subject!, start, plan.eventDate!, storedDay(plan));
    if (id) out.push(id);
  }
  return out;
}
