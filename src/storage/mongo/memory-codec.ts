import type { Metadata, MemoryRecord } from '../../core/types.js';
import { indexTerms } from '../../text/tokenize.js';
import { memoryRecency, type MemoryPatch } from '../memories.js';
import { metadataFields, vectorField } from './codec.js';
import type { MemoryBson } from './schema.js';

/** Stands for "never": larger than any real date, and a number Atlas filters can compare (unlike null). */
export const NEVER_MS = 8_640_000_000_000_000;

/** The time a memory expires, in epoch ms; none (or an unreadable date) never expires. */
export function forgetAtMs(forgetAfter: string | null): number {
  const ms = forgetAfter === null ? NaN : Date.parse(forgetAfter);
  return Number.isFinite(ms) ? ms : NEVER_MS;
}

/** Fields of a memory record without the search fields: what every read returns. */
export const MEMORY_PROJECTION = { terms: 0, termText: 0, termCount: 0, tagCount: 0, forgetAtMs: 0, subjectKey: 0, recency: 0, embedding: 0, embeddingModel: 0 } as const;

/** A subject as its lookups compare it. */
export function subjectKey(subject: string | null): string | null {
  return subject === null ? null : subject.toLowerCase();
}

/** Memory fields a patch may set (id, orgId and createdAt are fixed at insert); the type keeps the list complete. */
const PATCHABLE: Record<keyof MemoryPatch, true> = {
  containerTags: true,
  memory: true,
  isStatic: true,
  isLatest: true,
  isForgotten: true,
  isInference: true,
  version: true,
  parentMemoryId: true,
  rootMemoryId: true,
  relation: true,
  subject: true,
  attribute: true,
  eventDate: true,
  forgetAfter: true,
  forgetReason: true,
  forgottenAt: true,
  documentIds: true,
  sourceCount: true,
  metadata: true,
  updatedAt: true,
};

/**
 * BSON `$set` for a patch, with the search fields derived from what it changes (terms from the text, the scope
 * length from the tags, the due time from forgetAfter) and the vector when given. Undefined values are skipped.
 */
export function memoryFields(patch: MemoryPatch, embedding?: { model: string; vector: Float32Array }): Partial<MemoryBson> {
  const $set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch) as [keyof MemoryPatch, unknown][]) {
    if (value === undefined || !Object.prototype.hasOwnProperty.call(PATCHABLE, field)) continue;
    if (field === 'metadata') $set.metadata = metadataFields(value as Metadata).metadata;
    else if (field === 'containerTags' || field === 'documentIds') $set[field] = [...(value as string[])];
    else $set[field] = value;
  }
  if (patch.memory !== undefined) {
    const terms = indexTerms(patch.memory);
    Object.assign($set, { terms: [...new Set(terms)], termText: terms.join(' '), termCount: terms.length });
  }
  // The SQLite keyword index stores one organisation token and one token per tag beside the terms.
  if (patch.containerTags) $set.tagCount = 1 + patch.containerTags.length;
  if (patch.forgetAfter !== undefined) $set.forgetAtMs = forgetAtMs(patch.forgetAfter);
  if (patch.subject !== undefined) $set.subjectKey = subjectKey(patch.subject);
  // recency needs both dates: set here when the patch has both (an insert), else by the store after the update.
  if (patch.updatedAt !== undefined && patch.eventDate !== undefined) $set.recency = memoryRecency({ eventDate: patch.eventDate, updatedAt: patch.updatedAt });
  if (embedding) Object.assign($set, { embedding: vectorField(embedding.vector), embeddingModel: embedding.model });
  return $set as Partial<MemoryBson>;
}

export function memoryToBson(m: MemoryRecord, embedding?: { model: string; vector: Float32Array }): MemoryBson {
  const fields = memoryFields(m, embedding);
  return {
    ...(fields as MemoryBson),
    embedding: fields.embedding ?? null,
    embeddingModel: fields.embeddingModel ?? null,
    _id: m.id,
    orgId: m.orgId,
    createdAt: m.createdAt,
  };
}

/** A record from its BSON; fields a store never wrote (FerretDB drops some nulls) read as null. */
export function bsonToMemory(b: MemoryBson): MemoryRecord {
  return {
    id: b._id,
    orgId: b.orgId,
    containerTags: b.containerTags ?? [],
    memory: b.memory,
    isStatic: b.isStatic === true,
    isLatest: b.isLatest === true,
    isForgotten: b.isForgotten === true,
    isInference: b.isInference === true,
    version: b.version,
    parentMemoryId: b.parentMemoryId ?? null,
    rootMemoryId: b.rootMemoryId ?? null,
    relation: b.relation ?? null,
    subject: b.subject ?? null,
    attribute: b.attribute ?? null,
    eventDate: b.eventDate ?? null,
    forgetAfter: b.forgetAfter ?? null,
    forgetReason: b.forgetReason ?? null,
    forgottenAt: b.forgottenAt ?? null,
    documentIds: b.documentIds ?? [],
    sourceCount: b.sourceCount,
    metadata: Object.fromEntries((b.metadata ?? []).map((p) => [p.k, p.v])),
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}
