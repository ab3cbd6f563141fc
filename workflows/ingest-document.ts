import { ActivityFailure, ApplicationFailure, CancellationScope, defineQuery, defineSignal, isCancellation, proxyActivities, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { CANCELLED, SUPERSEDE_SIGNAL, SUPERSEDED, type ActivityPolicy, type IngestDocumentInput, type IngestProgress, type IngestResult } from './shared.js';

export const progressQuery = defineQuery<IngestProgress>('progress');
/** A newer generation of the document must start: this run stops its step and ends as superseded. */
export const supersedeSignal = defineSignal<[generation: number]>(SUPERSEDE_SIGNAL);

type SearchAttributeUpdate = Extract<Parameters<typeof upsertSearchAttributes>[0], readonly unknown[]>[number];
const DOCUMENT_STATUS = { name: 'DocumentStatus', type: 'KEYWORD' } as SearchAttributeUpdate['key'];
/** What a failure after the last step (marking the document done) is recorded against. */
const COMPLETE = 'complete';

function proxy(policy: ActivityPolicy) {
  return proxyActivities<Activities>({
    startToCloseTimeout: policy.startToCloseTimeout,
    ...(policy.heartbeatTimeout !== undefined ? { heartbeatTimeout: policy.heartbeatTimeout } : {}),
    retry: policy.retry,
  });
}

/**
 * Runs one document through the plan it is given: one activity per step, named after the step, with the policy of
 * the step's timeout class; status mirrored into the store and the DocumentStatus search attribute. Every way out
 * leaves DocumentStatus true: done, failed, or superseded (a newer generation took over: the run completes).
 */
export async function ingestDocument(input: IngestDocumentInput): Promise<IngestResult> {
  const { ref } = input;
  // Runs started before extraction had its own class carry a 'network' policy (and plan) in their history.
  const legacy = input.policies as Partial<Record<string, ActivityPolicy>>;
  const byClass = {
    extraction: proxy(input.policies.extraction ?? legacy.network!),
    network: proxy(legacy.network ?? input.policies.extraction),
    fast: proxy(input.policies.fast),
    model: proxy(input.policies.model),
  };
  const progress: IngestProgress = {
    documentId: ref.documentId,
    generation: ref.generation,
    status: 'queued',
    currentStep: null,
    completedSteps: [],
    startedAt: workflowInfo().startTime.getTime(),
    error: null,
  };
  setHandler(progressQuery, () => ({ ...progress, completedSteps: [...progress.completedSteps] }));
  const setStatus = (status: string) => {
    progress.status = status;
    if (input.searchAttributes) upsertSearchAttributes([{ key: DOCUMENT_STATUS, value: status } as SearchAttributeUpdate]);
  };

  // The steps run in their own scope so that a supersede signal can cancel the step in flight (Temporal's default
  // TRY_CANCEL: the run goes on at once; the activity learns at its next heartbeat, and its writes are
  // generation-guarded anyway).
  const steps = new CancellationScope();
  let supersededBy: number | null = null;
  setHandler(supersedeSignal, (generation) => {
    if (generation <= ref.generation || supersededBy !== null) return;
    supersededBy = generation;
    steps.cancel();
  });

  try {
    await steps.run(async () => {
      try {
        for (const step of input.steps) {
          setStatus(step.status);
          progress.currentStep = step.name;
          await byClass[step.timeoutClass][step.name](ref);
          progress.completedSteps.push(step.name);
        }
        progress.currentStep = null;
        await byClass.fast.completeDocument(ref);
      } catch (err) {
        if (isCancellation(err) || failureOf(err).type === SUPERSEDED) throw err;
        const failure = failureOf(err);
        const step = progress.currentStep ?? COMPLETE;
        progress.error = failure.message;
        await byClass.fast.failDocument(ref, step, { message: failure.message, code: failure.type });
        setStatus('failed');
        throw ApplicationFailure.nonRetryable(`${step} failed: ${failure.message}`, failure.type);
      }
    });
  } catch (err) {
    if (supersededBy !== null || failureOf(err).type === SUPERSEDED) {
      // A newer generation owns the document now: this run completes, and says so in DocumentStatus.
      progress.currentStep = null;
      setStatus('superseded');
      return { documentId: ref.documentId, status: 'superseded' };
    }
    if (isCancellation(err)) {
      // Cancelled by an operator: record it on the document, or the reconciler would start the document again.
      const step = progress.currentStep ?? COMPLETE;
      const message = 'cancelled in Temporal';
      progress.error = message;
      await CancellationScope.nonCancellable(() => byClass.fast.failDocument(ref, step, { message, code: CANCELLED }));
      setStatus('failed');
    }
    throw err;
  }
  setStatus('done');
  return { documentId: ref.documentId, status: 'done' };
}

function failureOf(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) return { message: cause.message, type: cause.type ?? 'INTERNAL' };
  return { message: cause instanceof Error ? cause.message : String(cause), type: 'INTERNAL' };
}
