import { errorMessage, isAppError } from '../core/errors.js';
import type { DocumentPatch } from '../storage/documents.js';
import type { DocumentRecord, DocumentRef, ProcessingMetadata, StepRecord } from '../core/types.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { failurePatch } from './failure-patch.js';
import { SupersededError } from './superseded.js';
import type { PipelineStep } from './step.js';
import { newProcessingMetadata } from './processing-metadata.js';

/**
 * Runs one step for one document run and records it: status, per-step timings and errors in processingMetadata.
 * Both runners call this, so status bookkeeping is identical whichever drives the pipeline. Returns the document as
 * the step left it; a runner that goes straight on passes it back as `last`, which saves reading the row again
 * (only the pipeline writes processingMetadata, and the write checks the generation as the read would).
 */
export async function executeStep(deps: PipelineDeps, ref: DocumentRef, step: PipelineStep, progress?: ProgressFn, last?: DocumentRecord): Promise<DocumentRecord> {
  const doc = last ?? (await load(deps, ref));
  const startTime = new Date().toISOString();
  const running = await update(deps, ref, {
    status: step.status,
    processingMetadata: withStep(doc.processingMetadata, { name: step.name, startTime, status: 'pending' }),
  });
  const t0 = performance.now();
  try {
    const outcome = await step.run(deps, running, ref, progress);
    const current = await load(deps, ref);
    return await update(deps, ref, {
      ...outcome.patch,
      processingMetadata: withStep(current.processingMetadata, {
        name: step.name,
        startTime,
        endTime: new Date().toISOString(),
        duration: Math.round(performance.now() - t0),
        status: 'completed',
        ...(outcome.metadata ? { metadata: outcome.metadata } : {}),
      }),
    });
  } catch (err) {
    if (err instanceof SupersededError) throw err;
    const current = await deps.store.documents.getDocument(ref.orgId, ref.documentId);
    if (current && current.generation === ref.generation) {
      await deps.store.documents.updateDocument(
        ref.orgId,
        ref.documentId,
        {
          ...failurePatch(err),
          processingMetadata: withStep(current.processingMetadata, {
            name: step.name,
            startTime,
            endTime: new Date().toISOString(),
            duration: Math.round(performance.now() - t0),
            status: 'failed',
            error: errorMessage(err),
          }),
        },
        { expectGeneration: ref.generation },
      );
    }
    throw err;
  }
}

/** Marks a run finished: status done, total duration (`last`: the document as the last step left it, as for executeStep). */
export async function completeDocument(deps: PipelineDeps, ref: DocumentRef, last?: DocumentRecord): Promise<void> {
  const doc = last ?? (await load(deps, ref));
  const pm = doc.processingMetadata ?? newProcessingMetadata();
  const endTime = new Date().toISOString();
  await update(deps, ref, {
    status: 'done',
    attempts: 0,
    processingMetadata: {
      ...pm,
      endTime,
      duration: Date.parse(endTime) - Date.parse(pm.startTime),
      finalStatus: 'done',
      chunkCount: doc.chunkCount ?? 0,
      tokenCount: doc.tokenCount ?? 0,
    },
  });
}

export interface FailureInfo {
  message: string;
  code: string;
}

/** Message and code of any error, as recorded on a failed document. */
export function describeFailure(err: unknown): FailureInfo {
  return { message: errorMessage(err), code: isAppError(err) ? err.code : 'INTERNAL' };
}

/** Marks a run failed with the error and the step it failed in. */
export async function failDocument(deps: PipelineDeps, ref: DocumentRef, stepName: string, failure: FailureInfo): Promise<void> {
  const doc = await load(deps, ref);
  const pm = doc.processingMetadata ?? newProcessingMetadata();
  const endTime = new Date().toISOString();
  await update(deps, ref, {
    status: 'failed',
    processingMetadata: {
      ...pm,
      endTime,
      duration: Date.parse(endTime) - Date.parse(pm.startTime),
      finalStatus: 'failed',
      error: failure.message,
      errorCode: failure.code,
      failedStep: stepName,
      attempts: doc.attempts,
    },
  });
}

/** True when an error will not go away by retrying (bad input, unsupported content, blocked URL). */
export function isPermanent(err: unknown): boolean {
  return isAppError(err) && err.permanent;
}

function withStep(pm: ProcessingMetadata | null, step: StepRecord): ProcessingMetadata {
  const base = pm ?? newProcessingMetadata();
  const steps = base.steps.filter((s) => s.name !== step.name);
  return { ...base, steps: [...steps, step] };
}

async function load(deps: PipelineDeps, ref: DocumentRef): Promise<DocumentRecord> {
  const doc = await deps.store.documents.getDocument(ref.orgId, ref.documentId);
  if (!doc || doc.id !== ref.documentId || doc.generation !== ref.generation) throw new SupersededError(ref);
  return doc;
}

async function update(deps: PipelineDeps, ref: DocumentRef, patch: DocumentPatch): Promise<DocumentRecord> {
  const updated = await deps.store.documents.updateDocument(ref.orgId, ref.documentId, { ...patch, updatedAt: new Date().toISOString() }, { expectGeneration: ref.generation });
  if (!updated) throw new SupersededError(ref);
  return updated;
}
