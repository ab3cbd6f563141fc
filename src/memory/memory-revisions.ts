import { randomUUID } from 'node:crypto';
import type { MemoryRecord } from '../core/types.js';
import type { Embedder } from '../providers/embedder.js';
import type { MemoryStore } from '../storage/memories.js';
import { queryTerms } from '../text/tokenize.js';

/**
 * Next versions of every latest memory of the tags that names someone, when a statement changes what all of them
 * should say (a name corrected: renamed-people.ts; a partner become a former partner: ended-partners.ts).
 */

export interface RevisionDeps {
  memories: MemoryStore;
  embedder: Embedder;
}

/** Memories of the tags a name's lookup may touch: enough for one person's facts, bounded as the tag grows. */
const NAME_ROWS = 200;
const NAME_LIMIT = 50;

/**
 * Looks up the latest memories of the tags whose words include `name`, and gives each that `revise` rewrites (a new
 * text and subject; null leaves it) a next version, except those in `skip`. Returns the new versions' ids.
 */
export async function reviseMemoriesNaming(
  deps: RevisionDeps,
  ctx: { orgId: string; containerTags: readonly string[]; documentId: string | null; now: string },
  name: string,
  revise: (m: MemoryRecord) => { text: string; subject: string | null } | null,
  skip: ReadonlySet<string>,
): Promise<string[]> {
  const terms = queryTerms(name);
  if (terms.length === 0) return [];
  const found = await deps.memories.memoryKeywordSearch(ctx.orgId, { containerTags: ctx.containerTags, terms, limit: NAME_LIMIT, rowBudget: NAME_ROWS });
  const rows = (await deps.memories.getMemoriesByIds(ctx.orgId, [...new Set(found.map((c) => c.memoryId))])).filter((m) => m.isLatest && !m.isForgotten && !skip.has(m.id));
  const revised = rows.flatMap((m) => {
    const r = revise(m);
    return r && r.text !== m.memory ? [{ m, ...r }] : [];
  });
  if (revised.length === 0) return [];
  const vectors = await deps.embedder.embedDocuments(revised.map((r) => r.text));
  const ids: string[] = [];
  for (const [i, { m, text, subject }] of revised.entries()) {
    const id = randomUUID();
    const next: MemoryRecord = {
      ...m,
      id,
      memory: text,
      subject,
      version: m.version + 1,
      parentMemoryId: m.id,
      rootMemoryId: m.rootMemoryId ?? m.id,
      relation: 'updates',
      isLatest: true,
      documentIds: ctx.documentId && !m.documentIds.includes(ctx.documentId) ? [...m.documentIds, ctx.documentId] : m.documentIds,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    await deps.memories.insertMemory(next, { model: deps.embedder.id, vector: vectors[i]! });
    await deps.memories.updateMemory(ctx.orgId, m.id, { isLatest: false, updatedAt: ctx.now });
    ids.push(id);
  }
  return ids;
}
