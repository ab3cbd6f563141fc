import type { MemoryRecord } from '../core/types.js';

/** The version fields a memory takes in a chain. */
export type VersionFields = Pick<MemoryRecord, 'version' | 'parentMemoryId' | 'rootMemoryId' | 'relation'>;

/**
 * The version fields of memory `id` written as the next version of `before` (it `updates` it, in `before`'s chain), or
 * of a first version when there is nothing before it. The caller marks `before` as no longer latest.
 */
export function nextVersionOf(before: Pick<MemoryRecord, 'id' | 'version' | 'rootMemoryId'> | undefined, id: string): VersionFields {
  if (!before) return { version: 1, parentMemoryId: null, rootMemoryId: id, relation: null };
  return { version: before.version + 1, parentMemoryId: before.id, rootMemoryId: before.rootMemoryId ?? before.id, relation: 'updates' };
}
