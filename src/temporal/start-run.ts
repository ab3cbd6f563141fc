import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import type { DocumentRecord } from '../core/types.js';
import { SUPERSEDE_SIGNAL, WORKFLOW_ID_PREFIX } from '../core/workflow-safe/ingest-names.js';
import type { IngestDocumentInput, IngestMemo } from '../../workflows/shared.js';

export function workflowIdFor(documentId: string): string {
  return `${WORKFLOW_ID_PREFIX}${documentId}`;
}

/** The memo of a document's run, from its record at start. */
export function documentMemo(doc: DocumentRecord): IngestMemo {
  return {
    title: doc.title,
    customId: doc.customId,
    containerTags: doc.containerTags,
    source: doc.source,
    generation: doc.generation,
  };
}

export interface StartDocumentRunOptions {
  taskQueue: string;
  input: IngestDocumentInput;
  memo: IngestMemo;
  searchAttributes: SearchAttributePair[];
  /** How long an older run may take to close once told it is superseded. */
  closeTimeoutMs?: number;
}

/** `started`: a new run; `running`: a run of this (or a newer) generation was already open. */
export type StartOutcome = 'started' | 'running';

/**
 * Starts the run of a document generation as workflow `document-<id>`. An open run of an older generation is not
 * terminated (that would leave it Terminated with a stale DocumentStatus): it gets the supersede signal, cancels
 * its step, sets DocumentStatus=superseded and completes; the new run starts as soon as it closed, normally within
 * one workflow task. One workflow ID per document keeps `document-<id>` the operator's way in, every run listed.
 */
export async function startDocumentRun(client: Client, opts: StartDocumentRunOptions): Promise<StartOutcome> {
  const { ref } = opts.input;
  const workflowId = workflowIdFor(ref.documentId);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await client.workflow.start('ingestDocument', {
        workflowId,
        taskQueue: opts.taskQueue,
        args: [opts.input],
        // Never two open runs of one document, never a terminated one: a newer generation waits for the old run.
        workflowIdConflictPolicy: 'FAIL',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        memo: { ...opts.memo },
        ...(opts.searchAttributes.length > 0 ? { typedSearchAttributes: opts.searchAttributes } : {}),
      });
      return 'started';
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    const open = await client.workflow.getHandle(workflowId).describe();
    if (open.status.name !== 'RUNNING') continue;
    const openGeneration = typeof open.memo?.generation === 'number' ? open.memo.generation : 0;
    if (openGeneration >= ref.generation) return 'running';
    const old = client.workflow.getHandle(workflowId, open.runId, { followRuns: false });
    await old.signal(SUPERSEDE_SIGNAL, ref.generation).catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });
    await waitUntilClosed(client, old, opts.closeTimeoutMs ?? 60_000);
  }
  throw new Error(`the open run of ${workflowId} did not make way for generation ${ref.generation}`);
}

async function waitUntilClosed(client: Client, run: ReturnType<Client['workflow']['getHandle']>, timeoutMs: number): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await client.withAbortSignal(signal, () => run.result());
  } catch {
    // Failed, cancelled or not found all mean closed; only running out of time is an error.
    if (signal.aborted) throw new Error(`the superseded run of ${run.workflowId} did not close within ${timeoutMs} ms`);
  }
}
