import { randomUUID } from 'node:crypto';
import type { MemoryRecord, Metadata } from '../core/types.js';
import type { Embedder } from '../providers/embedder.js';
import type { MemoryStore } from '../storage/memories.js';
import { calibrateCosine } from '../vector/calibrate.js';
import { queryTerms } from '../text/tokenize.js';
import { canonicalAttribute } from './attributes.js';
import { classifyFact } from './classify.js';
import { USER } from './conversation.js';
import { sameSubject, subjectNames } from './subjects.js';
import { withRelativeNames } from './named-relatives.js';
import { withKnownEmployers } from './known-employers.js';
import { asFormerPartner, endedPartner, endPartnerMentions, sentenceCase } from './ended-partners.js';
import { endedPetMemory } from './pet-endings.js';
import { escapeRe } from '../text/regex-escape.js';
import { laterVersionOf, storeOlderVersion } from './dated-versions.js';
import { correctedMemory } from './rejected-values.js';
import { withVectorContext } from './memory-context.js';
import { renamedSubject, renameEveryMemory } from './renamed-people.js';
import { keepRestOfSet } from './set-member-endings.js';
import { arrivedFromPlans } from './plan-arrivals.js';
import { plannedStart, startedFromPlans } from './job-start-plans.js';
import { changeAfterEnding } from './ended-before-change.js';
import { nextVersionOf } from './next-version.js';
import type { ExtractedFact, RelationCandidate, RelationDecision, RelationJudge } from './types.js';

export interface RememberDeps {
  memories: MemoryStore;
  embedder: Embedder;
  judge: RelationJudge;
}

export interface RememberContext {
  orgId: string;
  /** The tags the new memories belong to (their document's, or the one they were written under). */
  containerTags: readonly string[];
  /** The source document; null for memories written directly. */
  documentId: string | null;
  now: string;
  metadata?: Metadata;
  /** The source document's own forgetAfter: its facts are forgotten with it unless they expire sooner. */
  forgetAfter?: string | null;
  /**
   * When the source said it: the document's own date (a header, its metadata, its turns' timestamps), kept as the
   * memories' `metadata.date` when the metadata has none. Null or absent: when it arrives. Version chains follow it
   * (dated-versions.ts): a backfilled older fact becomes an earlier version, not the latest.
   */
  statedAt?: string | null;
  /** What the new memories' vectors carry besides their text (memory-context.ts); the stored text stays the fact. */
  vectorContext?: string | null;
}

export interface RememberOutcome {
  created: string[];
  /** New versions that replaced an older memory. */
  updated: string[];
  /** Facts already known: the existing memory gained a source instead. */
  duplicates: string[];
  extended: string[];
}

/** Existing memories offered to the judge per fact. */
const CANDIDATES = 8;
/**
 * Rows a relation lookup's keyword terms may match (its rarest terms first, storage/memories.ts selectMemoryTerms):
 * enough for the judge's few candidates, and a bound that keeps the lookup's cost flat as the tag grows (with the
 * search's 2,000, similar chats matched ~300 rows at 100 documents and 2,000 at 3,000: 8x the time).
 */
const RELATION_KEYWORD_ROWS = 200;

/**
 * Stores facts as memories of a container tag, relating each to what the tag already knows: a duplicate adds a
 * source to the existing memory, an update becomes its next version (the old one stops being latest), an extension
 * or inference links to it, anything else is new. Facts are processed in order, so a later fact of the same document
 * can update an earlier one.
 */
