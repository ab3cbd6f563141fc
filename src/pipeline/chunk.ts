import { randomUUID } from 'node:crypto';
import { createError } from '../core/errors.js';
import type { ChunkRecord, DocumentRecord, DocumentRef } from '../core/types.js';
import { chunkTextYielding, DEFAULT_CHUNK_TOKENS, STRATEGY } from '../text/chunking.js';
import type { PipelineDeps } from './deps.js';

/** Step 2: splits the extracted content into chunks and stages them (not yet searchable). */
export async function chunkDocument(deps: PipelineDeps, doc: DocumentRecord, ref: DocumentRef) {
  if (!doc.content) throw createError('EMPTY_CONTENT');
  const settings = await deps.store.settings.getSettings(ref.orgId);
  const size = typeof settings.chunkSize === 'number' && settings.chunkSize > 0 ? settings.chunkSize : DEFAULT_CHUNK_TOKENS;
  // A long document is chunked in slices, so requests are served meanwhile (same chunks as chunkText).
  const pieces = await chunkTextYielding(doc.content, { maxTokens: size, overlapTokens: Math.round(size * 0.125) });
  if (pieces.length === 0) throw createError('EMPTY_CONTENT');
  const maxChunks = deps.config.limits.maxDocumentChunks;
  if (pieces.length > maxChunks) {
    throw createError('DOCUMENT_TOO_LARGE', [`${pieces.length} chunks`, `${maxChunks} chunks`, 'MNEMO_MAX_DOCUMENT_CHUNKS'], { permanent: true });
  }
  const now = new Date().toISOString();
  const chunks: ChunkRecord[] = pieces.map((p, position) => ({
    id: randomUUID(),
    orgId: ref.orgId,
    documentId: ref.documentId,
    generation: ref.generation,
    position,
    content: p.content,
    embeddedContent: [titleContext(doc.title, p.content), p.headings.join(' > ') || null, p.content].filter(Boolean).join('\n'),
    tokenCount: p.tokenCount,
    type: 'text',
    metadata: p.headings.length > 0 ? { headings: p.headings } : {},
    createdAt: now,
  }));
  await deps.store.chunks.replaceChunks(ref, chunks);
  const tokenCount = chunks.reduce((a, c) => a + c.tokenCount, 0);
  return {
    patch: { tokenCount, chunkCount: chunks.length },
    metadata: { chunkCount: chunks.length, chunkSize: size, strategy: STRATEGY },
  };
}

/**
 * The document title as context for a chunk, unless the chunk already begins with it. A title taken from the first
 * line may be shortened with "..." (extract-step.ts), so the comparison ignores that ellipsis and heading marks.
 */
export function titleContext(title: string | null | undefined, content: string): string | null {
  if (!title) return null;
  const stem = title.endsWith('...') ? title.slice(0, -3) : title;
  const start = content.replace(/^\s*#+\s*/, '');
  return stem.trim() === '' || start.startsWith(stem) ? null : title;
}
