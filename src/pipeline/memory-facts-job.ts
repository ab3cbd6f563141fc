import { extractFacts } from '../memory/offline-extractor.js';
import type { SourceDocument } from '../memory/types.js';

/**
 * The offline memory extraction as a job of the extraction sandbox (src/extract/sandbox): it runs on a worker thread
 * under the parse time limit, so a document the extractor's patterns read slowly (long runs of spaces, punctuation or
 * markers held the event loop for seconds to minutes) costs one worker for a bounded time, not every request.
 */
export const SANDBOX_JOBS = {
  async 'memory-facts'(doc: SourceDocument) {
    return extractFacts(doc);
  },
};
