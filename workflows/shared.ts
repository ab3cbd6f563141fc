// Types and constants shared by the workflow, its starter and tests. Nothing here imports runtime code, so the
// workflow bundle, the activities and the API process can all use it.
import type { PlannedStep, StepName } from '../src/pipeline/step-plan.js';
import type { DocumentRef } from '../src/core/types.js';

/** Timeouts and retry policy of one timeout class (Temporal duration strings or ms). */
export interface ActivityPolicy {
  startToCloseTimeout: string | number;
  heartbeatTimeout?: string | number;
  retry: {
    initialInterval: string | number;
    backoffCoefficient: number;
    maximumInterval: string | number;
    maximumAttempts: number;
  };
}

export type ActivityPolicies = Record<PlannedStep['timeoutClass'], ActivityPolicy>;

export interface IngestDocumentInput {
  ref: DocumentRef;
  /** The steps to run, from src/pipeline/step-plan.ts, chosen by the starter (recorded in history). */
  steps: PlannedStep[];
  policies: ActivityPolicies;
  /** Mirror the status into the DocumentStatus search attribute (off only where the server has none, e.g. the time-skipping test server). */
  searchAttributes: boolean;
}

/** The memo of every ingestDocument run: what the document is, for whoever reads the Temporal UI. */
export interface IngestMemo {
  title: string | null;
  customId: string | null;
  containerTags: string[];
  source: string | null;
  /** The document generation this run processes (the starter compares it to decide whether a run is stale). */
  generation: number;
}

export interface IngestProgress {
  documentId: string;
  generation: number;
  status: string;
  currentStep: StepName | null;
  /** Steps finished by this run, in order; always an array (empty before the first step finished). */
  completedSteps: StepName[];
  startedAt: number;
  error: string | null;
}

export interface IngestResult {
  documentId: string;
  status: 'done' | 'superseded';
}

// The names shared with activities and the starter live in src/ (workflow-safe code, importable by all three).
export { CANCELLED, SUPERSEDE_SIGNAL, SUPERSEDED, WORKFLOW_ID_PREFIX } from '../src/core/workflow-safe/ingest-names.js';
