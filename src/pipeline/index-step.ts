import type { DocumentRef } from '../core/types.js';
import type { PipelineDeps } from './deps.js';

/** Step 5: makes the new chunks searchable (keyword and vector index) and drops the previous version's. */
export async function indexDocument(deps: PipelineDeps, ref: DocumentRef) {
  const chunkCount = await deps.store.chunks.activateGeneration(ref);
  return { patch: { chunkCount }, metadata: { indexed: chunkCount } };
}