export async function rememberFacts(deps: RememberDeps, ctx: RememberContext, facts: readonly ExtractedFact[]): Promise<RememberOutcome> {
  const outcome: RememberOutcome = { created: [], updated: [], duplicates: [], extended: [] };
  if (facts.length === 0) return outcome;
  const userNames = await userNamesOf(deps, ctx, facts);
  // "I'm starting at N26 on 1 March", said in February: a plan until its day, not the job (job-start-plans.ts).
  const named = (
    await withKnownEmployers(
      deps.memories,
      ctx,
      await withRelativeNames(
        deps.memories,
        ctx,
        facts.map((f) => withUserNames(f, userNames)),
      ),
    )
  ).map((f) => plannedStart(f, ctx));
  const vectors = await deps.embedder.embedDocuments(named.map((f) => withVectorContext(f.text, ctx.vectorContext)));
  for (const [i, named_] of named.entries()) {
    let fact = named_;
    const vector = vectors[i]!;
    const { candidates, records } = await relationCandidates(deps, ctx, fact, vector);
    // "it's Braga, not Porto": the next version of the memory holding the rejected value, whatever the judge.
    // "Mochi passed away": the next version of the owner's memory of that pet, whoever the statement is about.
    const corrected = correctedMemory(fact, candidates) ?? endedPetMemory(fact, candidates);
    // "Rufus passed away" after "two dogs, Rufus and Bean": the set's next version keeps Bean; the ending stands alone.
    const leftSet = corrected ? await keepRestOfSet(deps, ctx, fact, corrected, records) : null;
    if (leftSet) outcome.updated.push(leftSet.restId);
    if (corrected) fact = leftSet?.fact ?? corrected.fact;
    const rename = fact.corrects?.renames ? fact.corrects : null;
    // "her name is Astrid, not Ingrid": the statement keeps no old name (it stays in the versions).
    if (rename) fact = { ...fact, text: withoutRejected(fact.text, rename.rejected) };
    const decision: RelationDecision = leftSet ? { relation: 'new' } : corrected ? { relation: 'updates', targetId: corrected.targetId } : await deps.judge.judge(fact, candidates);
    let target = decision.targetId ? await deps.memories.getMemory(ctx.orgId, decision.targetId) : null;
    // Whatever the judge (a model may not follow its prompt), a fact never merges into or replaces another subject's.
    if (target && decision.relation !== 'new' && sameSubject(subjectNames(fact.subject, fact.aliases), target.subject) === false) target = null;
    // A new version whose kind the extractor could not tell ("sold the camper and got a Tesla") is filed as what it
    // replaces: the same attribute, lasting or not, so the profile and the attribute's questions find it.
    if (decision.relation === 'updates' && target && canonicalAttribute(fact.attribute) === null && (target.attribute || target.isStatic)) fact = { ...fact, attribute: target.attribute, isStatic: target.isStatic };
    // "broke up with the user's girlfriend Aoife": the statement itself names her as the former partner.
    const exPartner = endedPartner(fact);
    if (exPartner && fact.subject) fact = { ...fact, text: sentenceCase(asFormerPartner(fact.text, fact.subject, exPartner) ?? fact.text) };
    // The person is filed under the name meant (after the target was matched by the old one).
    if (rename) fact = { ...fact, subject: renamedSubject(fact.subject, rename.rejected, rename.meant) };
    const embedding = { model: deps.embedder.id, vector };

    if (decision.relation === 'duplicate' && target) {
      const documentIds = ctx.documentId && !target.documentIds.includes(ctx.documentId) ? [...target.documentIds, ctx.documentId] : target.documentIds;
      await deps.memories.updateMemory(ctx.orgId, target.id, {
        documentIds,
        sourceCount: target.sourceCount + (ctx.documentId && documentIds === target.documentIds ? 0 : 1),
        containerTags: union(target.containerTags, ctx.containerTags),
        updatedAt: ctx.now,
      });
      outcome.duplicates.push(target.id);
      continue;
    }

    const id = randomUUID();
    // Its turn's timestamp (a chat export spanning months), else the document's own date.
    const statedAt = fact.statedAt ?? ctx.statedAt ?? null;
    const base: MemoryRecord = {
      id,
      orgId: ctx.orgId,
      containerTags: [...ctx.containerTags],
      memory: fact.text,
      isStatic: fact.isStatic,
      isLatest: true,
      isForgotten: false,
      isInference: false,
      version: 1,
      parentMemoryId: null,
      rootMemoryId: id,
      relation: null,
      subject: fact.subject,
      attribute: canonicalAttribute(fact.attribute),
      eventDate: fact.eventDate,
      forgetAfter: earliest(fact.forgetAfter, ctx.forgetAfter ?? null),
      forgetReason: null,
      forgottenAt: null,
      documentIds: ctx.documentId ? [ctx.documentId] : [],
      sourceCount: 1,
      metadata: {
        ...(statedAt && ctx.metadata?.date === undefined ? { date: statedAt } : {}),
        ...(ctx.metadata ?? {}),
        ...(fact.speaker ? { speaker: fact.speaker } : {}),
        ...(fact.eventDate ? { eventDate: fact.eventDate } : {}),
      },
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };

    // A fact stated before what the tag holds (a backfilled chat): an earlier version of the slot it updates, or of the
    // later memory that, judged the other way round, updates it.
    const updated = decision.relation === 'updates' && target?.isLatest ? target : null;
    const laterOne = !leftSet && !updated && (decision.relation === 'new' || !target) ? await laterVersionOf(deps.judge, { ...fact, metadata: base.metadata }, candidates, records) : null;
    // "Accepted a job at Spotify. Handed in my notice at Klarna.": the old job's end is the version between the two.
    const after = !leftSet && !updated && !laterOne && decision.relation === 'new' ? await changeAfterEnding(deps.memories, ctx.orgId, fact, candidates, records) : null;
    if (after) {
      await deps.memories.insertMemory({ ...base, version: after.version, parentMemoryId: after.parentMemoryId, rootMemoryId: after.rootMemoryId ?? after.id, relation: 'updates', isLatest: false }, embedding);
      await deps.memories.updateMemory(ctx.orgId, after.id, { version: after.version + 1, parentMemoryId: id });
      outcome.updated.push(id);
      continue;
    }
    const chainHead = updated ?? laterOne;
    const older = chainHead ? await storeOlderVersion(deps.memories, chainHead, base, embedding) : null;
    if (older && 'duplicateOf' in older) {
      // A backfilled fact the chain already holds (an older version says the same): one more source for it.
      const same = older.duplicateOf;
      const documentIds = ctx.documentId && !same.documentIds.includes(ctx.documentId) ? [...same.documentIds, ctx.documentId] : same.documentIds;
      await deps.memories.updateMemory(ctx.orgId, same.id, { documentIds, sourceCount: same.sourceCount + (documentIds === same.documentIds ? 0 : 1) });
      outcome.duplicates.push(same.id);
      continue;
    }
    if (older) {
      // Stated before the latest version: an earlier version of the chain, the newer one stays latest.
      outcome.updated.push(id);
    } else if (decision.relation === 'updates' && target && target.isLatest) {
      // The new version carries the chain forward; the old one stays for history but is no longer latest.
      await deps.memories.insertMemory({ ...base, ...nextVersionOf(target, base.id) }, embedding);
      await deps.memories.updateMemory(ctx.orgId, target.id, { isLatest: false, updatedAt: ctx.now });
      outcome.updated.push(id);
      if (jobEnded(target, fact, facts)) outcome.updated.push(...(await endJobHalf(deps, ctx, target, base, embedding)));
    } else if ((decision.relation === 'extends' || decision.relation === 'derives') && target) {
      await deps.memories.insertMemory({ ...base, parentMemoryId: target.id, relation: decision.relation, isInference: decision.relation === 'derives' }, embedding);
      outcome.extended.push(id);
    } else {
      await deps.memories.insertMemory(base, embedding);
      outcome.created.push(id);
    }
    if (rename) outcome.updated.push(...(await renameEveryMemory(deps, ctx, rename, new Set([id]))));
    // "Rhys and I separated": "The user's partner Rhys is a firefighter" names Rhys as the former partner.
    outcome.updated.push(...(await endPartnerMentions(deps, ctx, fact, new Set([id]))));
  }
  // "moving to Porto next month", then months later "I love my flat": the plan became the home.
  outcome.updated.push(...(await arrivedFromPlans(deps, ctx, named)));
  // "starting at N26 next month", told after that month: the plan is the job.
  outcome.updated.push(...(await startedFromPlans(deps, ctx, named)));
  return outcome;
}

