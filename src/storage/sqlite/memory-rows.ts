import type { MemoryRecord } from '../../core/types.js';

/** A row as better-sqlite3 returns it. */
export type Row = Record<string, unknown>;

/** Memory record fields and their columns (id, org_id and created_at are fixed at insert). */
export const COLUMNS: Record<keyof Omit<MemoryRecord, 'orgId' | 'id' | 'createdAt'>, string> = {
  containerTags: 'container_tags',
  memory: 'memory',
  isStatic: 'is_static',
  isLatest: 'is_latest',
  isForgotten: 'is_forgotten',
  isInference: 'is_inference',
  version: 'version',
  parentMemoryId: 'parent_memory_id',
  rootMemoryId: 'root_memory_id',
  relation: 'relation',
  subject: 'subject',
  attribute: 'attribute',
  eventDate: 'event_date',
  forgetAfter: 'forget_after',
  forgetReason: 'forget_reason',
  forgottenAt: 'forgotten_at',
  documentIds: 'document_ids',
  sourceCount: 'source_count',
  metadata: 'metadata',
  updatedAt: 'updated_at',
};
const JSON_FIELDS = new Set(['containerTags', 'documentIds', 'metadata']);
const BOOL_FIELDS = new Set(['isStatic', 'isLatest', 'isForgotten', 'isInference']);

/** Columns of a memory record (not the vector), qualified by the alias `m`. */
export const SELECT_M = ['id', 'org_id', 'created_at', ...Object.values(COLUMNS)].map((c) => `m.${c}`).join(', ');

export function encode(field: string, value: unknown): unknown {
  if (JSON_FIELDS.has(field)) return JSON.stringify(value);
  if (BOOL_FIELDS.has(field)) return value ? 1 : 0;
  return value ?? null;
}

export function rowToMemory(r: Row): MemoryRecord {
  return {
    id: r.id as string,
    orgId: r.org_id as string,
    containerTags: JSON.parse(r.container_tags as string) as string[],
    memory: r.memory as string,
    isStatic: r.is_static === 1,
    isLatest: r.is_latest === 1,
    isForgotten: r.is_forgotten === 1,
    isInference: r.is_inference === 1,
    version: r.version as number,
    parentMemoryId: (r.parent_memory_id as string | null) ?? null,
    rootMemoryId: (r.root_memory_id as string | null) ?? null,
    relation: (r.relation as MemoryRecord['relation']) ?? null,
    subject: (r.subject as string | null) ?? null,
    attribute: (r.attribute as string | null) ?? null,
    eventDate: (r.event_date as string | null) ?? null,
    forgetAfter: (r.forget_after as string | null) ?? null,
    forgetReason: (r.forget_reason as string | null) ?? null,
    forgottenAt: (r.forgotten_at as string | null) ?? null,
    documentIds: JSON.parse(r.document_ids as string) as string[],
    sourceCount: r.source_count as number,
    metadata: JSON.parse(r.metadata as string) as MemoryRecord['metadata'],
    createdAt: r.created_at as string,
    updatedAt: r.updated_at as string,
  };
}
