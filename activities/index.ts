import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { isAppError } from '../src/core/errors.js';
import type { PipelineDeps } from '../src/pipeline/deps.js';
import { completeDocument, describeFailure, executeStep, failDocument, type FailureInfo } from '../src/pipeline/run-step.js';
import { SupersededError } from '../src/pipeline/superseded.js';
import { getStep, STEP_NAMES, type StepName } from '../src/pipeline/steps.js';
import type { DocumentRef } from '../src/core/types.js';
import { SUPERSEDED } from '../src/core/workflow-safe/ingest-names.js';

const HEARTBEAT_EVERY_MS = 5_000;

/** The activity of one pipeline step: named after the step, so the workflow's history reads as the pipeline. */
export type StepActivity = (ref: DocumentRef) => Promise<void>;

/**
 * Activities over the pipeline in src/: one per step of STEP_PLAN (same name), plus the run's completion and
 * failure. Thin wrappers that heartbeat and map errors for Temporal; a new plan step gets its activity here.
 */
export function createActivities(deps: PipelineDeps) {
  const steps = Object.fromEntries(STEP_NAMES.map((name) => [name, stepActivity(deps, name)])) as Record<StepName, StepActivity>;
  return {
    ...steps,

    async completeDocument(ref: DocumentRef): Promise<void> {
      try {
        await completeDocument(deps, ref);
      } catch (err) {
        throw toFailure(err);
      }
    },

    async failDocument(ref: DocumentRef, step: string, failure: FailureInfo): Promise<void> {
      try {
        await failDocument(deps, ref, step, failure);
      } catch (err) {
        if (err instanceof SupersededError) return;
        throw toFailure(err);
      }
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;

/** Runs one pipeline step (the same executeStep the embedded runner calls), heartbeating throughout. */
function stepActivity(deps: PipelineDeps, name: StepName): StepActivity {
  const step = getStep(name);
  return async (ref) => {
    const ctx = Context.current();
    ctx.heartbeat({ step: name });
    // A steady heartbeat lets Temporal notice a dead worker within the heartbeat timeout, whatever the step does.
    const timer = setInterval(() => ctx.heartbeat({ step: name }), HEARTBEAT_EVERY_MS);
    try {
      await executeStep(deps, ref, step, (detail) => ctx.heartbeat({ step: name, ...detail }));
    } catch (err) {
      throw toFailure(err);
    } finally {
      clearInterval(timer);
    }
  };
}

/** Permanent errors become non-retryable failures carrying the error code; transient ones stay retryable. */
function toFailure(err: unknown): ApplicationFailure {
  if (err instanceof SupersededError) return ApplicationFailure.nonRetryable(err.message, SUPERSEDED);
  const { message, code } = describeFailure(err);
  return ApplicationFailure.create({ message, type: code, nonRetryable: isAppError(err) && err.permanent, cause: err instanceof Error ? err : undefined });
}