/** "The landlord is Gordon, not Graham." → "The landlord is Gordon.": the old name stays in the versions only. */
function withoutRejected(text: string, rejected: string): string {
  return text.replace(new RegExp(String.raw`\s*(?:,|\s-|\s—)?\s+(?:and\s+)?not\s+${escapeRe(rejected)}(?![\p{L}\p{N}])`, 'u'), '');
}

const JOB_ENDING = /\b(?:left|quit|quits|resigned|retired|laid off|made redundant|fired|let go|notice|last day|walked out|stepped down|stopped working|no longer|between jobs)\b/i;

/**
 * The employer was replaced by a fact that names no employer ("Tom left the ambulance service", "gave notice at Monzo
 * and today was my last day"), and nothing else of the document names one: the job is over, not moved.
 */
function jobEnded(target: MemoryRecord, fact: ExtractedFact, facts: readonly ExtractedFact[]): boolean {
  if (target.attribute !== 'employer' || target.documentIds.length === 0) return false;
  // A fact filed as the employer names one unless it says the job ended ("left Aviva", "gave notice at Monzo").
  const namesEmployer = (f: ExtractedFact) =>
    canonicalAttribute(f.attribute) === 'employer' && !JOB_ENDING.test(f.text) && !classifyFact(f.text, f.subject, 'present', false).facets.some((x) => x.id === 'employer' && (x.ended || x.negated));
  return !namesEmployer(fact) && !facts.some((f) => f.text !== fact.text && namesEmployer(f));
}

