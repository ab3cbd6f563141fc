import type { DocumentRecord, DocumentRef } from '../core/types.js';
import type { DocumentPatch } from '../storage/documents.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import type { PlannedStep } from './step-plan.js';

/** What a step hands back: fields for the document, and details recorded in its processing metadata. */
export interface StepOutcome {
  patch?: DocumentPatch;
  metadata?: Record<string, unknown>;
}

export type StepRun = (deps: PipelineDeps, doc: DocumentRecord, ref: DocumentRef, progress?: ProgressFn) => Promise<StepOutcome>;

/** A step of the plan (step-plan.ts) with its implementation (steps.ts). */
export interface PipelineStep extends PlannedStep {
  run: StepRun;
}
