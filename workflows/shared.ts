// Types shared by the workflow, its starter and tests. Type-only: nothing here runs in the workflow sandbox.
import type { PlannedStep, StepName } from '../src/pipeline/step-plan.js';
import type { DocumentRef } from '../src/types.js';

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

export interface IngestProgress {
  documentId: string;
  generation: number;
  status: string;
  currentStep: StepName | null;
  completedSteps: StepName[];
  startedAt: number;
  error: string | null;
}

export interface IngestResult {
  documentId: string;
  status: 'done' | 'superseded';
}

/** Failure types the activities raise; the workflow reacts to them. */
export const SUPERSEDED = 'SUPERSEDED';

export const WORKFLOW_ID_PREFIX = 'document-';
