import { createHash } from 'node:crypto';
import type { ContentPrefix, ProcessingMetadata } from '../core/types.js';

/**
 * Incremental memories for content that grows by appending (a conversation re-sent with new turns): the memory
 * step records how much of the content it turned into memories; an append carries that forward to the next run
 * (DocumentService, `keepMemoryPrefix`), whose memory step extracts only the new part, with the earlier part as
 * context, when the content still starts with exactly what was processed and the new part begins on a new line.
 * Anything else (an edit, a normalisation that moved a character) processes the whole content again.
 */

/** The name of the memory step in processingMetadata.steps (pipeline/steps.ts). */
const MEMORY_STEP = 'memories';

export function contentPrefix(content: string): ContentPrefix {
  return { chars: content.length, sha256: sha256(content) };
}

/**
 * What of a document's content already has its memories: the prefix its last completed memory step recorded, else
 * the one its current run carries (a run still in progress, or one that failed before the memory step).
 */
export function processedPrefix(pm: ProcessingMetadata | null): ContentPrefix | null {
  const step = pm?.steps.find((s) => s.name === MEMORY_STEP && s.status === 'completed');
  const recorded = step?.metadata?.processed as ContentPrefix | undefined;
  if (recorded && typeof recorded.chars === 'number' && typeof recorded.sha256 === 'string') return recorded;
  return pm?.memoryPrefix ?? null;
}

/** The earlier and the new part of content that continues `prefix`; null when it does not. */
export function continuation(content: string, prefix: ContentPrefix | null | undefined): { previous: string; fresh: string } | null {
  if (!prefix || prefix.chars <= 0 || prefix.chars >= content.length) return null;
  if (content[prefix.chars] !== '\n') return null;
  const previous = content.slice(0, prefix.chars);
  if (sha256(previous) !== prefix.sha256) return null;
  return { previous, fresh: content.slice(prefix.chars + 1) };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
