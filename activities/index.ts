import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { isAppError } from '../src/errors.js';
import type { PipelineDeps } from '../src/pipeline/deps.js';
import {
  completeDocument,
  describeFailure,
  executeStep,
  failDocument,
  SupersededError,
  type FailureInfo,
} from '../src/pipeline/run-step.js';
import { getStep, type StepName } from '../src/pipeline/steps.js';
import type { DocumentRef } from '../src/types.js';
import { SUPERSEDED } from '../workflows/shared.js';

const HEARTBEAT_EVERY_MS = 5_000;

/** Activities over the pipeline in src/: thin wrappers that heartbeat and map errors for Temporal. */
export function createActivities(deps: PipelineDeps) {
  return {
    /** Runs one pipeline step (the same function the embedded runner calls). */
    async runStep(ref: DocumentRef, step: StepName): Promise<void> {
      const ctx = Context.current();
      ctx.heartbeat({ step });
      // A steady heartbeat lets Temporal notice a dead worker within the heartbeat timeout, whatever the step does.
      const timer = setInterval(() => ctx.heartbeat({ step }), HEARTBEAT_EVERY_MS);
      try {
        await executeStep(deps, ref, getStep(step), (detail) => ctx.heartbeat({ step, ...detail }));
      } catch (err) {
        throw toFailure(err);
      } finally {
        clearInterval(timer);
      }
    },

    async completeDocument(ref: DocumentRef): Promise<void> {
      try {
        await completeDocument(deps, ref);
      } catch (err) {
        throw toFailure(err);
      }
    },

    async failDocument(ref: DocumentRef, step: StepName, failure: FailureInfo): Promise<void> {
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

/** Permanent errors become non-retryable failures carrying the error code; transient ones stay retryable. */
function toFailure(err: unknown): ApplicationFailure {
  if (err instanceof SupersededError) return ApplicationFailure.nonRetryable(err.message, SUPERSEDED);
  const { message, code } = describeFailure(err);
  return ApplicationFailure.create({ message, type: code, nonRetryable: isAppError(err) && err.permanent, cause: err instanceof Error ? err : undefined });
}
