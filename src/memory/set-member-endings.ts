import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../core/types.js';
import { endedPetName } from './pet-endings.js';
import type { RememberContext, RememberDeps } from './remember.js';
import { withoutMember } from './set-members.js';
import type { ExtractedFact } from './types.js';

/**
 * "Rufus passed away" ends one dog of "The user and others have two dogs, Rufus and Bean.": the set memory's next
 * version holds the rest ("... have a dog, Bean."), the older one stays in its versions, and the ending is returned to
 * be stored as a fact of its own (an event, not the set's attribute). Null, and nothing written, when the memory the
 * ending targets is no set of two or more that names the member.
 */
export async function keepRestOfSet(
  deps: Pick<RememberDeps, 'memories' | 'embedder'>,
  ctx: RememberContext,
  said: ExtractedFact,
  ending: { targetId: string; fact: ExtractedFact },
  records: ReadonlyMap<string, MemoryRecord>,
): Promise<{ fact: ExtractedFact; restId: string } | null> {
  const name = endedPetName(said.text);
  const set = records.get(ending.targetId);
  if (!name || !set?.isLatest || set.isForgotten) return null;
  const rest = withoutMember(set.memory, name);
  if (rest === null) return null;
  const [vector] = await deps.embedder.embedDocuments([rest]);
  const restId = randomUUID();
  await deps.memories.insertMemory(
    {
      ...set,
      id: restId,
      memory: rest,
      version: set.version + 1,
      parentMemoryId: set.id,
      rootMemoryId: set.rootMemoryId ?? set.id,
      relation: 'updates',
      documentIds: ctx.documentId && !set.documentIds.includes(ctx.documentId) ? [...set.documentIds, ctx.documentId] : set.documentIds,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
    { model: deps.embedder.id, vector: vector! },
  );
  await deps.memories.updateMemory(ctx.orgId, set.id, { isLatest: false, updatedAt: ctx.now });
  return { fact: { ...ending.fact, attribute: null, isStatic: false }, restId };
}
