import type { DocumentRef } from '../core/types.js';

/** Thrown when the document was deleted or changed (new generation) while a step ran: the run just stops. */
export class SupersededError extends Error {
  constructor(readonly ref: DocumentRef) {
    super(`document ${ref.documentId} generation ${ref.generation} was superseded`);
    this.name = 'SupersededError';
  }
}