/**
 * "is a paramedic with the London Ambulance Service" is stored as a role and an employer (classify.ts): when the job
 * ends, the role said in the same statement (same subject, same source) ends with it. Its next version is the ending
 * itself ("Tom left the ambulance service"), filed as the role, so neither the profile (which shows a text once) nor a
 * question about the role keeps "works as a paramedic" as current. Returns the new versions' ids.
 */
async function endJobHalf(deps: RememberDeps, ctx: RememberContext, employer: MemoryRecord, ending: MemoryRecord, embedding: { model: string; vector: Float32Array }): Promise<string[]> {
  if (!employer.subject) return [];
  const ids: string[] = [];
  for (const role of await deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, employer.subject, 'role')) {
    if (!role.isLatest || role.isForgotten || !role.documentIds.some((d) => employer.documentIds.includes(d))) continue;
    const id = randomUUID();
    await deps.memories.insertMemory({ ...ending, id, attribute: role.attribute, isStatic: role.isStatic, ...nextVersionOf(role, id) }, embedding);
    await deps.memories.updateMemory(ctx.orgId, role.id, { isLatest: false, updatedAt: ctx.now });
    ids.push(id);
  }
  return ids;
}

/**
 * The tag's latest memories closest to the fact, by meaning and by words, with calibrated similarity, plus every
 * memory filed under the fact's subject (any of its names) and attribute: what it may update, however differently
 * worded. Each lookup is bounded (an index read, not a scan of the tag).
 */
async function relationCandidates(deps: RememberDeps, ctx: RememberContext, fact: ExtractedFact, vector: Float32Array): Promise<{ candidates: RelationCandidate[]; records: Map<string, MemoryRecord> }> {
  const scope = { containerTags: ctx.containerTags };
  const names = subjectNames(fact.subject, fact.aliases);
  // A subject's name is in every memory about them: as a keyword it would match the whole tag.
  const nameTerms = new Set(names.flatMap((n) => queryTerms(n)));
  const terms = queryTerms(fact.text).filter((t) => !nameTerms.has(t));
  const attribute = canonicalAttribute(fact.attribute);
  // A fact filed under a catalogue attribute meets what it may update by subject and attribute, and its duplicates by
  // meaning; words are asked only for the others.
  const catalogued = attribute !== null && !attribute.startsWith('other') && names.length > 0;
  const [byVector, byWords, ...sameThing] = await Promise.all([
    deps.memories.memoryVectorSearch(ctx.orgId, { ...scope, vector, model: deps.embedder.id, limit: CANDIDATES }),
    terms.length > 0 && !catalogued ? deps.memories.memoryKeywordSearch(ctx.orgId, { ...scope, terms, limit: CANDIDATES, rowBudget: RELATION_KEYWORD_ROWS }) : Promise.resolve([]),
    ...(attribute ? names.map((n) => deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, n, attribute)) : []),
  ]);
  const similarity = new Map(byVector.map((c) => [c.memoryId, calibrateCosine(c.score, deps.embedder.calibration)]));
  const ids = [...new Set([...byVector.map((c) => c.memoryId), ...byWords.map((c) => c.memoryId)])];
  const byId = new Map((await deps.memories.getMemoriesByIds(ctx.orgId, ids)).map((m) => [m.id, m]));
  for (const m of sameThing.flat()) byId.set(m.id, m);
  const found = [...byId.values()];
  const candidates = found
    .filter((m) => m.isLatest && !m.isForgotten)
    .map((m) => ({ id: m.id, text: m.memory, subject: m.subject, attribute: m.attribute, isStatic: m.isStatic, similarity: similarity.get(m.id) ?? 0, ...toldWith(m, ctx.documentId) }))
    .sort((a, b) => b.similarity - a.similarity);
  return { candidates, records: byId };
}

