// Names the ingestDocument workflow shares with its activities and its starter. Workflow-safe: no imports.

/** Failure type the activities raise when a newer generation of the document took over; the workflow ends superseded. */
export const SUPERSEDED = 'SUPERSEDED';
/** Error code recorded on a document whose run an operator cancelled in Temporal. */
export const CANCELLED = 'CANCELLED';

/** Signal sent to an open run when a newer generation of its document must start: its argument is that generation. */
export const SUPERSEDE_SIGNAL = 'supersede';

export const WORKFLOW_ID_PREFIX = 'document-';
