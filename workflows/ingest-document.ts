import {
  ActivityFailure,
  ApplicationFailure,
  defineQuery,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { ActivityPolicy, IngestDocumentInput, IngestProgress, IngestResult } from './shared.js';

export const progressQuery = defineQuery<IngestProgress>('progress');

type SearchAttributeUpdate = Extract<Parameters<typeof upsertSearchAttributes>[0], readonly unknown[]>[number];
const DOCUMENT_STATUS = { name: 'DocumentStatus', type: 'KEYWORD' } as SearchAttributeUpdate['key'];
const SUPERSEDED = 'SUPERSEDED';

function proxy(policy: ActivityPolicy) {
  return proxyActivities<Activities>({
    startToCloseTimeout: policy.startToCloseTimeout,
    ...(policy.heartbeatTimeout !== undefined ? { heartbeatTimeout: policy.heartbeatTimeout } : {}),
    retry: policy.retry,
  });
}

/** Runs one document through the pipeline: one activity per step, status mirrored into the store and search attributes. */
export async function ingestDocument(input: IngestDocumentInput): Promise<IngestResult> {
  const { ref } = input;
  const byClass = {
    network: proxy(input.policies.network),
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
  setHandler(progressQuery, () => progress);
  const setStatus = (status: string) => {
    progress.status = status;
    if (input.searchAttributes) upsertSearchAttributes([{ key: DOCUMENT_STATUS, value: status } as SearchAttributeUpdate]);
  };

  for (const step of input.steps) {
    setStatus(step.status);
    progress.currentStep = step.name;
    try {
      await byClass[step.timeoutClass].runStep(ref, step.name);
    } catch (err) {
      const failure = rootFailure(err);
      if (failure.type === SUPERSEDED) return superseded(progress);
      progress.error = failure.message;
      await byClass.fast.failDocument(ref, step.name, { message: failure.message, code: failure.type });
      setStatus('failed');
      throw ApplicationFailure.nonRetryable(`${step.name} failed: ${failure.message}`, failure.type);
    }
    progress.completedSteps.push(step.name);
  }
  try {
    await byClass.fast.completeDocument(ref);
  } catch (err) {
    if (rootFailure(err).type === SUPERSEDED) return superseded(progress);
    throw err;
  }
  progress.currentStep = null;
  setStatus('done');
  return { documentId: ref.documentId, status: 'done' };
}

function superseded(progress: IngestProgress): IngestResult {
  // A newer version of the document owns it now; this run leaves the store and search attributes alone.
  progress.status = 'superseded';
  progress.currentStep = null;
  return { documentId: progress.documentId, status: 'superseded' };
}

function rootFailure(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) return { message: cause.message, type: cause.type ?? 'INTERNAL' };
  return { message: cause instanceof Error ? cause.message : String(cause), type: 'INTERNAL' };
}