/** How a candidate was told in the fact's own source (an earlier fact of the same document): as a change or first. */
function toldWith(m: MemoryRecord, documentId: string | null): Pick<RelationCandidate, 'toldWith'> {
  if (!documentId || m.documentIds[m.documentIds.length - 1] !== documentId || m.sourceCount > 1) return {};
  return { toldWith: m.relation === 'updates' ? 'change' : 'first' };
}

/**
 * A document was deleted or is being re-processed: its memories lose it as a source. A memory left with no source
 * (that was not written directly) is retracted — forgotten with reason "retracted" — and when it had replaced an
 * older version, that version becomes the latest again.
 */
export async function retractDocument(memories: MemoryStore, orgId: string, documentId: string, now: string): Promise<number> {
  let retracted = 0;
  for (const m of await memories.memoriesOfDocument(orgId, documentId)) {
    const documentIds = m.documentIds.filter((d) => d !== documentId);
    if (documentIds.length > 0) {
      await memories.updateMemory(orgId, m.id, { documentIds, sourceCount: Math.max(1, m.sourceCount - 1), updatedAt: now });
      continue;
    }
    await memories.updateMemory(orgId, m.id, { documentIds, isForgotten: true, forgottenAt: now, forgetReason: 'retracted', updatedAt: now });
    retracted++;
    if (m.isLatest && m.relation === 'updates' && m.parentMemoryId) {
      const parent = await memories.getMemory(orgId, m.parentMemoryId);
      if (parent && !parent.isForgotten) await memories.updateMemory(orgId, parent.id, { isLatest: true, updatedAt: now });
    }
  }
  return retracted;
}

/**
 * The user's name as the tag knows it ("The user's name is Maya."), looked up once when a fact is about "the user":
 * memories about Maya and about "the user" are then about the same subject.
 */
async function userNamesOf(deps: RememberDeps, ctx: RememberContext, facts: readonly ExtractedFact[]): Promise<string[]> {
  if (!facts.some((f) => subjectNames(f.subject, f.aliases).includes(USER))) return [];
  const named = await deps.memories.findMemoriesBySubject(ctx.orgId, ctx.containerTags, USER, 'name');
  const fromFacts = facts.filter((f) => f.subject === USER && f.attribute === 'name').map((f) => f.text);
  return [
    ...new Set(
      [...fromFacts, ...named.filter((m) => m.isLatest && !m.isForgotten).map((m) => m.memory)].flatMap((text) => {
        const value = classifyFact(text, USER, 'present', false).facets.find((f) => f.id === 'name')?.value;
        return value ? [value] : [];
      }),
    ),
  ];
}

/**
 * A fact about "the user" in a tag that knows the user's name: about them by name, and written so ("The user moved to
 * Austin." → "Dana moved to Austin."), except the fact that gives the name.
 */
function withUserNames(fact: ExtractedFact, userNames: readonly string[]): ExtractedFact {
  if (userNames.length === 0 || !subjectNames(fact.subject, fact.aliases).includes(USER)) return fact;
  const aliases = [...new Set([...(fact.aliases ?? []), ...userNames, USER])];
  if (fact.subject !== USER || fact.attribute === 'name' || userNames.length !== 1) return { ...fact, aliases: aliases.filter((a) => a !== fact.subject) };
  const name = userNames[0]!;
  const text = fact.text.replace(/\b[Tt]he user\b/g, name);
  return { ...fact, text, subject: name, aliases: aliases.filter((a) => a !== name) };
}

function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
