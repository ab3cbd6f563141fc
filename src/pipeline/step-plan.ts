/**
 * The ingestion step sequence as plain data: the single definition both runners follow. It imports nothing, so
 * the Temporal starter can hand it to the workflow as input (workflow code only imports @temporalio/workflow).
 */
export const STEP_PLAN = [
  // Extraction fetches URLs and runs OCR and transcription: its own class, longer than a fetch alone needs.
  { name: 'extract', status: 'extracting', timeoutClass: 'extraction' },
  { name: 'chunk', status: 'chunking', timeoutClass: 'fast' },
  // Facts are embedded as they are remembered, so the memory step runs under the embedding status.
  { name: 'memories', status: 'embedding', timeoutClass: 'model' },
  { name: 'embed', status: 'embedding', timeoutClass: 'model' },
  { name: 'index', status: 'indexing', timeoutClass: 'fast' },
] as const;

export type StepName = (typeof STEP_PLAN)[number]['name'];
export type StepStatus = (typeof STEP_PLAN)[number]['status'];
/** Timeout class of a step; each runner maps it to its own timeouts and retry policy. */
export type TimeoutClass = (typeof STEP_PLAN)[number]['timeoutClass'];

export interface PlannedStep {
  name: StepName;
  status: StepStatus;
  timeoutClass: TimeoutClass;
}

/** Steps still to run for a document in `status` (a step in flight when a process died runs again). */
export function remainingPlan(status: string): PlannedStep[] {
  if (status === 'queued' || status === 'unknown') return [...STEP_PLAN];
  const i = STEP_PLAN.findIndex((s) => s.status === status);
  return i < 0 ? [] : STEP_PLAN.slice(i);
}
