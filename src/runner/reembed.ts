import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { DocumentRef } from '../core/types.js';
import type { EmbedderHandle } from '../providers/embedder.js';
import type { Store } from '../storage/store.js';

/** Documents marked per store query. */
const BATCH = 500;

export interface ReembedDeps {
  store: Store;
  embedder: EmbedderHandle;
  logger: Logger;
}

/**
 * After a model change, finished documents whose active chunks were embedded by another model go back to the
 * `embedding` step (generation unchanged, so a newer version of the document still wins). `marked` is called with
 * each batch so that the runner can start them (the embedded runner polls; Temporal starts one run per document).
 * Stops early when `running()` turns false. Never throws: `finished` says whether every stale document was marked.
 */
export async function markStaleEmbeddings(deps: ReembedDeps, marked: (refs: DocumentRef[]) => Promise<void> | void, running: () => boolean): Promise<{ finished: boolean }> {
  try {
    const embedder = await deps.embedder.get();
    while (running()) {
      const stale = await deps.store.chunks.findDocumentsWithStaleEmbeddings(embedder.id, BATCH);
      if (stale.length === 0) return { finished: true };
      const refs: DocumentRef[] = [];
      for (const ref of stale) {
        const updated = await deps.store.documents.updateDocument(ref.orgId, ref.documentId, { status: 'embedding', attempts: 0, nextRunAt: 0 }, { expectGeneration: ref.generation });
        if (updated) refs.push(ref);
      }
      deps.logger.info('re-embedding documents for the current model', { count: refs.length, model: embedder.id });
      await marked(refs);
      // Nothing could be marked (every document changed meanwhile): the next query would return the same rows.
      if (refs.length === 0) return { finished: true };
    }
  } catch (err) {
    deps.logger.warn('could not schedule re-embedding', { error: errorMessage(err) });
  }
  return { finished: false };
}
